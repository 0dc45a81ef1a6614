// No import circles in src/, value or type-only: a circle makes the order in which modules
// initialise matter (a format object read before it exists is `undefined` at run time), and a
// type-only one still ties two files together so neither can be read, moved or split alone.
// Every static `import`, `export … from` and `import()` of a file under src/ counts.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = resolve(__dirname, '../../src');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : p.endsWith('.ts') && !p.endsWith('.d.ts') ? [p] : [];
  });
}

/** The file a relative specifier names (`./x` → x.ts or x/index.ts); undefined for packages. */
function target(from: string, spec: string, known: Set<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  return [`${base}.ts`, join(base, 'index.ts')].find((p) => known.has(p));
}

/** The module specifiers of a file's imports and re-exports (type-only included), comments aside. */
export function specifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out: string[] = [];
  const patterns = [
    /(?:^|[;}\s])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g, // import … from, export … from
    /(?:^|[;\s])import\s*['"]([^'"]+)['"]/g, // import 'x' (side effects)
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, // import('x'), also in types
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) out.push(m[1]!);
  return out;
}

/** Every file's imports of other src/ files. */
export function importGraph(): Map<string, string[]> {
  const files = filesUnder(SRC);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const deps = specifiers(readFileSync(f, 'utf8')).map((s) => target(f, s, known)).filter((t): t is string => t !== undefined);
    graph.set(f, [...new Set(deps)]);
  }
  return graph;
}

/** The strongly connected components with more than one file (or a file importing itself). */
export function circles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative enough for a few hundred files.
  let index = 0;
  const idx = new Map<string, number>(), low = new Map<string, number>(), onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, idx.get(w)!));
      }
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(comp.map((p) => relative(SRC, p)).sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

describe('imports in src/', () => {
  it('form no circles, value or type-only', () => {
    const graph = importGraph();
    assert.ok(graph.size > 100, `read only ${graph.size} files`);
    const found = circles(graph);
    assert.deepEqual(found, [], `import circles:\n${found.map((c) => '  ' + c.join(' <-> ')).join('\n')}`);
  });

  it('reads every form of import (the check itself can fail)', () => {
    const src = `import a from './a';\nimport type { B } from "./b";\nimport {\n  c,\n  type C,\n} from './c';\nexport * from './d';\nexport { e } from './e';\nimport './f';\ntype G = import('./g').G;\n// import x from './comment';`;
    assert.deepEqual(specifiers(src).sort(), ['./a', './b', './c', './d', './e', './f', './g']);
  });

  it('finds a circle where there is one (the check itself can fail)', () => {
    const a = '/x/a.ts', b = '/x/b.ts', c = '/x/c.ts';
    assert.equal(circles(new Map([[a, [b]], [b, [c]], [c, [a]]])).length, 1);
    assert.equal(circles(new Map([[a, [b]], [b, [c]], [c, []]])).length, 0);
  });
});
