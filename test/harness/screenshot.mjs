// Saves README screenshots of Idsmith in the real workbench (the `npm start` setup, headless):
//   node test/harness/screenshot.mjs [--file fixtures/orders.json] [--id TEXT] [--out media]
//                                    [--shots workbench,hover,codeaction,insert,multicursor,completion,likefile,terminal,highlight,debug,
//                                     summary,duplicatemenu,duplicatefixed,bounds,bounds2,inspect,uuidv5] [--prefix before-] [--url URL]
// --url attaches to a workbench already running (e.g. `npm start`'s) instead of starting one.
// Needs `npm run build` first. It drives the UI like a person: the mouse rests on the ID for the
// hover, Ctrl+. opens the code-action menu, the Command Palette runs "Idsmith: Insert ID".
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser, workbenchUrl } from './browser.mjs';
import { ROOT } from './bundle.mjs';
import { startCodeServer } from './codeserver.mjs';
import { installExtension } from './install.mjs';
import { provision } from './provision.mjs';

const { values: opts } = parseArgs({ options: {
  file: { type: 'string', default: 'fixtures/orders.json' },
  id: { type: 'string', default: '0195941a-adb2-75b4-9b96-4f356f00ece9' },
  out: { type: 'string', default: 'media' },
  shots: { type: 'string', default: 'workbench,hover,codeaction,insert' },
  folder: { type: 'string', default: 'sample' },
  url: { type: 'string' },
  // Names the files `<prefix>screenshot-<shot>.png`, e.g. `before-` and `after-` of a fix.
  prefix: { type: 'string', default: '' },
} });
const log = (msg) => console.log(`[screenshot] ${msg}`);
const outDir = path.resolve(ROOT, opts.out);

/** Each shot leaves the workbench as it found it (Escape), so shots can run in any order. */
const SHOTS = {
  async workbench(page) {
    await page.mouse.move(5, 5);
    return page;
  },
  async hover(page) {
    const box = await idBox(page);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator('.monaco-hover:not(.hidden)').first().waitFor({ state: 'visible', timeout: 15_000 });
    await page.waitForTimeout(300); // the hover fades in
    return page;
  },
  async codeaction(page) {
    const box = await idBox(page);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.press('Control+Period');
    await page.locator('.action-widget').first().waitFor({ state: 'visible', timeout: 15_000 });
    return page;
  },
  async insert(page) {
    // As a newcomer does: type the words, press Enter. "Insert ID" must run Insert ID, not
    // "Insert ID at Time…" (the palette orders ties by label).
    await page.keyboard.press('F1');
    await page.keyboard.type('Idsmith: Insert ID');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Insert ID' }).first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(300);
    await page.keyboard.press('Enter');
    await page.mouse.move(5, 5); // no tooltip over the list
    // The quick pick of kinds replaces the palette's list; its title says which command runs.
    await page.locator('.quick-input-title', { hasText: /^Insert ID$/ }).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(300);
    return page;
  },
  /** Insert ID → UUID v5 → DNS → "www.example.com" at the end of line 1, in the middle of line 2
   *  and at the start of line 3 of the open file: the RFC's example,
   *  2ed6657d-e927-568b-95e1-2665a8aea6a2, hashed by Idsmith's own SHA-1, three times. */
  async uuidv5(page) {
    const uuid = '2ed6657d-e927-568b-95e1-2665a8aea6a2';
    for (const [line, keys] of [[1, ['End']], [2, ['End', ...Array(5).fill('ArrowLeft')]], [3, []]]) {
      await goToLine(page, line);
      for (const key of keys) await page.keyboard.press(key);
      await runCommand(page, 'Idsmith: Insert ID');
      await pickTyped(page, 'uuidv5', 'SHA-1 of namespace');
      await pickTyped(page, 'DNS', 'DNS');
      await page.locator('.quick-input-message, .quick-input-widget', { hasText: /Name/ }).first().waitFor({ timeout: 15_000 });
      await page.locator('.quick-input-widget input').fill('www.example.com');
      await page.keyboard.press('Enter');
      await page.locator('.monaco-editor .view-line', { hasText: uuid }).nth(line - 1).waitFor({ timeout: 15_000 });
    }
    await page.mouse.move(5, 5);
    return page;
  },
  /** Insert Time-Window Bounds (UUID v7, 2025-03-14 09:00–12:00 UTC) with the cursor at line 1,
   *  column 1 of the sample migration, which it opens. */
  async bounds(page) {
    await openFile(page, 'migrations/20250314_create_orders.sql');
    await goToLine(page, 1);
    await insertBounds(page);
    return page;
  },
  /** The same at the start of the sample migration's `CREATE TABLE sessions` line. */
  async bounds2(page) {
    await openFile(page, 'migrations/20250314_create_orders.sql');
    await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+F');
    await page.keyboard.type('CREATE TABLE sessions');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape'); // the match stays selected
    await page.keyboard.press('Home');
    await insertBounds(page);
    return page;
  },
  /** Idsmith: Inspect ID… on the ID under the cursor (the first occurrence of --id). */
  async inspect(page) {
    const box = await idBox(page);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await runCommand(page, 'Idsmith: Inspect ID');
    // The card opens beside the editor, rendered by the Markdown preview (a webview).
    await page.locator('.tab', { hasText: /Preview/ }).first().waitFor({ timeout: 15_000 }).catch(() => {});
    await page.waitForTimeout(2500);
    await page.mouse.move(5, 5);
    return page;
  },
  /** Idsmith: Summarize IDs on the open file (use with --file fixtures/events.csv). */
  async summary(page) {
    await runCommand(page, 'Idsmith: Summarize IDs');
    // The panel's content sits in nested iframes; the outer one is enough to know it is open.
    await page.locator('iframe.webview.ready').first().waitFor({ state: 'attached', timeout: 15_000 });
    const drawn = async () => {
      for (const frame of page.frames()) if (await frame.$('svg.histogram').catch(() => null)) return true;
      return false;
    };
    for (let i = 0; i < 60 && !(await drawn()); i++) await page.waitForTimeout(500);
    if (!(await drawn())) throw new Error('the summary panel never showed its histogram');
    await page.waitForTimeout(500);
    await page.mouse.move(5, 5);
    return page;
  },
  /** The light bulb on the second occurrence of --id, a duplicate (use with --file fixtures/events.csv). */
  async duplicatemenu(page) {
    await clickId(page, 1);
    await page.keyboard.press('Control+Period');
    await page.locator('.action-widget').first().waitFor({ state: 'visible', timeout: 15_000 });
    await page.waitForTimeout(300);
    return page;
  },
  /** "Regenerate this duplicate" picked from that light bulb, and the Problems panel after it. */
  async duplicatefixed(page) {
    await clickId(page, 1);
    await page.keyboard.press('Control+Period');
    await page.locator('.action-widget .monaco-list-row', { hasText: /^Regenerate this duplicate$/ }).first().click({ timeout: 15_000 });
    await page.waitForTimeout(1500); // the file is checked again after the edit
    await page.keyboard.press('Control+Shift+M');
    await page.locator('.markers-panel').first().waitFor({ state: 'visible', timeout: 15_000 });
    await page.waitForTimeout(800);
    return page;
  },
  /** A new untitled file, a cursor at the end of six lines, then Insert UUID v7 (Ctrl+Alt+U 7). */
  async multicursor(page) {
    await runCommand(page, 'File: New Untitled Text File');
    await page.locator('.monaco-editor.focused').first().waitFor({ timeout: 15_000 });
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank']) {
      await page.keyboard.type(`INSERT INTO users (name, id) VALUES ('${name}', '');`);
      await page.keyboard.press('Enter');
    }
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Shift+Alt+I'); // a cursor at the end of every selected line
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft'); // inside the quotes
    await page.keyboard.press('Control+Alt+U');
    await page.keyboard.press('7');
    await page.waitForTimeout(800);
    return page;
  },
  /** fixtures/users.json: a new user object, `"id": "` typed; the suggest widget offers a `user_`
   *  TypeID like the file's other ids, with its card beside it. */
  async completion(page) {
    await openFile(page, 'fixtures/users.json');
    await page.locator('.monaco-editor .view-line', { hasText: '"inviteCode": "zA2kyjMRTjKRJS47bcOq5"' }).first().click({ timeout: 15_000 });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End'); // after the last user's `}`
    await page.keyboard.type(',');
    await page.keyboard.press('Enter');
    await page.keyboard.type('{');
    await page.keyboard.press('Enter');
    await page.keyboard.type('"id": "'); // the editor closes the quote; the quote opens the suggestions
    const widget = page.locator('.editor-widget.suggest-widget.visible');
    await widget.waitFor({ state: 'visible', timeout: 15_000 });
    await widget.locator('.monaco-list-row', { hasText: 'New TypeID' }).first().waitFor({ timeout: 15_000 });
    // The details pane (the card) opens with Ctrl+Space while the list is open, if it is not open yet.
    if (!(await page.locator('.suggest-details-container .suggest-details').first().isVisible().catch(() => false))) {
      await page.keyboard.press('Control+Space');
    }
    await page.locator('.suggest-details-container .suggest-details').first().waitFor({ state: 'visible', timeout: 15_000 });
    await page.waitForTimeout(500);
    return page;
  },
  /** migrations/…sql: a new row of the orders INSERT, then Insert ID (Ctrl+Alt+U I): the picker
   *  offers the id column's kind first, "as in this file". */
  async likefile(page) {
    await openFile(page, 'migrations/20250314_create_orders.sql');
    const row = page.locator('.monaco-editor .view-line', { hasText: "'2025-03-14T10:05:42.900Z');" }).first();
    await row.click({ timeout: 15_000 });
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft'); // before the `;`
    await page.keyboard.type(",\n('");
    // The quote opens Idsmith's suggestions; close them, to show the command instead.
    const widget = page.locator('.editor-widget.suggest-widget.visible');
    await widget.waitFor({ state: 'visible', timeout: 15_000 });
    await page.keyboard.press('Escape');
    await widget.waitFor({ state: 'hidden', timeout: 15_000 });
    await page.keyboard.press('Control+Alt+U');
    await page.keyboard.press('I');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'as in this file' }).first().waitFor({ timeout: 15_000 });
    await page.mouse.move(5, 5);
    await page.waitForTimeout(300);
    return page;
  },
  /** `head` of the sample log in a terminal, the mouse on a ULID: the link's tooltip. */
  async terminal(page) {
    await runCommand(page, 'Terminal: Create New Terminal');
    await page.locator('.terminal-wrapper.active .xterm-rows').waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForTimeout(1500); // the shell's prompt
    await page.keyboard.type('head -4 logs/api.log | cut -c1-88');
    await page.keyboard.press('Enter');
    const id = '01JP9ZMPY0TZPRF7XHYC4P4SY4';
    const row = page.locator('.terminal-wrapper.active .xterm-rows > div', { hasText: `session=${id}` }).first();
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    const box = await row.boundingBox();
    const text = await row.textContent();
    const charWidth = box.width / text.length;
    await page.mouse.move(box.x + (text.indexOf(id) + 13) * charWidth, box.y + box.height / 2);
    await page.locator('.workbench-hover, .monaco-hover:not(.hidden)').first().waitFor({ state: 'visible', timeout: 15_000 });
    await page.waitForTimeout(300);
    return page;
  },
  /** Idsmith: Plan Object Keys… from src/seed.ts, the cursor on the blank line after SESSIONS:
   *  20,000 ULID writes/s of logs/{hash:2}/{id}.json.gz, listing 2025-03-14 09:00-10:00 UTC. */
  async keyplan(page) {
    await openFile(page, 'src/seed.ts');
    await goToLine(page, 14);
    await runCommand(page, 'Idsmith: Plan Object Keys');
    const input = page.locator('.quick-input-widget input');
    await input.fill('logs/{hash:2}/{id}.json.gz');
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: /^ULID$/ }) }).first().click({ timeout: 15_000 });
    await page.waitForTimeout(500);
    await input.fill('20000');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    await input.fill('2025-03-14T09:00:00Z');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    await input.fill('2025-03-14T09:59:59.999Z');
    await page.keyboard.press('Enter');
    await planFrame(page);
    await page.mouse.move(5, 5);
    return page;
  },
  /** After keyplan: its button, which writes the listing into src/seed.ts at the cursor. */
  async keyplaninsert(page) {
    const frame = await planFrame(page);
    await frame.click('#insert');
    await page.waitForTimeout(1500);
    await page.mouse.move(5, 5);
    return page;
  },
  /** The cursor on an order's UUID in src/checkout.js lights up its ULID spelling too. */
  async highlight(page) {
    await openFile(page, 'src/checkout.js');
    const token = page.locator('.monaco-editor .view-lines span span', { hasText: '0195941a-adb2-75b4-9b96-4f356f00ece9' }).first();
    await token.click({ timeout: 15_000 });
    await page.locator('.monaco-editor .wordHighlightText, .monaco-editor .wordHighlight').nth(1).waitFor({ timeout: 15_000 });
    await page.mouse.move(5, 5);
    await page.waitForTimeout(300);
    return page;
  },
  /** F5 on src/checkout.js (sample/.vscode/launch.json), stopped at `debugger;`; Inspect ID from
   *  the Variables view's context menu on `order`. Leaves the session running: take it last. */
  async debug(page) {
    await openFile(page, 'src/checkout.js');
    await page.keyboard.press('F5');
    await page.locator('.debug-toolbar').first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.keyboard.press('Control+Shift+D'); // Run and Debug view
    const variable = page.locator('.debug-view-content .monaco-list-row', { hasText: /^\s*order\s*[=:]/ }).first();
    await variable.waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForTimeout(1000); // inline values
    await variable.click({ button: 'right' });
    await page.locator('.context-view .action-label', { hasText: /Inspect ID/ }).first().click({ timeout: 15_000 });
    await page.locator('.tab', { hasText: /UUID/ }).first().waitFor({ timeout: 15_000 });
    await page.mouse.move(5, 5);
    await page.waitForTimeout(800);
    return page;
  },
};

/** The frame of the Plan Object Keys page, once its button is drawn. */
async function planFrame(page) {
  for (let i = 0; i < 60; i++) {
    for (const frame of page.frames()) if (await frame.$('#insert').catch(() => null)) return frame;
    await page.waitForTimeout(500);
  }
  throw new Error('the Plan Object Keys page never showed its button');
}

async function runCommand(page, title) {
  await page.keyboard.press('F1');
  await page.keyboard.type(title);
  await page.locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: title }) })
    .first().click({ timeout: 15_000 });
}

/** Ctrl+G to a 1-based line; the cursor lands at its column 1. */
async function goToLine(page, line) {
  await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+G');
  await page.keyboard.type(String(line));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Home');
  await page.keyboard.press('Home'); // Home goes to the first non-blank; twice to column 1 when indented
}

/** Types `typed` into the open quick pick, waits for a row showing `row`, and picks it with Enter. */
async function pickTyped(page, typed, row) {
  await page.locator('.quick-input-list .monaco-list-row').first().waitFor({ timeout: 15_000 });
  await page.locator('.quick-input-widget input').fill(typed);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: row }).first().waitFor({ timeout: 15_000 });
  await page.waitForTimeout(300);
  await page.keyboard.press('Enter');
}

async function insertBounds(page) {
  await runCommand(page, 'Idsmith: Insert Time-Window Bounds');
  const input = page.locator('.quick-input-widget input');
  // Typed by its id, as in the Insert ID picker and the CLI: the picker must find it.
  await pickTyped(page, 'uuidv7', 'UUID v7');
  await page.waitForFunction(() => !document.querySelector('.quick-input-list .monaco-list-row'), null, { timeout: 15_000 }).catch(() => {});
  await input.fill('2025-03-14T09:00:00Z');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(500);
  await input.fill('2025-03-14T12:00:00Z');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1000);
  await page.mouse.move(5, 5);
}

/** Screen box of the first occurrence of the ID in the visible editor. */
async function idBox(page) {
  const token = page.locator('.monaco-editor .view-lines span span', { hasText: opts.id }).first();
  await token.waitFor({ state: 'visible', timeout: 15_000 });
  const box = await token.boundingBox();
  const text = await token.textContent();
  // The token may hold quotes around the ID: aim at the ID's own characters.
  const start = text.indexOf(opts.id);
  const charWidth = box.width / text.length;
  return { x: box.x + start * charWidth, y: box.y, width: opts.id.length * charWidth, height: box.height };
}

/** Puts the cursor in the middle of the `nth` occurrence of --id in the visible editor. */
async function clickId(page, nth) {
  const tokens = page.locator('.monaco-editor .view-lines span span', { hasText: opts.id });
  await tokens.first().waitFor({ state: 'visible', timeout: 15_000 });
  if ((await tokens.count()) <= nth) {
    // The editor renders only the lines in view: go to the occurrence's line first.
    const text = fs.readFileSync(path.resolve(ROOT, opts.folder, opts.file), 'utf8');
    let at = -1;
    for (let i = 0; i <= nth; i++) at = text.indexOf(opts.id, at + 1);
    await page.keyboard.press('Control+G');
    await page.locator('.quick-input-widget input').waitFor({ state: 'visible' });
    await page.keyboard.type(String(text.slice(0, at).split('\n').length));
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
  }
  const visible = await tokens.count();
  nth = visible > nth ? nth : visible - 1;
  const token = tokens.nth(nth);
  await token.waitFor({ state: 'visible', timeout: 15_000 });
  const box = await token.boundingBox();
  const text = await token.textContent();
  const charWidth = box.width / text.length;
  await page.mouse.click(box.x + (text.indexOf(opts.id) + opts.id.length / 2) * charWidth, box.y + box.height / 2);
}

async function openFile(page, relative) {
  await page.keyboard.press('Control+P');
  await page.locator('.quick-input-widget input').waitFor({ state: 'visible' });
  await page.keyboard.type(relative);
  // File search runs on the server; Enter before it answers would do nothing.
  await page.locator('.quick-input-list .monaco-list-row', { hasText: path.basename(relative) }).first()
    .waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.press('Enter');
  await page.locator(`.tab[data-resource-name="${path.basename(relative)}"]`).waitFor({ timeout: 15_000 });
  await page.waitForTimeout(1000); // tokenisation and the first paint
}

async function main() {
  const shots = opts.shots.split(',').map((s) => s.trim());
  const unknown = shots.filter((s) => !SHOTS[s]);
  if (unknown.length) throw new Error(`unknown shot(s) ${unknown.join(', ')}; known: ${Object.keys(SHOTS).join(', ')}`);
  let server;
  let workspace;
  if (!opts.url) {
    const editor = await provision();
    // Named like the source folder, since the Explorer shows the name in every screenshot.
    workspace = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'idsmith-shots-')), path.basename(path.resolve(ROOT, opts.folder)));
    fs.cpSync(path.resolve(ROOT, opts.folder), workspace, { recursive: true });
    server = await startCodeServer(editor, {
      folder: workspace,
      extensions: (dir) => installExtension(dir),
      settings: { 'workbench.colorTheme': 'Default Dark Modern', 'editor.minimap.enabled': false,
        'editor.hover.delay': 200, 'idsmith.hover.timeZone': 'UTC', 'terminal.integrated.gpuAcceleration': 'off' },
    });
  }
  const browser = await launchBrowser();
  const stop = async () => {
    await browser.close().catch(() => {});
    await server?.stop();
    if (workspace) fs.rmSync(path.dirname(workspace), { recursive: true, force: true });
  };
  process.on('SIGINT', () => stop().finally(() => process.exit(130)));
  const page = await browser.newPage({ viewport: { width: 1200, height: 720 }, deviceScaleFactor: 1 });
  try {
    await page.goto(opts.url ?? workbenchUrl(server.port, workspace), { timeout: 120_000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 120_000 });
    await page.waitForTimeout(3000); // extensions activate after startup
    await openFile(page, opts.file);
    fs.mkdirSync(outDir, { recursive: true });
    for (const shot of shots) {
      await SHOTS[shot](page);
      const file = path.join(outDir, `${opts.prefix}screenshot-${shot}.png`);
      await page.screenshot({ path: file });
      log(`saved ${path.relative(ROOT, file)}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
    }
  } catch (e) {
    const file = path.join(os.tmpdir(), `idsmith-screenshot-failure-${process.pid}.png`);
    await page.screenshot({ path: file }).catch(() => {});
    throw new Error(`${e.message}\n(the workbench at that moment: ${file})`);
  } finally {
    await stop();
  }
}

main().catch((e) => {
  console.error(`[screenshot] ${e.message}`);
  process.exit(1);
});
