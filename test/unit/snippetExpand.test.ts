import * as assert from 'node:assert/strict';
import { expandSnippet, snippetBody, snippetSql } from '../db/snippet';

// The expander the database tests use to turn snippets/sql.json into the SQL a user gets.
describe('snippet expander (test/db/snippet.ts)', () => {
  it('takes defaults, mirrors, first choices and drops $0', () => {
    assert.equal(expandSnippet('a ${1:x} b $1 c ${1} $0'), 'a x b x c x ');
    assert.equal(expandSnippet('${2|InnoDB,MyISAM|};'), 'InnoDB;');
    assert.equal(expandSnippet('(id$2) VALUES (@id$3)'), '(id) VALUES (@id)');
  });

  it('takes the default from the first placeholder that has one, also when a bare mirror comes first', () => {
    assert.equal(expandSnippet('$1 ${1:x} ${1:y}'), 'x x x');
  });

  it('nests defaults', () => {
    assert.equal(expandSnippet('${1:a ${2:b} c} $2'), 'a b c b');
  });

  it('un-escapes \\$, \\} and \\\\, and keeps other backslashes and lone dollars', () => {
    assert.equal(expandSnippet('AS \\$\\$ x \\$\\$'), 'AS $$ x $$');
    assert.equal(expandSnippet('${1:a\\}b}'), 'a}b');
    assert.equal(expandSnippet('\\\\n \\n $ $$'), '\\n \\n $ $$');
    assert.equal(expandSnippet('${1|a\\,b,c\\|d|}'), 'a,b');
  });

  it('replaces a placeholder and its mirrors with what the user types or picks', () => {
    assert.equal(expandSnippet('${1:x}.${2|a,b|} $1', { 1: 'y', 2: 'b' }), 'y.b y');
  });

  it('joins body lines with newlines', () => {
    assert.equal(expandSnippet(['one ${1:a}', 'two $1', '$0']), 'one a\ntwo a\n');
  });

  it('refuses variables and unclosed placeholders', () => {
    assert.throws(() => expandSnippet('$TM_FILENAME'), /variables/);
    assert.throws(() => expandSnippet('${1:open'), /unclosed placeholder/);
    assert.throws(() => expandSnippet('${1|a,b'), /unclosed choice/);
  });

  it('reads the shipped snippets: Instagram next_id() with its defaults', () => {
    const sql = snippetSql('idsmith-instagram-next-id');
    assert.match(sql, /^CREATE SEQUENCE public\.table_id_seq;$/m);
    assert.match(sql, /CREATE OR REPLACE FUNCTION public\.next_id\(OUT result bigint\) AS \$\$$/m);
    assert.match(sql, /our_epoch bigint := 1314220021721;/);
    assert.match(sql, /shard_id {2}bigint := 5;/);
    assert.doesNotMatch(sql, /\$\{|\\\$/);
    assert.throws(() => snippetBody('idsmith-nope'), /no snippet/);
  });
});
