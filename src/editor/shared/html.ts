// What Idsmith's webviews (the ID summary, the key plan) are built from: every piece of text that
// is not Idsmith's own markup goes through `escapeHtml`, and the one inline style and script of a
// page carry a fresh nonce that its Content-Security-Policy names (nothing else may load or run).

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** 128 random bits in hex, for a page's Content-Security-Policy. */
export function nonce(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The policy of a page with one nonce'd style and script, and no other resource. */
export function contentSecurityPolicy(nonceValue: string): string {
  return `default-src 'none'; style-src 'nonce-${nonceValue}'; script-src 'nonce-${nonceValue}';`;
}
