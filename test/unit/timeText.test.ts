// The time prompt's reading of typed text (src/editor/shared/timeText.ts, no vscode import).
// Issue 10: the interactive bounds prompt read a bare end date as its first millisecond, so a
// BETWEEN query missed the last day, while arguments and the CLI meant the whole day.
import { strict as assert } from 'node:assert';
import { readTimeText } from '../../src/editor/shared/timeText';
import { bounds, inclusiveEnd, parseTimeInput } from '../../src/core';

const NOW = Date.UTC(2026, 10, 23, 12);

describe('time prompt text', () => {
  it('a bare date as the end of a window is that whole UTC day, as for arguments and the CLI', () => {
    const end = readTimeText('2024-03-20', NOW, true);
    assert.equal(end.iso, '2024-03-20T23:59:59.999Z');
    assert.equal(end.wholeDay, true);
    assert.equal(end.ms, inclusiveEnd('2024-03-20', parseTimeInput('2024-03-20', NOW).ms));
    // The same bounds as the `to: '2024-03-20'` argument gives.
    assert.equal(bounds('ulid', Date.UTC(2024, 2, 10), end.ms).window.to, '2024-03-20T23:59:59.999Z');
  });

  it('a start, or an end with a time of day, is read as written', () => {
    assert.equal(readTimeText('2024-03-20', NOW).iso, '2024-03-20T00:00:00.000Z');
    assert.equal(readTimeText('2024-03-20T10:00:00Z', NOW, true).iso, '2024-03-20T10:00:00.000Z');
    assert.equal(readTimeText('2024-03-20T10:00:00Z', NOW, true).wholeDay, undefined);
    assert.equal(readTimeText('-2h', NOW, true).ms, NOW - 7_200_000);
  });
});
