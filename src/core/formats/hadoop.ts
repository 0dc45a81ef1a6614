import { requireText } from '../args';
import { IdError, type FieldValue } from '../types';
import { Id, failed, orThrow } from './decoded';
import { CHAR, type DecodedId, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';

// Hadoop YARN and MapReduce ids, as their toString/fromString write and read them (apache/hadoop
// ApplicationId, ApplicationAttemptId, ContainerId, and mapreduce JobID, TaskID, TaskAttemptID):
//   application_<clusterTs>_<app, 4+ digits>
//   appattempt_<clusterTs>_<app>_<attempt, 6+ digits>
//   container_[e<epoch>_]<clusterTs>_<app>_<attempt, 2+>_<container, 6+>
//   job_<jt>_<job, 4+>        task_<jt>_<job>_<m|r|s|c|t>_<task, 6+>
//   attempt_<jt>_<job>_<m|r|s|c|t>_<task>_<attempt>
// clusterTs is the ResourceManager's start time in Unix ms: the time these ids hold is when the
// cluster started, not when the application did. Under YARN a MapReduce job's jt is the same
// start time; classic MapReduce (Hadoop 1) wrote the JobTracker's start as yyyyMMddHHmm in the
// JobTracker's own time zone, which the id does not say, so that is shown as written.

type Kind = 'application' | 'appattempt' | 'container' | 'job' | 'task' | 'attempt';

const SHAPES: Readonly<Record<Kind, RegExp>> = {
  application: /^application_(\d{12,13})_(\d{4,})$/,
  appattempt: /^appattempt_(\d{12,13})_(\d{4,})_(\d{6,})$/,
  container: /^container_(?:e(\d{2,})_)?(\d{12,13})_(\d{4,})_(\d{2,})_(\d{6,})$/,
  job: /^job_(\d{12,13})_(\d{4,})$/,
  task: /^task_(\d{12,13})_(\d{4,})_([mrsct])_(\d{6,})$/,
  attempt: /^attempt_(\d{12,13})_(\d{4,})_([mrsct])_(\d{6,})_(\d+)$/,
};
const KINDS = Object.keys(SHAPES) as Kind[];
const TASK_TYPES: Readonly<Record<string, string>> = { m: 'map', r: 'reduce', s: 'job setup', c: 'job cleanup', t: 'task cleanup' };
/** Hadoop 0.23 / YARN (2011); classic JobTracker ids go back to 2006. */
const PLAUSIBLE_FROM = Date.UTC(2006, 0, 1);
const MAX_INT = 2 ** 31 - 1;
const PREFIX = /^(application|appattempt|container|job|task|attempt)_/;

function kindOf(text: string): Kind | undefined {
  const m = PREFIX.exec(text);
  return m ? (m[1] as Kind) : undefined;
}

/** The numbers of an id, by the names Hadoop's getters use. */
function parts(kind: Kind, m: RegExpExecArray): Record<string, string> {
  switch (kind) {
    case 'application': return { clusterTimestamp: m[1]!, applicationId: m[2]! };
    case 'appattempt': return { clusterTimestamp: m[1]!, applicationId: m[2]!, attemptId: m[3]! };
    case 'container': return { ...(m[1] ? { epoch: m[1] } : {}), clusterTimestamp: m[2]!, applicationId: m[3]!, attemptId: m[4]!, containerId: m[5]! };
    case 'job': return { clusterTimestamp: m[1]!, jobId: m[2]! };
    case 'task': return { clusterTimestamp: m[1]!, jobId: m[2]!, taskType: m[3]!, taskId: m[4]! };
    case 'attempt': return { clusterTimestamp: m[1]!, jobId: m[2]!, taskType: m[3]!, taskId: m[4]!, attemptId: m[5]! };
  }
}

function read(text: string): Id {
  const kind = kindOf(text);
  const m = kind && SHAPES[kind].exec(text);
  if (!kind || !m) {
    const what = kind ? `a Hadoop ${kind} id` : 'a Hadoop id';
    const example = kind ? EXAMPLES[kind] : EXAMPLES.application;
    return failed(hadoop, text, new IdError(text === '' ? 'EMPTY' : 'INVALID_CHARACTER', `Expected ${what} such as ${example}.`));
  }
  const p = parts(kind, m);
  const fields: Record<string, FieldValue> = { type: kind };
  for (const [name, digits] of Object.entries(p)) {
    if (name === 'clusterTimestamp') continue;
    if (name === 'taskType') {
      fields.taskType = TASK_TYPES[digits]!;
      continue;
    }
    const n = Number(digits);
    // Java ints: Integer.parseInt refuses larger; a container number keeps 40 bits under its epoch.
    if (n > (name === 'containerId' ? 2 ** 40 - 1 : MAX_INT)) {
      return failed(hadoop, text, new IdError('OVERFLOW', `The ${name} of a Hadoop id is at most ${name === 'containerId' ? 2 ** 40 - 1 : MAX_INT}; got ${digits}.`));
    }
    fields[name] = n;
  }
  const id = new Id(hadoop, text, true, fields);
  const ts = p.clusterTimestamp!;
  if (ts.length === 13) {
    id.unixMs = Number(ts);
    fields.clusterStart = 'ResourceManager start';
  } else {
    // yyyyMMddHHmm in the JobTracker's zone: a date, shown as written.
    fields.jobTrackerStart = `${ts.slice(0, 4)}-${ts.slice(4, 6)}-${ts.slice(6, 8)} ${ts.slice(8, 10)}:${ts.slice(10, 12)} (JobTracker's time zone)`;
  }
  return id;
}

const EXAMPLES: Readonly<Record<Kind, string>> = {
  application: 'application_1410901177871_0001',
  appattempt: 'appattempt_1410901177871_0001_000001',
  container: 'container_e17_1410901177871_0001_01_000005',
  job: 'job_1410901177871_0001',
  task: 'task_1410901177871_0001_m_000005',
  attempt: 'attempt_1410901177871_0001_m_000005_0',
};

/** Fields `type`, the numbers by Hadoop's names (`applicationId`, `attemptId`, `containerId`, `epoch`, `jobId`, `taskType`, `taskId`). */
export function decodeHadoop(text: string): DecodedId {
  requireText(text, 'a Hadoop id');
  return orThrow(read(text));
}

function judge(id: Id, now: number | undefined): Id {
  if (id.valid && id.unixMs !== undefined) id.plausible = id.unixMs >= PLAUSIBLE_FROM && id.unixMs <= (now ?? Date.now()) + 86_400_000;
  return id;
}

/**
 * The scanner hands over runs with an underscore by the length after the last one: 1 (an
 * attempt number) to 13 digits. The run must start with one of the six words and match whole.
 */
function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { start, end, or } = run;
  if (!(or & CHAR.DIGIT) || (or & CHAR.UPPER)) return undefined;
  const text = ctx.text;
  const c = text.charCodeAt(start);
  if (c !== 97 && c !== 99 && c !== 106 && c !== 116) return undefined; // a c j t
  const s = text.slice(start, end);
  const kind = kindOf(s);
  if (!kind || !SHAPES[kind].test(s)) return undefined;
  const d = judge(read(s), ctx.now);
  if (!d.valid || (d.unixMs !== undefined && !ctx.plausibleMs(d.unixMs, PLAUSIBLE_FROM))) return undefined;
  return { start, end, decoded: d };
}

const ANY = new RegExp(KINDS.map((k) => SHAPES[k].source.slice(1, -1)).map((s) => `(?:${s})`).join('|'));
const WHOLE = new RegExp(`^(?:${ANY.source})$`);

export const hadoop: FormatModule = {
  id: 'hadoop',
  label: 'Hadoop id',
  shapes: [{
    length: [22, 80], case: 'lower',
    description: 'Hadoop/YARN ids (application_…, appattempt_…, container_…, job_…, task_…, attempt_…)',
    // A known prefix is enough: a broken id after it is reported with what it should look like.
    test: (t) => WHOLE.test(t) || PREFIX.test(t) && /^[a-z]+_[\de]/.test(t),
  }],
  scan: [{ tailLengths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], first: 'acjt', find }],
  decode: (text, opts) => judge(read(text), opts?.now),
  representations: [],
  generators: [],
  time: { minMs: 0, maxMs: 9_999_999_999_999, resolutionMs: 1, plausibleFromMs: PLAUSIBLE_FROM },
  notApplicable: {
    generate: 'Hadoop ids are handed out by the ResourceManager and the MapReduce job client.',
    convert: 'A Hadoop id is a cluster start time and counters, not a binary value with other spellings.',
    bounds: 'The time is the cluster start, shared by every id of that ResourceManager.',
    check: 'Its ids are names of jobs and containers in logs, not keys in fixtures.',
  },
};
