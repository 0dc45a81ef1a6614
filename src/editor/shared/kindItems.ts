import type { BoundsSpec } from '../../core';

// The items of the "kind of ID" question of the window commands (bounds, object keys). People
// type a kind by its label (`UUID v7`) or by its id (`uuidv7`, as in the Insert ID picker and the
// CLI): the id rides in the description, and the picker matches descriptions too.

export interface KindItem {
  label: string;
  detail: string;
  description: string;
  /** `kind` means separator/item in a QuickPickItem, so the ID kind travels as `id`. */
  id: string;
}

export const KIND_PICK_OPTIONS = { matchOnDescription: true } as const;

export function boundsKindItems(kinds: readonly BoundsSpec[]): KindItem[] {
  return kinds.map((k) => ({ label: k.label, detail: k.detail, description: k.kind, id: k.kind }));
}
