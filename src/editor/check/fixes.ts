import * as vscode from 'vscode';
import { replacementsEdit } from '../shared/edits';
import { IdError, decodeAs, generate, type CheckProblem, type ScanMatch } from '../../core';
import { planFor, Skip, type Plan } from '../insert/regenerate';
import { settings } from '../shared/settings';
import { isEditable } from '../shared/writable';
import { SOURCE, type Checker } from './diagnostics';

// Quick fixes for Idsmith's diagnostics. Each fix is one WorkspaceEdit, so one undo step. New
// IDs come from the same path as "Regenerate IDs": the kind, version, prefix and spelling of the
// ID they replace. They are generated only when the user picks the fix (resolveCodeAction), and
// only for the text they were offered for.

export const TITLES = {
  one: 'Regenerate this duplicate',
  all: 'Regenerate every duplicate in the file',
} as const;

class RegenerateAction extends vscode.CodeAction {
  readonly version: number;
  constructor(title: string, readonly document: vscode.TextDocument, readonly problems: CheckProblem[]) {
    super(title, vscode.CodeActionKind.QuickFix);
    this.version = document.version;
  }
}

function planOf(p: CheckProblem): Plan | Skip {
  if (!p.kind) return new Skip('its kind is unknown');
  try {
    const match: ScanMatch = { kind: p.kind, start: 0, end: p.text.length, text: p.text, decoded: decodeAs(p.kind, p.text) };
    return planFor(match, settings());
  } catch (e) {
    if (e instanceof IdError) return new Skip(e.message);
    if (e instanceof Error) return new Skip(e.message);
    throw e;
  }
}

/** One fresh ID per problem, spelled as the one it replaces; batches keep time order. */
function freshIds(problems: readonly CheckProblem[]): { problem: CheckProblem; text: string }[] {
  const planned = problems.map((problem) => ({ problem, plan: planOf(problem) }));
  const groups = new Map<string, { problem: CheckProblem; plan: Plan }[]>();
  for (const { problem, plan } of planned) {
    if (plan instanceof Skip) continue;
    const g = groups.get(plan.group) ?? [];
    g.push({ problem, plan });
    groups.set(plan.group, g);
  }
  const out: { problem: CheckProblem; text: string }[] = [];
  for (const g of groups.values()) {
    const first = g[0]!.plan;
    const ids = generate(first.kind, { ...first.opts, count: g.length });
    g.forEach(({ problem, plan }, i) => out.push({ problem, text: plan.spell(ids[i]!) }));
  }
  return out.sort((a, b) => a.problem.start - b.problem.start);
}

function rangeOf(p: CheckProblem): vscode.Range {
  return new vscode.Range(p.range.start.line, p.range.start.character, p.range.end.line, p.range.end.character);
}

export class CheckFixProvider implements vscode.CodeActionProvider<vscode.CodeAction> {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(private readonly checker: Checker) {}

  async provideCodeActions(document: vscode.TextDocument, _range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext, token: vscode.CancellationToken): Promise<vscode.CodeAction[] | undefined> {
    if (context.only && !context.only.intersects(vscode.CodeActionKind.QuickFix)) return undefined;
    const ours = context.diagnostics.filter((d) => d.source === SOURCE);
    if (ours.length === 0 || !isEditable(document.uri)) return undefined;
    // Diagnostics come back from the workbench as plain copies: the problem behind each is
    // found again in the result for this very version: cached, checked now when the document
    // is one slice long, or else (right after an edit) the one its scheduled check brings;
    // never a check of a large file all at once, here.
    const version = document.version;
    const result = await this.checker.resultWhenChecked(document, token);
    if (!result || token.isCancellationRequested || document.version !== version) return undefined;
    const at = (d: vscode.Diagnostic) => result.problems.find((p) => p.code === d.code && rangeOf(p).isEqual(d.range));
    const actions: vscode.CodeAction[] = [];
    for (const d of ours) {
      const p = at(d);
      if (!p) continue;
      if (p.code === 'duplicate') {
        const plan = planOf(p);
        if (plan instanceof Skip) continue;
        const a = new RegenerateAction(TITLES.one, document, [p]);
        a.diagnostics = [d];
        a.isPreferred = true;
        actions.push(a);
      } else if (p.code === 'invalid' && p.fix) {
        const a = new vscode.CodeAction(`Fix I/L/O: change to ${p.fix}`, vscode.CodeActionKind.QuickFix);
        a.diagnostics = [d];
        a.isPreferred = true;
        a.edit = replacementsEdit(document, [{ range: rangeOf(p), text: p.fix }]);
        actions.push(a);
      }
    }
    const duplicates = result.problems.filter((p) => p.code === 'duplicate');
    if (actions.some((a) => a instanceof RegenerateAction) && duplicates.length > 1) {
      actions.push(new RegenerateAction(`${TITLES.all} (${duplicates.length})`, document, duplicates));
    }
    return actions;
  }

  resolveCodeAction(action: vscode.CodeAction): vscode.CodeAction {
    if (!(action instanceof RegenerateAction) || action.edit) return action;
    // Offered for another version: no edit, rather than IDs written over changed text.
    if (action.document.version !== action.version) return action;
    let fresh: { problem: CheckProblem; text: string }[];
    try {
      fresh = freshIds(action.problems);
    } catch (e) {
      // The core refused (a setting the kind needs is out of range): nothing is written.
      if (e instanceof IdError) {
        void vscode.window.showErrorMessage(`Idsmith: could not generate new IDs: ${e.message}`);
        return action;
      }
      throw e;
    }
    action.edit = replacementsEdit(action.document, fresh.map(({ problem, text }) => ({ range: rangeOf(problem), text })));
    return action;
  }
}
