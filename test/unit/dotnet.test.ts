// .NET / SQL Server GUID byte order (Guid.ToByteArray()): an explicit target and source, never
// guessed. Vectors from the .NET documentation.
import assert from 'node:assert/strict';
import { convert, convertTargetsFor, inspect } from '../../src/core';
import { code } from './helpers';

describe('.NET GUID byte order', () => {
  it('writes Guid.ToByteArray() order for the documented GUIDs', () => {
    // new Guid("00112233-4455-6677-8899-aabbccddeeff").ToByteArray() = 33 22 11 00 55 44 77 66 88 99 aa bb cc dd ee ff
    assert.equal(convert('00112233-4455-6677-8899-aabbccddeeff', 'dotnet-hex'), '33221100554477668899aabbccddeeff');
    // Guid.ToByteArray docs example: 35918bc9-196d-40ea-9779-889d79b753f0 -> C9 8B 91 35 6D 19 EA 40 97 79 88 9D 79 B7 53 F0
    assert.equal(convert('35918bc9-196d-40ea-9779-889d79b753f0', 'dotnet-hex'), 'c98b91356d19ea409779889d79b753f0');
    assert.equal(convert('00112233-4455-6677-8899-aabbccddeeff', 'dotnet-base64'), Buffer.from('33221100554477668899aabbccddeeff', 'hex').toString('base64'));
  });

  it('reads it back only when the source is named', () => {
    assert.equal(convert('33221100554477668899aabbccddeeff', 'uuid', { from: 'dotnet' }), '00112233-4455-6677-8899-aabbccddeeff');
    assert.equal(convert('MyIRAFVEd2aImaq7zN3u/w==', 'uuid', { from: 'dotnet' }), '00112233-4455-6677-8899-aabbccddeeff');
    // Unnamed, the same text is plain hex / base64 in UUID order.
    assert.equal(convert('33221100554477668899aabbccddeeff', 'uuid'), '33221100-5544-7766-8899-aabbccddeeff');
    assert.equal(inspect('33221100554477668899aabbccddeeff').kind, 'uuid');
    assert.throws(() => convert('3322110055447766', 'uuid', { from: 'dotnet' }), code('INVALID_LENGTH'));
  });

  it('inspect reads it only when told (from: dotnet)', () => {
    const d = inspect('33221100554477668899aabbccddeeff', { from: 'dotnet' });
    assert.equal(d.kind, 'uuid');
    assert.equal(d.input, '33221100554477668899aabbccddeeff');
    assert.equal(d.fields.uuid, '00112233-4455-6677-8899-aabbccddeeff');
    // The .NET docs' GUID is a v4: version and variant are read from the reordered bytes.
    const v4 = inspect(Buffer.from('c98b91356d19ea409779889d79b753f0', 'hex').toString('base64'), { from: 'dotnet' });
    assert.deepEqual([v4.kind, v4.version, v4.variant, v4.fields.uuid], ['uuid', 4, 'rfc9562', '35918bc9-196d-40ea-9779-889d79b753f0']);
    const bad = inspect('3322110055447766', { from: 'dotnet' });
    assert.equal(bad.valid, false);
    assert.equal(bad.errorCode, 'INVALID_LENGTH');
  });

  it('round-trips any 16 bytes', () => {
    for (let i = 0; i < 1000; i++) {
      const hex = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('hex');
      assert.equal(convert(convert(hex, 'dotnet-hex'), 'hex', { from: 'dotnet' }), hex);
      assert.equal(convert(convert(hex, 'dotnet-base64'), 'hex', { from: 'dotnet' }), hex);
    }
  });

  it('is offered as a conversion for UUIDs', () => {
    const t = convertTargetsFor('00112233-4455-6677-8899-aabbccddeeff');
    assert.ok(t.find((c) => c.target === 'dotnet-hex')?.enabled);
    assert.ok(t.find((c) => c.target === 'dotnet-base64')?.enabled);
  });
});
