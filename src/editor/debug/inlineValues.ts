import * as vscode from 'vscode';
import { scan } from '../../core';
import { kindName } from '../card';
import { decodeContext } from '../decodeContext';
import { settings } from '../settings';

// While the debugger is stopped, IDs written in the visible lines of the stopped frame's file
// get their creation time shown inline, next to the values the debugger shows. VS Code asks only
// for the viewport, and only while stopped; `debug.inlineValues: "off"` switches it off here too.
// Bare numbers count as snowflakes only with a configured epoch, as for inlay hints: in code,
// most long numbers are not IDs.

/** Lines beyond this are skipped: a minified bundle's line is not where a reader looks for IDs. */
const MAX_LINE = 4096;

function inlineValuesOn(): boolean {
  const v = vscode.workspace.getConfiguration('debug').get<unknown>('inlineValues');
  return v !== 'off' && v !== false;
}

export class IdInlineValuesProvider implements vscode.InlineValuesProvider {
  provideInlineValues(document: vscode.TextDocument, viewPort: vscode.Range, _context: vscode.InlineValueContext,
    token: vscode.CancellationToken): vscode.InlineValue[] {
    if (!inlineValuesOn()) return [];
    const ctx = decodeContext(settings());
    const opts = ctx.epoch === undefined ? { snowflakes: false } : { epoch: ctx.epoch, snowflakes: true };
    const out: vscode.InlineValue[] = [];
    const last = Math.min(viewPort.end.line, document.lineCount - 1);
    for (let line = Math.max(0, viewPort.start.line); line <= last && !token.isCancellationRequested; line++) {
      const text = document.lineAt(line).text;
      if (text.length > MAX_LINE) continue;
      for (const m of scan(text, opts)) {
        const d = m.decoded;
        if (!d.valid || d.time === undefined) continue;
        out.push(new vscode.InlineValueText(new vscode.Range(line, m.start, line, m.end), `${kindName(d.kind)} ${d.timePrecise ?? d.time}`));
      }
    }
    return out;
  }
}

export function register(context: vscode.ExtensionContext): void {
  context.subscriptions.push(vscode.languages.registerInlineValuesProvider({ scheme: '*' }, new IdInlineValuesProvider()));
}
