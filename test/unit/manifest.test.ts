// The manifest is the extension's public face (palette, settings UI, Marketplace page) and
// nothing compiles it: a typo in a title key or a missing `when` only shows up in a user's
// editor. These checks keep it tidy as commands and settings are added.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SNOWFLAKE_PRESETS, generatorFor, generatorKinds, layoutNames } from '../../src/core';
import { Commands } from '../../src/editor/shared/commands';

const root = join(import.meta.dirname, '..', '..');
const readJson = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

interface Contributed { command: string; title: string; category?: string }
interface MenuEntry { command: string; when?: string }

const manifest = readJson('package.json');
const nls: Record<string, string> = readJson('package.nls.json');
const contributes = manifest.contributes;
const commands: Contributed[] = contributes.commands;
const palette: MenuEntry[] = contributes.menus?.commandPalette ?? [];
const keybindings: MenuEntry[] = contributes.keybindings ?? [];
const settings: Record<string, Record<string, unknown>> = contributes.configuration.properties;

/** `%key%` -> `key`, or undefined when the text is not localised. */
const nlsKey = (text: unknown) => (typeof text === 'string' ? /^%([^%]+)%$/.exec(text)?.[1] : undefined);

describe('manifest (package.json)', () => {
  it('lists the registry\'s kinds and epoch presets in the settings schema (npm run manifest writes them)', () => {
    assert.deepEqual(settings['idsmith.defaultKind']!.enum, generatorKinds());
    assert.deepEqual(settings['idsmith.snowflake.epoch']!.examples, ['auto', ...layoutNames(), SNOWFLAKE_PRESETS.discord.epochMs]);
    const size = generatorFor('nanoid')!.options.find((o) => o.name === 'size')!;
    const nano = settings['idsmith.nanoid.size']!;
    assert.deepEqual([nano.default, nano.minimum, nano.maximum], [size.default, size.min, size.max]);
  });

  it('gives every contributed command the Idsmith category and a localised title', () => {
    assert.ok(commands.length > 0);
    for (const { command, title, category } of commands) {
      assert.equal(category, 'Idsmith', `${command}: category`);
      const key = nlsKey(title);
      assert.ok(key, `${command}: title ${title} is not a %key%`);
      assert.ok(nls[key]?.trim(), `${command}: ${key} missing from package.nls.json`);
    }
  });

  it('contributes only command ids that the code registers', () => {
    const known = new Set<string>(Object.values(Commands));
    for (const { command } of commands) assert.ok(known.has(command), `${command} is not in src/editor/shared/commands.ts`);
  });

  it('puts a when clause on every palette entry and keybinding, for contributed commands only', () => {
    const contributed = new Set(commands.map((c) => c.command));
    for (const entry of [...palette, ...keybindings]) {
      assert.ok(entry.when?.trim(), `${entry.command}: no when clause`);
      assert.ok(contributed.has(entry.command), `${entry.command}: not a contributed command`);
    }
    // A command without a palette entry would show in every editor state, read-only included.
    for (const { command } of commands) {
      assert.ok(palette.some((p) => p.command === command), `${command}: no commandPalette entry`);
    }
  });

  it('describes every setting through package.nls.json', () => {
    assert.ok(Object.keys(settings).length > 0);
    for (const [name, schema] of Object.entries(settings)) {
      assert.ok(name.startsWith('idsmith.'), `${name}: not under idsmith.`);
      const text = schema.markdownDescription ?? schema.description;
      const key = nlsKey(text);
      assert.ok(key, `${name}: description ${String(text)} is not a %key%`);
      assert.ok(nls[key]?.trim(), `${name}: ${key} missing from package.nls.json`);
    }
  });

  it('has no unused package.nls.json keys', () => {
    const raw = readFileSync(join(root, 'package.json'), 'utf8');
    for (const key of Object.keys(nls)) assert.ok(raw.includes(`"%${key}%"`), `${key} is never used`);
  });

  it('declares support for untrusted and virtual workspaces', () => {
    assert.equal(manifest.capabilities?.untrustedWorkspaces?.supported, 'limited');
    assert.ok(manifest.capabilities?.untrustedWorkspaces?.description);
    assert.equal(manifest.capabilities?.virtualWorkspaces, true);
  });

  // A workspace's settings must not make Idsmith write attacker-chosen text (insert.templates)
  // or misread IDs in an untrusted folder: every setting is restricted there unless it only
  // changes how Idsmith shows things. A new setting has to be put on one side or the other.
  it('restricts every setting that shapes written text or decoding in untrusted workspaces', () => {
    const restricted: string[] = manifest.capabilities?.untrustedWorkspaces?.restrictedConfigurations ?? [];
    const displayOnly = ['idsmith.hover.enabled', 'idsmith.hover.timeZone', 'idsmith.hover.dateFormat', 'idsmith.inlayHints.enabled', 'idsmith.check.include', 'idsmith.check.maxFileSize'];
    for (const name of Object.keys(settings)) {
      assert.ok(restricted.includes(name) !== displayOnly.includes(name), `${name}: restricted in untrusted workspaces, or display-only; not both, not neither`);
    }
    for (const name of ['idsmith.insert.templates', 'idsmith.insert.quote', 'idsmith.typeid.prefix', 'idsmith.snowflake.epoch']) {
      assert.ok(restricted.includes(name), name);
    }
    for (const name of restricted) assert.ok(name in settings, `${name} is not a setting`);
  });

  it('keeps activation events minimal', () => {
    const events: string[] = manifest.activationEvents ?? [];
    assert.ok(!events.includes('*'), 'activates on "*"');
    // Since VS Code 1.74 contributed commands activate the extension on their own.
    for (const event of events) assert.ok(!event.startsWith('onCommand:'), `${event} is implicit`);
    assert.ok(events.length <= 1, `too many activation events: ${events.join(', ')}`);
  });

  it('points main and browser at bundles in dist/, and runs on the UI side too', () => {
    assert.match(manifest.main, /^\.\/dist\/[\w/]+\.js$/);
    assert.match(manifest.browser, /^\.\/dist\/[\w/]+\.js$/);
    assert.notEqual(manifest.main, manifest.browser);
    assert.ok(manifest.extensionKind.includes('ui'));
  });

  it('has the Marketplace fields vsce and the gallery need', () => {
    for (const field of ['publisher', 'displayName', 'license', 'repository', 'icon', 'categories', 'keywords']) {
      assert.ok(manifest[field], `${field} missing`);
    }
    assert.equal(manifest.name, 'idsmith');
    assert.ok(nls[nlsKey(manifest.description) ?? '']?.trim(), 'description not localised');
    const icon = readFileSync(join(root, manifest.icon));
    assert.deepEqual([...icon.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'icon is not a PNG');
    assert.ok(existsSync(join(root, 'LICENSE')));
  });

  // The palette orders the commands that match what was typed by their label (recently used
  // first); so among equal matches the label decides what Enter runs. A newcomer types
  // "Insert ID" and must get Insert ID, not "Insert ID at Time…" (issue 21 item 6).
  it('runs Insert ID when a newcomer types "Insert ID" and presses Enter', () => {
    const label = (c: Contributed) => `${c.category}: ${nls[nlsKey(c.title) ?? ''] ?? c.title}`;
    const first = (typed: string) => {
      const words = typed.toLowerCase().split(/\s+/);
      const matching = commands.filter((c) => {
        const l = label(c).toLowerCase();
        return l.includes(words.join(' ')) || words.every((w) => l.split(/[\s:]+/).some((lw) => lw.startsWith(w)));
      });
      return matching.sort((a, b) => label(a).localeCompare(label(b)))[0]?.command;
    };
    for (const typed of ['Insert ID', 'insert id', 'Idsmith: Insert ID', 'Insert', 'idsmith insert']) {
      assert.equal(first(typed), 'idsmith.insert', `typing "${typed}" then Enter`);
    }
    assert.equal(first('Insert ID at'), 'idsmith.insertAtTime');
  });

  // Categories decide where VS Code lists Idsmith: "Formatters" put it among the choices of
  // Editor: Default Formatter (and VS Code's formatter settings in a search for "idsmith"),
  // though it registers no formatter (issue 21 item 11).
  it('uses Marketplace categories that describe what Idsmith contributes', () => {
    const known = ['AI', 'Azure', 'Chat', 'Data Science', 'Debuggers', 'Extension Packs', 'Education', 'Formatters', 'Keymaps',
      'Language Packs', 'Linters', 'Machine Learning', 'Notebooks', 'Programming Languages', 'SCM Providers', 'Snippets', 'Testing',
      'Themes', 'Visualization', 'Other'];
    const categories: string[] = manifest.categories;
    for (const c of categories) assert.ok(known.includes(c), `${c} is not a Marketplace category`);
    for (const c of ['Formatters', 'Debuggers', 'Programming Languages', 'Themes', 'Keymaps']) {
      assert.ok(!categories.includes(c), `${c}: Idsmith contributes no such thing`);
    }
    assert.equal(categories.includes('Snippets'), (contributes.snippets ?? []).length > 0, 'Snippets iff snippets are contributed');
  });

  it('does not type against a newer VS Code API than engines.vscode allows', () => {
    // vsce refuses to package when @types/vscode is newer than the engine range's minimum.
    const engine = /^\^?(\d+)\.(\d+)/.exec(manifest.engines.vscode);
    const types = /(\d+)\.(\d+)/.exec(manifest.devDependencies['@types/vscode']);
    assert.ok(engine && types);
    const [, eMaj, eMin] = engine.map(Number);
    const [, tMaj, tMin] = types.map(Number);
    assert.ok(tMaj! < eMaj! || (tMaj === eMaj && tMin! <= eMin!), '@types/vscode is ahead of engines.vscode');
  });
});
