import type { KeyListing } from './keysList';

// A key listing as code to run: `aws s3api list-objects-v2` command lines, or a Python (boto3) or
// JavaScript/TypeScript (AWS SDK v3) function that returns the window's keys (a function, so the
// code can sit anywhere in a module and runs only when called). Each lists its requests'
// prefixes from StartAfter and stops at the first key above Until. Values are written as string literals (JSON escapes
// are valid JavaScript and Python), and the one comment line holds a template with no line break
// (templates refuse control characters), so no key text can end a string or a comment early.

export type SnippetFormat = 'shell' | 'boto3' | 'js';

export const SNIPPET_FORMATS: readonly SnippetFormat[] = ['shell', 'boto3', 'js'];

function header(l: KeyListing): string {
  return `objects of ${l.template} whose ${l.kind} time is ${l.from} .. ${l.to}: ${l.requests.length} listing request${l.requests.length === 1 ? '' : 's'}`;
}

/** POSIX shell single quotes. */
function sh(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const literal = (text: string): string => JSON.stringify(text);

function shell(l: KeyListing): string {
  // `Contents[].[Key]` prints one key per line; `|| []` prints nothing (instead of "None") for an
  // empty prefix. awk compares as strings ("" forces it for keys made of digits) in the C locale,
  // which is byte order, and exits at the first key past Until: aws may then report a broken pipe.
  const lines = l.requests.map((r) =>
    `aws s3api list-objects-v2 --bucket "$BUCKET" --prefix ${sh(r.Prefix)} --start-after ${sh(r.StartAfter)} --query 'Contents[].[Key] || \`[]\`' --output text | UNTIL=${sh(r.Until)} LC_ALL=C awk '($0 "") > ENVIRON["UNTIL"] { exit } { print }'`);
  return [
    `# ${header(l)}`,
    '# Set BUCKET=your-bucket first. Each line prints its keys up to Until; aws may report a broken pipe when awk stops it there.',
    ...lines,
  ].join('\n');
}

function boto3(l: KeyListing): string {
  const rows = l.requests.map((r) => `        {"Prefix": ${literal(r.Prefix)}, "StartAfter": ${literal(r.StartAfter)}, "Until": ${literal(r.Until)}},`);
  return [
    'import boto3',
    '',
    '',
    `# Keys of the ${header(l)}.`,
    'def list_keys_in_window(s3=None, bucket="BUCKET"):',
    '    s3 = s3 or boto3.client("s3")',
    '    requests = [',
    ...rows,
    '    ]',
    '    keys = []',
    '    for r in requests:',
    '        pages = s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=r["Prefix"], StartAfter=r["StartAfter"])',
    '        for page in pages:',
    '            found = [o["Key"] for o in page.get("Contents", [])]',
    '            # Python compares str by code point, which is the byte order S3 lists in.',
    '            keys += [k for k in found if k <= r["Until"]]',
    '            if found and found[-1] > r["Until"]:',
    '                break',
    '    return keys',
  ].join('\n');
}

function js(l: KeyListing): string {
  const rows = l.requests.map((r) => `    { Prefix: ${literal(r.Prefix)}, StartAfter: ${literal(r.StartAfter)}, Until: ${literal(r.Until)} },`);
  return [
    "import { S3Client, paginateListObjectsV2 } from '@aws-sdk/client-s3';",
    '',
    `// Keys of the ${header(l)}.`,
    "export async function listKeysInWindow(client = new S3Client({}), Bucket = 'BUCKET') {",
    '  const requests = [',
    ...rows,
    '  ];',
    '  const keys = [];',
    '  for (const { Prefix, StartAfter, Until } of requests) {',
    '    pages: for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix, StartAfter })) {',
    '      for (const { Key } of page.Contents ?? []) {',
    '        if (Key === undefined) continue;',
    '        // The IDs decide the order here, and they are ASCII: string order is byte order.',
    '        if (Key > Until) break pages;',
    '        keys.push(Key);',
    '      }',
    '    }',
    '  }',
    '  return keys;',
    '}',
  ].join('\n');
}

/** The listing as code in `format` (without a trailing line break). */
export function listingSnippet(listing: KeyListing, format: SnippetFormat): string {
  switch (format) {
    case 'shell': return shell(listing);
    case 'boto3': return boto3(listing);
    case 'js': return js(listing);
  }
}
