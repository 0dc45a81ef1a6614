import * as vscode from 'vscode';
import type { ValueSlot } from '../../core';
import { idLikeName, slotAt } from '../shared/valueSlot';
import { wordsFor, type KindWord } from './words';

// What the cursor asks for, from the text of its line (and, in SQL, of its statement): a kind's
// name being typed, or the start of an empty value of a key (shared/valueSlot.ts). Everything
// here is cheap: it runs on every keystroke of every file, and most of the time it finds nothing.

export type Ask =
  | { type: 'words'; words: KindWord[]; range: vscode.Range }
  | { type: 'slot'; slot: ValueSlot; idName: boolean };

/** Text read either side of the cursor on its line: more than any kind name. */
const AROUND = 256;

/** The kind word ending at the cursor, if it starts there a word (not `guidance`, `fluid`, `obj.uuid`). */
function typedWord(before: string, after: string): string | undefined {
  const m = /[A-Za-z][A-Za-z0-9]*$/.exec(before);
  if (!m) return undefined;
  if (/^[\w$]/.test(after)) return '';
  const prev = before[m.index - 1];
  return prev !== undefined && /[\w$.\-]/.test(prev) ? '' : m[0];
}

export function askAt(document: vscode.TextDocument, position: vscode.Position): Ask | undefined {
  const line = document.lineAt(position.line).text;
  const ch = position.character;
  const before = line.slice(Math.max(0, ch - AROUND), ch);
  const after = line.slice(ch, ch + AROUND);
  const word = typedWord(before, after);
  if (word !== undefined) {
    // Inside or after another word: never offered (an ID key's value never starts mid-word either).
    if (word === '') return undefined;
    const words = wordsFor(word);
    return words.length > 0 ? { type: 'words', words, range: new vscode.Range(position.line, ch - word.length, position.line, ch) } : undefined;
  }
  const slot = slotAt(document, position);
  return slot ? { type: 'slot', slot, idName: idLikeName(slot.key) } : undefined;
}

