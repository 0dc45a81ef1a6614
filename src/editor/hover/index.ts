import * as vscode from 'vscode';
import type { ScanMatch } from '../../core';
import { buildCard, type Card } from '../shared/card';
import { hoverMarkdown } from '../shared/cardMarkdown';
import { Commands } from '../shared/commands';
import { decodeContext } from '../shared/decodeContext';
import { registerLinkCommands, type ConvertAtArgs } from './linkCommands';
import { isEditable } from '../shared/writable';
import { idUnder, inspectArg, textAbove } from '../shared/locate';
import { commandLink } from '../shared/markdown';
import { settings } from '../shared/settings';

// Decode on hover, in every document of every scheme. The provider reads one line and the cached
// settings; everything else happens only once an ID is known to be under the pointer.

/** The only commands a hover link may run. */
export const HOVER_COMMANDS: readonly string[] = [Commands.copyText, Commands.convertAt, Commands.inspect];

function links(card: Card, match: ScanMatch, document: vscode.TextDocument, line: number): string[] {
  const d = card.decoded;
  if (!d.valid) return [];
  const out = [commandLink('Copy ID', Commands.copyText, [match.text])];
  if (card.time) out.push(commandLink('Copy time', Commands.copyText, [card.time]));
  const editable = isEditable(document.uri);
  for (const r of editable ? card.representations : []) {
    if (r.target === 'hex' && d.kind === 'snowflake') continue; // not a form convert writes back
    const args: ConvertAtArgs = {
      uri: document.uri.toString(), line, start: match.start, end: match.end, text: match.text, target: r.target,
    };
    out.push(commandLink(`To ${r.label}`, Commands.convertAt, [args], `Replace this ID with its ${r.label} form`));
  }
  out.push(commandLink('Inspect…', Commands.inspect, [inspectArg(match)], 'Open every field and representation'));
  return out;
}

class IdHoverProvider implements vscode.HoverProvider {
  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const s = settings();
    if (!s.hover.enabled) return undefined;
    const ctx = decodeContext(s);
    const match = idUnder(document.lineAt(position.line).text, position.character, ctx, () => textAbove(document, position.line));
    if (!match) return undefined;
    const card = buildCard(match.decoded, ctx, { full: false, now: Date.now() });
    const markdown = new vscode.MarkdownString(hoverMarkdown(card, links(card, match, document, position.line)));
    markdown.isTrusted = { enabledCommands: HOVER_COMMANDS };
    return new vscode.Hover(markdown, new vscode.Range(position.line, match.start, position.line, match.end));
  }
}

export function register(context: vscode.ExtensionContext): void {
  registerLinkCommands(context);
  context.subscriptions.push(vscode.languages.registerHoverProvider({ scheme: '*' }, new IdHoverProvider()));
}
