import type { Sfc32 } from './prng';

/** Cumulative weights for a weighted draw, built once per table. */
export function cumulativeWeights(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    sum += weights[i]!;
    out[i] = sum;
  }
  return out;
}

/** Index drawn with probability proportional to its weight. */
export function weightedIndex(rng: Sfc32, cumulative: Float64Array): number {
  const x = rng.next() * cumulative[cumulative.length - 1]!;
  for (let i = 0; i < cumulative.length; i++) if (x < cumulative[i]!) return i;
  return cumulative.length - 1;
}

/** One element of a non-empty list. */
export function pickOne<T>(rng: Sfc32, list: readonly T[]): T {
  return list[list.length === 1 ? 0 : Math.floor(rng.next() * list.length)]!;
}

/**
 * `count` distinct slot indices from `[0, slots)`, by rejection (count is at most 15, slots ≥ 18, so a few
 * redraws at most).
 */
export function distinctSlots(rng: Sfc32, slots: number, count: number, out: number[]): void {
  const n = Math.min(count, slots);
  while (out.length < n) {
    const s = Math.floor(rng.next() * slots);
    if (!out.includes(s)) out.push(s);
  }
}

/**
 * A number in `range` whose `(family, number)` pair is not in `used` yet (a few redraws, then the next free
 * number); the pair is recorded in `used`. Families keep e.g. CA1234 and MU1234 apart.
 */
export function uniqueNumber(
  range: readonly [number, number],
  family: number,
  used: number[],
  rng: Sfc32,
): number {
  const [lo, hi] = range;
  const base = family * 100_000;
  let num = rng.int(lo, hi);
  for (let tries = 0; tries < 8 && used.includes(base + num); tries++) num = rng.int(lo, hi);
  while (used.includes(base + num)) num = num >= hi ? lo : num + 1;
  used.push(base + num);
  return num;
}
