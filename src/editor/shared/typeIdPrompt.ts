import * as vscode from 'vscode';
import { validateTypeIdPrefix } from '../../core';
import { errorMessage } from './outcome';
import { settings } from './settings';

/** Asks for a TypeID prefix, starting from `idsmith.typeid.prefix` and refusing invalid ones as
 *  they are typed; `undefined` when the user cancels. */
export async function promptForTypeIdPrefix(title: string): Promise<string | undefined> {
  const value = settings().typeid.prefix;
  return vscode.window.showInputBox({
    title,
    prompt: 'Type prefix: lower-case letters and underscores, at most 63, empty for none (default: setting idsmith.typeid.prefix)',
    value,
    valueSelection: [0, value.length],
    validateInput: (p) => {
      try {
        validateTypeIdPrefix(p);
        return undefined;
      } catch (e) {
        return errorMessage(e);
      }
    },
  });
}
