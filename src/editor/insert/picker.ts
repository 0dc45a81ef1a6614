import * as vscode from 'vscode';
import { NAMESPACES, generatorFor, generatorKinds, parseUuid } from '../../core';
import type { GenKind } from '../../core';
import { InsertFailure } from './result';
import { Cancelled, errorMessage } from '../shared/outcome';
import type { Settings } from '../shared/settings';

// Which kind to insert, asked the way a user thinks about it: a quick pick whose items show a
// sample and what the kind is for, most recently used first; plus the namespace/name prompt
// name-based UUIDs need.

const RECENT_KEY = 'idsmith.insert.recentKinds';
const KINDS = generatorKinds();
const MAX_RECENT = KINDS.length;

/** Every kind is offered; only these can be generated at a chosen time (the registry says which). */
export function holdsTime(kind: GenKind): boolean {
  return generatorFor(kind)?.hasTime === true;
}

/** The kind is made from a name the user gives (its generator requires the `name` option: UUID v3/v5). */
export function needsName(kind: GenKind): boolean {
  return generatorFor(kind)?.options.some((o) => o.name === 'name' && o.required) === true;
}

/** `uuid` from the palette follows `idsmith.uuid.version`; as an argument it is v4, as in the CLI. */
export function paletteKind(kind: GenKind, s: Settings): GenKind {
  return kind === 'uuid' ? (`uuidv${s.uuid.version}` as GenKind) : kind;
}

export function recentKinds(state: vscode.Memento): GenKind[] {
  const stored = state.get<unknown>(RECENT_KEY);
  return Array.isArray(stored) ? stored.filter((k): k is GenKind => KINDS.includes(k)) : [];
}

export async function rememberKind(state: vscode.Memento, kind: GenKind): Promise<void> {
  const list = [kind, ...recentKinds(state).filter((k) => k !== kind)].slice(0, MAX_RECENT);
  await state.update(RECENT_KEY, list);
}

interface KindItem extends vscode.QuickPickItem {
  genKind: GenKind;
}

/** Asks which kind to insert. `sample` renders an example of a kind, or undefined when the
 *  current settings can't produce one (the insert will then explain why). */
export async function pickKind(
  state: vscode.Memento,
  s: Settings,
  sample: (kind: GenKind) => string | undefined,
  options: { title: string; only?: (k: GenKind) => boolean; first?: { kind: GenKind; note: string } },
): Promise<GenKind> {
  const recent = recentKinds(state);
  const rest = [s.defaultKind, ...KINDS].filter((k) => !recent.includes(k));
  // The kind the file suggests (or the setting made for it) comes first, so Enter inserts it.
  const first = options.first;
  const order = [...new Set([...(first ? [first.kind] : []), ...recent, ...rest])].filter((k) => options.only?.(k) ?? true);
  const items: KindItem[] = order.map((kind) => {
    const about = kind === 'uuid' ? `UUID v${s.uuid.version} (setting idsmith.uuid.version)` : generatorFor(kind)?.detail ?? '';
    return {
      genKind: kind,
      label: kind,
      description: about,
      detail: sample(kind),
    };
  });
  if (first && items[0]?.genKind === first.kind) {
    items[0].description = `${first.note} · ${items[0].description}`;
  } else if (recent.length && items.length > 0 && recent.includes(items[0]!.genKind)) {
    items[0]!.description = `${items[0]!.description} · recently used`;
  }
  const picked = await vscode.window.showQuickPick(items, {
    title: options.title,
    placeHolder: 'Kind of ID to insert at every cursor',
    matchOnDescription: true,
  });
  if (!picked) throw new Cancelled();
  return picked.genKind;
}

const NAMESPACE_NAMES = ['dns', 'url', 'oid', 'x500'] as const;

/** Namespace for v3/v5 from an argument: a predefined name (`dns`, `url`, `oid`, `x500`) or a
 *  UUID in any accepted spelling. Returned as the canonical UUID text. */
export function namespaceFromArgument(value: unknown): string {
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if ((NAMESPACE_NAMES as readonly string[]).includes(lower)) return lower;
    try {
      parseUuid(value.trim());
      return value.trim();
    } catch {
      /* fall through to the message */
    }
  }
  throw new InsertFailure(
    'INVALID_ARGUMENT',
    `namespace is ${JSON.stringify(value)}; use dns, url, oid, x500 or a UUID such as 6ba7b810-9dad-11d1-80b4-00c04fd430c8.`,
  );
}

/** Asks for the namespace and the name of a name-based UUID. */
export async function promptNameBased(kind: 'uuidv3' | 'uuidv5'): Promise<{ namespace: string; name: string }> {
  const title = `Insert UUID ${kind.slice(4)} (${kind === 'uuidv3' ? 'MD5' : 'SHA-1'} of namespace + name)`;
  const items: (vscode.QuickPickItem & { value: string | undefined })[] = [
    ...NAMESPACE_NAMES.map((n) => ({ label: n.toUpperCase(), description: String(NAMESPACES[n] ?? ''), value: n })),
    { label: 'Custom UUID…', description: 'any UUID as the namespace', value: undefined },
  ];
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: 'Namespace' });
  if (!picked) throw new Cancelled();
  let namespace = picked.value;
  if (namespace === undefined) {
    namespace = await vscode.window.showInputBox({
      title,
      prompt: 'Namespace UUID',
      validateInput: (t) => {
        try {
          parseUuid(t.trim());
          return undefined;
        } catch (e) {
          return errorMessage(e);
        }
      },
    });
    if (namespace === undefined) throw new Cancelled();
    namespace = namespace.trim();
  }
  const name = await vscode.window.showInputBox({ title, prompt: `Name (hashed with the ${picked.label} namespace)` });
  if (name === undefined) throw new Cancelled();
  return { namespace, name };
}
