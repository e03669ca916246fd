// Text statistics of the template detector, computed on UTF-16 code units: words are hashed in place and
// deduplicated in typed-array hash tables, and lines are measured without splitting or trimming copies.

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

/** Whether the code units [a, a + len) and [b, b + len) of `text` are equal. */
function sameUnits(text: string, a: number, b: number, len: number): boolean {
  for (let k = 0; k < len; k++) if (text.charCodeAt(a + k) !== text.charCodeAt(b + k)) return false;
  return true;
}

/**
 * Word ids of a text: runs of CJK, of Latin letters, of digits, equal words sharing an id (first-seen order).
 * Words are hashed over their code units and compared in place, so no substring is allocated.
 */
export function wordIds(text: string): Int32Array {
  const n = text.length;
  // Word boundaries first: the count sizes the tables.
  const starts: number[] = [];
  const ends: number[] = [];
  let i = 0;
  while (i < n) {
    const k = wordClass(text.charCodeAt(i));
    if (k === 0) {
      i++;
      continue;
    }
    starts.push(i);
    i++;
    while (i < n && wordClass(text.charCodeAt(i)) === k) i++;
    ends.push(i);
  }
  const count = starts.length;
  const ids = new Int32Array(count);
  const size = tableSize(count);
  const mask = size - 1;
  // Slot → 1 + index of the word that claimed it (0 = empty); the word's hash is kept for quick rejects.
  const slots = new Int32Array(size);
  const hashes = new Int32Array(size);
  const slotId = new Int32Array(size);
  let next = 0;
  for (let w = 0; w < count; w++) {
    const a = starts[w]!;
    const len = ends[w]! - a;
    let h = 0x811c9dc5;
    for (let j = a; j < a + len; j++) h = Math.imul(h ^ text.charCodeAt(j), 0x01000193);
    let s = (h ^ (h >>> 15)) & mask;
    for (;;) {
      const owner = slots[s]!;
      if (owner === 0) {
        slots[s] = w + 1;
        hashes[s] = h;
        slotId[s] = next;
        ids[w] = next++;
        break;
      }
      const o = owner - 1;
      if (
        hashes[s] === h &&
        ends[o]! - starts[o]! === len &&
        sameUnits(text, starts[o]!, a, len)
      ) {
        ids[w] = slotId[s]!;
        break;
      }
      s = (s + 1) & mask;
    }
  }
  return ids;
}

/** Share of distinct 4-grams among all 4-grams of a word-id sequence (1 with fewer than four words). */
export function uniqueFourGrams(ids: Int32Array): number {
  const n = ids.length - 3;
  if (n <= 0) return 1;
  const size = tableSize(n);
  const mask = size - 1;
  // Slot → 1 + position of the first 4-gram that claimed it (0 = empty); equal 4-grams compare id by id.
  const slots = new Int32Array(size);
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
  return distinct / n;
}

/** Whether a UTF-16 code unit is removed by `String.prototype.trim` (ECMAScript white space and line ends). */
function isTrimmed(c: number): boolean {
  if (c > 32 && c < 0xa0) return false;
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * Code-point lengths of the trimmed non-empty lines of a text (lines split on `\n`), in order: the same
 * numbers as `cpLength(line.trim())` over `text.split('\n')`, surrogate pairs counting once.
 */
export function trimmedLineLengths(text: string): number[] {
  const out: number[] = [];
  const n = text.length;
  let from = 0;
  while (from <= n) {
    let to = text.indexOf('\n', from);
    if (to < 0) to = n;
    let s = from;
    let e = to;
    while (s < e && isTrimmed(text.charCodeAt(s))) s++;
    while (e > s && isTrimmed(text.charCodeAt(e - 1))) e--;
    if (s < e) {
      let length = e - s;
      for (let i = s; i < e - 1; i++) {
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
