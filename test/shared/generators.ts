import { readings, SNOWFLAKE_PRESETS, type DecodedId, type FormatModule, type GeneratorSpec } from '../../src/core';

// What the registry-driven tests (the conformance matrix in its three columns, the ascending
// table) need to make and read any format's IDs, from the format's own declarations.

/** Snowflakes are read with the layout the generators write by default. */
export const READ_OPTS = { snowflake: SNOWFLAKE_PRESETS.twitter };

/**
 * Options a generator cannot do without (a Sqids list of numbers), and a prefix for TypeIDs
 * (without one a TypeID is a lower-case ULID's text), from its own option specs.
 */
export function requiredOptions(g: GeneratorSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const o of g.options) {
    if (!o.required && o.name !== 'prefix') continue;
    out[o.name] = o.name === 'prefix' ? 'user' : o.default ?? (o.type === 'number' ? (o.min ?? 1) : o.parse ? o.parse('1,2,3', Date.now()) : 'matrix');
  }
  return out;
}

/** The valid reading of `id` as format `f` (formats read only when named are found under 'all'). */
export function readAs(f: FormatModule, id: string): DecodedId | undefined {
  return readings(id, READ_OPTS, 'all').find((d) => d.format === f && d.valid);
}
