// Argument checks at the core's public entry points. Callers hand the core values from settings
// files, command arguments and other extensions, so a wrong type must become an IdError with a
// clear message (the contract: IdError only, never TypeError/RangeError), and an error message
// must never fail to build or quote a whole 100 MB input.
import { IdError } from './types';

/** At most this many characters of an input appear in a message. */
export const QUOTE_MAX = 60;

/** A value as message text: never throws, never longer than `max` characters. */
export function shown(value: unknown, max = QUOTE_MAX): string {
  let s: string;
  switch (typeof value) {
    case 'string': s = JSON.stringify(value.length > max ? value.slice(0, max) : value) + (value.length > max ? `… (${value.length} characters)` : ''); return s;
    case 'number': case 'boolean': case 'undefined': return String(value);
    case 'bigint': return `${value}n`;
    case 'function': return 'a function';
    case 'symbol': return 'a symbol';
    default:
      if (value === null) return 'null';
      if (Array.isArray(value)) return `an array of ${value.length}`;
      if (value instanceof Uint8Array) return `${value.length} bytes`;
      return 'an object';
  }
}

/** `value` must be a string. */
export function requireText(value: unknown, what: string): asserts value is string {
  if (typeof value !== 'string') throw new IdError('INVALID_ARGUMENT', `Expected ${what} as text; got ${shown(value)}.`);
}

/** `value` must be a number (finite or not: range checks come after and name the range). */
export function requireNumber(value: unknown, what: string): asserts value is number {
  if (typeof value !== 'number') throw new IdError('INVALID_ARGUMENT', `Expected ${what} as a number; got ${shown(value)}.`);
}

/** `value` must be bytes, of `length` when given. */
export function requireBytes(value: unknown, what: string, length?: number): asserts value is Uint8Array {
  if (!(value instanceof Uint8Array)) throw new IdError('INVALID_ARGUMENT', `Expected ${what} as bytes; got ${shown(value)}.`);
  if (length !== undefined && value.length !== length) {
    throw new IdError('INVALID_LENGTH', `Expected ${what} as ${length} bytes; got ${value.length}.`);
  }
}

/** An options argument: absent means none; anything but a plain object is refused. */
export function optionsOf<T extends object>(value: T | undefined | null, what: string): Partial<T> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new IdError('INVALID_ARGUMENT', `Expected ${what} as an object; got ${shown(value)}.`);
  return value;
}

/** An optional option: absent, or of the type `check` asserts. */
export function optional<T>(value: unknown, check: (v: unknown, what: string) => asserts v is T, what: string): T | undefined {
  if (value === undefined) return undefined;
  check(value, what);
  return value;
}
