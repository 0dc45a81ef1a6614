import * as vscode from 'vscode';
import { closeAllEditors, openDocument } from './util';

// An untitled document closed by the previous test can linger in the extension host for a
// moment; a new untitled document may then get its name (Untitled-1) and openTextDocument
// hands back the old one with the old text. Reopen until the editor holds what was asked for.
export async function openFresh(content: string, language = 'plaintext'): Promise<vscode.TextEditor> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const editor = await openDocument(content, language);
    if (editor.document.getText() === content && editor.document.languageId === language) return editor;
    await closeAllEditors();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`could not open a fresh ${language} document`);
}
