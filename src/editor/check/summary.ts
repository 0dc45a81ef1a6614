import * as vscode from 'vscode';
import { nonce } from '../shared/html';
import { CommandFailure } from '../shared/outcome';
import type { Checker } from './diagnostics';
import { summarize, summaryHtml, type Summary, type SummaryRow } from './summaryModel';

// "Summarize IDs": the IDs of the selection (or the whole document) at a glance, in a webview
// beside the editor. The panel is drawn here (no network, no remote resources); its only
// script turns a click on a row into a message, and the extension reveals that line.

export const SUMMARY_VIEW = 'idsmith.summary';

/** What the command returns to scripts and tests. */
export interface SummaryResult {
  status: 'summarized';
  /** Occurrences of IDs, and distinct IDs among them. */
  count: number;
  distinct: number;
  kinds: Record<string, number>;
  /** The creation times: how many (one per distinct ID of an identity column), first and last. */
  created: number;
  from: string | null;
  to: string | null;
  /** Keys or columns read as references, left out of the creation times. */
  references: string[];
  duplicates: { text: string; kind: string; line: number }[];
  unsorted: { text: string; kind: string; line: number }[];
}

let panel: vscode.WebviewPanel | undefined;
let target: { uri: vscode.Uri; version: number } | undefined;

async function reveal(offset: unknown): Promise<void> {
  if (!target || typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) return;
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === target!.uri.toString())
    ?? (await vscode.workspace.openTextDocument(target.uri));
  if (document.version !== target.version) {
    void vscode.window.showInformationMessage('Idsmith: the document changed since it was summarized; run Summarize IDs again for current lines.');
  }
  const position = document.positionAt(offset);
  await vscode.window.showTextDocument(document, {
    viewColumn: vscode.ViewColumn.One,
    selection: new vscode.Range(position, position),
    preserveFocus: false,
  });
}

function show(summary: Summary, title: string): void {
  if (!panel) {
    panel = vscode.window.createWebviewPanel(SUMMARY_VIEW, title, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      localResourceRoots: [],
    });
    panel.onDidDispose(() => (panel = undefined));
    panel.webview.onDidReceiveMessage((m: { type?: unknown; offset?: unknown }) => {
      if (m && m.type === 'reveal') void reveal(m.offset);
    });
  }
  panel.title = title;
  panel.webview.html = summaryHtml(summary, title, nonce());
  panel.reveal(vscode.ViewColumn.Beside, true);
}

const plain = (rows: SummaryRow[]) => rows.map(({ text, kind, line }) => ({ text, kind, line }));

export function summarizeCommand(checker: Checker): () => SummaryResult {
  return () => {
    const editor = vscode.window.activeTextEditor;
    if (!editor) throw new CommandFailure('NO_EDITOR', 'open a document to summarize its IDs.');
    const document = editor.document;
    const result = checker.resultFor(document);
    const sel = editor.selection;
    const whole = sel.isEmpty;
    const from = whole ? 0 : document.offsetAt(sel.start);
    const to = whole ? Infinity : document.offsetAt(sel.end);
    const summary = summarize(result, (o) => document.positionAt(o).line, from, to);
    target = { uri: document.uri, version: document.version };
    const name = document.uri.path.split('/').pop() || 'Untitled';
    show(summary, `IDs in ${name}${whole ? '' : ` (lines ${sel.start.line + 1}–${sel.end.line + 1})`}`);
    const { count, distinct, kinds, from: first, to: last, duplicates, unsorted } = summary;
    return {
      status: 'summarized', count, distinct, kinds, created: summary.times.length, from: first, to: last,
      references: summary.references.map((c) => c.name), duplicates: plain(duplicates), unsorted: plain(unsorted),
    };
  };
}
