import { strict as assert } from 'node:assert';
import { boundsKinds } from '../../src/core';
import { KIND_PICK_OPTIONS, boundsKindItems, type KindItem } from '../../src/editor/shared/kindItems';

// Issue 21 item 13: the Bounds picker did not find `uuidv7` (the Insert picker does): items are
// found by their label and by their kind's id. VS Code's quick pick keeps the items whose label
// (or, with matchOnDescription, description) contains the typed words; this is that rule.
function found(items: KindItem[], typed: string, options: { matchOnDescription?: boolean }): string[] {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  const has = (text: string) => words.every((w) => text.toLowerCase().includes(w));
  return items.filter((i) => has(i.label) || (options.matchOnDescription === true && has(i.description))).map((i) => i.id);
}

describe('the window commands\' kind picker', () => {
  const items = boundsKindItems(boundsKinds());

  it('finds each kind by its id, as the Insert ID picker and the CLI name it', () => {
    for (const item of items) assert.ok(found(items, item.id, KIND_PICK_OPTIONS).includes(item.id), `typing ${item.id}`);
    assert.deepEqual(found(items, 'uuidv7', KIND_PICK_OPTIONS), ['uuidv7']);
  });

  it('and by its label', () => {
    assert.ok(found(items, 'UUID v7', KIND_PICK_OPTIONS).includes('uuidv7'));
    assert.ok(found(items, 'objectid', KIND_PICK_OPTIONS).includes('objectid'));
  });
});
