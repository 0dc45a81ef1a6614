import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, openDocument, resetSettings, setSettings, useSettings } from './util';

// Decode on hover through the public API only: vscode.executeHoverProvider on real documents.

const ULID = '01ARYZ6S41TSV4RRFFQ69G5FAV';
const ULID_AS_UUID = '01563df3-6481-d676-4c61-efb99302bd5b';
const V1 = 'c232ab00-9414-11ec-b3c8-9f6bdeced846';
const V6 = '1ec9414c-232a-6b00-b3c8-9f6bdeced846';
const V7 = '017f22e2-79b0-7cc3-98c4-dc0c0c07398f';
const KSUID = '0ujtsYcgvSTl8PAuAdqWYSMnLOv';
const OBJECT_ID = '507f1f77bcf86cd799439011';
const TYPEID = 'prefix_01h455vb4pex5vsknk084sn02q';
const DISCORD = '175928847299117063';
const TSID = '0AWE5HZP3SKTK'; // tsid-ts docs
const XRAY = '1-5759e988-bd862e3fe1be46a994272793';

/** Markdown as a reader sees it: backslash escapes removed. */
function plain(markdown: string): string {
  return markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** Idsmith's hovers at the first occurrence of `needle` (+ `offset` chars into it). Ours are the
 *  ones whose markdown opens with a bold title; other providers (TypeScript) open with code. */
async function hoversAt(content: string, needle: string, language = 'plaintext', offset = 1): Promise<vscode.MarkdownString[]> {
  const editor = await openDocument(content, language);
  const doc = editor.document;
  const at = doc.getText().indexOf(needle);
  assert.ok(at >= 0, `${needle} not in the test document: ${JSON.stringify(doc.getText())}`);
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, doc.positionAt(at + offset));
  return (hovers ?? []).flatMap((h) => h.contents).filter((c): c is vscode.MarkdownString =>
    typeof c !== 'string' && 'value' in c && c.value.startsWith('**'));
}

async function hoverAt(content: string, needle: string, language = 'plaintext', offset = 1): Promise<string> {
  const found = await hoversAt(content, needle, language, offset);
  assert.equal(found.length, 1, `expected one Idsmith hover on ${needle}, got ${found.length}`);
  return plain(found[0]!.value);
}

function includesAll(text: string, parts: string[]): void {
  for (const p of parts) assert.ok(text.includes(p), `hover lacks ${JSON.stringify(p)}:\n${text}`);
}

describe('hover', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());

  describe('each kind, from the reference vectors', () => {
    useSettings({ 'hover.timeZone': 'UTC' });
    const cases: Array<[string, string, string[]]> = [
      ['ULID', ULID, ['**ULID**', '2016-07-30T22:36:16.385Z', ULID_AS_UUID, 'Integer', 'Hex', 'ago']],
      ['UUID v1', V1, ['**UUID v1**', '2022-02-22T19:22:22.0000000Z', '1 (time-based', '13256', '9f:6b:de:ce:d8:46', 'multicast bit set: random node', V6]],
      ['UUID v6', V6, ['**UUID v6**', '2022-02-22T19:22:22.0000000Z', '13256', '9f:6b:de:ce:d8:46', V1]],
      ['UUID v7', V7, ['**UUID v7**', '2022-02-22T19:22:22.000Z', 'RFC 9562', '7 (Unix time']],
      ['KSUID', KSUID, ['**KSUID**', '2017-10-10T04:00:47.000Z', 'B5A1CD34B5F99D1154FB6853345C9735']],
      ['ObjectId', OBJECT_ID, ['**ObjectId**', '2012-10-17T21:13:27.000Z', 'Counter']],
      ['TypeID', TYPEID, ['**TypeID** `prefix`', '2023-06-30T03:34:18.518Z', '01890a5d-ac96-774b-bcce-b302099a8057']],
      ['TSID', TSID, ['**TSID**', '2022-12-18T13:47:17.296Z', '392311864492347219', '0571c58fec3ccf53']],
      // AWS's ELB example header; its trace id as 32 hex and as Datadog's decimal low 64 bits.
      ['X-Ray trace ID', XRAY, ['**X-Ray trace ID**', '2016-06-09T22:11:20.000Z', '5759e988bd862e3fe1be46a994272793', '16266516598257821587']],
    ];
    for (const [name, id, parts] of cases) {
      it(`decodes a ${name}`, async () => includesAll(await hoverAt(`id: ${id} (end)`, id), parts));
    }

    it('UUID v2: its time approximately, to about 7 minutes; no date for one dated 4034 (a hash\'s bits: it showed that date to the ms)', async () => {
      const real = await hoverAt('uid 000003e8-cbb9-21ea-b200-00163e990bdb', '000003e8');
      includesAll(real, ['**UUID v2** · created ≈ ', '≈ 2020-07-22 01:20Z, to about 7 minutes', 'Time window', '429.4967296 s', 'person (POSIX UID)']);
      assert.ok(!real.includes('2020-07-22T01:16:41.760Z'), real);
      const hashed = await hoverAt('hash a1b2c3d4-e5f6-2abc-8def-0123456789ab', 'a1b2c3d4');
      includesAll(hashed, ['**UUID v2**', 'read as 4034-09-09, a date no such ID was made at']);
      for (const wrong of ['4034-09-09T', 'created', 'Copy time']) assert.ok(!hashed.includes(wrong), `${wrong} in ${hashed}`);
    });

    it('covers exactly the ID with its range', async () => {
      const editor = await openDocument(`x = "${ULID}";`);
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, new vscode.Position(0, 10));
      const range = hovers?.[0]?.range;
      assert.ok(range);
      assert.equal(editor.document.getText(range), ULID);
    });

    it('reads a ULID written as a UUID: no version, and the ULID reading of the bits', async () => {
      const text = await hoverAt(`${ULID_AS_UUID}`, ULID_AS_UUID);
      includesAll(text, ['**UUID**', 'no version to read', ULID, '2016-07-30T22:36:16.385Z']);
      assert.ok(!text.includes('UUID v'), text);
    });
  });

  describe('snowflakes', () => {
    const presets: Array<[string, string, string, string[]]> = [
      ['twitter', '1212161512043585539', 'Twitter', ['Datacenter', 'Worker']],
      ['discord', DISCORD, 'Discord', ['2016-04-30T11:18:25.796Z', '| Worker | `1` |', '| Process | `0` |', '| Sequence | `7` |']],
      ['instagram', '2211377815205450758', 'Instagram', ['| Shard | `5` |', '| Sequence | `6` |']],
      ['sonyflake', '282372624875585578', 'Sonyflake', ['| Machine | `42` |', '| Sequence | `1` |']],
      ['mastodon', '103405112524800009', 'Mastodon', ['| Sequence | `9` |']],
    ];
    for (const [preset, id, label, parts] of presets) {
      it(`reads a ${label} snowflake with idsmith.snowflake.epoch = ${preset}`, async () => {
        await setSettings({ 'snowflake.epoch': preset, 'hover.timeZone': 'UTC' });
        try {
          const text = await hoverAt(`id ${id}`, id);
          const time = preset === 'discord' ? [] : ['2020-01-01T00:00:00.000Z'];
          includesAll(text, [`**Snowflake (${label})**`, ...time, ...parts]);
          assert.ok(!text.includes('| Reading |'), 'a configured epoch shows one reading, not a table');
        } finally {
          await resetSettings();
        }
      });
    }

    it('reads a custom epoch in ms on the Twitter layout', async () => {
      await setSettings({ 'snowflake.epoch': 1420070400000, 'hover.timeZone': 'UTC' });
      try {
        includesAll(await hoverAt(`id ${DISCORD}`, DISCORD), ['custom epoch 1420070400000', '2016-04-30T11:18:25.796Z']);
      } finally {
        await resetSettings();
      }
    });

    it('shows every plausible reading, likely first, when no epoch is set', async () => {
      const text = await hoverAt(`"id": "${DISCORD}"`, DISCORD, 'json');
      includesAll(text, ['**Snowflake**', '| Reading | Created (UTC) |', '| Discord | `2016-04-30T11:18:25.796Z` |', 'idsmith.snowflake.epoch']);
      const rows = text.split('\n').filter((l) => /^\| (Twitter|Discord|Instagram|Sonyflake|Mastodon) \|/.test(l));
      assert.ok(rows.length >= 2, `expected several readings:\n${text}`);
    });

    it('reports an invalid epoch setting in the hover instead of failing', async () => {
      await setSettings({ 'snowflake.epoch': 'myspace' });
      try {
        includesAll(await hoverAt(`id ${DISCORD}`, DISCORD), ['idsmith.snowflake.epoch is ignored', 'myspace']);
      } finally {
        await resetSettings();
      }
    });
  });

  describe('inside strings and comments of several languages', () => {
    const cases: Array<[string, string, string, string]> = [
      ['json', `{\n  "id": "${ULID}",\n  "n": 1\n}`, ULID, '**ULID**'],
      ['typescript', `// created ${V7}\nconst id: string = '${ULID}';\n`, ULID, '**ULID**'],
      ['typescript', `// created ${V7}\nconst id = 1;\n`, V7, '**UUID v7**'],
      ['sql', `SELECT * FROM users -- owner ${OBJECT_ID}\nWHERE id = '${KSUID}';`, KSUID, '**KSUID**'],
      ['sql', `SELECT 1; -- owner ${OBJECT_ID}`, OBJECT_ID, '**ObjectId**'],
      ['python', `user_id = "${TYPEID}"  # seeded\n`, TYPEID, '**TypeID**'],
      ['python', `# from ${V1}\nx = 1\n`, V1, '**UUID v1**'],
      ['plaintext', `see ${V6}, then stop`, V6, '**UUID v6**'],
      ['log', `2024-01-01T00:00:00Z INFO request_id=${V7} status=200`, V7, '**UUID v7**'],
    ];
    for (const [language, content, id, title] of cases) {
      it(`${language}: ${title}`, async function () {
        // executeHoverProvider waits for every provider: the first TypeScript hover waits for
        // tsserver to start, which on a loaded machine takes longer than mocha's default.
        this.timeout(120_000);
        includesAll(await hoverAt(content, id, language, 3), [title]);
      });
    }
  });

  describe('near misses that must not hover', () => {
    const cases: Array<[string, string]> = [
      ['a 40-hex git SHA', '3b18e512dba79e4c8300dd08aeb37f8e728b8dad'],
      ['a 64-hex SHA-256', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
      ['an ordinary identifier', 'getUserByIdentifier'],
      ['26 upper-case letters and digits', 'ABCDEFGHJKMNPQRSTVWXYZ0123'],
      ['a long number that is no plausible snowflake', '12345678901234567890'],
      ['a number past 2^64', '99999999999999999999'],
      ['a short number', '4155552671'],
    ];
    for (const [name, text] of cases) {
      it(name, async () => assert.deepEqual(await hoversAt(`value ${text} end`, text), []));
    }

    // Found in this editor on real files: a certificate's line and an MD5 under `md5` hovered as IDs.
    const PEM_RUN = '3dEUDejC4i7MxcLmh0qBPLEgoqa'; // a KSUID of 2027 when read alone
    it('a line of a certificate (a KSUID-shaped run in it)', async () => {
      assert.equal((await hoversAt(`ref ${PEM_RUN} end`, PEM_RUN)).length, 1, 'alone, the run reads as a KSUID');
      const pem = `-----BEGIN CERTIFICATE-----\n${PEM_RUN}//pvnaTf8nRTUV7eZKCEsNq7eI7WTQbmDlIFx\n-----END CERTIFICATE-----\n`;
      assert.deepEqual(await hoversAt(pem, PEM_RUN), []);
    });

    it('an MD5 under md5 that spells a UUID', async () => {
      const md5 = '9b2f6a443c1e4d1a8f2e0c5b7d9e1a23';
      assert.equal((await hoversAt(`{"request_id": "${md5}"}`, md5, 'json')).length, 1, 'under another key it is a UUID');
      assert.deepEqual(await hoversAt(`{"md5": "${md5}"}`, md5, 'json'), []);
    });

    it('nothing on the text around an ID', async () => {
      assert.deepEqual(await hoversAt(`prefix ${ULID}`, 'prefix'), []);
    });
  });

  describe('invalid look-alikes say what is wrong', () => {
    it('a TypeID with an upper-case suffix', async () => {
      const text = 'user_01H455VB4PEX5VSKNK084SN02Q';
      const found = await hoversAt(`id ${text}`, text, 'plaintext', 6);
      assert.equal(found.length, 1, `no hover on ${text}`);
      const md = plain(found[0]!.value);
      assert.ok(md.startsWith('**Invalid TypeID**'), md);
      assert.match(md, /_.*(lower|case).*_/i);
      assert.ok(!md.includes('command:'), 'an invalid ID offers no actions');
    });

    // The scanner reports these only via inspect: in free text an overflowing ULID or a KSUID
    // above the max has no plausible time and reads as a random word (docs/scanner.md).
    for (const [name, text] of [['an overflowing ULID', '8ZZZZZZZZZZZZZZZZZZZZZZZZZ'], ['a KSUID above the max', 'zzzzzzzzzzzzzzzzzzzzzzzzzzz']]) {
      it(`${name}: no hover in free text, explained by inspect`, async () => {
        assert.deepEqual(await hoversAt(`id ${text}`, text, 'plaintext', 6), []);
        const decoded = await vscode.commands.executeCommand<{ valid: boolean; error?: string }>('idsmith.inspect', { text });
        assert.equal(decoded.valid, false);
        assert.ok(decoded.error && decoded.error.length > 10, JSON.stringify(decoded));
      });
    }

    // A label naming the kind right before the token makes it unmistakable (docs/scanner.md).
    for (const [name, line, text, title, reason] of [
      ['an overflowing ULID in a "ulid" field', '{"ulid": "8ZZZZZZZZZZZZZZZZZZZZZZZZZ"}', '8ZZZZZZZZZZZZZZZZZZZZZZZZZ', '**Invalid ULID**', /128 bits/],
      ['a ULID with an L after order_ulid =', "order_ulid = '01ARYZ6S41TSV4RRFFQ69G5FAL'", '01ARYZ6S41TSV4RRFFQ69G5FAL', '**Invalid ULID**', /01ARYZ6S41TSV4RRFFQ69G5FA1/],
      ['a KSUID above the max after ksuid:', 'ksuid: aZZZZZZZZZZZZZZZZZZZZZZZZZ1', 'aZZZZZZZZZZZZZZZZZZZZZZZZZ1', '**Invalid KSUID**', /largest/],
    ] as const) {
      it(`${name}: an invalid hover with the reason`, async () => {
        const found = await hoversAt(line, text, 'json', 4);
        assert.equal(found.length, 1, `no hover on ${text}`);
        const md = plain(found[0]!.value);
        assert.ok(md.startsWith(title), md);
        assert.match(md, reason);
      });
    }
  });

  describe('trust and escaping', () => {
    it('trusts only Idsmith commands, and every link names one of them', async () => {
      const [md] = await hoversAt(`x ${ULID}`, ULID);
      assert.ok(md);
      const trusted = md.isTrusted;
      assert.ok(trusted && typeof trusted === 'object', `isTrusted should list commands, got ${JSON.stringify(trusted)}`);
      const enabled = (trusted as { enabledCommands: readonly string[] }).enabledCommands;
      assert.ok(enabled.length > 0 && enabled.every((c) => c.startsWith('idsmith.')), JSON.stringify(enabled));
      const linked = [...md.value.matchAll(/command:([\w.-]+)/g)].map((m) => m[1]!);
      assert.ok(linked.length > 0, 'the hover has command links');
      for (const c of linked) assert.ok(enabled.includes(c), `link to ${c} is not in enabledCommands`);
      assert.ok(!md.supportHtml, 'HTML stays off');
    });

    it('never renders the line around an ID as markdown or HTML', async () => {
      const hostile = `<img src=x onerror=alert(1)> [run](command:workbench.action.terminal.new) \`${ULID}\` **x** | $(zap)`;
      const [md] = await hoversAt(hostile, ULID);
      assert.ok(md);
      assert.ok(!/<img|workbench|onerror|\$\(zap\)/.test(md.value), md.value);
    });

    it('a link really converts the ID it was made for, as one undo step', async () => {
      const [md] = await hoversAt(`id = "${ULID}"`, ULID);
      const link = md?.value.match(/\[To UUID\]\(command:(idsmith\.convertAt)\?([^)\s]+)/);
      assert.ok(link, md?.value);
      const args = JSON.parse(decodeURIComponent(link[2]!)) as unknown[];
      assert.equal((await vscode.commands.executeCommand<{ status: string }>(link[1]!, ...args)).status, 'converted');
      const doc = vscode.window.activeTextEditor!.document;
      assert.equal(doc.getText(), `id = "${ULID_AS_UUID}"`);
      await vscode.commands.executeCommand('undo');
      assert.equal(doc.getText(), `id = "${ULID}"`);
    });

    it('a TSID link converts it to its integer, as one undo step', async () => {
      const [md] = await hoversAt(`id = "${TSID}"`, TSID);
      const link = md?.value.match(/\[To Integer\]\(command:(idsmith\.convertAt)\?([^)\s]+)/);
      assert.ok(link, md?.value);
      const args = JSON.parse(decodeURIComponent(link[2]!)) as unknown[];
      assert.equal((await vscode.commands.executeCommand<{ status: string }>(link[1]!, ...args)).status, 'converted');
      const doc = vscode.window.activeTextEditor!.document;
      assert.equal(doc.getText(), 'id = "392311864492347219"');
      await vscode.commands.executeCommand('undo');
      assert.equal(doc.getText(), `id = "${TSID}"`);
    });

    it('a stale link does not edit', async () => {
      const editor = await openDocument(`id = "${ULID}"`);
      const args = { uri: editor.document.uri.toString(), line: 0, start: 6, end: 32, text: V7, target: 'uuid' };
      const r = await vscode.commands.executeCommand<{ status: string; code?: string }>('idsmith.convertAt', args);
      assert.deepEqual([r.status, r.code], ['failed', 'EDIT_FAILED']);
      assert.equal(editor.document.getText(), `id = "${ULID}"`);
    });

    it('copies through idsmith.copyText', async () => {
      assert.deepEqual(await vscode.commands.executeCommand('idsmith.copyText', ULID_AS_UUID), { status: 'copied', text: ULID_AS_UUID });
      assert.equal(await vscode.env.clipboard.readText(), ULID_AS_UUID);
    });
  });

  describe('settings', () => {
    it('idsmith.hover.enabled = false: no hover', async () => {
      await setSettings({ 'hover.enabled': false });
      try {
        assert.deepEqual(await hoversAt(`x ${ULID}`, ULID), []);
      } finally {
        await resetSettings();
      }
      assert.equal((await hoversAt(`x ${ULID}`, ULID)).length, 1, 'the hover is back once re-enabled');
    });

    const zones: Array<[string, string[], string[]]> = [
      ['UTC', ['2016-07-30T22:36:16.385Z'], ['+05:30', 'Local (']],
      ['Asia/Kolkata', ['| Asia/Kolkata | `2016-07-31 04:06:16.385 +05:30` |'], []],
      ['America/New_York', ['| America/New_York | `2016-07-30 18:36:16.385 -04:00` |'], []],
      ['Mars/Olympus_Mons', ['Mars/Olympus_Mons', 'not a time zone', 'showing UTC'], []],
    ];
    for (const [zone, has, hasNot] of zones) {
      it(`idsmith.hover.timeZone = ${zone}`, async () => {
        await setSettings({ 'hover.timeZone': zone });
        try {
          const text = await hoverAt(`x ${ULID}`, ULID);
          includesAll(text, has);
          for (const p of hasNot) assert.ok(!text.includes(p), `hover should not include ${p}:\n${text}`);
        } finally {
          await resetSettings();
        }
      });
    }

    it('idsmith.hover.dateFormat = locale', async () => {
      await setSettings({ 'hover.timeZone': 'Asia/Kolkata', 'hover.dateFormat': 'locale' });
      try {
        const text = await hoverAt(`x ${ULID}`, ULID);
        const row = text.split('\n').find((l) => l.startsWith('| Asia/Kolkata |'));
        assert.ok(row && row.includes('2016') && row.includes('16.385') && !row.includes('2016-07-31'), text);
      } finally {
        await resetSettings();
      }
    });
  });
});
