import * as vscode from 'vscode';
import { checkText, type CheckProblem, type CheckResult } from '../../core';
import { decodeContext } from '../decode/context';
import { settings } from '../shared/settings';

// Diagnostics for fixture files: on by default for files under `idsmith.check.include`, and for
// any file the user asks about with "Check IDs in File". Recomputed after edits stop for a
// moment, and only for the version that was asked for: a result for an older text is dropped.

export const SOURCE = 'Idsmith';
export const DEFAULT_INCLUDE = '**/{fixtures,fixture,__fixtures__,seeds,seed,testdata}/**';
/** Quiet time after the last keystroke before a document is checked again. */
const DEBOUNCE_MS = 300;

const SEVERITY: Record<CheckProblem['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/** The diagnostic of one problem; `problem` keeps what the quick fixes need. */
export class IdDiagnostic extends vscode.Diagnostic {
  constructor(readonly problem: CheckProblem) {
    super(
      new vscode.Range(problem.range.start.line, problem.range.start.character, problem.range.end.line, problem.range.end.character),
      problem.message,
      SEVERITY[problem.severity],
    );
    this.source = SOURCE;
    this.code = problem.code;
  }
}

function readInclude(): string {
  const value = vscode.workspace.getConfiguration('idsmith').get<unknown>('check.include');
  return typeof value === 'string' ? value.trim() : DEFAULT_INCLUDE;
}

export class Checker implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('idsmith');
  private include = readInclude();
  /** Documents checked on request although outside `include`. */
  private readonly requested = new Set<string>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** The last result per document, with the version it was computed for. */
  private readonly results = new Map<string, { version: number; result: CheckResult }>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor() {
    this.disposables.push(
      this.collection,
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d, 0)),
      vscode.workspace.onDidChangeTextDocument((e) => this.schedule(e.document, DEBOUNCE_MS)),
      vscode.workspace.onDidCloseTextDocument((d) => this.forget(d.uri)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration('idsmith')) return;
        this.include = readInclude();
        this.results.clear();
        for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
      }),
    );
    for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
  }

  /** Whether `document` gets diagnostics without being asked. */
  covers(document: vscode.TextDocument): boolean {
    if (this.requested.has(document.uri.toString())) return true;
    if (this.include === '' || document.uri.scheme === 'output' || document.uri.scheme === 'vscode-scm') return false;
    return vscode.languages.match({ pattern: this.include }, document) > 0;
  }

  private schedule(document: vscode.TextDocument, delay: number): void {
    if (!this.covers(document)) return;
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      if (!document.isClosed) this.run(document);
    }, delay));
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.requested.delete(key);
    this.results.delete(key);
    this.collection.delete(uri);
  }

  /** Checks the document now (adding it to the checked ones) and publishes the diagnostics. */
  check(document: vscode.TextDocument): CheckResult {
    this.requested.add(document.uri.toString());
    return this.run(document);
  }

  /** The result for the document's current version, computed if needed. */
  resultFor(document: vscode.TextDocument): CheckResult {
    const cached = this.results.get(document.uri.toString());
    if (cached && cached.version === document.version) return cached.result;
    return this.compute(document);
  }

  private compute(document: vscode.TextDocument): CheckResult {
    const ctx = decodeContext(settings());
    const result = checkText(document.getText(), {
      fileName: document.uri.path,
      languageId: document.languageId,
      ...(ctx.epoch === undefined ? {} : { epoch: ctx.epoch }),
    });
    this.results.set(document.uri.toString(), { version: document.version, result });
    return result;
  }

  private run(document: vscode.TextDocument): CheckResult {
    const result = this.resultFor(document);
    this.collection.set(document.uri, result.problems.map((p) => diagnosticOf(document.uri, p)));
    return result;
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    for (const d of this.disposables) d.dispose();
  }
}

function diagnosticOf(uri: vscode.Uri, p: CheckProblem): IdDiagnostic {
  const d = new IdDiagnostic(p);
  if (p.first) {
    const at = new vscode.Position(p.first.line, p.first.character);
    d.relatedInformation = [new vscode.DiagnosticRelatedInformation(new vscode.Location(uri, at), 'first occurrence')];
  }
  return d;
}
