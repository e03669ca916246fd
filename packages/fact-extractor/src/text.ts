// Text helpers shared by every extractor: code-point lengths, normalisation, ASCII folding.

/**
 * Number of Unicode code points in `s` (an emoji or a rare CJK character counts once, unlike `s.length`).
 *
 * @example codePointLength('西湖🌸') // 3
 */
export function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // A high surrogate followed by a low one is a single code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/**
 * Whether `s` contains a UTF-16 surrogate (a pair or a lone one): without one, UTF-16 and code-point indices
 * coincide and each unit is one character.
 */
export function hasSurrogates(s: string): boolean {
  return /[\ud800-\udfff]/.test(s);
}

// Punctuation and spacing removed by normalizeText: whitespace, U+3000, middle dot, dashes, underscore,
// ASCII and full-width commas, full stops, exclamation and question marks, semicolons, colons, parentheses,
// lenticular brackets, square and curly brackets, ASCII quotes. This regex is the definition; the scan in
// normalizeText tests the same set by code (a test compares the two on every BMP code point).
export const NORMALIZE_REMOVE =
  /[\s\u3000\u00b7\-\u2014\u2013_,\uff0c\u3002.!\uff01?\uff1f;\uff1b:\uff1a()\uff08\uff09\u3010\u3011[\]{}"']+/g;

/**
 * Whether a UTF-16 code unit is ECMAScript white space or a line terminator: what `\s` matches and
 * `String.prototype.trim` removes. For character scans that must agree with those without a regex.
 */
export function isWhitespaceCode(c: number): boolean {
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

/** Whether normalizeText removes this UTF-16 unit (the class of {@link NORMALIZE_REMOVE}). */
export function isNormalizeRemoved(c: number): boolean {
  if (isWhitespaceCode(c)) return true;
  if (c < 0x80) {
    return (
      c === 45 ||
      c === 95 ||
      c === 44 ||
      c === 46 ||
      c === 33 ||
      c === 63 ||
      c === 59 ||
      c === 58 ||
      c === 40 ||
      c === 41 ||
      c === 91 ||
      c === 93 ||
      c === 123 ||
      c === 125 ||
      c === 34 ||
      c === 39
    );
  }
  return (
    c === 0xb7 ||
    c === 0x2014 ||
    c === 0x2013 ||
    c === 0xff0c ||
    c === 0x3002 ||
    c === 0xff01 ||
    c === 0xff1f ||
    c === 0xff1b ||
    c === 0xff1a ||
    c === 0xff08 ||
    c === 0xff09 ||
    c === 0x3010 ||
    c === 0x3011
  );
}

/**
 * Folds full-width ASCII (ＡＢＣ１２３) to ASCII. Code-point positions are unchanged, so offsets computed on the
 * folded text hold for the original.
 */
export function foldFullWidth(s: string): string {
  // Full-width punctuation (：，（）) is common in Chinese text and is not folded: test for what is.
  if (!FULL_WIDTH_ALNUM_TEST.test(s)) return s;
  return s.replace(FULL_WIDTH_ALNUM, (ch) =>
    String.fromCharCode(foldFullWidthCode(ch.charCodeAt(0))),
  );
}

/**
 * {@link foldFullWidth} for one UTF-16 unit: full-width letters and digits (the class of `FULL_WIDTH_ALNUM`)
 * map to ASCII, every other unit to itself.
 */
export function foldFullWidthCode(c: number): number {
  return (c >= 0xff10 && c <= 0xff19) ||
    (c >= 0xff21 && c <= 0xff3a) ||
    (c >= 0xff41 && c <= 0xff5a)
    ? c - 0xfee0
    : c;
}

const FULL_WIDTH_ALNUM_TEST = /[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]/;
const FULL_WIDTH_ALNUM = /[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]/g;

/**
 * Normalises text for fuzzy comparison: folds full-width letters and digits, deletes whitespace and common
 * punctuation (`·`, dashes, commas, stops, colons, brackets, ASCII quotes), and lower-cases.
 *
 * @example normalizeText('故宫 博物院（午门）') // '故宫博物院午门'
 */
export function normalizeText(s: string): string {
  const folded = foldFullWidth(s);
  // One scan keeping the runs between removed characters: several times faster than the regex replace on
  // answer-sized texts, and allocation-free when nothing is removed.
  let out = '';
  let from = 0;
  for (let i = 0; i < folded.length; i++) {
    if (!isNormalizeRemoved(folded.charCodeAt(i))) continue;
    if (i > from) out += folded.slice(from, i);
    from = i + 1;
  }
  if (from === 0) return folded.toLowerCase();
  if (from < folded.length) out += folded.slice(from);
  return out.toLowerCase();
}

/** Lower-cases ASCII letters only, keeping every index stable (full Unicode lower-casing can change lengths). */
export function asciiLower(s: string): string {
  return /[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s;
}

/**
 * Maps UTF-16 offsets of `text` to code-point offsets. Built lazily and only when the text has surrogate pairs.
 */
export function createCodePointIndex(text: string): (utf16Index: number) => number {
  if (!hasSurrogates(text)) return (i) => i;
  const map = new Uint32Array(text.length + 1);
  let cp = 0;
  for (let i = 0; i < text.length; i++) {
    map[i] = cp;
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        map[i + 1] = cp;
        i++;
      }
    }
    cp++;
  }
  map[text.length] = cp;
  return (i) => map[Math.max(0, Math.min(i, text.length))] ?? cp;
}

/** UTF-16 index `n` code points before `index` (clamped at 0). */
export function backCodePoints(text: string, index: number, n: number): number {
  let i = index;
  for (let k = 0; k < n && i > 0; k++) {
    i--;
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && i > 0) {
      const h = text.charCodeAt(i - 1);
      if (h >= 0xd800 && h <= 0xdbff) i--;
    }
  }
  return i;
}

/** UTF-16 index `n` code points after `index` (clamped at the end). */
export function forwardCodePoints(text: string, index: number, n: number): number {
  let i = index;
  for (let k = 0; k < n && i < text.length; k++) {
    const c = text.charCodeAt(i);
    i++;
    if (c >= 0xd800 && c <= 0xdbff && i < text.length) {
      const d = text.charCodeAt(i);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return i;
}

/** Whether the UTF-16 unit is a CJK unified ideograph (basic block or extension A). */
export function isCjk(code: number): boolean {
  return (code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf);
}

/**
 * What {@link normalizeText} makes of one BMP unit outside the surrogates: -1 when it removes it, -2 when the
 * unit alone cannot tell (its lower case depends on its neighbours or is longer than one unit).
 */
function normalizedUnit(c: number): number {
  if (isNormalizeRemoved(c)) return -1;
  const f = foldFullWidthCode(c);
  if (f < 0x80) return f >= 65 && f <= 90 ? f + 32 : f;
  if (isCjk(f) || (f >= 0x3000 && f <= 0x303f) || (f >= 0xff00 && f <= 0xffef)) return f;
  // Σ lower-cases to ς or σ by position; İ to two units.
  if (f === 0x3a3) return -2;
  const lower = String.fromCharCode(f).toLowerCase();
  return lower.length === 1 ? lower.charCodeAt(0) : -2;
}

/** Whether `needle` follows in `text` from unit `i` on, read normalised; undefined when that cannot be told. */
function followsNormalized(
  text: string,
  i: number,
  needle: string,
  j: number,
): boolean | undefined {
  while (j < needle.length) {
    if (i >= text.length) return false;
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      // Astral CJK (plane 2 and up) has no case; other astral letters may.
      if ((text.codePointAt(i) ?? 0) < 0x20000) return undefined;
      if (c !== needle.charCodeAt(j) || text.charCodeAt(i + 1) !== needle.charCodeAt(j + 1))
        return false;
      i += 2;
      j += 2;
      continue;
    }
    const m = normalizedUnit(c);
    if (m === -1) {
      i++;
      continue;
    }
    if (m === -2) return undefined;
    if (m !== needle.charCodeAt(j)) return false;
    i++;
    j++;
  }
  return true;
}

/**
 * Whether `normalizeText(text)` contains `needle` (itself normalised), without building the normalised text
 * when the needle starts with a CJK ideograph: the match is tried at each occurrence of that ideograph, which
 * normalising leaves as it is, skipping what normalising removes. Looking a few names up in long tool
 * results this way costs a fraction of normalising them.
 */
export function includesNormalized(text: string, needle: string): boolean {
  if (needle.length === 0) return true;
  if (!isCjk(needle.charCodeAt(0))) return normalizeText(text).includes(needle);
  const first = needle[0]!;
  for (let at = text.indexOf(first); at !== -1; at = text.indexOf(first, at + 1)) {
    const found = followsNormalized(text, at + 1, needle, 1);
    if (found === undefined) return normalizeText(text).includes(needle);
    if (found) return true;
  }
  return false;
}

/** Whether the UTF-16 unit is an ASCII digit. */
export function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Whether the UTF-16 unit is an ASCII letter. */
export function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Whether a UTF-16 unit is an ASCII capital letter. */
export function isAsciiUpper(code: number): boolean {
  return code >= 65 && code <= 90;
}

/**
 * A short ASCII string (a time, an id) copied into a one-byte string. Substrings of Chinese text are stored
 * two bytes per character, and sorting or comparing such strings is several times slower than one-byte
 * strings; longer or non-ASCII strings are returned as they are. Written out per length: a loop joining
 * one-character strings allocates at each step (five times slower), and a closure reading the codes is
 * allocated per call (half again slower).
 */
export function asciiCopy(s: string): string {
  switch (s.length) {
    case 2:
      return String.fromCharCode(s.charCodeAt(0), s.charCodeAt(1));
    case 3:
      return String.fromCharCode(s.charCodeAt(0), s.charCodeAt(1), s.charCodeAt(2));
    case 4:
      return String.fromCharCode(
        s.charCodeAt(0),
        s.charCodeAt(1),
        s.charCodeAt(2),
        s.charCodeAt(3),
      );
    case 5:
      return String.fromCharCode(
        s.charCodeAt(0),
        s.charCodeAt(1),
        s.charCodeAt(2),
        s.charCodeAt(3),
        s.charCodeAt(4),
      );
    case 6:
      return String.fromCharCode(
        s.charCodeAt(0),
        s.charCodeAt(1),
        s.charCodeAt(2),
        s.charCodeAt(3),
        s.charCodeAt(4),
        s.charCodeAt(5),
      );
    case 7:
      return String.fromCharCode(
        s.charCodeAt(0),
        s.charCodeAt(1),
        s.charCodeAt(2),
        s.charCodeAt(3),
        s.charCodeAt(4),
        s.charCodeAt(5),
        s.charCodeAt(6),
      );
    default:
      return s;
  }
}
