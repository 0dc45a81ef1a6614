import * as assert from 'node:assert/strict';
import { bytesToHex, convert, convertTargetsFor, fromMysqlBin, hexToBytes, parseUuid, toMysqlBin } from '../../src/core';
import { ULID_SPEC, UUID_V1_RFC, UUID_V7_RFC } from '../shared/vectors';

// MariaDB has no UUID_TO_BIN/BIN_TO_UUID (test/db/mariadb.test.ts checks that), so the MySQL
// snippets and the `mysql-bin` conversion are checked against the example in the MySQL
// Reference Manual, Miscellaneous Functions, UUID_TO_BIN()
// (https://dev.mysql.com/doc/refman/8.0/en/miscellaneous-functions.html#function_uuid-to-bin):
//   SET @uuid = '6ccd780c-baba-1026-9564-5b8c656024db';
//   SELECT HEX(UUID_TO_BIN(@uuid));     -> 6CCD780CBABA102695645B8C656024DB
//   SELECT HEX(UUID_TO_BIN(@uuid, 1));  -> 1026BABA6CCD780C95645B8C656024DB
// BIN_TO_UUID(b, 1) is documented as its inverse; BIN_TO_UUID(b) (flag 0) leaves bytes in place.
describe('mysql-bin against the MySQL reference manual (UUID_TO_BIN / BIN_TO_UUID)', () => {
  const uuid = '6ccd780c-baba-1026-9564-5b8c656024db';

  it('UUID_TO_BIN(@uuid, 1) swaps time-low and time-high', () => {
    assert.equal(bytesToHex(parseUuid(uuid)).toUpperCase(), '6CCD780CBABA102695645B8C656024DB');
    assert.equal(bytesToHex(toMysqlBin(parseUuid(uuid))).toUpperCase(), '1026BABA6CCD780C95645B8C656024DB');
    assert.equal(convert(uuid, 'mysql-bin'), '0x1026baba6ccd780c95645b8c656024db');
  });

  it('BIN_TO_UUID(b, 1) gives the UUID back, BIN_TO_UUID(b) without the flag does not', () => {
    const bin = hexToBytes('1026BABA6CCD780C95645B8C656024DB');
    assert.equal(convert(bytesToHex(fromMysqlBin(bin)), 'uuid'), uuid);
    assert.equal(convert(bytesToHex(bin), 'uuid'), '1026baba-6ccd-780c-9564-5b8c656024db');
  });
});

// The swap flag exists for v1, whose time-low bytes come first. A v6, v7 or ULID already sorts by
// time; swapped, its random (or low-order) bytes would lead and scatter the index (issue 21 item 4).
describe('mysql-bin is offered for UUID v1 only', () => {
  const v1 = UUID_V1_RFC;
  const others: Array<[string, string]> = [
    ['UUID v6', '1ec9414c-232a-6b00-b3c8-9f6bdeced846'],
    ['UUID v7', UUID_V7_RFC],
    ['UUID v4', '919108f7-52d1-4320-9bac-f847db4148a8'],
    ['ULID', ULID_SPEC],
    ['TypeID', 'user_01h455vb4pex5vsknk084sn02q'],
  ];

  it('converts a v1, and lists the target enabled for it', () => {
    assert.equal(convert(v1, 'mysql-bin'), '0x11ec9414c232ab00b3c89f6bdeced846');
    assert.equal(convertTargetsFor(v1).find((t) => t.target === 'mysql-bin')?.enabled, true);
  });

  for (const [what, text] of others) {
    it(`refuses a ${what} and says to use plain UUID_TO_BIN(u)`, () => {
      assert.throws(() => convert(text, 'mysql-bin'), (e: Error & { code?: string }) =>
        e.code === 'UNSUPPORTED_CONVERSION' && /not (a UUID )?v1/.test(e.message) && /plain UUID_TO_BIN\(u\)/.test(e.message));
      const listed = convertTargetsFor(text).find((t) => t.target === 'mysql-bin');
      assert.equal(listed?.enabled, false);
      assert.match(listed!.reason!, /UUID_TO_BIN\(u, 1\)/);
    });
  }
});
