// `node --import tsx scripts/manifest-from-registry.ts`: writes the parts of package.json's
// settings schema that list formats (the kinds `idsmith.defaultKind` accepts, the snowflake
// epoch examples, the NanoID length bounds) from the core's registry, so a new format reaches the settings UI without a
// hand edit. test/unit/manifest.test.ts fails when the two disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SNOWFLAKE_PRESETS, generatorFor, generatorKinds, layoutNames } from '../src/core';

const file = join(import.meta.dirname, '..', 'package.json');
const text = readFileSync(file, 'utf8');
const manifest = JSON.parse(text);
const props = manifest.contributes.configuration.properties;
props['idsmith.defaultKind'].enum = generatorKinds();
props['idsmith.snowflake.epoch'].examples = ['auto', ...layoutNames(), SNOWFLAKE_PRESETS.discord.epochMs];
// The generator's own option is the one range: the setting, the insert command and the CLI read it.
const size = generatorFor('nanoid')!.options.find((o) => o.name === 'size')!;
Object.assign(props['idsmith.nanoid.size'], { default: size.default, minimum: size.min, maximum: size.max });
const out = JSON.stringify(manifest, null, 2) + '\n';
if (out !== text) {
  writeFileSync(file, out);
  console.log('package.json: settings schema updated from the registry');
} else {
  console.log('package.json: settings schema already matches the registry');
}
