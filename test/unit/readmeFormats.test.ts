// README.md's format table is made from the registry (npm run readme:formats): this fails when
// a format was added, renamed or changed without the README following.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FORMATS } from '../../src/core/formats/registry';
import { BEGIN, END, formatTable } from '../../scripts/format-table';

describe('README format table', () => {
  const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');

  it('is the table the registry makes (run npm run readme:formats after changing a format)', () => {
    const a = readme.indexOf(BEGIN), b = readme.indexOf(END);
    assert.ok(a >= 0 && b > a, 'README.md has the generated section');
    assert.equal(readme.slice(a, b + END.length), formatTable());
  });

  it('has one row per format', () => {
    for (const f of FORMATS) assert.ok(formatTable().includes(`| ${f.label} \`${f.id}\` |`), f.id);
  });
});
