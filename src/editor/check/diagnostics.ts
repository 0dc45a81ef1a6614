import * as vscode from 'vscode';
import { checkText, checkTextInSlices, type CheckProblem, type CheckResult } from '../../core';
import { decodeContext } from '../shared/decodeContext';
import { DEFAULT_CHECK_INCLUDE, onDidChangeSettings, settings } from '../shared/settings';

// Diagnostics for fixture files: on by default for files under `idsmith.check.include`, and for
// any file the user asks about with "Check IDs in File". Recomputed after edits stop for a
// moment, in slices that give the extension host back between them, and only for the version
// that was asked for: a check whose document changes is abandoned, and a result for an older
// text is never shown. Files over `idsmith.check.maxFileSize` are checked only on request.

export const SOURCE = 'Idsmith';
export const DEFAULT_INCLUDE = DEFAULT_CHECK_INCLUDE;
/** Quiet time after the last keystroke before a document is checked again. */
const DEBOUNCE_MS = 300;
/**
 * Characters checked between two yields to the event loop: about 15 ms of work on a JSON
 * fixture (`npm run bench:check` measures the longest slice), so hovers and typing stay
 * responsive during a long check.
 */
export const SLICE_CHARS = 256 * 1024;

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

interface Waiter {
  version: number;
  resolve(result: CheckResult | undefined): void;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class Checker implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('idsmith');
  /** Documents checked on request although outside `include` or over the size cap. */
  private readonly requested = new Set<string>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** The last result per document, with the version it was computed for. */
  private readonly results = new Map<string, { version: number; result: CheckResult }>();
  /** The check in flight per document: a newer one (or a close) makes the older stop. */
  private readonly running = new Map<string, object>();
  /** Callers waiting for the result of a version, per document. */
  private readonly waiters = new Map<string, Waiter[]>();
  /** Documents already told that they are too large for automatic checks. */
  private readonly toldTooLarge = new Set<string>();
  private readonly disposables: vscode.Disposable[] = [];
  private disposed = false;

  constructor() {
    this.disposables.push(
      this.collection,
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d, 0)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        this.settle(e.document.uri.toString(), (w) => w.version !== e.document.version, undefined);
        this.schedule(e.document, DEBOUNCE_MS);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.forget(d.uri)),
    );
    onDidChangeSettings(() => {
      if (this.disposed) return;
      this.results.clear();
      for (const d of vscode.workspace.textDocuments) {
        if (this.covers(d)) this.schedule(d, 0);
        else if (!this.requested.has(d.uri.toString())) this.collection.delete(d.uri);
      }
    });
    for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
  }

  /** Whether `document` gets diagnostics without being asked. */
  covers(document: vscode.TextDocument): boolean {
    if (this.requested.has(document.uri.toString())) return true;
    const include = settings().check.include;
    if (include === '' || document.uri.scheme === 'output' || document.uri.scheme === 'vscode-scm') return false;
    return vscode.languages.match({ pattern: include }, document) > 0;
  }

  /** Whether `document` is over `idsmith.check.maxFileSize`. */
  tooLarge(document: vscode.TextDocument): boolean {
    return length(document) > settings().check.maxFileSize;
  }

  private schedule(document: vscode.TextDocument, delay: number): void {
    if (!this.covers(document)) return;
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      if (!document.isClosed) void this.auto(document);
    }, delay));
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.requested.delete(key);
    this.results.delete(key);
    this.running.delete(key);
    this.toldTooLarge.delete(key);
    this.settle(key, () => true, undefined);
    this.collection.delete(uri);
  }

  /** The automatic check: skipped (once said, then quietly) for documents over the size cap. */
  private async auto(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    if (!this.requested.has(key) && this.tooLarge(document)) {
      this.collection.delete(document.uri);
      if (!this.toldTooLarge.has(key)) {
        this.toldTooLarge.add(key);
        const mb = settings().check.maxFileSize / 1024 / 1024;
        const name = document.uri.path.split('/').pop();
        void vscode.window.setStatusBarMessage(`Idsmith: ${name} is over ${mb} MB; its IDs are checked only on request`, 10_000);
        void vscode.window.showInformationMessage(
          `Idsmith: ${name} is larger than idsmith.check.maxFileSize (${mb} MB), so its IDs are not checked as you type. "Idsmith: Check IDs in File" checks it now, and then after each edit.`,
          'Check Now',
        ).then((pick) => {
          if (pick && !document.isClosed) void this.check(document);
        });
      }
      return;
    }
    await this.publish(document);
  }

  /**
   * Checks the document now (adding it to the checked ones, whatever its size) and publishes the
   * diagnostics. When the text changes meanwhile, the check starts again on the new text.
   */
  async check(document: vscode.TextDocument): Promise<CheckResult> {
    this.requested.add(document.uri.toString());
    for (;;) {
      const result = await this.publish(document);
      if (result || document.isClosed) return result ?? checkText('', {});
    }
  }

  /**
   * The result for the document's current version once its scheduled check has it (at once
   * when cached); undefined when the text changes first, `token` cancels, or nothing will
   * check it. Starts no check itself, so asking on every keystroke costs nothing.
   */
  resultWhenChecked(document: vscode.TextDocument, token: vscode.CancellationToken): Promise<CheckResult | undefined> {
    const key = document.uri.toString();
    const cached = this.results.get(key);
    if (cached && cached.version === document.version) return Promise.resolve(cached.result);
    // A document of one slice costs no more checked now than a slice of the scheduled check.
    if (length(document) <= SLICE_CHARS) return Promise.resolve(this.resultFor(document));
    if (!this.covers(document) || (!this.requested.has(key) && this.tooLarge(document))) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const waiter: Waiter = { version: document.version, resolve };
      const list = this.waiters.get(key) ?? [];
      list.push(waiter);
      this.waiters.set(key, list);
      token.onCancellationRequested(() => this.settle(key, (w) => w === waiter, undefined));
    });
  }

  /** Resolves (and drops) the waiters of `key` that `which` picks. */
  private settle(key: string, which: (w: Waiter) => boolean, result: CheckResult | undefined): void {
    const list = this.waiters.get(key);
    if (!list) return;
    const keep = list.filter((w) => !which(w));
    for (const w of list) if (which(w)) w.resolve(result);
    if (keep.length > 0) this.waiters.set(key, keep);
    else this.waiters.delete(key);
  }

  /** The result for the document's current version, computed (all at once) if needed. */
  resultFor(document: vscode.TextDocument): CheckResult {
    const cached = this.results.get(document.uri.toString());
    if (cached && cached.version === document.version) return cached.result;
    const result = checkText(document.getText(), this.options(document));
    this.results.set(document.uri.toString(), { version: document.version, result });
    return result;
  }

  private options(document: vscode.TextDocument) {
    const epoch = this.epoch();
    return { fileName: document.uri.path, languageId: document.languageId, ...(epoch === undefined ? {} : { epoch }) };
  }

  /** The snowflake layout documents are checked with (the settings'; undefined: auto). */
  epoch(): unknown {
    return decodeContext(settings()).epoch;
  }

  /**
   * Checks the current version in slices and shows the result; undefined (and nothing shown)
   * when the document changed, closed, or a newer check started before this one finished.
   */
  private async publish(document: vscode.TextDocument): Promise<CheckResult | undefined> {
    const key = document.uri.toString();
    const version = document.version;
    const cached = this.results.get(key);
    let result: CheckResult | undefined = cached && cached.version === version ? cached.result : undefined;
    if (!result) {
      const run = {};
      this.running.set(key, run);
      const current = () => !this.disposed && !document.isClosed && document.version === version && this.running.get(key) === run;
      result = await checkTextInSlices(document.getText(), this.options(document), { chars: SLICE_CHARS, pause: yieldToEventLoop, stop: () => !current() });
      if (this.running.get(key) === run) this.running.delete(key);
      if (!result) return undefined;
      this.results.set(key, { version, result });
      this.settle(key, (w) => w.version === version, result);
    }
    if (this.disposed || document.isClosed || document.version !== version) return undefined;
    this.collection.set(document.uri, result.problems.map((p) => diagnosticOf(document.uri, p)));
    return result;
  }

  dispose(): void {
    this.disposed = true;
    for (const key of [...this.waiters.keys()]) this.settle(key, () => true, undefined);
    for (const t of this.timers.values()) clearTimeout(t);
    for (const d of this.disposables) d.dispose();
  }
}

/** The document's length in characters, without copying its text. */
function length(document: vscode.TextDocument): number {
  return document.offsetAt(document.lineAt(document.lineCount - 1).range.end);
}

function diagnosticOf(uri: vscode.Uri, p: CheckProblem): IdDiagnostic {
  const d = new IdDiagnostic(p);
  if (p.first) {
    const at = new vscode.Position(p.first.line, p.first.character);
    d.relatedInformation = [new vscode.DiagnosticRelatedInformation(new vscode.Location(uri, at), 'first occurrence')];
  }
  return d;
}
