// A set of short strings that are added and looked up as ranges of longer texts, without slicing them.

/** Strings looked up by range: what the bare-list checks need of the tool facts. */
export interface RangeMembership {
  /** Whether `text[start, end)` is in the set. */
  hasRange(text: string, start: number, end: number): boolean;
  /** Whether `s` is in the set. */
  hasString(s: string): boolean;
  /** UTF-16 length of the longest string in the set (0 when empty). */
  readonly longest: number;
}

/** A {@link RangeMembership} over a `Set` of strings (each range is sliced and looked up). */
export function setMembership(set: ReadonlySet<string>): RangeMembership {
  let longest = 0;
  for (const s of set) if (s.length > longest) longest = s.length;
  return {
    hasRange: (text, start, end) => set.has(text.slice(start, end)),
    hasString: (s) => set.has(s),
    longest,
  };
}

// Strings are keyed by two polynomial hashes of their UTF-16 units modulo 2^32 (odd bases), 64 bits in all:
// a collision among the few hundred strings of an episode is out of reach.
const B1 = 0x01000193;
const B2 = 0x5bd1e995;

/**
 * The lower case of each UTF-16 unit plus one, when lower-casing it alone gives the unit that lower-casing a
 * whole string gives there (0: not looked up yet, −1: not so — surrogates, Σ, whose lower case depends on
 * the next letter, and units that lower-case to two, such as İ). Filled as units are met.
 */
const LOWER = new Int32Array(0x10000);

function lowerOf(c: number): number {
  let v = LOWER[c]!;
  if (v === 0) {
    if ((c >= 0xd800 && c <= 0xdfff) || c === 0x3a3) v = -1;
    else {
      const lower = String.fromCharCode(c).toLowerCase();
      v = lower.length === 1 ? lower.charCodeAt(0) + 1 : -1;
    }
    LOWER[c] = v;
  }
  return v;
}

/**
 * An open-addressing set of string keys, cleared and refilled for each episode (the scorer is synchronous,
 * so one instance serves every call). Ranges are hashed unit by unit, lower-cased on the way in when asked.
 */
export class PieceSet implements RangeMembership {
  private keys = new Int32Array(2048);
  private used = new Uint8Array(1024);
  private mask = 1023;
  private count = 0;
  private h1 = 0;
  private h2 = 0;
  longest = 0;

  /** Empties the set. */
  clear(): void {
    this.used.fill(0);
    this.count = 0;
    this.longest = 0;
  }

  /** Adds `s` as it is. */
  addString(s: string): void {
    this.hash(s, 0, s.length);
    this.insert(s.length);
  }

  /**
   * Adds `text[start, end)` lower-cased, as `text.slice(start, end).toLowerCase()` would give it; units
   * whose lower case depends on their neighbours send the piece through that very call.
   */
  addLowerRange(text: string, start: number, end: number): void {
    let h1 = 0;
    let h2 = 0;
    for (let i = start; i < end; i++) {
      const v = lowerOf(text.charCodeAt(i));
      if (v < 0) {
        this.addString(text.slice(start, end).toLowerCase());
        return;
      }
      h1 = (Math.imul(h1, B1) + v - 1) | 0;
      h2 = (Math.imul(h2, B2) + v - 1) | 0;
    }
    this.h1 = h1;
    this.h2 = h2;
    this.insert(end - start);
  }

  hasRange(text: string, start: number, end: number): boolean {
    if (end - start > this.longest) return false;
    this.hash(text, start, end);
    return this.find();
  }

  hasString(s: string): boolean {
    return this.hasRange(s, 0, s.length);
  }

  private hash(text: string, start: number, end: number): void {
    let h1 = 0;
    let h2 = 0;
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      h1 = (Math.imul(h1, B1) + c) | 0;
      h2 = (Math.imul(h2, B2) + c) | 0;
    }
    this.h1 = h1;
    this.h2 = h2;
  }

  private slotOf(): number {
    return (Math.imul(this.h1 ^ (this.h2 >>> 7), 0x9e3779b1) >>> 0) & this.mask;
  }

  /** Whether the last hashed key is in the set. */
  private find(): boolean {
    const { keys, used, mask, h1, h2 } = this;
    for (let s = this.slotOf(); used[s] === 1; s = (s + 1) & mask) {
      if (keys[2 * s] === h1 && keys[2 * s + 1] === h2) return true;
    }
    return false;
  }

  /** Inserts the last hashed key, of a string of `length` units. */
  private insert(length: number): void {
    if (this.find()) return;
    if (2 * (this.count + 1) > this.used.length) this.grow();
    const { keys, used, mask, h1, h2 } = this;
    let s = this.slotOf();
    while (used[s] === 1) s = (s + 1) & mask;
    used[s] = 1;
    keys[2 * s] = h1;
    keys[2 * s + 1] = h2;
    this.count++;
    if (length > this.longest) this.longest = length;
  }

  /** Doubles the table, keeping the keys. */
  private grow(): void {
    const oldKeys = this.keys;
    const oldUsed = this.used;
    const size = 2 * oldUsed.length;
    this.keys = new Int32Array(2 * size);
    this.used = new Uint8Array(size);
    this.mask = size - 1;
    const { h1, h2 } = this;
    for (let o = 0; o < oldUsed.length; o++) {
      if (oldUsed[o] !== 1) continue;
      this.h1 = oldKeys[2 * o]!;
      this.h2 = oldKeys[2 * o + 1]!;
      let s = this.slotOf();
      while (this.used[s] === 1) s = (s + 1) & this.mask;
      this.used[s] = 1;
      this.keys[2 * s] = this.h1;
      this.keys[2 * s + 1] = this.h2;
    }
    this.h1 = h1;
    this.h2 = h2;
  }
}
