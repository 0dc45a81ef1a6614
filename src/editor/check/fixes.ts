import * as vscode from 'vscode';
import { identitiesOf, replaceIds, replaceable, type CheckProblem } from '../../core';
import { Commands } from '../shared/commands';
import { replacementsEdit, type Replacement } from '../shared/edits';
import type { FailureCode } from '../shared/outcome';
import { isEditable } from '../shared/writable';
import { SOURCE, type Checker } from './diagnostics';

// Quick fixes for Idsmith's diagnostics. Each fix is one WorkspaceEdit, so one undo step, built
// only when the user picks it (resolveCodeAction) and only for the version of the document it
// was offered for. A duplicate's new ID is a sibling of the one it replaces (the core's
// replaceIds): the same kind, version, prefix, layout and spelling, with a new random part, at
// the same time unit, so the row keeps its date and a time-ordered column its order; or dated
// now, when the user asks. It is distinct from every ID in the file. A fix that cannot change
// anything (the document changed, no new ID could be made) says why through the commands'
// shared failure path instead of doing nothing.

export const TITLES = {
  one: 'Regenerate this duplicate',
  oneNow: 'Regenerate this duplicate, dated now',
  all: 'Regenerate every duplicate in the file',
} as const;

/** A fix whose edit is made for the version of the document it was offered for. */
class CheckFix extends vscode.CodeAction {
  readonly version: number;
  constructor(title: string, readonly document: vscode.TextDocument, readonly problems: CheckProblem[], readonly build: (fix: CheckFix) => Built) {
    super(title, vscode.CodeActionKind.QuickFix);
    this.version = document.version;
  }
}

interface FixFailure {
  code: FailureCode;
  message: string;
}

/** A fix's replacements, and what it could not do (said after the edit, or instead of one). */
interface Built {
  reps: Replacement[];
  failure?: FixFailure;
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
    const epoch = this.checker.epoch();
    const at = (d: vscode.Diagnostic) => result.problems.find((p) => p.code === d.code && rangeOf(p).isEqual(d.range));
    const actions: vscode.CodeAction[] = [];
    let regenerates = false;
    for (const d of ours) {
      const p = at(d);
      if (!p) continue;
      if (p.code === 'duplicate' && p.kind) {
        const can = replaceable(p.kind, p.text, epoch);
        const one = this.regenerate(TITLES.one, document, [p], false);
        one.diagnostics = [d];
        if ('reason' in can) {
          one.disabled = { reason: `Idsmith can't regenerate this ID: ${can.reason}.` };
          actions.push(one);
          continue;
        }
        one.isPreferred = true;
        actions.push(one);
        regenerates = true;
        if (can.timed) {
          const now = this.regenerate(TITLES.oneNow, document, [p], true);
          now.diagnostics = [d];
          actions.push(now);
        }
      } else if (p.code === 'invalid' && p.fix) {
        const fix = p.fix;
        const a = new CheckFix(`Fix I/L/O: change to ${fix}`, document, [p], () => ({ reps: [{ range: rangeOf(p), text: fix }] }));
        a.diagnostics = [d];
        a.isPreferred = true;
        actions.push(a);
      }
    }
    const duplicates = result.problems.filter((p) => p.code === 'duplicate' && p.kind);
    if (regenerates && duplicates.length > 1) {
      actions.push(this.regenerate(`${TITLES.all} (${duplicates.length})`, document, duplicates, false));
    }
    return actions;
  }

  /** New IDs for `problems`, at each one's time or now; those that cannot be made are named in a failure. */
  private regenerate(title: string, document: vscode.TextDocument, problems: CheckProblem[], now: boolean): CheckFix {
    return new CheckFix(title, document, problems, (fix) => {
      const result = this.checker.resultFor(fix.document);
      const epoch = this.checker.epoch();
      const taken = identitiesOf(result.ids, epoch);
      const made = replaceIds(problems.map((p) => ({ kind: p.kind!, text: p.text })), taken, { epoch, ...(now ? { timeMs: Date.now() } : {}) });
      const reps: Replacement[] = [];
      const left: string[] = [];
      made.forEach((r, i) => {
        if ('text' in r) reps.push({ range: rangeOf(problems[i]!), text: r.text });
        else left.push(`${problems[i]!.text}: ${r.reason}`);
      });
      if (left.length === 0) return { reps };
      const shown = left.slice(0, 3).join('; ') + (left.length > 3 ? ` (and ${left.length - 3} more)` : '');
      const message = reps.length === 0
        ? `could not regenerate ${problems.length === 1 ? 'this duplicate' : 'the duplicates'}: ${shown}. Nothing was changed.`
        : `regenerated ${reps.length} duplicate(s); left ${left.length} as they were: ${shown}.`;
      return { reps, failure: { code: 'GENERATION_FAILED', message } };
    });
  }

  resolveCodeAction(action: vscode.CodeAction): vscode.CodeAction {
    if (!(action instanceof CheckFix) || action.edit || action.command) return action;
    if (action.document.isClosed || action.document.version !== action.version) {
      // Offered for an older text: its ranges would hit other characters. Say so instead.
      return failWith(action, { code: 'EDIT_FAILED', message: `"${action.title}" was offered for an earlier version of the document, which has changed since; nothing was changed. Open the light bulb again.` });
    }
    const { reps, failure } = action.build(action);
    // Where some duplicates could not be replaced, the others are, and the user is told which stayed.
    if (reps.length > 0) action.edit = replacementsEdit(action.document, reps);
    return failure ? failWith(action, failure) : action;
  }
}

function failWith(action: CheckFix, failure: FixFailure): vscode.CodeAction {
  action.command = { command: Commands.checkFixFailed, title: action.title, arguments: [failure.code, failure.message] };
  return action;
}
