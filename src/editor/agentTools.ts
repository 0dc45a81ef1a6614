import * as vscode from 'vscode';
import { convert, generate, generatorKinds, inspectDecoded, parseTimeInput, shownTime, unshownTimeNote, type Decoded, type GenKind } from '../core';
import { decodeContext } from './shared/decodeContext';
import { generateOptions } from './insert/options';
import { errorMessage } from './shared/outcome';
import { settings } from './shared/settings';

// Language-model tools, so agents in the editor ask Idsmith for IDs instead of inventing
// malformed ones: generate, inspect and convert, each on the same core as the commands. Input
// comes from a model: every field is checked, and a problem comes back as text the model can act
// on, never as an exception.
//
// `vscode.lm.registerTool` is API of VS Code 1.95+. Idsmith supports 1.90+, so the tools are
// registered only where the function exists, and typed here rather than by raising @types/vscode
// (which would raise the minimum VS Code for every other feature).

/** Most IDs one call returns: an agent needing more can call again; a chat does not need 10^6. */
export const MAX_IDS = 1000;

interface ToolOptions { input: unknown }
interface ToolApi {
  registerTool(name: string, tool: { invoke(options: ToolOptions, token: vscode.CancellationToken): unknown }): vscode.Disposable;
}
interface TextPartCtor { new(value: string): unknown }
interface ToolResultCtor { new(content: unknown[]): unknown }

class ToolInputError extends Error {}

function record(input: unknown): Record<string, unknown> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new ToolInputError('Input must be a JSON object.');
  return input as Record<string, unknown>;
}

function idList(o: Record<string, unknown>): string[] {
  const ids = o.ids;
  if (!Array.isArray(ids) || ids.length === 0) throw new ToolInputError('"ids" must be a non-empty array of strings.');
  if (ids.length > MAX_IDS) throw new ToolInputError(`"ids" has ${ids.length} entries; at most ${MAX_IDS} per call.`);
  ids.forEach((id, i) => {
    if (typeof id !== 'string') throw new ToolInputError(`"ids[${i}]" must be a string, got ${JSON.stringify(id)}.`);
  });
  return (ids as string[]).map((id) => id.trim());
}

export function generateTool(input: unknown): string {
  const o = record(input);
  if (typeof o.kind !== 'string' || !(generatorKinds() as readonly string[]).includes(o.kind.toLowerCase())) {
    throw new ToolInputError(`"kind" must be one of ${generatorKinds().join(', ')}; got ${JSON.stringify(o.kind)}.`);
  }
  const kind = o.kind.toLowerCase() as GenKind;
  if (kind === 'uuidv3' || kind === 'uuidv5') throw new ToolInputError(`${kind} is name-based (a namespace and a name, always the same result); this tool generates only kinds that need neither.`);
  const count = o.count ?? 1;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_IDS) {
    throw new ToolInputError(`"count" must be a whole number from 1 to ${MAX_IDS}; got ${JSON.stringify(o.count)}.`);
  }
  if (o.prefix !== undefined && (typeof o.prefix !== 'string' || kind !== 'typeid')) {
    throw new ToolInputError(kind === 'typeid' ? '"prefix" must be a string.' : '"prefix" applies only to kind "typeid".');
  }
  let timeMs: number | undefined;
  if (o.time !== undefined) {
    if (typeof o.time !== 'string' && typeof o.time !== 'number') throw new ToolInputError('"time" must be an ISO 8601 string or Unix milliseconds.');
    timeMs = parseTimeInput(String(o.time)).ms;
  }
  const options = { ...generateOptions(kind, settings(), o.prefix as string | undefined), count, ...(timeMs === undefined ? {} : { timeMs }) };
  return generate(kind, options).join('\n');
}

function describe(d: Decoded, now: number): string {
  if (d.kind === 'unknown') return `${d.input}: not an ID (${d.error ?? 'unknown format'})`;
  if (!d.valid) return `${d.input}: invalid ${d.kind} (${d.error ?? d.errorCode ?? 'invalid'})`;
  // RFC 9562 defines versions 1 to 8; another nibble under its variant is no version to name.
  const reserved = d.variant === 'rfc9562' && d.version !== undefined && (d.version < 1 || d.version > 8);
  const version = d.version === undefined ? '' : reserved ? ` (version ${d.version}: reserved)` : ` v${d.version}`;
  const parts = [`${d.input}: ${d.kind}${version}, valid`];
  // As the hover shows it: a UUID v2's to the minute (its low time bits hold a local id), or
  // none, with why, when no such ID was made then.
  const time = shownTime(d, now);
  const unshown = unshownTimeNote(d, now);
  if (time) parts.push(`time ${time.text}`);
  else if (unshown) parts.push(`no time: ${unshown}`);
  const fields = Object.entries(d.fields).filter(([k]) => !['time', 'unixMs', 'timePrecise'].includes(k));
  if (fields.length > 0) parts.push(`fields ${fields.map(([k, v]) => `${k}=${String(v)}`).join(', ')}`);
  if (!d.time && d.candidates?.length) {
    parts.push(`readings ${d.candidates.filter((c) => c.plausible).map((c) => `${c.epoch} ${c.time}`).join('; ') || 'none plausible'}`);
  }
  return parts.join('; ');
}

export function inspectTool(input: unknown): string {
  const ids = idList(record(input));
  const ctx = decodeContext(settings());
  const now = Date.now();
  return ids.map((id) => describe(inspectDecoded(id, ctx.epoch === undefined ? {} : { epoch: ctx.epoch }), now)).join('\n');
}

export function convertTool(input: unknown): string {
  const o = record(input);
  const ids = idList(o);
  if (typeof o.to !== 'string' || !o.to.trim()) throw new ToolInputError('"to" must name a target: ulid, uuid, hex, int, base64, base64url, typeid:PREFIX, uuidv6, uuidv1, uuid-upper, uuid-braces, uuid-urn or mysql-bin.');
  const to = o.to.trim();
  return ids.map((id) => {
    try {
      return `${id} -> ${convert(id, to)}`;
    } catch (e) {
      return `${id}: cannot convert to ${to}: ${errorMessage(e)}`;
    }
  }).join('\n');
}

export const TOOLS: Record<string, (input: unknown) => string> = {
  idsmith_generate: generateTool,
  idsmith_inspect: inspectTool,
  idsmith_convert: convertTool,
};

/** Runs a tool, turning every failure into a message for the model. */
export function runTool(name: string, input: unknown): string {
  try {
    return TOOLS[name]!(input);
  } catch (e) {
    return `Error: ${errorMessage(e)}`;
  }
}

export function register(context: vscode.ExtensionContext): void {
  const api = vscode as unknown as { lm?: Partial<ToolApi>; LanguageModelTextPart?: TextPartCtor; LanguageModelToolResult?: ToolResultCtor };
  const TextPart = api.LanguageModelTextPart, Result = api.LanguageModelToolResult;
  if (typeof api.lm?.registerTool !== 'function' || !TextPart || !Result) return; // VS Code < 1.95
  for (const name of Object.keys(TOOLS)) {
    context.subscriptions.push(api.lm.registerTool(name, {
      invoke: (options) => new Result([new TextPart(runTool(name, options.input))]),
    }));
  }
}
