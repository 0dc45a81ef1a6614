import { readQuietly } from './decoded';
import type { DecodedId, ScanContext, ScanHit } from './types';

/**
 * The hit for text that only counts as an ID right after a label naming its format (`"ksuid":`,
 * `order_ulid =`): a broken ID is reported with its reason, one without the label not at all.
 */
export function labelledHit(ctx: ScanContext, start: number, end: number, label: RegExp, read: (text: string) => DecodedId): ScanHit | undefined {
  if (!ctx.labelled(start, label)) return undefined;
  const text = ctx.text.slice(start, end);
  return { start, end, decoded: readQuietly(() => read(text)) };
}
