// Reading a broken ID inside the scanner and the checker (`readQuietly`): the errors made and
// caught there capture no stack (the stack was most of a broken ID's cost), and nothing a caller
// sees changes: the failed reading, its message and code, and a bug's error with its stack.
import assert from 'node:assert/strict';
import { formatById } from '../../src/core';
import { readQuietly } from '../../src/core/formats/decoded';

describe('reading a broken ID without stacks', () => {
  it('gives the reading a plain read gives, good or broken, and puts the stack limit back', () => {
    const limit = Error.stackTraceLimit;
    const cases: Array<[string, string]> = [
      ['ulid', '8ZZZZZZZZZZZZZZZZZZZZZZZZZ'], ['ulid', '01ARYZ6S41TSV4RRFFQ69G5FAL'], ['ulid', '01ARYZ6S41TSV4RRFFQ69G5FAV'],
      ['ksuid', 'zWgEPTl1tmebfsQzFP4bxwgy80V'], ['uuid', '01234567-89ab-cdef-0123-45678'], ['objectid', '507f1f77bcf86cd79943901g'],
    ];
    for (const [kind, text] of cases) {
      const f = formatById(kind)!;
      const plain = f.decode(text);
      const quiet = readQuietly(() => f.decode(text));
      assert.deepEqual([quiet.valid, quiet.error, quiet.errorCode, quiet.unixMs], [plain.valid, plain.error, plain.errorCode, plain.unixMs], `${kind} ${text}`);
      assert.equal(Error.stackTraceLimit, limit);
    }
    assert.equal(formatById('ulid')!.decode('8ZZZZZZZZZZZZZZZZZZZZZZZZZ').valid, false);
  });

  it('errors made and caught inside have no stack frames; one that escapes is made again, with its stack', () => {
    const inside = readQuietly(() => {
      try {
        throw new Error('broken');
      } catch (e) {
        return (e as Error).stack ?? '';
      }
    });
    assert.doesNotMatch(inside, /\n\s+at /);
    let calls = 0;
    assert.throws(() => readQuietly(() => {
      calls++;
      throw new TypeError('a bug');
    }), (e: Error) => e instanceof TypeError && /\n\s+at /.test(e.stack ?? ''));
    assert.equal(calls, 2);
    assert.match(new Error('after').stack ?? '', /\n\s+at /, 'the limit is back after an escape');
  });
});
