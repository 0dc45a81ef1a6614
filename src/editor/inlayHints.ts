import * as vscode from 'vscode';
import { scan } from '../core';
import { kindName } from './decode/card';
import { decodeContext } from './decode/context';
import { onDidChangeSettings, settings } from './shared/settings';

// Creation times after IDs, for the range the editor asks about (the visible lines), off by
// default. Bare numbers are only read as snowflakes when the user has chosen an epoch: with
// `auto` every long number in code would sprout a guess.

/** `2016-07-30T22:36:16.385Z` -> `2016-07-30 22:36Z`: short enough to sit inline. */
function shortTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}Z`;
}

class IdInlayHintsProvider implements vscode.InlayHintsProvider {
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
    const opts = ctx.epoch === undefined ? { snowflakes: false } : { epoch: ctx.epoch, snowflakes: true };
    const hints: vscode.InlayHint[] = [];
    const last = Math.min(range.end.line, document.lineCount - 1);
    for (let line = range.start.line; line <= last && !token.isCancellationRequested; line++) {
      for (const m of scan(document.lineAt(line).text, opts)) {
        const d = m.decoded;
        if (!d.valid || d.time === undefined) continue;
        const hint = new vscode.InlayHint(new vscode.Position(line, m.end), shortTime(d.time));
        hint.paddingLeft = true;
        hint.tooltip = `${d.timePrecise ?? d.time} (creation time of this ${kindName(d.kind)})`;
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
