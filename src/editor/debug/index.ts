import * as vscode from 'vscode';
import { scan, shownTime } from '../../core';
import { kindName } from '../shared/card';
import { decodeContext, scanOptions } from '../shared/decodeContext';
import { settings } from '../shared/settings';

// While the debugger is stopped, IDs written in the visible lines of the stopped frame's file
// get their creation time shown inline. VS Code asks only for the viewport, and only while
// stopped. Bare numbers count as snowflakes only with a layout (the epoch setting, or the one
// their key names), as for inlay hints: in code, most long numbers are not IDs.
//
// `debug.inlineValues` decides whether the provider exists at all. A registered provider replaces
// VS Code's own inline variable values for the document (VS Code uses providers when a language
// has one, its word heuristic otherwise), so with `on` Idsmith stays out of the way, as with `off`;
// with `auto` (the default) VS Code shows inline values only from providers, and Idsmith's are the
// ID times.

/** Lines beyond this are skipped: a minified bundle's line is not where a reader looks for IDs. */
const MAX_LINE = 4096;

function inlineValuesMode(): 'on' | 'off' | 'auto' {
  const v = vscode.workspace.getConfiguration('debug').get<unknown>('inlineValues');
  return v === true || v === 'on' ? 'on' : v === false || v === 'off' ? 'off' : 'auto';
}

export class IdInlineValuesProvider implements vscode.InlineValuesProvider {
  provideInlineValues(document: vscode.TextDocument, viewPort: vscode.Range, _context: vscode.InlineValueContext,
    token: vscode.CancellationToken): vscode.InlineValue[] {
    if (inlineValuesMode() !== 'auto') return [];
    const ctx = decodeContext(settings());
    // Bare numbers only with a layout: the epoch setting, or the one their key names.
    const opts = scanOptions(ctx, undefined, 'context');
    const out: vscode.InlineValue[] = [];
    const now = Date.now();
    const last = Math.min(viewPort.end.line, document.lineCount - 1);
    for (let line = Math.max(0, viewPort.start.line); line <= last && !token.isCancellationRequested; line++) {
      const text = document.lineAt(line).text;
      if (text.length > MAX_LINE) continue;
      for (const m of scan(text, opts)) {
        const d = m.decoded;
        const shown = d.valid ? shownTime(d, now) : undefined;
        if (!shown) continue;
        out.push(new vscode.InlineValueText(new vscode.Range(line, m.start, line, m.end), `${kindName(d.kind)} ${shown.text}`));
      }
    }
    return out;
  }
}

export function register(context: vscode.ExtensionContext): void {
  let registration: vscode.Disposable | undefined;
  const update = () => {
    const wanted = inlineValuesMode() === 'auto';
    if (wanted && !registration) {
      registration = vscode.languages.registerInlineValuesProvider({ scheme: '*' }, new IdInlineValuesProvider());
    } else if (!wanted && registration) {
      registration.dispose();
      registration = undefined;
    }
  };
  update();
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('debug.inlineValues')) update();
    }),
    { dispose: () => registration?.dispose() },
  );
}
