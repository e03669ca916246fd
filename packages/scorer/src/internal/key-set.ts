// A set of 64-bit keys (two 32-bit polynomial hashes of a run of units), for the rules that compare many short
// runs of text without building their substrings.

/**
 * Bases of the two polynomial hashes modulo 2^32 (odd): 64 bits in all, so a collision among the few thousand
 * keys of an episode is out of reach.
 */
export const HASH_BASE_1 = 0x01000193;
export const HASH_BASE_2 = 0x5bd1e995;

/** An open-addressing set of (h1, h2) pairs, at most half full, grown as needed and reused after `clear`. */
export class KeySet {
  private keys = new Int32Array(2048);
  private used = new Uint8Array(1024);
  private mask = 1023;
  private count = 0;

  /** Empties the set. */
  clear(): void {
    this.used.fill(0);
    this.count = 0;
  }

  private slotOf(h1: number, h2: number): number {
    return (Math.imul(h1 ^ (h2 >>> 7), 0x9e3779b1) >>> 0) & this.mask;
  }

  /** Whether the key (h1, h2) is in the set. */
  has(h1: number, h2: number): boolean {
    const { keys, used, mask } = this;
    for (let s = this.slotOf(h1, h2); used[s] === 1; s = (s + 1) & mask) {
      if (keys[2 * s] === h1 && keys[2 * s + 1] === h2) return true;
    }
    return false;
  }

  /** Adds the key (h1, h2). */
  add(h1: number, h2: number): void {
    if (this.has(h1, h2)) return;
    if (2 * (this.count + 1) > this.used.length) this.grow();
    this.place(h1, h2);
    this.count++;
  }

  /** Puts a key that is not in the set into its slot. */
  private place(h1: number, h2: number): void {
    const { keys, used, mask } = this;
    let s = this.slotOf(h1, h2);
    while (used[s] === 1) s = (s + 1) & mask;
    used[s] = 1;
    keys[2 * s] = h1;
    keys[2 * s + 1] = h2;
  }

  /** Doubles the table, keeping the keys. */
  private grow(): void {
    const oldKeys = this.keys;
    const oldUsed = this.used;
    const size = 2 * oldUsed.length;
    this.keys = new Int32Array(2 * size);
    this.used = new Uint8Array(size);
    this.mask = size - 1;
    for (let o = 0; o < oldUsed.length; o++) {
      if (oldUsed[o] === 1) this.place(oldKeys[2 * o]!, oldKeys[2 * o + 1]!);
    }
  }
}
