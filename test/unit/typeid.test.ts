import assert from 'node:assert/strict';
import { encodeTypeId, isTypeId, parseTypeId, validateTypeIdPrefix } from '../../src/core/formats/typeid';
import { formatUuid, parseUuid } from '../../src/core/formats/uuid/codec';
import { IdError } from '../../src/core/types';
import { decodeTypeId } from '../../src/core';
import { code, VECTORS } from './helpers';

const VECTOR = VECTORS.TYPEID;
const VECTOR_UUID = VECTORS.TYPEID_UUID;

describe('typeid', () => {
  it('decodes the spec example to its UUIDv7 and time', () => {
    const { prefix, bytes } = parseTypeId(VECTOR);
    assert.equal(prefix, 'prefix');
    assert.equal(formatUuid(bytes), VECTOR_UUID);
    const d = decodeTypeId(VECTOR);
    assert.equal(d.kind, 'typeid');
    assert.equal(d.input, VECTOR);
    assert.equal(d.version, 7);
    assert.equal(d.time, '2023-06-30T03:34:18.518Z');
    assert.equal(d.fields.prefix, 'prefix');
    assert.equal(d.fields.uuid, VECTOR_UUID);
  });

  it('encodes lower case, with or without a prefix', () => {
    assert.equal(encodeTypeId('prefix', parseUuid(VECTOR_UUID)), VECTOR);
    assert.equal(encodeTypeId('', parseUuid(VECTOR_UUID)), '01h455vb4pex5vsknk084sn02q');
    assert.equal(encodeTypeId('', new Uint8Array(16).fill(255)), '7zzzzzzzzzzzzzzzzzzzzzzzzz');
  });

  it('enforces the prefix rules', () => {
    for (const ok of ['', 'a', 'user', 'user_account', 'a'.repeat(63)]) validateTypeIdPrefix(ok);
    for (const bad of ['_user', 'user_', 'User', 'us3r', 'a'.repeat(64), 'user-id']) {
      assert.throws(() => validateTypeIdPrefix(bad), code('INVALID_PREFIX'), bad);
    }
    assert.throws(() => parseTypeId('_01h455vb4pex5vsknk084sn02q'), code('INVALID_PREFIX'));
  });

  it('rejects an upper-case suffix with INVALID_CASE and a suggestion', () => {
    assert.throws(() => parseTypeId('prefix_01H455VB4PEX5VSKNK084SN02Q'), code('INVALID_CASE'));
    assert.throws(() => parseTypeId('prefix_01H455VB4PEX5VSKNK084SN02Q'), /Did you mean prefix_01h455vb4pex5vsknk084sn02q\?/);
  });

  it('rejects overflow, aliases and bad lengths', () => {
    assert.throws(() => parseTypeId('prefix_81h455vb4pex5vsknk084sn02q'), code('OVERFLOW'));
    assert.throws(() => parseTypeId('prefix_01h455vb4pex5vsknk084sn02l'), code('INVALID_CHARACTER'));
    assert.throws(() => parseTypeId('prefix_01h455vb4pex5vsknk084sn02'), code('INVALID_LENGTH'));
    assert.throws(() => parseTypeId(''), code('EMPTY'));
    assert.equal(isTypeId(VECTOR), true);
    assert.equal(isTypeId('prefix_01H455VB4PEX5VSKNK084SN02Q'), false);
    for (const bad of ['_01h455vb4pex5vsknk084sn02q', 'User_01h455vb4pex5vsknk084sn02q', 'prefix_81h455vb4pex5vsknk084sn02q', 'prefix_01h455vb4pex5vsknk084sn02', 'prefix_01h455vb4pex5vsknk084sn02l', '']) {
      assert.equal(isTypeId(bad), false, bad);
      assert.throws(() => parseTypeId(bad), IdError, 'isTypeId and parseTypeId agree');
    }
    assert.equal(isTypeId('01h455vb4pex5vsknk084sn02q'), true);
  });
});
