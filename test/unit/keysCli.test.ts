import assert from 'node:assert/strict';
import { main, type CliIo } from '../../src/cli/main';
import { listKeys, planKeys, STORES } from '../../src/core';

// `idsmith keys …` in-process: help, outputs and the messages of refused input. test/aws runs
// `keys list --json` and `keys query` against real S3 and DynamoDB API servers.

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

async function run(argv: string[], tty = false): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdin: async function* () { /* not read */ },
    readFile: async function* () { /* not read */ },
    stdout: (t) => void (out += typeof t === 'string' ? t : Buffer.from(t).toString('utf8')),
    stderr: (t) => void (err += t),
    now: () => NOW,
    stdoutIsTty: tty,
  };
  return { code: await main(argv, io), out, err };
}

describe('idsmith keys', () => {
  it('keys --help lists the four commands; each has its own help', async () => {
    const top = await run(['keys', '--help']);
    assert.equal(top.code, 0);
    for (const sub of ['new', 'list', 'plan', 'query']) {
      assert.match(top.out, new RegExp(`keys ${sub} `));
      const h = await run(['keys', sub, '--help']);
      assert.equal(h.code, 0, sub);
      assert.match(h.out, new RegExp(`^usage: idsmith keys ${sub} `));
      assert.deepEqual(await run(['help', 'keys', sub]), h, `idsmith help keys ${sub}`);
    }
    assert.match((await run(['--help'])).out, /\n {2}keys +object keys/);
  });

  it('keys plan --help cites each store\'s number and source', async () => {
    const h = (await run(['keys', 'plan', '--help'])).out;
    for (const s of Object.values(STORES)) {
      assert.ok(h.includes(s.statement), s.id);
      assert.ok(h.includes(s.url), s.url);
    }
    assert.match(h, /3,500 PUT\/COPY\/POST\/DELETE or 5,500 GET\/HEAD/);
  });

  it('keys plan prints the report of the core plan, or it as JSON', async () => {
    const r = await run(['keys', 'plan', '--template', 'logs/{hash:2}/{id}.json.gz', '--rate', '20000']);
    assert.equal(r.code, 0);
    assert.match(r.out, /^Template {2}logs\/\{hash:2\}\/\{id\}\.json\.gz on Amazon S3\n/);
    assert.match(r.out, /Writes {4}20,000\/s spread over 256 prefixes \(\{hash:2\}\): 78\.1 writes\/s per prefix\n/);
    assert.match(r.out, /Verdict {3}fits: /);
    assert.match(r.out, /Smallest {2}\{hash:1\}: 16 prefixes, 1,250 writes\/s each\n/);
    assert.match(r.out, /256 listing requests/);
    const j = JSON.parse((await run(['keys', 'plan', '--template', '{id}', '--rate', '5', '--reads', '9', '--store', 'gcs', '--window', '1d', '--json'])).out);
    assert.deepEqual(j, JSON.parse(JSON.stringify(planKeys('{id}', { rate: 5, reads: 9, store: 'gcs', windowMs: 86_400_000 }))));
  });

  it('keys list --json is the core listing; text is aws lines; --format boto3|js', async () => {
    const args = ['keys', 'list', '--template', 'logs/{hash:1}/{id}.gz', '--kind', 'ulid', '--from', '2024-05-01', '--case', 'lower'];
    const j = JSON.parse((await run([...args, '--json'])).out);
    const l = listKeys('logs/{hash:1}/{id}.gz', 'ulid', Date.UTC(2024, 4, 1), Date.UTC(2024, 4, 2) - 1, { letterCase: 'lower' });
    assert.deepEqual(j, { requests: l.requests, from: l.from, to: l.to });
    const text = (await run(args)).out.trimEnd().split('\n');
    assert.equal(text.filter((t) => t.startsWith('aws s3api list-objects-v2 --bucket "$BUCKET" ')).length, 16);
    assert.match((await run([...args, '--format', 'boto3'])).out, /^import boto3\n\n\n# Keys of the objects of .*\ndef list_keys_in_window\(/);
    assert.match((await run([...args, '--format', 'js'])).out, /paginateListObjectsV2/);
  });

  it('keys new prints keys that keys list finds', async () => {
    const out = (await run(['keys', 'new', '--template', 'a/{hash:2}/{dd}/{id}', '--kind', 'tsid', '-n', '3', '--time', '2024-05-01T10:00:00Z'])).out;
    const keys = out.trimEnd().split('\n');
    assert.equal(keys.length, 3);
    const l = listKeys('a/{hash:2}/{dd}/{id}', 'tsid', Date.UTC(2024, 4, 1, 10), Date.UTC(2024, 4, 1, 10));
    for (const k of keys) assert.ok(l.requests.some((r) => k.startsWith(r.Prefix) && k > r.StartAfter && k <= r.Until), k);
    const j = JSON.parse((await run(['keys', 'new', '--template', '{id}', '--kind', 'objectid', '--time', '2024-05-01T10:00:00.900Z', '--json'])).out);
    assert.equal(j[0].time, '2024-05-01T10:00:00.000Z');
  });

  it('keys query prints DynamoDB JSON for --cli-input-json, or a SQL WHERE', async () => {
    const d = await run(['keys', 'query', '--kind', 'ulid', '--from', '2024-05-01', '--sort-key', 'sk', '--partition-key', 'pk=USER#1', '--sort-key-prefix', 'ORDER#', '--store', 'dynamodb']);
    assert.equal(d.code, 0, d.err);
    const q = JSON.parse(d.out);
    assert.deepEqual(Object.keys(q), ['KeyConditionExpression', 'ExpressionAttributeNames', 'ExpressionAttributeValues']);
    assert.deepEqual(q.ExpressionAttributeValues[':pk'], { S: 'USER#1' });
    assert.match(q.ExpressionAttributeValues[':lo'].S, /^ORDER#01HW/);
    const s = await run(['keys', 'query', '--kind', 'snowflake', '--epoch', 'twitter', '--from', '2024-05-01', '--sort-key', 'id', '--store', 'sql']);
    assert.match(s.out, /^WHERE id BETWEEN \d{19} AND \d{19}\n$/);
  });

  const refused: Array<[string[], number, RegExp]> = [
    [['keys'], 2, /missing command: new, list, plan or query/],
    [['keys', 'lst'], 2, /unknown command 'lst'/],
    [['keys', 'plan', '--rate', '1'], 2, /missing --template/],
    [['keys', 'plan', '--template', 'x/{id}/{hh}', '--rate', '1'], 2, /--template: \{hh\} comes after \{id\}/],
    [['keys', 'plan', '--template', '{rev}{id}', '--rate', '1'], 2, /reversed timestamp cannot be listed by time/],
    [['keys', 'plan', '--template', '{id}', '--rate', '1e3'], 2, /--rate must be a number/],
    [['keys', 'plan', '--template', 'logs/{hash:4}/{id}', '--rate', '99999999999999999999999'], 1, /write rate must be at most 1,000,000,000 requests per second.*got 1\.00e\+23/],
    [['keys', 'plan', '--template', '{id}', '--rate', '1', '--store', 'azure'], 2, /--store must be s3, oss or gcs/],
    [['keys', 'plan', '--template', '{id}', '--rate', '1', '--window', '1y'], 2, /--window must be a duration/],
    [['keys', 'list', '--template', '{id}', '--kind', 'uuidv4', '--from', 'now'], 2, /unknown kind 'uuidv4'/],
    [['keys', 'list', '--template', '{id}', '--kind', 'snowflake', '--from', 'now'], 2, /need --epoch/],
    [['keys', 'list', '--template', '{id}', '--kind', 'ksuid', '--from', 'now', '--case', 'lower'], 2, /--case applies only to ulid/],
    [['keys', 'list', '--template', '{id}', '--kind', 'ulid', '--from', '2024-05-02', '--to', '2024-05-01'], 2, /is before --from/],
    [['keys', 'list', '--template', '{id}', '--kind', 'ulid', '--from', 'now', '--json', '--format', 'js'], 2, /give one/],
    [['keys', 'list', '--template', '{hash:4}/{hh}/{id}', '--kind', 'ulid', '--from', '2024-05-01', '--to', '2024-05-03'], 1, /at most 100,000/],
    [['keys', 'list', '--template', '{id}', '--kind', 'snowflake', '--epoch', 'twitter', '--from', '2016-01-01', '--to', '2020-01-01'], 1, /digits/],
    [['keys', 'new', '--template', '{id}', '--kind', 'uuidv4'], 2, /unknown kind 'uuidv4'/],
    [['keys', 'query', '--kind', 'ulid', '--from', 'now', '--sort-key', 'id', '--store', 'dynamodb'], 2, /--partition-key NAME=VALUE/],
    [['keys', 'query', '--kind', 'ulid', '--from', 'now', '--sort-key', 'id', '--partition-key', '=x', '--store', 'sql'], 2, /NAME=VALUE/],
    [['keys', 'query', '--kind', 'ulid', '--from', 'now', '--sort-key', 'order id', '--store', 'sql'], 1, /not a plain SQL name/],
  ];
  for (const [argv, code, message] of refused) {
    it(`${argv.join(' ')} -> exit ${code}`, async () => {
      const r = await run(argv);
      assert.equal(r.code, code, r.err);
      assert.match(r.err, message);
      assert.equal(r.out, '');
    });
  }

  it('a bidi character in a template is shown escaped on a terminal, kept in a file', async () => {
    const args = ['keys', 'list', '--template', 'a\u202e/{id}', '--kind', 'ulid', '--from', '2024-05-01'];
    assert.doesNotMatch((await run(args, true)).out, /\u202e/);
    assert.match((await run(args, false)).out, /\u202e/);
  });
});
