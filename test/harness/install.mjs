// Installs the built extension into a throwaway extensions dir the way a VSIX install lays it
// out (<publisher>.<name>-<version>/ holding what .vscodeignore lets into the package), so
// `npm start` shows what users get, without a packaging step on every start.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './bundle.mjs';

// Mirrors the allowlist of .vscodeignore; optional entries may not exist yet.
const PACKAGED = ['package.json', 'package.nls.json', 'dist/extension.js', 'dist/web/extension.js',
  'dist/cli.js', 'README.md', 'CHANGELOG.md', 'LICENSE', 'media/icon.png', 'snippets'];
const REQUIRED = ['package.json', 'dist/extension.js', 'dist/web/extension.js'];

export function installExtension(extensionsDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  for (const file of REQUIRED) {
    if (!fs.existsSync(path.join(ROOT, file))) throw new Error(`${file} missing: run \`npm run build\` first`);
  }
  const target = path.join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
  for (const entry of PACKAGED) {
    const from = path.join(ROOT, entry);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(target, entry), { recursive: true });
  }
  return target;
}
