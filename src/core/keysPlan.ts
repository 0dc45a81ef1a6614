import { optionsOf, requireNumber, shown } from './args';
import { keyTemplate, type KeyTemplate } from './keysTemplate';
import { IdError } from './types';

// How a key template's writes spread over an object store's prefixes, and what listing one
// window of them costs. Keys that start with the time, or with a time-ordered ID, put every new
// object on the newest key range: the store cannot split a range that all writes go to the end
// of. A `{hash:N}` before the ID spreads the writes over 16^N prefixes; each of them still lists
// in time order, at the price of 16^N listing requests per window.

export type StoreId = 's3' | 'oss' | 'gcs';

/** A store's published request-rate figures, and where they are published. */
export interface StoreLimits {
  id: StoreId;
  name: string;
  /** Writes per second one prefix (S3, OSS: a key range) or one bucket at first (GCS) takes. */
  writes: number;
  reads: number;
  /** OSS counts reads and writes together. */
  combined: boolean;
  /** What the figures apply to, in words. */
  scope: string;
  /** The figures as the store's documentation states them. */
  statement: string;
  source: string;
  url: string;
  /** What else the documentation says that bears on a plan. */
  caveat: string;
}

export const STORES: Readonly<Record<StoreId, StoreLimits>> = {
  s3: {
    id: 's3', name: 'Amazon S3', writes: 3500, reads: 5500, combined: false, scope: 'per partitioned prefix',
    statement: 'at least 3,500 PUT/COPY/POST/DELETE or 5,500 GET/HEAD requests per second per partitioned prefix',
    source: 'Amazon S3 User Guide, "Best practices design patterns: optimizing Amazon S3 performance"',
    url: 'https://docs.aws.amazon.com/AmazonS3/latest/userguide/optimizing-performance.html',
    caveat: 'S3 partitions a prefix only as its load grows; until it has, it answers 503 Slow Down, so ramp up and retry with backoff.',
  },
  oss: {
    id: 'oss', name: 'Alibaba Cloud OSS', writes: 2000, reads: 2000, combined: true, scope: 'per key range written in sequence',
    statement: 'about 2,000 requests per second (reads and writes) in sequential read and write mode; 10,000 per account with non-sequential names',
    source: 'Alibaba Cloud OSS documentation, "OSS performance and scalability best practices" (and error 0004-00000302 for the account figure)',
    url: 'https://www.alibabacloud.com/help/doc-detail/64945.htm',
    caveat: 'The account as a whole takes 10,000 requests per second by default; more needs Alibaba Cloud support.',
  },
  gcs: {
    id: 'gcs', name: 'Google Cloud Storage', writes: 1000, reads: 5000, combined: false, scope: 'per bucket at first',
    statement: 'approximately 1,000 object writes and 5,000 object reads (listing included) per second per bucket to start',
    source: 'Google Cloud Storage, "Request rate and access distribution guidelines"',
    url: 'https://cloud.google.com/storage/docs/request-rate',
    caveat: 'Above that, double the rate at most every 20 minutes while Cloud Storage redistributes; sequential names make it slower to, so Google publishes no per-prefix figure and Idsmith sizes {hash:N} against the starting figure.',
  },
};

/**
 * The most requests per second a plan is made for: 285,715 S3 prefixes' worth, more than any
 * bucket is asked for. A larger rate is a typo or a unit mistake (`1e308`), and its plan was a
 * wall of digits ({hash:17}, 435,965,401,785,714x the figure) that nobody can act on.
 */
export const MAX_RATE = 1e9;

/** OSS's default for a whole account (requests per second). */
const OSS_ACCOUNT = 10_000;
/** ListObjectsV2 returns at most this many keys per call. */
export const KEYS_PER_CALL = 1000;

export interface PlanOptions {
  /** New objects per second. */
  rate: number;
  /** Reads (GET/HEAD) per second, spread over the objects like the writes. */
  reads?: number;
  store?: StoreId;
  /** The window whose listing cost is reported, in ms (default one hour). */
  windowMs?: number;
}

export interface KeyPlan {
  template: string;
  store: StoreLimits;
  rate: number;
  reads: number;
  /** Prefixes new writes spread over at any moment: 16^N with {hash:N}, else 1. */
  prefixes: number;
  writesPerPrefix: number;
  readsPerPrefix: number;
  /** Share of the store's figure the busiest kind of request reaches (1 = at the figure). */
  load: number;
  verdict: 'fits' | 'over' | 'ramp';
  /** The verdict in a sentence. */
  summary: string;
  /** The smallest N whose {hash:N} keeps each prefix under the figures (0: none needed). */
  smallestHash: number;
  /** Listing one window: requests (one per hash value and date partition), objects, calls with pagination. */
  readCost: { windowMs: number; partitions: number; requests: number; objects: number; calls: number };
  notes: string[];
}

/** Why a rate above MAX_RATE gets no plan, in words (the prompt says it too, as it is typed). */
export function tooFast(what: string, v: number): string {
  return `The ${what} must be at most ${formatRate(MAX_RATE)} requests per second, more than any object store is asked for; got ${v > 1e15 ? v.toExponential(2) : formatRate(v)}. Is it per second, and without extra digits?`;
}

const DATE_MS: Record<string, number> = { hh: 3_600_000, dd: 86_400_000, mm: 2_629_746_000, yyyy: 31_556_952_000 };

function perPrefix(store: StoreLimits, writes: number, reads: number): number {
  return store.combined ? (writes + reads) / store.writes : Math.max(writes / store.writes, reads / store.reads);
}

export const formatRate = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: n < 10 ? 2 : n < 100 ? 1 : 0 });

/** The plan for `template` at `opts.rate` writes per second on `opts.store` (default S3). */
export function planKeys(template: string | KeyTemplate, opts: PlanOptions): KeyPlan {
  const t = keyTemplate(template);
  opts = optionsOf(opts, 'the plan options') as PlanOptions;
  requireNumber(opts.rate, 'the write rate');
  const reads = opts.reads ?? 0;
  requireNumber(reads, 'the read rate');
  for (const [what, v] of [['write rate', opts.rate], ['read rate', reads]] as const) {
    if (!Number.isFinite(v) || v < 0) throw new IdError('INVALID_ARGUMENT', `The ${what} must be a number of requests per second, 0 or more; got ${shown(v)}.`);
    if (v > MAX_RATE) throw new IdError('INVALID_ARGUMENT', tooFast(what, v));
  }
  const storeId = opts.store ?? 's3';
  const store = STORES[storeId as StoreId];
  if (!Object.hasOwn(STORES, storeId) || !store) throw new IdError('INVALID_ARGUMENT', `The store must be s3, oss or gcs; got ${shown(storeId)}.`);
  const windowMs = opts.windowMs ?? 3_600_000;
  requireNumber(windowMs, 'the window');
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new IdError('INVALID_ARGUMENT', `The window must be a positive duration; got ${shown(windowMs)} ms.`);

  const prefixes = 16 ** t.hashLength;
  const rate = opts.rate;
  const writesPerPrefix = rate / prefixes;
  const readsPerPrefix = reads / prefixes;
  const notes: string[] = [];
  let smallestHash = 0;
  while (smallestHash < 32 && perPrefix(store, rate / 16 ** smallestHash, reads / 16 ** smallestHash) > 1) smallestHash++;

  let verdict: KeyPlan['verdict'];
  let load: number;
  let summary: string;
  const hashHint = smallestHash === 0 ? 'no {hash:N} is needed at this rate' : `{hash:${smallestHash}} is the smallest that keeps each prefix under it`;
  if (storeId === 'gcs') {
    load = Math.max(rate / store.writes, reads / store.reads);
    verdict = load <= 1 ? 'fits' : 'ramp';
    summary = load <= 1
      ? `fits: ${formatRate(rate)} writes/s is within the bucket's starting ${formatRate(store.writes)} writes/s.`
      : `needs a ramp: ${formatRate(rate)} writes/s is ${formatRate(load)}x the bucket's starting ${formatRate(store.writes)} writes/s; double the rate at most every 20 minutes. Per key range, ${t.hashLength ? `{hash:${t.hashLength}} gives ${formatRate(writesPerPrefix)} writes/s each` : 'all writes go to the newest range'}; against the starting figure, ${hashHint}.`;
  } else {
    load = perPrefix(store, writesPerPrefix, readsPerPrefix);
    verdict = load <= 1 ? 'fits' : 'over';
    const what = store.combined ? `${formatRate(writesPerPrefix + readsPerPrefix)} requests/s` : `${formatRate(writesPerPrefix)} writes/s${reads ? ` and ${formatRate(readsPerPrefix)} reads/s` : ''}`;
    summary = load <= 1
      ? `fits: ${what} per prefix is ${formatRate(load * 100)}% of ${store.name}'s ${formatRate(store.writes)}${store.combined ? '' : ' writes/s'} ${store.scope}.`
      : `over: ${what} per prefix is ${formatRate(load)}x ${store.name}'s ${formatRate(store.writes)}${store.combined ? '' : ' writes/s'} ${store.scope}; ${hashHint}.`;
    if (store.id === 'oss' && rate + reads > OSS_ACCOUNT) {
      notes.push(`${formatRate(rate + reads)} requests/s is above OSS's default ${formatRate(OSS_ACCOUNT)} per account, whatever the names: ask Alibaba Cloud support for more.`);
    }
  }
  if (t.hashLength === 0 && rate > 0) notes.push('Without {hash:N} every new key lands on the newest key range: the store cannot split a range that all writes go to the end of.');
  notes.push(store.caveat);

  const partitions = t.dateUnit ? Math.max(1, Math.ceil(windowMs / DATE_MS[t.dateUnit]!)) : 1;
  const requests = partitions * prefixes;
  const objects = rate * (windowMs / 1000);
  const perRequest = objects / requests;
  const calls = requests * Math.max(1, Math.ceil(perRequest / KEYS_PER_CALL));
  if (t.dateUnit) notes.push(`The read cost assumes the window starts at a {${t.dateUnit}} boundary; one more partition per hash value when it does not.`);
  return {
    template: t.source, store, rate, reads, prefixes, writesPerPrefix, readsPerPrefix, load, verdict, summary, smallestHash,
    readCost: { windowMs, partitions, requests, objects, calls }, notes,
  };
}
