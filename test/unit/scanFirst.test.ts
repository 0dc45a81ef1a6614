// A scan rule's `first` (src/core/formats/types.ts) promises that its `find` refuses every run
// that starts with another char, and its `last` every run without a `_` that ends with another, so the scanner's loop, the CLI's WebAssembly walker and the
// checker's gate drop such runs without asking any rule. This holds every rule that makes the
// promise to it, straight through `find`, with nothing dropped first: each run the rule takes
// (offered as the scanner offers runs, under a context that believes every time, label and
// blob) starts (ends) with one of its chars, and the same run with its first (last) char changed
// to any other word char is refused.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { FORMATS, generate } from '../../src/core';
import { RUN_TABLES, keepsRun } from '../../src/core/scan';
import type { FormatModule, Run, ScanContext, ScanRule } from '../../src/core/formats/types';
import { requiredOptions } from '../shared/generators';

const NOW = Date.UTC(2026, 0, 15);
const FLAGS = RUN_TABLES.flags;
const UNDERSCORE = 64;
const WORD_CHARS = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).filter((c) => (FLAGS[c.charCodeAt(0)]! & 1) !== 0);

/** Believes every time, label and blob: `find` refuses only for what it reads itself. */
function believing(text: string): ScanContext {
  return {
    text, now: NOW, numbers: true, numbersNeedLayout: false, snowflake: undefined,
    plausibleMs: () => true, labelled: () => true, inBase64: () => false, snowflakeAt: () => undefined, timeKeyAt: () => true,
  } as unknown as ScanContext;
}

function runOf(text: string, start: number, end: number): Run {
  let or = 0, and = 0xff, lastUnderscore = -1;
  for (let i = start; i < end; i++) {
    const f = FLAGS[text.charCodeAt(i)]!;
    or |= f;
    and &= f;
    if (f & UNDERSCORE) lastUnderscore = i;
  }
  return { start, end, or, and, lastUnderscore };
}

interface Offer {
  run: Run;
  /** Where the char `first` speaks of stands. */
  at: number;
}

/** The runs of `text` the scanner hands `rule` (its length, the char after or before it, `_` tails). */
function offers(rule: ScanRule, text: string): Offer[] {
  const out: Offer[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9_]+/g)) {
    const start = m.index, end = start + m[0].length, run = runOf(text, start, end);
    const len = end - start, tail = run.lastUnderscore < 0 ? -1 : end - run.lastUnderscore - 1;
    if (rule.next !== undefined) {
      if (text[end] !== rule.next) continue;
      if (tail < 0 && rule.runLengths?.includes(len)) out.push({ run, at: start });
      if (tail >= 0 && rule.runLengths?.includes(tail)) out.push({ run: runOf(text, run.lastUnderscore + 1, end), at: run.lastUnderscore + 1 });
    } else if (rule.prev !== undefined) {
      if (start > 0 && text[start - 1] === rule.prev && rule.runLengths?.includes(len)) out.push({ run, at: start });
    } else {
      if (tail < 0 && rule.runLengths?.includes(len)) out.push({ run, at: start });
      if (tail >= 0 && rule.tailLengths?.includes(tail)) out.push({ run, at: start });
    }
  }
  return out;
}

const PROMISING: [FormatModule, ScanRule][] = FORMATS.flatMap((f) => (f.scan ?? []).filter((r) => r.first !== undefined).map((r) => [f, r] as [FormatModule, ScanRule]));

/** IDs of `f`: its generators' (when it has any) and known ones. */
function idsOf(f: FormatModule): string[] {
  const known: Record<string, string[]> = {
    hadoop: [
      'application_1410901177871_0001', 'appattempt_1410901177871_0001_000001', 'container_e17_1410901177871_0001_01_000005',
      'container_1410901177871_0001_01_000005', 'job_1410901177871_0001', 'task_1410901177871_0001_m_000005', 'attempt_1410901177871_0001_m_000005_0',
    ],
    traceparent: ['00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', '00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-00'],
    pushid: ['-JiEOUc-abcdefABC123', '-NxTQ8L9bYk2mQ1pZr7a'],
  };
  const made = f.generators.flatMap((g) => generate(g.kind, { ...requiredOptions(g), count: 20 }));
  return [...(known[f.id] ?? []), ...made];
}

const CONTEXTS = ['id=@ ', '"@"', ' @\n', 'key: @,', '/x/@/y', 'trace @ end'];

describe("scan rules' `first` chars", () => {
  it('are declared by some rules (else this test checks nothing)', () => {
    assert.ok(PROMISING.length >= 3, PROMISING.map(([f]) => f.id).join(', '));
  });

  for (const [f, rule] of PROMISING) {
    it(`${f.id}: find takes only runs starting with ${JSON.stringify(rule.first)}, and refuses any other first char`, () => {
      let taken = 0;
      for (const id of idsOf(f)) {
        for (const context of CONTEXTS) {
          const text = context.replace('@', id);
          for (const { run, at } of offers(rule, text)) {
            if (!rule.find(run, believing(text))) continue;
            taken++;
            assert.ok(rule.first!.includes(text[at]!), `${f.id} took ${JSON.stringify(text.slice(run.start, run.end))} in ${JSON.stringify(text)}, which starts with ${text[at]}`);
            for (const c of WORD_CHARS) {
              if (rule.first!.includes(c)) continue;
              const changed = text.slice(0, at) + c + text.slice(at + 1);
              const again = offers(rule, changed).find((o) => o.run.start === run.start && o.at === at);
              if (again === undefined) continue;
              assert.equal(rule.find(again.run, believing(changed)), undefined, `${f.id} took ${JSON.stringify(changed)} (first char ${c})`);
            }
          }
        }
      }
      assert.ok(taken >= 5, `${f.id}: only ${taken} runs taken; the examples do not reach the rule`);
    });
  }

  it('random word runs around the indexed lengths: none taken with another first char', () => {
    const word = fc.stringMatching(/^[0-9A-Za-z_-]{1,70}$/);
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), fc.constantFrom(' ', '-', '_', '/', '='), (parts, sep) => {
      const text = parts.join(sep);
      for (const [f, rule] of PROMISING) {
        for (const { run, at } of offers(rule, text)) {
          if (rule.find(run, believing(text)) && !rule.first!.includes(text[at]!)) return assert.fail(`${f.id} took ${JSON.stringify(text)}`);
        }
      }
      return true;
    }), { numRuns: 3000, seed: 23 });
  });
});

const LAST: [FormatModule, ScanRule][] = FORMATS.flatMap((f) => (f.scan ?? []).filter((r) => r.last !== undefined).map((r) => [f, r] as [FormatModule, ScanRule]));

describe("scan rules' `last` chars", () => {
  it('are declared by some rule (else this test checks nothing)', () => {
    assert.ok(LAST.length >= 1);
  });

  for (const [f, rule] of LAST) {
    it(`${f.id}: find takes only runs ending with ${JSON.stringify(rule.last)}, and refuses any other last char`, () => {
      let taken = 0, refused = 0;
      for (const id of idsOf(f)) {
        for (const context of CONTEXTS) {
          const text = context.replace('@', id);
          for (const { run } of offers(rule, text)) {
            if (run.lastUnderscore >= 0 || !rule.find(run, believing(text))) continue;
            taken++;
            const at = run.end - 1;
            assert.ok(rule.last!.includes(text[at]!), `${f.id} took ${JSON.stringify(text.slice(run.start, run.end))} in ${JSON.stringify(text)}, which ends with ${text[at]}`);
            for (const c of WORD_CHARS) {
              if (rule.last!.includes(c) || c === '_') continue;
              const changed = text.slice(0, at) + c + text.slice(at + 1);
              const again = offers(rule, changed).find((o) => o.run.start === run.start && o.run.end === run.end);
              if (again === undefined) continue;
              assert.equal(rule.find(again.run, believing(changed)), undefined, `${f.id} took ${JSON.stringify(changed)} (last char ${c})`);
              refused++;
            }
          }
        }
      }
      assert.ok(taken >= 5 && refused > 0, `${f.id}: ${taken} runs taken, ${refused} refused; the examples do not reach the rule`);
    });
  }

  it('random word runs around the indexed lengths: none without a `_` taken with another last char', () => {
    const word = fc.stringMatching(/^[0-9A-Za-z_-]{1,70}$/);
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), fc.constantFrom(' ', '-', '_', '/', '='), (parts, sep) => {
      const text = parts.join(sep);
      for (const [f, rule] of LAST) {
        for (const { run } of offers(rule, text)) {
          if (run.lastUnderscore < 0 && rule.find(run, believing(text)) && !rule.last!.includes(text[run.end - 1]!)) return assert.fail(`${f.id} took ${JSON.stringify(text)}`);
        }
      }
      return true;
    }), { numRuns: 3000, seed: 29 });
  });
});

/** Whether `candidate()` would offer the run [start, end) of `text` to `rule` and pass its `all`, `first` and `last` (a run without `_`). */
function offeredWhole(rule: ScanRule, text: string, start: number, end: number): boolean {
  const run = runOf(text, start, end);
  if (run.lastUnderscore >= 0) return false;
  const len = end - start;
  if (!rule.runLengths?.includes(len)) return false;
  if (rule.next !== undefined && text[end] !== rule.next) return false;
  if (rule.prev !== undefined && (start === 0 || text[start - 1] !== rule.prev)) return false;
  if (rule.all !== undefined && (run.and & rule.all) !== rule.all) return false;
  if (rule.first !== undefined && !rule.first.includes(text[start]!)) return false;
  return rule.last === undefined || rule.last.includes(text[end - 1]!);
}

describe('keepsRun, the scanner\'s drop test', () => {
  const rules = FORMATS.flatMap((f) => f.scan ?? []);
  const codesOf = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

  it('keeps every run without `_` that some rule would be offered (its length, the char after or before it, `all`, `first`, `last`)', () => {
    const word = fc.oneof(fc.stringMatching(/^[0-9A-Za-z]{1,40}$/), fc.stringMatching(/^[0-9a-f]{1,36}$/), fc.stringMatching(/^[0-9]{1,20}$/), fc.constantFrom('00', '01', '0', 'A', 'Zz9'));
    let kept = 0;
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), fc.constantFrom(' ', '-', '/', '=', ':', '.'), (parts, sep) => {
      const text = parts.join(sep);
      const codes = codesOf(text);
      for (const m of text.matchAll(/[A-Za-z0-9]+/g)) {
        const start = m.index, end = start + m[0].length, run = runOf(text, start, end);
        if (!rules.some((r) => offeredWhole(r, text, start, end))) continue;
        kept++;
        assert.ok(keepsRun(codes, start, end, run.or, run.and), `dropped ${JSON.stringify(m[0])} in ${JSON.stringify(text)}`);
      }
      return true;
    }), { numRuns: 3000, seed: 31 });
    assert.ok(kept > 1000, `only ${kept} runs were some rule's: the examples do not reach the rules`);
  });

  it('drops what no rule takes: an ISO date\'s `01-`, a word of a digits-only length, a run inside a value\'s bounds', () => {
    /** keepsRun of the run [start, end) of `text`, which it may read from `from` to `to`. */
    const kept = (text: string, start: number, end: number, from?: number, to?: number): boolean => {
      const r = runOf(text, start, end);
      return keepsRun(codesOf(text), start, end, r.or, r.and, from, to);
    };
    assert.equal(kept('2024-01-01T00:00:35.673Z', 5, 7), false);
    assert.equal(kept('user123456@example.com', 0, 10), false);
    assert.equal(kept('1700000000@', 0, 10), true);
    const tp = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    assert.equal(kept(tp, 0, 2), true);
    // The same `00` ends the bytes it may read: no `-` after it, so no traceparent.
    assert.equal(kept(tp, 0, 2, 0, 2), false);
  });
});
