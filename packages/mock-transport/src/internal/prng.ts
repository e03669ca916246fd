import { hash } from 'node:crypto';

/**
 * A small, fast generator (sfc32: 128-bit state, passes PractRand to large sizes). Seeded from four 32-bit
 * words of a SHA-256 digest, so every query gets an independent stream without a second hash.
 */
export class Sfc32 {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(a: number, b: number, c: number, d: number) {
    this.a = a >>> 0;
    this.b = b >>> 0;
    this.c = c >>> 0;
    this.d = d >>> 0 || 1;
    // Mix the seed before use, as recommended for sfc32.
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** Next unsigned 32-bit integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
}

// The last digest: agents usually search flights and trains for the same query back to back, and the two
// modes read different words of one digest, so the second search need not hash again.
let lastKey: string | undefined;
let lastDigest: Buffer | undefined;

/**
 * The 32-byte SHA-256 digest of the query key `${salt}|${date}|${from}|${to}`. Flights use words 0–3 of it,
 * trains words 4–7, so the two modes are independent streams of one hash.
 */
export function querySeed(key: string): Buffer {
  if (key === lastKey && lastDigest !== undefined) return lastDigest;
  // One-shot hashing avoids allocating a Hash object (about 2 µs per call on Node 20).
  const digest = hash('sha256', key, 'buffer');
  lastKey = key;
  lastDigest = digest;
  return digest;
}

/** A generator from four consecutive big-endian words of `digest`, starting at word `offset` (0 or 4). */
export function generatorFromDigest(digest: Buffer, offset: 0 | 4): Sfc32 {
  const base = offset * 4;
  return new Sfc32(
    digest.readUInt32BE(base),
    digest.readUInt32BE(base + 4),
    digest.readUInt32BE(base + 8),
    digest.readUInt32BE(base + 12),
  );
}
