import { strict as assert } from 'node:assert';
import { inspect } from '../../src/core';
import { debugVariableOf, idTextOf, unquote } from '../../src/editor/debug/variableArg';
import { OBJECTID_SPEC, ULID_SPEC, UUID_V7_RFC } from '../shared/vectors';

// The value a debug menu hands to `idsmith.inspect` is the debugger's display text. These are
// the spellings of real adapters: js-debug and debugpy quote with ', Go/Java/C#/C++ with ",
// js-debug writes a BigInt with a trailing n, and ID objects show as their constructor call.

const isId = (t: string) => inspect(t).kind !== 'unknown';
const ULID = ULID_SPEC;
const UUID = UUID_V7_RFC;

describe('debug variable argument', () => {
  it('reads { variable } from the variables and watch menus, and nothing else', () => {
    const arg = { sessionId: 's', container: { name: 'Local', variablesReference: 3 }, variable: { name: 'id', value: `'${ULID}'`, evaluateName: 'user.id', variablesReference: 0 } };
    assert.deepEqual(debugVariableOf(arg), { name: 'id', value: `'${ULID}'`, evaluateName: 'user.id' });
    // The watch view's expression: no container, name is the expression.
    assert.deepEqual(debugVariableOf({ sessionId: 's', variable: { name: 'a.b', value: '1', evaluateName: 'a.b' } }), { name: 'a.b', value: '1', evaluateName: 'a.b' });
    for (const bad of [undefined, null, 'x', 1, { text: ULID }, { variable: null }, { variable: { name: 'x' } }, { variable: { name: 'x', value: 3 } }]) {
      assert.equal(debugVariableOf(bad), undefined, JSON.stringify(bad));
    }
  });

  it('strips the quotes debuggers put around strings, and a BigInt n', () => {
    const table: Array<[string, string]> = [
      [`'${ULID}'`, ULID], [`"${UUID}"`, UUID], ['`abc`', 'abc'], [`  '${ULID}'  `, ULID],
      ['175928847299117063n', '175928847299117063'], ['"it\'s"', "it's"], ['plain', 'plain'],
      [`'${ULID}"`, `'${ULID}"`], ["'", "'"], ['12n3', '12n3'], ["''", ''],
    ];
    for (const [input, expected] of table) assert.equal(unquote(input), expected, input);
  });

  it('finds the one ID inside a wrapper, and keeps text that holds none or several', () => {
    assert.equal(idTextOf(`UUID('${UUID}')`, isId), UUID);
    assert.equal(idTextOf(`ObjectId("507f1f77bcf86cd799439011")`, isId), OBJECTID_SPEC);
    assert.equal(idTextOf(`'${ULID}'`, isId), ULID);
    assert.equal(idTextOf(`'user_01h455vb4pex5vsknk084sn02q'`, isId), 'user_01h455vb4pex5vsknk084sn02q');
    assert.equal(idTextOf(`'hello world'`, isId), 'hello world');
    assert.equal(idTextOf(`[${ULID}, ${UUID}]`, isId), `[${ULID}, ${UUID}]`);
    assert.equal(idTextOf('{…}', isId), '{…}');
  });
});
