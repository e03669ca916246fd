// Text statistics of the template detector, computed on UTF-16 code units: words are hashed in place and
// deduplicated in typed-array hash tables, and lines are measured without splitting or trimming copies.
import { CodeUnitBuffer, hasSurrogates, isWhitespaceCode } from '@navworld/fact-extractor';

/** Character class of the template detector's words: 1 CJK, 2 Latin letter, 3 digit, 0 other. */
function wordClass(c: number): number {
  if (c >= 0x4e00 && c <= 0x9fff) return 1;
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return 2;
  if ((c >= 48 && c <= 57) || (c >= 0xff10 && c <= 0xff19)) return 3;
  return 0;
}

/** Smallest power of two ≥ 2 × `n` (load factor ≤ ½ for the open-addressing tables). */
function tableSize(n: number): number {
  let size = 16;
  while (size < 2 * n) size *= 2;
  return size;
}

/**
 * Scratch buffers shared by all calls (the functions are synchronous and nothing escapes them): allocating
 * and zeroing fresh typed arrays per answer cost as much as the hashing. A buffer grown past
 * {@link MAX_RETAINED} entries serves its call only, so one huge answer does not pin memory.
 */
const MAX_RETAINED = 1 << 18;
let wordScratch: Int32Array = new Int32Array(4 * 512);
let idScratch: Int32Array = new Int32Array(4096);
let gramScratch: Int32Array = new Int32Array(4096);

/** A zeroed buffer of at least `n` entries: `current` when large enough, else a fresh one. */
function zeroed(current: Int32Array, n: number): Int32Array {
  if (current.length < n) return new Int32Array(tableSize(n / 2));
  current.fill(0, 0, n);
  return current;
}

/** Whether the code units [a, a + len) and [b, b + len) of `units` are equal. */
function sameUnits(units: Uint16Array, a: number, b: number, len: number): boolean {
  for (let k = 0; k < len; k++) if (units[a + k] !== units[b + k]) return false;
  return true;
}

/** The code units of the text {@link wordStats} reads: a typed copy reads faster than `charCodeAt`. */
const WORD_UNITS = new CodeUnitBuffer(4096);

/** Word count and distinct 4-gram share of a text (see {@link wordStats}). */
export interface WordStats {
  /** Words: runs of CJK, of Latin letters, of digits. */
  words: number;
  /** Distinct 4-grams of words / all 4-grams (1 with fewer than four words). */
  uniqueFourGrams: number;
}

/** Slots of the word table: 4 entries each (start + 1, length, hash, id); start + 1 = 0 marks a free slot. */
const WORD_SLOT = 4;

/**
 * Words of a text and the share of distinct word 4-grams. Words are hashed over their code units as they
 * are scanned and deduplicated in an open-addressing table that compares candidates in place, so equal words
 * share an id without any substring being allocated; 4-grams of ids are deduplicated the same way.
 */
export function wordStats(text: string): WordStats {
  const units = WORD_UNITS.load(text);
  const n = units.length;
  const ids = idScratch.length >= n ? idScratch : new Int32Array(tableSize(n / 2));
  // Start at the size the last call grew to (answers of one run are alike), so the table is rarely rehashed;
  // at most the size `n` words could need. Ids follow first occurrence, so the size never changes a result.
  let size = Math.max(512, Math.min(wordScratch.length / WORD_SLOT, tableSize(n)));
  let mask = size - 1;
  let table = zeroed(wordScratch, size * WORD_SLOT);
  let words = 0;
  let vocabulary = 0;
  let i = 0;
  while (i < n) {
    const first = units[i]!;
    const k = wordClass(first);
    if (k === 0) {
      i++;
      continue;
    }
    const a = i;
    let h = Math.imul(0x811c9dc5 ^ first, 0x01000193);
    for (i++; i < n; i++) {
      const c = units[i]!;
      if (wordClass(c) !== k) break;
      h = Math.imul(h ^ c, 0x01000193);
    }
    const len = i - a;
    let slot = (h ^ (h >>> 15)) & mask;
    for (;;) {
      const o = slot * WORD_SLOT;
      const start = table[o]! - 1;
      if (start < 0) {
        table[o] = a + 1;
        table[o + 1] = len;
        table[o + 2] = h;
        table[o + 3] = vocabulary;
        ids[words++] = vocabulary++;
        break;
      }
      if (table[o + 2] === h && table[o + 1] === len && sameUnits(units, start, a, len)) {
        ids[words++] = table[o + 3]!;
        break;
      }
      slot = (slot + 1) & mask;
    }
    if (2 * vocabulary > size) {
      // Half full: rehash into a table twice the size.
      const old = table;
      size *= 2;
      mask = size - 1;
      table = new Int32Array(size * WORD_SLOT);
      for (let o = 0; o < old.length && o < (size / 2) * WORD_SLOT; o += WORD_SLOT) {
        if (old[o] === 0) continue;
        const oh = old[o + 2]!;
        let s2 = (oh ^ (oh >>> 15)) & mask;
        while (table[s2 * WORD_SLOT] !== 0) s2 = (s2 + 1) & mask;
        table.set(old.subarray(o, o + WORD_SLOT), s2 * WORD_SLOT);
      }
    }
  }
  if (table.length <= MAX_RETAINED) wordScratch = table;
  if (ids.length <= MAX_RETAINED) idScratch = ids;
  return { words, uniqueFourGrams: uniqueFourGrams(ids, words) };
}

/** Share of distinct 4-grams among the 4-grams of the first `count` word ids. */
function uniqueFourGrams(ids: Int32Array, count: number): number {
  const n = count - 3;
  if (n <= 0) return 1;
  const size = tableSize(n);
  const mask = size - 1;
  // Slot → 1 + position of the first 4-gram that claimed it (0 = free); candidates compare id by id.
  const slots = zeroed(gramScratch, size);
  let distinct = 0;
  for (let i = 0; i < n; i++) {
    const a = ids[i]!;
    const b = ids[i + 1]!;
    const c = ids[i + 2]!;
    const d = ids[i + 3]!;
    let h = Math.imul(a, 0x9e3779b1);
    h = Math.imul(h ^ b, 0x85ebca6b);
    h = Math.imul(h ^ c, 0xc2b2ae35);
    h = Math.imul(h ^ d, 0x27d4eb2f);
    let s = (h ^ (h >>> 16)) & mask;
    for (;;) {
      const owner = slots[s]!;
      if (owner === 0) {
        slots[s] = i + 1;
        distinct++;
        break;
      }
      const o = owner - 1;
      if (ids[o] === a && ids[o + 1] === b && ids[o + 2] === c && ids[o + 3] === d) break;
      s = (s + 1) & mask;
    }
  }
  if (slots.length <= MAX_RETAINED) gramScratch = slots;
  return distinct / n;
}

/**
 * Code-point lengths of the trimmed non-empty lines of a text (lines split on `\n`), in order: the same
 * numbers as `cpLength(line.trim())` over `text.split('\n')`, surrogate pairs counting once. `surrogates`
 * says whether the text holds any, when the caller knows.
 */
export function trimmedLineLengths(text: string, surrogates = hasSurrogates(text)): number[] {
  const out: number[] = [];
  const n = text.length;
  // Without surrogates every code unit is a code point, so lengths need no per-character pass.
  let from = 0;
  while (from <= n) {
    let to = text.indexOf('\n', from);
    if (to < 0) to = n;
    let s = from;
    let e = to;
    while (s < e && isWhitespaceCode(text.charCodeAt(s))) s++;
    while (e > s && isWhitespaceCode(text.charCodeAt(e - 1))) e--;
    if (s < e) {
      let length = e - s;
      for (let i = s; surrogates && i < e - 1; i++) {
        const c = text.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff) {
          const d = text.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) {
            length--;
            i++;
          }
        }
      }
      out.push(length);
    }
    from = to + 1;
  }
  return out;
}
