// The generator's only source of randomness: seedrandom's Tyche-i, seeded with a string derived from the task
// id. Tyche-i seeds in well under a microsecond (the default ARC4 generator takes ~10 µs), which matters when
// problems are generated on every reset.

import seedrandom from 'seedrandom';

/** Seeded draws used by the generator (a class, so that a task allocates one object, not a set of closures). */
export class Rng {
  private readonly prng: () => number;

  /** A generator seeded with `seed`. */
  constructor(seed: string) {
    this.prng = seedrandom.tychei(seed);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.prng();
  }

  /** Uniform integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.prng() * (hi - lo + 1));
  }

  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.prng() * list.length)]!;
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.prng() < p;
  }

  /** Uniform float in [lo, hi). */
  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.prng();
  }
}

/** A generator seeded with `seed`. */
export function createRng(seed: string): Rng {
  return new Rng(seed);
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
