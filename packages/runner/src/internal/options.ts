import { z } from 'zod';
import { ERROR_CODES, NavworldError } from '@navworld/core-types';

/** Longest delay a Node timer keeps: past 2^31 − 1 ms it fires at once, with only a warning. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Bounds of a whole-number option; both default to a count of at least 1 with no upper bound. */
export interface WholeNumberRange {
  /** Smallest value accepted. @default 1 */
  min?: number;
  /** Largest value accepted (a delay that sets a timer: {@link MAX_TIMER_MS}). @default none */
  max?: number;
}

/**
 * Reads a whole-number option of a library call (a count such as `maxEpisodes`, a delay in milliseconds such
 * as `toolTimeoutMs`): `fallback` when it is left out, else the value, which must be a whole number in
 * `range`. Anything else (a fraction, NaN, Infinity, a number out of range, another type) throws
 * `INVALID_ARGUMENT` naming the option and what it takes.
 */
export function wholeNumberOption(
  value: unknown,
  name: string,
  fallback: number,
  range: WholeNumberRange = {},
): number {
  if (value === undefined) return fallback;
  const min = range.min ?? 1;
  let schema = z.number().int().min(min);
  if (range.max !== undefined) schema = schema.max(range.max);
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const wanted = range.max === undefined ? `of at least ${min}` : `from ${min} to ${range.max}`;
  throw new NavworldError(
    ERROR_CODES.INVALID_ARGUMENT,
    `${name} must be a whole number ${wanted}`,
    {
      hint: `pass a whole number such as ${fallback}, or leave it out for the default (${fallback})`,
      details: { [name]: typeof value === 'number' ? String(value) : typeof value },
    },
  );
}
