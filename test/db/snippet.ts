import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Expands a VS Code snippet body the way the editor does when the user accepts every default:
// `${1:default}` (defaults may nest), `$1`/`${1}` (linked to the first default of the same
// number, else empty), `${1|a,b|}` (first choice), `$0` (empty), and the escapes `\$`, `\}`,
// `\\` (plus `\,` `\|` inside a choice). `values` plays the user typing over a placeholder or
// picking another choice. Variables ($TM_FILENAME, …) are refused: Idsmith's snippets use none.

type Node = string | { index: number; children?: Node[]; choices?: string[] };

class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  parse(inPlaceholder = false): Node[] {
    const out: Node[] = [];
    let text = '';
    const flush = (): void => {
      if (text) out.push(text);
      text = '';
    };
    while (this.i < this.s.length) {
      const c = this.s[this.i]!;
      if (c === '\\' && '$}\\'.includes(this.s[this.i + 1] ?? '')) {
        text += this.s[this.i + 1];
        this.i += 2;
      } else if (c === '}' && inPlaceholder) {
        flush();
        return out;
      } else if (c === '$') {
        const node = this.dollar();
        if (typeof node === 'string') text += node;
        else {
          flush();
          out.push(node);
        }
      } else {
        text += c;
        this.i++;
      }
    }
    if (inPlaceholder) throw new Error(`unclosed placeholder in snippet body: ${JSON.stringify(this.s)}`);
    flush();
    return out;
  }

  private dollar(): Node {
    const s = this.s;
    const bare = /^\$(\d+)/.exec(s.slice(this.i));
    if (bare) {
      this.i += bare[0].length;
      return { index: Number(bare[1]) };
    }
    if (/^\$[_a-zA-Z]/.test(s.slice(this.i)) || /^\$\{[_a-zA-Z]/.test(s.slice(this.i))) {
      throw new Error(`snippet variables are not supported: ${s.slice(this.i, this.i + 20)}`);
    }
    const open = /^\$\{(\d+)([:|}])/.exec(s.slice(this.i));
    if (!open) {
      this.i++;
      return '$'; // a lone dollar is literal text
    }
    this.i += open[0].length;
    const index = Number(open[1]);
    if (open[2] === '}') return { index };
    if (open[2] === ':') {
      const children = this.parse(true);
      this.i++; // the `}` that ended the default
      return { index, children };
    }
    return { index, choices: this.choices() };
  }

  private choices(): string[] {
    const s = this.s;
    const out: string[] = [];
    let cur = '';
    while (this.i < s.length) {
      const c = s[this.i]!;
      if (c === '\\' && ',|\\$}'.includes(s[this.i + 1] ?? '')) {
        cur += s[this.i + 1];
        this.i += 2;
      } else if (c === ',') {
        out.push(cur);
        cur = '';
        this.i++;
      } else if (c === '|' && s[this.i + 1] === '}') {
        out.push(cur);
        this.i += 2;
        return out;
      } else {
        cur += c;
        this.i++;
      }
    }
    throw new Error(`unclosed choice in snippet body: ${JSON.stringify(s)}`);
  }
}

export function expandSnippet(body: string | readonly string[], values: Readonly<Record<number, string>> = {}): string {
  const text = typeof body === 'string' ? body : body.join('\n');
  const nodes = new Parser(text).parse();
  const defaults = new Map<number, string>();
  const render = (list: Node[]): string => list.map((n) => {
    if (typeof n === 'string') return n;
    if (n.index === 0) return '';
    const given = values[n.index];
    if (given !== undefined) return given;
    return defaults.get(n.index) ?? '';
  }).join('');
  // The first placeholder of a number that has a default sets it for every mirror, as in VS Code.
  const collect = (list: Node[]): void => {
    for (const n of list) {
      if (typeof n === 'string' || n.index === 0) continue;
      if (n.children) collect(n.children);
      if (defaults.has(n.index)) continue;
      if (n.children) defaults.set(n.index, render(n.children));
      else if (n.choices) defaults.set(n.index, n.choices[0] ?? '');
    }
  };
  collect(nodes);
  return render(nodes);
}

interface SnippetEntry {
  prefix: string;
  description: string;
  body: string[];
}

const SNIPPETS: Record<string, SnippetEntry> = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'snippets', 'sql.json'), 'utf8'),
);

/** The body of the snippet with this prefix, as `snippets/sql.json` ships it. */
export function snippetBody(prefix: string): string[] {
  const entry = Object.values(SNIPPETS).find((s) => s.prefix === prefix);
  if (!entry) throw new Error(`no snippet with prefix ${prefix} in snippets/sql.json`);
  return entry.body;
}

/** The SQL a user gets by inserting the snippet `prefix` and accepting the defaults, except `values`. */
export function snippetSql(prefix: string, values: Readonly<Record<number, string>> = {}): string {
  return expandSnippet(snippetBody(prefix), values);
}
