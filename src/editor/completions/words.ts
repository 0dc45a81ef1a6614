import { formatLabel, generatorFor, generatorKinds } from '../../core';
import type { GenKind } from '../../core';

// The words that ask for a new ID while typing (`ulid`, `uuid7`, `oid`, `guid`, …): one per
// kind the registry generates, the `uuidN` spelling of each UUID version, and two aliases.
// Kinds that need more than a click (name-based UUIDs need a name) are left out.

export interface KindWord {
  /** What is typed, in lower case. */
  word: string;
  /** What it makes; `uuid` (and `guid`) mean the UUID version the file uses, else the setting's. */
  kind: GenKind;
  /** How the item names it, when not the kind's own label (`GUID`). */
  name?: string;
}

function needsName(kind: GenKind): boolean {
  return generatorFor(kind)?.options.some((o) => o.name === 'name') === true;
}

const ALIASES: readonly KindWord[] = [
  { word: 'oid', kind: 'objectid' },
  { word: 'guid', kind: 'uuid', name: 'GUID' },
];

export const KIND_WORDS: readonly KindWord[] = [
  ...generatorKinds().filter((k) => !needsName(k)).flatMap((kind): KindWord[] => {
    const v = /^uuidv(\d)$/.exec(kind);
    return v ? [{ word: kind, kind }, { word: `uuid${v[1]}`, kind }] : [{ word: kind, kind }];
  }),
  ...ALIASES,
];

/** How an item names a generated kind: `ULID`, `UUID v7`, `TypeID`. */
export function kindLabel(kind: GenKind): string {
  const v = /^uuidv(\d)$/.exec(kind);
  if (v) return `UUID v${v[1]}`;
  return kind === 'uuid' ? 'UUID' : formatLabel(kind);
}

/**
 * The kind words that start with what was typed. Only a word typed in one case counts
 * (`uuid`, `ULID`), so `Object` and `Snow` in code ask for nothing; the editor's own fuzzy
 * filter narrows the list as more is typed.
 */
export function wordsFor(typed: string): KindWord[] {
  if (!/^(?:[a-z][a-z0-9]*|[A-Z][A-Z0-9]*)$/.test(typed)) return [];
  const lower = typed.toLowerCase();
  return KIND_WORDS.filter((w) => w.word.startsWith(lower));
}
