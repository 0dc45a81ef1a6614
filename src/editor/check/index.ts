import * as vscode from 'vscode';
import type { CheckResult } from '../../core';
import { Commands } from '../shared/commands';
import { CommandFailure, command, type FailureCode } from '../shared/outcome';
import { Checker } from './diagnostics';
import { CheckFixProvider } from './fixes';
import { summarizeCommand } from './summary';

// Fixture health in the editor: diagnostics, their quick fixes, "Check IDs in File" and
// "Summarize IDs", all from the core's checker.

/** What `idsmith.checkFile` resolves to (besides `failed`, see shared/outcome.ts). */
export interface CheckFileResult {
  status: 'checked';
  uri: string;
  problems: { code: string; line: number; character: number; message: string }[];
}

export function register(context: vscode.ExtensionContext): void {
  const checker = new Checker();
  context.subscriptions.push(
    checker,
    vscode.languages.registerCodeActionsProvider({ scheme: '*' }, new CheckFixProvider(checker), CheckFixProvider.metadata),
    vscode.commands.registerCommand(Commands.checkFile, command(async (): Promise<CheckFileResult> => {
      const document = vscode.window.activeTextEditor?.document;
      if (!document) throw new CommandFailure('NO_EDITOR', 'open a document to check its IDs.');
      const result: CheckResult = await checker.check(document);
      const n = result.problems.length;
      void vscode.window.setStatusBarMessage(`Idsmith: ${n === 0 ? 'no ID problems' : `${n} ID problem${n === 1 ? '' : 's'}`} in ${document.uri.path.split('/').pop()}`, 5000);
      return {
        status: 'checked',
        uri: document.uri.toString(),
        problems: result.problems.map((p) => ({ code: p.code, line: p.range.start.line, character: p.range.start.character, message: p.message })),
      };
    })),
    vscode.commands.registerCommand(Commands.summarizeIds, command(summarizeCommand(checker))),
    // What a quick fix that changed nothing (or not everything) runs, so it says why.
    vscode.commands.registerCommand(Commands.checkFixFailed, command((code: FailureCode, message: string): never => {
      throw new CommandFailure(code, message);
    })),
  );
}
