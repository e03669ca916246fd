// A set of short strings that are added and looked up as ranges of longer texts, without slicing them.
import { isCjk } from '@navworld/fact-extractor';
import { HASH_BASE_1, HASH_BASE_2, KeySet } from './key-set';

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

/**
 * The lower case of each UTF-16 unit plus one, when lower-casing it alone gives the unit that lower-casing a
 * whole string gives there (0: not looked up yet, −1: not so — surrogates, Σ, whose lower case depends on
 * the next letter, and units that lower-case to two, such as İ). Filled as units are met.
 */
const LOWER = new Int32Array(0x10000);

function lowerOf(c: number): number {
  // CJK ideographs have no case (and make up most of a Chinese text): no table read.
  if (isCjk(c)) return c + 1;
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

// The key {@link hashUnits} computed last (two results without allocating).
let hashed1 = 0;
let hashed2 = 0;

/** The key of the units `text[start, end)`, into `hashed1` / `hashed2`. */
function hashUnits(text: string, start: number, end: number): void {
  let h1 = 0;
  let h2 = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    h1 = (Math.imul(h1, HASH_BASE_1) + c) | 0;
    h2 = (Math.imul(h2, HASH_BASE_2) + c) | 0;
  }
  hashed1 = h1;
  hashed2 = h2;
}

/**
 * A set of strings as {@link KeySet} keys, cleared and refilled for each episode (the scorer is synchronous,
 * so one instance serves every call). Ranges are hashed unit by unit, lower-cased on the way in when asked.
 */
export class PieceSet implements RangeMembership {
  private readonly keys = new KeySet();
  longest = 0;

  /** Empties the set. */
  clear(): void {
    this.keys.clear();
    this.longest = 0;
  }

  /** Adds `s` as it is. */
  addString(s: string): void {
    hashUnits(s, 0, s.length);
    this.insert(hashed1, hashed2, s.length);
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
      h1 = (Math.imul(h1, HASH_BASE_1) + v - 1) | 0;
      h2 = (Math.imul(h2, HASH_BASE_2) + v - 1) | 0;
    }
    this.insert(h1, h2, end - start);
  }

  hasRange(text: string, start: number, end: number): boolean {
    if (end - start > this.longest) return false;
    hashUnits(text, start, end);
    return this.keys.has(hashed1, hashed2);
  }

  hasString(s: string): boolean {
    return this.hasRange(s, 0, s.length);
  }

  /** Adds the key of a string of `length` units. */
  private insert(h1: number, h2: number, length: number): void {
    this.keys.add(h1, h2);
    if (length > this.longest) this.longest = length;
  }
}
