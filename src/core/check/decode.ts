import type { CheckStream } from './types';

// A file's bytes into a check: the encoding its byte order mark names (UTF-8, UTF-16 or UTF-32,
// either byte order: PowerShell 5's `>` writes UTF-16LE), else UTF-8; the mark itself is not
// text, so columns on line 1 match what editors show. A file whose start is not text (NUL
// characters, or mostly bytes that are no UTF-8) is said to be so and not checked: an image
// or an archive named .json would otherwise pass as clean.

export interface BytesWriter {
  /** The next bytes; a piece may end inside a character. */
  write(bytes: Uint8Array): void;
  end(): void;
}

export interface BytesOptions {
  /** The start is not text: `why` says how; nothing more is written to the check. */
  onNotText?(why: string): void;
}

/** How much decoded text is looked at to tell whether the file is text. */
const LOOK = 8192;

export type Decode = (bytes: Uint8Array, stream: boolean) => string;

/** Feeds a file's bytes to a check, decoded by its byte order mark. */
export function bytesWriter(check: CheckStream, opts: BytesOptions = {}): BytesWriter {
  let decode: Decode | undefined;
  let head: Uint8Array = new Uint8Array(0);
  let looked = 0;
  let stopped = false;

  const text = (s: string): void => {
    if (stopped || s === '') return;
    if (looked < LOOK) {
      const why = notText(s.slice(0, LOOK - looked));
      looked += s.length;
      if (why) {
        stopped = true;
        opts.onNotText?.(why);
        return;
      }
    }
    check.write(s);
  };

  return {
    write(bytes) {
      if (stopped) return;
      if (!decode) {
        // The mark is at most 4 bytes: wait for them.
        head = concat(head, bytes);
        if (head.length < 4) return;
        const [d, skip] = byOrderMark(head);
        decode = d;
        bytes = head.subarray(skip);
      }
      text(decode(bytes, true));
    },
    end() {
      if (!decode && !stopped) {
        const [d, skip] = byOrderMark(head);
        decode = d;
        text(decode(head.subarray(skip), true));
      }
      if (decode) text(decode(new Uint8Array(0), false));
      if (!stopped) check.end();
    },
  };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** The encodings a byte order mark may name besides UTF-8. */
export type MarkedEncoding = 'utf-32le' | 'utf-32be' | 'utf-16le' | 'utf-16be';

/**
 * The encoding other than UTF-8 that a byte order mark at the start of `b` names (`b`: the
 * first 4 bytes, or all there are), with the mark's length; undefined for anything else.
 */
export function markedEncoding(b: Uint8Array): { encoding: MarkedEncoding; mark: number } | undefined {
  if (b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) return { encoding: 'utf-32le', mark: 4 };
  if (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) return { encoding: 'utf-32be', mark: 4 };
  if (b[0] === 0xff && b[1] === 0xfe) return { encoding: 'utf-16le', mark: 2 };
  if (b[0] === 0xfe && b[1] === 0xff) return { encoding: 'utf-16be', mark: 2 };
  return undefined;
}

/**
 * A decoder of `encoding` for bytes given in pieces (`stream`: more follow; a piece may end
 * inside a character). A mark it is given is text: U+FEFF.
 */
export function markedDecoder(encoding: MarkedEncoding): Decode {
  return encoding === 'utf-32le' || encoding === 'utf-32be' ? utf32(encoding === 'utf-32le') : textDecoder(encoding);
}

/** The decoder a byte order mark names, and the mark's length. */
function byOrderMark(b: Uint8Array): [Decode, number] {
  const marked = markedEncoding(b);
  if (marked) return [markedDecoder(marked.encoding), marked.mark];
  return [textDecoder('utf-8'), b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0];
}

function textDecoder(label: string): Decode {
  // The mark is skipped here, so a second one is text (a zero-width no-break space), as in editors.
  const d = new TextDecoder(label, { ignoreBOM: true });
  return (bytes, stream) => d.decode(bytes, { stream });
}

/** UTF-32, which TextDecoder does not read: 4 bytes a code point, a piece's last 0-3 bytes kept for the next. */
function utf32(little: boolean): Decode {
  let rest: Uint8Array = new Uint8Array(0);
  return (bytes, stream) => {
    const b = concat(rest, bytes);
    const whole = b.length - (b.length % 4);
    // A copy: `b` may be the caller's memory (a Buffer's slice is no copy), reused once this returns.
    rest = stream ? new Uint8Array(b.subarray(whole)) : new Uint8Array(0);
    const points: number[] = [];
    let out = '';
    for (let i = 0; i < whole; i += 4) {
      const p = little ? (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0 : ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
      points.push(p > 0x10ffff || (p >= 0xd800 && p <= 0xdfff) ? 0xfffd : p);
      if (points.length === 4096) {
        out += String.fromCodePoint(...points);
        points.length = 0;
      }
    }
    if (!stream && b.length > whole) points.push(0xfffd);
    return out + String.fromCodePoint(...points);
  };
}

/** Why decoded text is not text, if it is not: NUL characters, or many bytes that were no valid character. */
function notText(s: string): string | undefined {
  if (s.includes('\0')) return 'it holds NUL bytes';
  let bad = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 0xfffd) bad++;
  return s.length >= 16 && bad * 10 > s.length ? 'most of its bytes are no UTF-8 text' : undefined;
}
