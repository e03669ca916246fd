// A filter over the adjacent character pairs of normalizeText(text), built in one pass without building that
// text. Most tool POI names are absent from an answer; the filter proves it for most of them, so matchPoi rarely
// needs the normalised answer, which costs several times more to build than the filter.
import { CodeUnitBuffer } from '../code-units';
import { foldFullWidthCode, isCjk, isNormalizeRemoved } from '../text';

/** Table value: not looked up yet. */
const UNKNOWN = 0;
/** Table value: the unit is deleted by normalisation. */
const REMOVED = -1;
/** Table value: the unit's lower-casing is not one unit or depends on context; no filter then. */
const UNSAFE = -2;
/** Filter size: 2^16 bits (8 KiB), a load of about 15 % for a 12,000-character answer. */
const PAIR_BITS = 16;

/**
 * What normalisation turns each UTF-16 unit into, plus one (0 = not looked up yet), filled as units are met:
 * a text uses a few hundred distinct units, and looking up all 65,536 would cost more than many answers.
 */
const TABLE = new Int32Array(0x10000);

/** Full-width letters and digits folded, punctuation and spacing removed, then lower-cased (as normalizeText). */
function lookUp(c: number): number {
  let v: number;
  if (c >= 0xd800 && c <= 0xdfff) v = UNSAFE;
  // CJK ideographs are neither folded, removed nor cased.
  else if (isCjk(c)) v = c + 1;
  else {
    const folded = foldFullWidthCode(c);
    if (isNormalizeRemoved(folded)) v = REMOVED;
    else {
      const lower = String.fromCharCode(folded).toLowerCase();
      // Σ lower-cases to σ or ς depending on its neighbours; İ lower-cases to two units.
      v = lower.length !== 1 || folded === 0x3a3 ? UNSAFE : lower.charCodeAt(0) + 1;
    }
  }
  TABLE[c] = v;
  return v;
}

/** The code units of the text being read: a typed copy reads faster than `charCodeAt`. */
const UNITS = new CodeUnitBuffer(4096);

function pairBit(a: number, b: number): number {
  return Math.imul((a << 16) | b, 0x9e3779b1) >>> (32 - PAIR_BITS);
}

/** 32-bit words of a filter. */
export const PAIR_FILTER_WORDS = 1 << (PAIR_BITS - 5);

/**
 * The pair filter of `normalizeText(text)`, or `null` when the text holds a unit whose normalisation the table
 * cannot reproduce exactly (surrogates other than those of U+1F000–U+1FFFF, Σ, İ …); callers then use the
 * normalised text itself. The filter is written into `into` (cleared first; {@link PAIR_FILTER_WORDS} words),
 * else into a new array: an 8 KiB typed array is allocated outside the JavaScript heap, at a cost of several
 * microseconds, so callers that build one per answer reuse their storage.
 */
export function normalizedPairFilter(text: string, into?: Uint32Array): Uint32Array | null {
  const t = TABLE;
  const bits = into === undefined ? new Uint32Array(PAIR_FILTER_WORDS) : into.fill(0);
  const units = UNITS.load(text);
  const n = units.length;
  let prev = -1;
  for (let i = 0; i < n; i++) {
    const c = units[i]!;
    let m = t[c]!;
    // One test for the common case (a unit kept as one unit, ideographs included): fewer branches to predict.
    if (m <= 0) {
      if (m === UNKNOWN) m = lookUp(c);
      if (m === REMOVED) continue;
      if (m === UNSAFE) {
        // Emoji and other symbols of U+1F000–U+1FFFF (high surrogates D83C–D83F) have no case: kept as they
        // are. Past the end there is no low surrogate (charCodeAt would give NaN there).
        const d = i + 1 < n ? units[i + 1]! : -1;
        if (c < 0xd83c || c > 0xd83f || !(d >= 0xdc00 && d <= 0xdfff)) return null;
        if (prev >= 0) {
          const h = pairBit(prev, c);
          bits[h >>> 5]! |= 1 << (h & 31);
        }
        prev = c;
        m = d + 1;
        i++;
      }
    }
    m -= 1;
    if (prev >= 0) {
      const h = pairBit(prev, m);
      bits[h >>> 5]! |= 1 << (h & 31);
    }
    prev = m;
  }
  return bits;
}

/**
 * Whether `needle` (already normalised, at least two units) may occur in the text the filter was built from:
 * `false` is certain, `true` needs a real search.
 */
export function mayContainPairs(filter: Uint32Array, needle: string): boolean {
  let prev = needle.charCodeAt(0);
  for (let i = 1; i < needle.length; i++) {
    const c = needle.charCodeAt(i);
    const h = pairBit(prev, c);
    if ((filter[h >>> 5]! & (1 << (h & 31))) === 0) return false;
    prev = c;
  }
  return true;
}
