import { sha256Hex } from '@navworld/core-types';

/** A seeded uniform generator on [0, 1). */
export type Rng = () => number;

/**
 * A small fast PRNG (sfc32) seeded from the SHA-256 of a seed string, so that every statistic that
 * resamples is reproducible from its seed alone.
 */
export function createRng(seed: string): Rng {
  const hex = sha256Hex(seed);
  // The state is kept as signed 32-bit integers: the same bits as unsigned ones, but small integers to the
  // engine, where unsigned values past 2³¹ would be boxed on every step (twice as slow).
  let a = Number.parseInt(hex.slice(0, 8), 16) | 0;
  let b = Number.parseInt(hex.slice(8, 16), 16) | 0;
  let c = Number.parseInt(hex.slice(16, 24), 16) | 0;
  let d = Number.parseInt(hex.slice(24, 32), 16) | 0;
  const next: Rng = () => {
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Discard the first outputs: sfc32 mixes its state over a few rounds.
  for (let i = 0; i < 12; i += 1) next();
  return next;
}
