import * as vscode from 'vscode';
import { describeChoice, layoutLabel, scan, shownTime, type ScanMatch, type ScanOptions } from '../core';
import { kindName } from './shared/card';
import { decodeContext, scanOptions } from './shared/decodeContext';
import { CONTEXT_CHARS, textAbove } from './shared/locate';
import { onDidChangeSettings, settings } from './shared/settings';

// Creation times after IDs, for the range the editor asks about (the visible lines), off by
// default. Bare numbers are only read as snowflakes with a layout (the epoch setting, or the one
// their key or URL names): with `auto` every long number in code would sprout a guess.

/** After the ID, or after its closing quote: inside the quotes the time would read as part of the string. */
function hintAt(text: string, start: number, end: number): number {
  const open = text[start - 1];
  return (open === '"' || open === "'" || open === '`') && text[end] === open ? end + 1 : end;
}

/** Characters scanned at a time within a line, and the context kept either side of a piece: more
 *  than any ID (a TypeID with a 63-char prefix is 90) plus the 40 characters a label may use. */
const PIECE = 64 * 1024;
const CONTEXT = 256;
/** Hints for one request at most: more than a screen can show, few enough to stay cheap. */
export const MAX_HINTS = 2000;

/**
 * The IDs of `text` that end after `from` and start before `to`, scanned piece by piece so a
 * 10 MB minified line costs only the part asked for, and cancellation is seen between pieces.
 * A match counts in the piece where it starts; the context either side keeps IDs cut by a
 * piece's edge from being read as shorter tokens.
 */
function* idsIn(text: string, from: number, to: number, opts: (sliceStart: number) => ScanOptions, token: vscode.CancellationToken): Generator<ScanMatch> {
  const first = Math.max(0, from - CONTEXT);
  for (let at = first; at < to; at += PIECE) {
    if (token.isCancellationRequested) return;
    const sliceStart = Math.max(0, at - CONTEXT);
    const slice = text.slice(sliceStart, Math.min(text.length, at + PIECE + CONTEXT));
    for (const m of scan(slice, opts(sliceStart))) {
      const start = sliceStart + m.start;
      const end = sliceStart + m.end;
      // Owned by this piece; a token cut by the slice's left edge starts before `at`, one cut by
      // its right edge starts past `at + PIECE` (the context is longer than any ID).
      if (start < at || start >= at + PIECE || end <= from || start >= to) continue;
      yield { ...m, start, end };
    }
  }
}

export class IdInlayHintsProvider implements vscode.InlayHintsProvider {
  readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeInlayHints = this.changed.event;

  constructor() {
    // Any idsmith.* change may switch hints on or off or change the epoch they use.
    onDidChangeSettings(() => this.changed.fire());
  }

  provideInlayHints(document: vscode.TextDocument, range: vscode.Range, token: vscode.CancellationToken): vscode.InlayHint[] {
    const s = settings();
    if (!s.inlayHints.enabled) return [];
    const ctx = decodeContext(s);
    const now = Date.now();
    const hints: vscode.InlayHint[] = [];
    const last = Math.min(range.end.line, document.lineCount - 1);
    for (let line = range.start.line; line <= last && !token.isCancellationRequested; line++) {
      const text = document.lineAt(line).text;
      const from = line === range.start.line ? range.start.character : 0;
      const to = line === range.end.line ? Math.min(range.end.character, text.length) : text.length;
      // Bare numbers only with a layout: the epoch setting, or one their key or URL names.
      const opts = (sliceStart: number) => scanOptions(ctx, () => textAbove(document, line) + text.slice(Math.max(0, sliceStart - CONTEXT_CHARS), sliceStart), 'context');
      for (const m of idsIn(text, from, to, opts, token)) {
        if (hints.length >= MAX_HINTS) return hints;
        const d = m.decoded;
        // A UUID v2's time is approximate, and none when implausible (a hash's bits).
        const shown = d.valid ? shownTime(d, now) : undefined;
        if (!shown) continue;
        const hint = new vscode.InlayHint(new vscode.Position(line, hintAt(text, m.start, m.end)), shown.short);
        hint.paddingLeft = true;
        hint.tooltip = `${shown.text} (creation time of this ${kindName(d.kind)}${d.readAs ? `, read as ${layoutLabel(d.readAs.layout)}: ${describeChoice(d.readAs)}` : ''})`;
        hints.push(hint);
      }
    }
    return hints;
  }
}

export function register(context: vscode.ExtensionContext): void {
  const provider = new IdInlayHintsProvider();
  context.subscriptions.push(provider.changed, vscode.languages.registerInlayHintsProvider({ scheme: '*' }, provider));
}
