import { base64ToBytes, bytesToBase64, bytesToHex, hexToBytes } from '../bytes';
import { IdError } from '../types';
import { Id } from './decoded';
import type { FormatModule } from './types';

// .NET / SQL Server GUID byte order: `Guid.ToByteArray()` (and how SQL Server stores a
// uniqueidentifier) writes the first three groups little-endian: bytes 0-3 reversed, 4-5
// reversed, 6-7 reversed, the last 8 as they are. `00112233-4455-6677-8899-aabbccddeeff` is
// 33 22 11 00 55 44 77 66 88 99 aa bb cc dd ee ff. Written as 32 hex digits or 24 base64 chars
// this is indistinguishable from a plain hex or base64 value, so it is never guessed: it is a
// target (`dotnet-hex`, `dotnet-base64`) and a source the user names (`convert --from dotnet`).

/** The mixed-endian reorder; it is its own inverse (UUID bytes ⇄ .NET bytes). */
export function dotnetOrder(b: Uint8Array): Uint8Array {
  return Uint8Array.of(b[3]!, b[2]!, b[1]!, b[0]!, b[5]!, b[4]!, b[7]!, b[6]!, ...b.subarray(8, 16));
}

/** GUIDs and the spellings they are stored in: where .NET byte order is a question people ask. */
const GUID_FORMS = ['uuid', 'hex', 'base64'] as const;

export const dotnet: FormatModule = {
  id: 'dotnet',
  label: '.NET GUID bytes',
  // No shape: 32 hex digits or 24 base64 chars in this order look like any other such value.
  shapes: [],
  bits: 128,
  decode: (text) => {
    const id = new Id(dotnet, text, false, {});
    id.error = '.NET byte order is never guessed from the text; name it (convert --from dotnet).';
    id.errorCode = 'UNKNOWN_FORMAT';
    return id;
  },
  representations: [
    {
      target: 'dotnet-hex', label: 'GUID bytes, .NET/SQL Server order (hex)', listedFor: GUID_FORMS,
      write: (id) => id.bytes && id.bytes.length === 16 ? bytesToHex(dotnetOrder(id.bytes)) : undefined,
      read: (text) => {
        if (!/^[0-9a-f]{32}$/i.test(text)) throw new IdError('INVALID_CHARACTER', '.NET GUID bytes in hex are 32 hex digits.');
        return dotnetOrder(hexToBytes(text));
      },
    },
    {
      target: 'dotnet-base64', label: 'GUID bytes, .NET/SQL Server order (base64)', listedFor: GUID_FORMS,
      write: (id) => id.bytes && id.bytes.length === 16 ? bytesToBase64(dotnetOrder(id.bytes)) : undefined,
      read: (text) => {
        const b = base64ToBytes(text);
        if (b.length !== 16) throw new IdError('INVALID_LENGTH', `.NET GUID bytes in base64 are 16 bytes (24 characters); got ${b.length} bytes.`);
        return dotnetOrder(b);
      },
    },
  ],
  generators: [],
  notApplicable: {
    inspect: '.NET byte order is never guessed: its 32 hex digits or 24 base64 characters look like any other such value. Name it (convert --from dotnet).',
    scan: '.NET byte order is never guessed: its 32 hex digits or 24 base64 characters look like any other such value.',
    time: 'These are a UUID\'s bytes in another order: the UUID they spell holds the time, if any.',
    generate: 'A byte order, not an ID of its own: generate a UUID and convert it to dotnet-hex or dotnet-base64.',
    bounds: 'A byte order, not an ID of its own: no time window selects it.',
    check: 'A byte order, not an ID of its own: the check reads the UUID it spells.',
  },
};
