import * as assert from 'node:assert/strict';
import { bytesToHex, convert, fromMysqlBin, hexToBytes, parseUuid, toMysqlBin } from '../../src/core';

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
