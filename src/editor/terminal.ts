import * as vscode from 'vscode';
import { describeChoice, layoutLabel, scan, type ScanMatch } from '../core';
import { buildCard } from './shared/card';
import { Commands } from './shared/commands';
import { decodeContext, scanOptions } from './shared/decodeContext';
import { inspectArg } from './shared/locate';
import { settings } from './shared/settings';

// IDs in terminal output (docker logs, kubectl logs, test runs) become links: the tooltip says
// kind and time, activating one offers to copy the ID, its time or another form, or to inspect it.
// The scanner and its rules are the hover's (same precision, same snowflake setting).

/** VS Code hands over one (unwrapped) line; only its start is scanned, so a 1 MB line of JSON
 *  costs as little as a short one. Longer than any line a person reads for an ID. */
export const MAX_SCANNED = 4096;

export interface IdTerminalLink extends vscode.TerminalLink {
  match: ScanMatch;
}

function tooltipOf(match: ScanMatch, now: number): string {
  const ctx = decodeContext(settings());
  const card = buildCard(match.decoded, ctx, { full: false, now });
  const d = match.decoded;
  if (!d.valid) return `${card.title}: ${d.error ?? 'not a valid ID'}`;
  if (card.time !== undefined) {
    const why = d.readAs ? `read as ${layoutLabel(d.readAs.layout)}: ${describeChoice(d.readAs)}` : undefined;
    return [card.title, card.time, card.relative, why].filter(Boolean).join(' · ');
  }
  if (card.readings.length > 0) {
    return `${card.title} · ${card.readings.map((r) => `${r.label} ${r.time}`).join(' or ')}`;
  }
  return card.title;
}

interface Action extends vscode.QuickPickItem {
  run: () => Thenable<unknown>;
}

function actions(match: ScanMatch): Action[] {
  const ctx = decodeContext(settings());
  const d = match.decoded;
  const card = buildCard(d, ctx, { full: true, now: Date.now() });
  const copy = (value: string) => () => vscode.commands.executeCommand(Commands.copyText, value);
  const out: Action[] = [{ label: 'Copy ID', description: match.text, run: copy(match.text) }];
  const time = card.time;
  if (d.valid && time) out.push({ label: 'Copy time', description: time, run: copy(time) });
  for (const r of d.valid ? card.representations : []) {
    out.push({ label: `Copy as ${r.label}`, description: r.value, run: copy(r.value) });
  }
  out.push({ label: 'Inspect…', description: 'every field and representation', run: () => vscode.commands.executeCommand(Commands.inspect, inspectArg(match)) });
  return out;
}

export class IdTerminalLinkProvider implements vscode.TerminalLinkProvider<IdTerminalLink> {
  provideTerminalLinks(context: vscode.TerminalLinkContext, token: vscode.CancellationToken): IdTerminalLink[] {
    const line = context.line.length > MAX_SCANNED ? context.line.slice(0, MAX_SCANNED) : context.line;
    const ctx = decodeContext(settings());
    const now = Date.now();
    const links: IdTerminalLink[] = [];
    for (const match of scan(line, scanOptions(ctx))) {
      if (token.isCancellationRequested) return [];
      // An ID cut by the scanned window's edge would be read as a different (shorter) token.
      if (match.end === MAX_SCANNED && context.line.length > MAX_SCANNED) continue;
      links.push({ startIndex: match.start, length: match.end - match.start, tooltip: tooltipOf(match, now), match });
    }
    return links;
  }

  async handleTerminalLink(link: IdTerminalLink): Promise<void> {
    const picked = await vscode.window.showQuickPick(actions(link.match), {
      title: `Idsmith: ${link.match.text}`,
      placeHolder: link.tooltip ?? 'What to do with this ID',
    });
    if (picked) await picked.run();
  }
}

export function register(context: vscode.ExtensionContext): void {
  context.subscriptions.push(vscode.window.registerTerminalLinkProvider(new IdTerminalLinkProvider()));
}
