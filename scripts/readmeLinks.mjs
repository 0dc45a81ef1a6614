// The files README.md links to by relative path (images and documents): they must exist in the
// repository and ship in the VSIX, where the editor's extension page resolves them offline
// (scripts/package.mjs packs with --no-rewrite-relative-links, so nothing points at a website).

/** Relative link targets of markdown `text`: `[..](path)` and `![..](path)`, without anchors. */
export function relativeLinks(text) {
  const out = new Set();
  for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
    out.add(target.replace(/#.*$/, '').replace(/^\.\//, ''));
  }
  return [...out].filter((t) => t !== '');
}
