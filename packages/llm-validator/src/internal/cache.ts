// The judge cache: any `{ get, set }` store (the tools' SQLite cache fits) or a bounded in-memory map.
import { z } from 'zod';
import { JudgeDimensionSchema, UsageSchema, sha256Hex } from '@navworld/core-types';
import { RUBRIC_VERSION } from './config';

/**
 * A key–value store for judge verdicts. Values are JSON strings; `get` may return the string, a parsed
 * object, or a promise of either, and `undefined`/`null` on a miss. Errors are treated as misses.
 */
export interface JudgeCache {
  /** Looks a key up. */
  get(key: string): unknown;
  /** Stores a value. */
  set(key: string, value: string): unknown;
}

/** One cached verdict of one model. */
export const CachedVerdictSchema = z.object({
  /** Model that produced it. */
  model: z.string(),
  /** Dimension scores. */
  dimensions: z.record(JudgeDimensionSchema, z.number().min(0).max(10)),
  /** Dimension reasons. */
  reasons: z.record(JudgeDimensionSchema, z.string()),
  /** Dimensions the model did not score. */
  missing: z.array(JudgeDimensionSchema),
  /** Tokens the original call cost. */
  usage: UsageSchema,
});
/** See {@link CachedVerdictSchema}. */
export type CachedVerdict = z.infer<typeof CachedVerdictSchema>;

/** Options of {@link createMemoryJudgeCache}. */
export interface MemoryJudgeCacheOptions {
  /** Oldest entries are dropped beyond this many (default 10 000). */
  maxEntries?: number;
}

/** An in-memory judge cache with insertion-order eviction. */
export function createMemoryJudgeCache(
  options: MemoryJudgeCacheOptions = {},
): JudgeCache & { size(): number } {
  const max = options.maxEntries ?? 10_000;
  const map = new Map<string, string>();
  return {
    get: (key) => map.get(key),
    set: (key, value) => {
      map.delete(key);
      map.set(key, value);
      while (map.size > max) {
        const oldest = map.keys().next().value;
        if (oldest === undefined) break;
        map.delete(oldest);
      }
    },
    size: () => map.size,
  };
}

/** Cache key of one model's verdict on one prompt: (prompt hash, rubric version, model). */
export function judgeCacheKey(promptHash: string, model: string): string {
  return `judge:${sha256Hex(`${promptHash}|${RUBRIC_VERSION}|${model}`)}`;
}

/** Reads a verdict; anything unreadable is a miss. */
export async function readCachedVerdict(
  cache: JudgeCache,
  key: string,
): Promise<CachedVerdict | undefined> {
  try {
    let value: unknown = await cache.get(key);
    if (typeof value === 'object' && value !== null && 'value' in value) value = value.value;
    if (typeof value === 'string') value = JSON.parse(value);
    const parsed = CachedVerdictSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Writes a verdict; a failing store only costs the next rescore its tokens. */
export async function writeCachedVerdict(
  cache: JudgeCache,
  key: string,
  verdict: CachedVerdict,
): Promise<void> {
  try {
    await cache.set(key, JSON.stringify(verdict));
  } catch {
    // A cache is an optimisation: never fail a verdict because it could not be stored.
  }
}
