import type { LayoutChoice } from './snowflake/context';
import type { Entropy } from '../entropy';
import type { Clock, Decoded, FieldValue, IdErrorCode, RandomSource, SnowflakeLayout } from '../types';

// The contract of one ID format. Every format is one module under src/core/formats/ that
// exports one `FormatModule`, and `registry.ts` lists the modules in the order ties are broken.
// Everything that names formats (inspect, the scanner, convert, the hover card, the CLI, the
// insert picker, bounds, the settings schema) reads the registry instead; adding a format is
// one new module and one line in the registry.
//
// Hot-path rules, because the scanner decodes every match and the hover decodes on every move:
// `decode` never throws on bad input (it returns `{ valid: false, error }`), it keeps the value
// it read (`bytes`/`value`) so representations need no second parse, and it does not build the
// ISO time text: `DecodedId.time` is made when something reads it.
//
// Snowflake layouts (the `epoch` setting, `--epoch`, core options) are parsed once by
// `parseSnowflakeEpoch` in ../snowflake.ts into a `SnowflakeLayout` or `undefined` (= auto);
// formats receive the parsed layout, never the raw text.

/** Lower-case format id: `ulid`, `uuid`, `snowflake`, `tsid`, `xid`, … (also `Decoded.kind`, `IdKind`). */
export type FormatId = string;

/**
 * How letter case is read. `either`: the value is the same in either case (ULID, UUID, ObjectId,
 * TSID), so convert offers upper/lower case, regenerate and insert keep the case the text uses,
 * bounds may be spelled in either case, and the check's identity folds it; `upper`/`lower`: one
 * case only; `significant`: case is part of the value (base62, base64url).
 */
export type CaseRule = 'upper' | 'lower' | 'either' | 'significant';

/**
 * One way the format is written. `inspect` tests `test` on trimmed text the user pointed at and
 * is generous (any case the format allows, wrappers like `{…}` or `urn:uuid:`); the scanner uses
 * `ScanRule` and is strict.
 */
export interface Shape {
  /** Total characters, or the range `[min, max]` (snowflakes: 1..20 digits); the check's length gate reads it. */
  length: number | readonly [number, number];
  /** Read by `caseFree` (registry.ts): convert's case targets, regenerate's spelling, bounds' letter case, the check's identity. */
  case: CaseRule;
  /** For people and for `inspect`'s "what Idsmith reads" list: `26 Crockford base32 chars`. */
  description: string;
  /**
   * Whole-text test for explicit input (already trimmed). Must be cheap and must not throw.
   * `opts` are the decode options, for shapes that exist only with the user's configuration
   * (a Sqids alphabet, a Hashids salt).
   */
  test(text: string, opts?: DecodeOptions): boolean;
  /**
   * Read only when asked: the user names the format (`--from KIND`, Inspect ID As…) or asks for
   * every reading (`inspect --all`). For spellings any other value also has (a Flake ID is any
   * decimal, a Timeflake any UUID), which would otherwise bury the likely reading.
   */
  asked?: boolean;
  /**
   * Exists only with the user's configuration (a Sqids alphabet, a Hashids salt: `test` reads
   * the decode options): never named among the shapes nearest to text nothing reads.
   */
  configured?: boolean;
}

/** What the scanner hands a format: one run of word characters [A-Za-z0-9_] and its flags. */
export interface Run {
  start: number;
  end: number;
  /** Char-class flags OR-ed / AND-ed over the run (`CHAR` bits below). */
  or: number;
  and: number;
  /** Index of the last `_` in the run, or -1. */
  lastUnderscore: number;
}

/** Char-class bits of `Run.or` / `Run.and`. */
export const CHAR = {
  WORD: 1, DIGIT: 2, UPPER: 4, LOWER: 8, HEX: 16, CROCK: 32, UNDERSCORE: 64,
} as const;

/** What the scanner offers every format while it walks one text. */
export interface ScanContext {
  readonly text: string;
  /** Anchor for plausibility: the current time unless the caller fixed it. */
  readonly now: number;
  /** `fromMs <= ms <= now + 10 years`: the scanner's one plausible-time window. */
  plausibleMs(ms: number, fromMs: number): boolean;
  /** True when a label naming the format stands right before `start` (`"ulid": "`, `order_ulid = '`). */
  labelled(start: number, label: RegExp): boolean;
  /** True when [start, end) sits inside a base64 blob (then it is not an ID). */
  inBase64(start: number, end: number): boolean;
  /** The configured snowflake layout, undefined for `auto`; snowflake-like formats may read it. */
  readonly snowflake: SnowflakeLayout | undefined;
  /** The layout the text before `start` names (a key, a parent key, a URL); undefined when it names none. */
  snowflakeAt(start: number): LayoutChoice | undefined;
  /** False when bare decimal numbers must not be reported (hover setting). */
  readonly numbers: boolean;
  /** Report bare numbers only when a layout is known (configured or named by the context). */
  readonly numbersNeedLayout: boolean;
  /**
   * Whether the key whose value starts at `start` names a time: the built-in words (`created_at`,
   * `ts`, …) or the user's `idsmith.time.keys`. Plain time values are read only under one; the
   * units that share a digit count ask it for the same run, and it is answered once.
   */
  timeKeyAt(start: number): boolean;
}

/** A match the scanner keeps; `start`/`end` may extend past the run (braces, `urn:uuid:`, dashes). */
export interface ScanHit {
  start: number;
  end: number;
  decoded: DecodedId;
}

/**
 * One way the scanner recognises the format in free text. Strict: precision over recall (a hover
 * that calls a hash "ULID from 2031" is worse than none). The scanner indexes formats by the run
 * lengths below and calls `find` only for runs of those lengths, in registry order; the first
 * hit wins and the scanner resumes after it.
 */
export interface ScanRule {
  /**
   * Lengths of the run that can start a match (the whole ID, or its first dashed group). Runs
   * holding a `_` are offered only to `tailLengths` rules.
   */
  runLengths?: readonly number[];
  /** Lengths of the part after the run's last `_` (TypeID: 26). */
  tailLengths?: readonly number[];
  /** The run must be followed by this character (UUID's 8 hex digits then `-`); such rules are tried first. */
  next?: string;
  /**
   * The run must follow this character (a Firebase push ID's leading `-`). Such rules see only
   * runs right after it, by whole run length (`_` included), after the `next` rules.
   */
  prev?: string;
  /** Flags every char of the run must have (`CHAR` bits): a cheap reject before `find`. */
  all?: number;
  /**
   * The chars the run can start with (for a `prev` rule, the char after `prev`; for a `tail`
   * rule, the run's first char, before its `_`), when `find` refuses every run that starts with
   * another: the scanner then drops such runs before any rule is called (an ISO time's `11-`
   * is no traceparent, which starts `00-`). A promise about `find`, checked by
   * test/unit/scanFirst.test.ts; leave it out when unsure.
   */
  first?: string;
  /**
   * The chars a run without a `_` can end with, when `find` refuses every such run that ends
   * with another (traceparent's version is `00`: an ISO date's `01-` is none). The same kind of
   * promise as `first`, checked by the same test.
   */
  last?: string;
  /** Only when the caller allows bare numbers (`ScanContext.numbers`). */
  numeric?: boolean;
  /** Reads the ID at `run` with the plausibility rules (time window, labels, base64); undefined = no match. */
  find(run: Run, ctx: ScanContext): ScanHit | undefined;
}

/** What decoding may be told. */
export interface DecodeOptions {
  /** Snowflake-like formats: the layout, from `parseSnowflakeEpoch`; undefined = every reading. */
  snowflake?: SnowflakeLayout;
  /** Anchor for `plausible`; default the current time. */
  now?: number;
  /** Sqids: the user's alphabet and minimum length (a setting or flags); absent, Sqids is read only when named. */
  sqids?: { alphabet?: string; minLength?: number };
  /** Hashids: the user's salt, minimum length and alphabet; absent, Hashids is read only when named. */
  hashids?: { salt?: string; minLength?: number; alphabet?: string };
}

/**
 * A decoded ID. Compatible with the public `Decoded` (the CLI's `inspect --json` object) so
 * existing readers keep working; `time` is computed from `unixMs` when read (a getter).
 */
export interface DecodedId extends Decoded {
  /** The format that read it (labels, representations, generation). */
  readonly format: FormatModule;
  /** The binary value, big-endian, `format.bits / 8` bytes, when the format has one. */
  readonly bytes?: Uint8Array;
  /** `bytes` as four big-endian words written into `out` (zero-padded), for a format that writes them without making `bytes`: the check's duplicate keys. */
  valueWords?(out: Uint32Array): Uint32Array | undefined;
  /** Whether the time (if any) is plausible for the format; false sorts a reading last. */
  readonly plausible?: boolean;
  /** Why a snowflake was read with its layout when the context chose it (a key, a URL). */
  readonly readAs?: LayoutChoice;
  /** The other readings of the same text (snowflake presets, 13-char TSID vs TID), likeliest first. */
  readonly alternatives?: readonly DecodedId[];
  /** Plain `Decoded` with every value made (ISO time included), for JSON and deep comparison. */
  toJSON(): Decoded;
}

/**
 * One target a decoded ID can be rewritten as. The same `target`/`label` serves the hover, the
 * light bulb, Inspect and the CLI `convert --to`. `write` works from the decoded value (never
 * re-parses) and returns undefined when the target does not apply (a v7 UUID has no v6 form).
 */
export interface Representation {
  /** `uuid`, `int`, `hex`, `uuidv6`, `typeid`, `uuid-braces`, …; the CLI's `--to` word. */
  target: string;
  label: string;
  /**
   * Listed among an ID's forms (Inspect, the terminal's quick pick, the light bulb) only for IDs
   * read as these formats or spellings (`xray`, `traceparent`, `hex`): a ULID has no use for a
   * Datadog trace id. Still a target anyone can name (`convert --to datadog`).
   */
  listedFor?: readonly string[];
  write(id: DecodedId, opts: { prefix?: string }): string | undefined;
  /**
   * Reads what `write` wrote back to a value of `bits` (`convert --from TARGET`): every target
   * of `convert` reads back. Throws `IdError` saying what the text should be. Formats' own
   * targets (their `encode`) are read by their `decode` instead.
   */
  read?(text: string, bits: number): Uint8Array;
  /** Why `write` gives nothing for this ID (the convert error and the disabled code action). */
  reason?(id: DecodedId): string;
}

/** A generator option, for the CLI flags, the insert picker and the settings schema. */
export interface OptionSpec {
  /** Key in `GenerateOptions` (`timeMs`, `epoch`, `workerId`, `prefix`, `size`, …). */
  name: string;
  type: 'number' | 'string' | 'time';
  description: string;
  min?: number;
  max?: number;
  default?: number | string;
  /** The kind cannot be made without it (a name-based UUID's `name`): the insert command asks for it. */
  required?: boolean;
  /** The CLI's flag (`--worker` for `workerId`); the name itself when absent. */
  flag?: string;
  /** Other names of the flag (`--layout` for `--epoch`). */
  aliases?: readonly string[];
  /** The empty text is a value of its own (a name-based UUID may hash an empty name). */
  emptyOk?: boolean;
  /**
   * Must differ between processes that generate at the same time (a snowflake's worker id): two
   * processes left at the default make the same IDs, so the CLI warns when a batch uses it.
   */
  perProcess?: boolean;
  /** Reads the option's text (a CLI flag); throws `IdError` saying what is accepted. Plain text or a number otherwise. */
  parse?(text: string, now: number): unknown;
}

/** One kind the user can generate (`uuid` has several: uuidv1 … uuidv7). */
export interface GeneratorSpec {
  /** The CLI's `new KIND` and the insert command's `kind`: `uuidv7`, `tsid`, … */
  kind: string;
  label: string;
  /** What it is for, in a few words (the insert picker's description). */
  detail: string;
  /** Takes an explicit time (`--time`, "Insert ID at Time…"). */
  hasTime: boolean;
  /** IDs come out strictly ascending in text order, within a batch and across calls. */
  ascending: boolean;
  /** The ID is a function of the options (a name-based UUID): every copy is the same ID. */
  derived?: boolean;
  /**
   * The options this kind reads beyond `timeMs` (a TypeID's `prefix`, a NanoID's `size`, a
   * snowflake's layout and node ids): the CLI's flags, the insert command's prompts and the
   * settings schema's bounds read them here, so each limit is written once.
   */
  options: readonly OptionSpec[];
  /**
   * The options that apply once the others are known, with their limits there: a snowflake
   * layout's own fields (Baidu's 22-bit worker id, a written-out layout's `shard`). `options`
   * when absent.
   */
  optionsFor?(opts: GenerateOptions): readonly OptionSpec[];
  /**
   * Makes this kind's generator for one session (`IdFactory` keeps one per kind and session).
   * Its state (the last time unit used, counters, a random node id) lives in the object made
   * here, never in the module, so sessions with injected clocks or randomness stay apart.
   */
  create(env: GeneratorEnv): KindGenerator;
}

/** What a session hands every generator it makes: undefined means the system clock and `crypto.getRandomValues`. */
export interface GeneratorEnv {
  clock?: Clock;
  random?: RandomSource;
}

/** One kind's generator within one session. */
export interface KindGenerator {
  /**
   * `count` new IDs (the session has checked `count` and the options' types); throws `IdError`
   * for options it cannot use or times it cannot hold. Ascending kinds ascend within a call and
   * across calls, whatever the order of now-requests and explicit times (see ../timeline.ts).
   */
  generate(count: number, opts: GenerateOptions): string[];
}

/** Generator options: each kind reads those its `GeneratorSpec.options` list, and `timeMs`. */
export interface GenerateOptions {
  /** How many IDs (default 1). */
  count?: number;
  /** Creation time in Unix ms for time-based kinds (default: the clock). */
  timeMs?: number;
  /** Snowflake layout name, custom epoch in ms, layout spec or parsed layout; 'auto' or absent means twitter. */
  epoch?: string | number | SnowflakeLayout;
  workerId?: number;
  processId?: number;
  datacenterId?: number;
  shardId?: number;
  machineId?: number;
  /** TypeID prefix (default none). */
  prefix?: string;
  /** uuidv3/uuidv5 namespace: dns, url, oid, x500 or a UUID (default dns). */
  namespace?: string;
  /** uuidv3/uuidv5 name (required for those kinds). */
  name?: string;
  /** NanoID length (default 21), CUID2 length (default 24). */
  size?: number;
  clock?: Clock;
  random?: RandomSource;
}

/** The options a generator is given (kept for callers of the first registry API). */
export type GenerateRequest = GenerateOptions;

/** Times the format can hold and the window in which a reading is plausible. */
export interface TimeRange {
  minMs: number;
  maxMs: number;
  /** Smallest step of the stored time (1 ms, 1000 ms for seconds, 10 ms for Sonyflake). */
  resolutionMs: number;
  /** Earliest plausible creation time (the format's publication or the service's launch). */
  plausibleFromMs: number;
}

/** How one kind writes a time as text and reads the time back, for `bounds`. */
export interface BoundsCodec {
  /** Resolution in ms: 1, 10 (Sonyflake) or 1000 (KSUID, ObjectId). */
  unitMs: number;
  /** The lowest (`high` false) or highest ID at `ms`; throws `TIME_OUT_OF_RANGE` outside the format's range. */
  text(ms: number, high: boolean): string;
  /** Lowest and highest valid text starting with `prefix`, `length` characters long. */
  span(prefix: string, length: number): [string, string];
  /** Creation time (start of its unit) of a valid text. */
  timeOf(text: string): number;
}

/** One kind `bounds` can compute (the CLI's `bounds KIND`, the editor's picker). */
export interface BoundsSpec {
  /** `ulid`, `uuidv7`, `typeid`, … */
  kind: string;
  label: string;
  detail: string;
  /** Said with every bounds of this kind (how to compare them in a database, say). */
  note?: string;
  /** What the codec needs beyond the time: a snowflake layout, or a TypeID prefix. */
  needs?: 'epoch' | 'prefix';
  /** The codec; throws `INVALID_ARGUMENT`/`INVALID_PREFIX` for options it cannot use. */
  codec(opts: { snowflake?: SnowflakeLayout; prefix: string }): BoundsCodec;
}

/** Everything Idsmith knows about one format. */
export interface FormatModule {
  readonly id: FormatId;
  /** How people write its name: `ULID`, `ObjectId`, `Snowflake`. */
  readonly label: string;
  /** Ways it is written, likeliest first. */
  readonly shapes: readonly Shape[];
  /**
   * Among formats whose shapes accept the same text, higher is read first (then registry order);
   * `inspect` lists every valid reading, likeliest (plausible, then priority) first.
   */
  readonly priority?: number;
  /** How the scanner finds it in free text; several rules for several spellings (UUID dashed and bare). */
  readonly scan?: readonly ScanRule[];
  /** Width of the binary value in bits (64 snowflake/TSID, 96 ObjectId/XID, 128 ULID/UUID, 160 KSUID). */
  readonly bits?: number;
  /** Reads the text once. Never throws on bad input: `valid: false` with `error`/`errorCode`. */
  decode(text: string, opts?: DecodeOptions): DecodedId;
  /** Writes a value of `bits` in this format, for conversions between formats of one width. */
  encode?(bytes: Uint8Array, opts?: { prefix?: string }): string;
  /**
   * Targets a decoded ID of this format can be rewritten as, beyond what the registry offers
   * every ID with `bytes`: the other formats of the same `bits` that have `encode`, and the
   * shared numeric forms (`hex`, `int`, `base64`, `base64url`).
   */
  readonly representations: readonly Representation[];
  /** `listedFor` of this format's own target (its `encode`), when it is a form only some IDs want. */
  readonly listedFor?: readonly string[];
  /** Targets on the compact hover card, in order (Inspect shows every applicable one). */
  readonly hoverTargets?: readonly string[];
  readonly generators: readonly GeneratorSpec[];
  readonly time?: TimeRange;
  /** Range-query support (`bounds`), one entry per kind whose text order is time order. */
  readonly bounds?: readonly BoundsSpec[];
  /**
   * How "Regenerate" (the command, and the fixture check's "Regenerate this duplicate") makes a
   * fresh ID to stand where this one stood. Optional: a format with one generator regenerates
   * with it, spelled in the same letter case (`regeneratePlan` in registry.ts); a format whose
   * IDs differ in what must be kept (a UUID's version, a TypeID's prefix, a snowflake's layout)
   * says so here.
   */
  regenerate?(id: DecodedId, ctx: RegenerateContext): RegeneratePlan | Refusal;
  /** How the fixture check (src/core/check) reads it; absent: found by its shape only, never labelled. */
  readonly check?: CheckRules;
  /**
   * Why a surface does not apply to this format, in a sentence people read (the editor shows it
   * on a disabled action; the conformance test prints the list). Every surface a format lacks
   * needs its reason here: test/unit/conformance.test.ts fails on a silent gap.
   */
  readonly notApplicable?: Partial<Record<Surface, string>>;
  /**
   * How random a valid decoded ID is: its random bits and among which IDs they must differ (one
   * millisecond's for a ULID, all for a UUID v4), for the card and `inspect --json` (entropy.ts
   * turns them into the count at which a collision reaches one in a million). Absent: not random.
   */
  entropy?(id: DecodedId): Entropy | undefined;
}

/**
 * What a format may offer, as the conformance matrix names it: `inspect` (a shape explicit text
 * is read by), `scan` (found in free text), `time` (its IDs hold a creation time), `generate`
 * (and with it regenerate), `convert` (another format or form of the same value), `bounds`,
 * and `check` (the fixture check's rules).
 */
export type Surface = 'inspect' | 'scan' | 'time' | 'generate' | 'convert' | 'bounds' | 'check';

/** What a regenerate is told besides the ID. */
export interface RegenerateContext {
  /** The configured snowflake layout (a setting, `--epoch`); undefined for `auto`. */
  snowflake?: SnowflakeLayout;
  /** Anchor for plausibility; default the current time. */
  now?: number;
}

/** How to replace one ID: what to generate, and how to write it like the one it replaces. */
export interface RegeneratePlan {
  /** The generator kind (`uuidv7` for a v7 UUID, `typeid`, `snowflake`). */
  kind: string;
  /** What the fresh ID keeps beyond its kind: a TypeID's `prefix`, a snowflake's layout (`epoch`). */
  options: GenerateOptions;
  /** Writes a fresh ID, as its generator returns it, the way the replaced one was written (case, braces, `urn:uuid:`, dashes). */
  spell(fresh: string): string;
}

/** Why an ID is left as it is (shown to the user beside the ID). */
export interface Refusal {
  refused: string;
}

/** What the fixture check knows about a format beyond its decoder. */
export interface CheckRules {
  /**
   * Key and column names that say their values are this format, each as its lower-case words:
   * `['ulid']` labels `order_ulid`, `orderUlid` and `ulids`; `['object', 'id']` labels
   * `object_id` and `objectId`. A label makes a value a claim (text under it that is not a valid
   * ID is reported), so a word that often names something else (`tid`, a thread id; `xid`,
   * PostgreSQL's transaction id) is no label. A one-word label is also an identity name: a key
   * or column called just `ulid` holds each row's own ID.
   */
  readonly labels?: readonly (readonly string[])[];
  /** A label may ask for a version of the format (`uuid_v7`, `uuidv4`), read from `Decoded.version`. */
  readonly versioned?: boolean;
  /**
   * Which spellings are one ID: `value`, the decoded bytes (any case, with or without dashes:
   * the default when the decoder gives bytes), or `text`, the exact text (a TypeID, whose
   * prefix is part of the ID but not of its bytes).
   */
  readonly identity?: 'value' | 'text';
  /**
   * Whether IDs of this reading are made in the order of their time, so a column of them that
   * steps back in time is worth a word: ULID, but for UUIDs only versions 6 and 7.
   */
  readonly timeOrdered?: boolean | ((id: DecodedId) => boolean);
  /** A labelled text that is not valid: the one correction it unmistakably means (ULID's I, L, O), if any. */
  correct?(text: string): string | undefined;
  /**
   * A value that is all of one ID, read from its bytes without the scanner: the check asks of
   * every value of a file whether it is an ID, and a column of ULIDs or UUIDs asks it millions of
   * times. It must answer as the scanner does or not at all (test/unit/wholeRead.test.ts compares
   * the two on every value it makes).
   */
  readonly whole?: WholeRead;
}

/** What `WholeRead.read` writes of an ID it reads. */
export interface WholeFacts {
  /** Its time, NaN when it has none. */
  unixMs: number;
  /** `DecodedId.version`, -1 when it has none. */
  version: number;
  /** `CheckRules.timeOrdered` of it. */
  ordered: boolean;
  /** Its identity (the words `identityKey` in check/rules.ts makes of its decoding). */
  readonly key: Uint32Array;
}

/** The fast reading of a whole value of one length (see `CheckRules.whole`). */
export interface WholeRead {
  readonly length: number;
  /**
   * Whether the ASCII bytes `b[at, at + length)`, scanned alone, are one ID of this format, as
   * the scanner finds it: then `out` holds its facts. False when they are not, or may not be
   * (an unusual spelling): the scanner is then asked, so `false` is always a right answer and
   * `true` only when the scanner's first match of the value is this one, from its start to its end.
   */
  read(b: Uint8Array, at: number, futureLimit: number, out: WholeFacts): boolean;
}

/** A failed decode as a value (the `error`/`errorCode` of `Decoded`). */
export interface DecodeFailure {
  code: IdErrorCode;
  message: string;
}

export type { FieldValue };
