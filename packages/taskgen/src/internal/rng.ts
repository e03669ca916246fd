// The generator's only source of randomness: seedrandom's Tyche-i, seeded with a string derived from the task
// id. Tyche-i seeds in well under a microsecond (the default ARC4 generator takes ~10 µs), which matters when
// problems are generated on every reset.

import seedrandom from 'seedrandom';

/** Seeded draws used by the generator. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
  /** Uniform float in [lo, hi). */
  uniform(lo: number, hi: number): number;
}

/** A generator seeded with `seed`. */
export function createRng(seed: string): Rng {
  const prng = seedrandom.tychei(seed);
  const next = (): number => prng();
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p) => next() < p,
    uniform: (lo, hi) => lo + (hi - lo) * next(),
  };
}

/**
 * Draws `k` distinct elements of `list` in draw order (partial Fisher–Yates on a copy). `k` is clamped to the
 * list length.
 */
export function sample<T>(rng: Rng, list: readonly T[], k: number): T[] {
  const pool = list.slice();
  const n = Math.min(k, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(rng.next() * (pool.length - i));
    const tmp = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = tmp;
  }
  pool.length = n;
  return pool;
}
