// Text helpers shared by every extractor: code-point lengths, normalisation, ASCII folding.
import { AIRLINE_CODES } from './config';

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
 * Characters that render as nothing: format characters (zero-width space and joiners, U+FEFF, bidirectional
 * controls, soft hyphen, tags), the combining grapheme joiner and variation selectors. Put inside a name, an
 * amount or an id they hide it from every matcher while the text reads the same.
 */
const INVISIBLE = '\\p{Cf}\\u034f\\ufe00-\\ufe0f\\u{e0100}-\\u{e01ef}';
const INVISIBLE_ALL = new RegExp(`[${INVISIBLE}]+`, 'gu');
/** Chinese numerals of an amount: 一百三十七, 两千五, 十二. */
const NUMERALS = '零〇一二两三四五六七八九十百千万';
/** An amount written in Chinese numerals: at least two of them (so 三元里 stays a place), then 元 or 块. */
const NUMERAL_AMOUNT = new RegExp(`[${NUMERALS}]{2,}(?=\\s{0,2}[元块])`, 'gu');
/** An amount in 块 (5块, 30 块钱): the same as in 元. */
const KUAI_AMOUNT = /(\d)(\s{0,2})块/gu;
/**
 * A currency word before an amount (RMB 137, cny137, 人民币137): the same as ¥137, unless 元 follows. Its case
 * is spelled out rather than left to the `i` flag, so that {@link REWRITTEN} can hold it beside SPLIT_ID,
 * which is case-sensitive.
 */
const CURRENCY_WORD =
  /(?:[Rr][Mm][Bb]|[Cc][Nn][Yy]|人民币)\s{0,2}(?=\d)(?!\d+(?:\.\d+)?\s{0,2}[元块])/gu;
/** Single letters that start a train number (G1234, D6642, K1). */
const TRAIN_LETTERS = 'GDCZTKYLS';

/**
 * Whether an id's code and its number of digits can make a flight or train number: a two-character airline
 * code takes three or four digits, a single letter must start a train number (which takes one to four).
 */
function isIdShape(code: string, digits: number): boolean {
  return code.length === 2 ? digits >= 3 : TRAIN_LETTERS.includes(code);
}

/**
 * A flight or train number split by a space or a hyphen (CA 1594, MU-5138, G 1234): read as written whole.
 * Letters must be capitals and stand alone, so words and times (Day 1, AM 10:00) are left as they are, and
 * an amount is never taken for the digits (T9 150元 is the train T9 and 150元).
 */
const SPLIT_ID = new RegExp(
  `(?<![A-Za-z0-9])([A-Z]{2}|[0-9][A-Z]|[${TRAIN_LETTERS}])[ -](\\d{1,4})(?![\\d:.]|\\s{0,2}[元块])`,
  'gu',
);
/**
 * Letters that read as Latin capitals in an id but are not them: lower case, and the Cyrillic and Greek
 * capitals and small letters drawn like A, B, C, E, H, K, M, O, P, T, X, Y. Each maps to its capital.
 * Full-width ids (`ＭＵ５１３８`) are not rewritten: the answer keeps them, and every search folds them.
 */
const ID_LOOKALIKES: ReadonlyMap<number, string> = (() => {
  const out = new Map<number, string>();
  for (let i = 0; i < 26; i++) out.set(97 + i, String.fromCharCode(65 + i));
  const pairs: [string, string][] = [
    ['АаВСсЕеНКкМОоРрТХхУу', 'AABCCEEHKKMOOPPTXXYY'],
    ['ΑΒΕΖΗΙΚΜΝΟΡΤΥΧοκ', 'ABEZHIKMNOPTYXOK'],
  ];
  for (const [from, to] of pairs)
    for (let i = 0; i < from.length; i++) out.set(from.charCodeAt(i), to[i]!);
  return out;
})();
const ODD_LETTER = `[${[...ID_LOOKALIKES.keys()].map((c) => String.fromCharCode(c)).join('')}]`;
/** `s` with every look-alike letter replaced by its capital. */
function inCapitals(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += ID_LOOKALIKES.get(s.charCodeAt(i)) ?? s[i]!;
  return out;
}
const ID_LETTER = `(?:[A-Z]|${ODD_LETTER})`;
const ID_EDGE = 'A-Za-z0-9\uff10-\uff19\uff21-\uff3a\uff41-\uff5a';
/**
 * A flight or train number written with a letter that only looks like its capital (`ca1594`, Cyrillic
 * `СА8699`): read as the plain id. At least one letter must be odd, so a plain id is never a rewrite; the
 * lengths are checked when it is rewritten. As with SPLIT_ID, an amount or a year is never taken for the
 * digits (`in2026年` stays). Split from their digits (`ca 1594`), such letters are read as an id only for a
 * known airline's code (`ODD_SPLIT_ID`): English words before a number (`in 2026`) look the same.
 */
const ODD_ID = new RegExp(
  `(?<![${ID_EDGE}])` +
    `(?:${ODD_LETTER}${ID_LETTER}|[A-Z]${ODD_LETTER}|[0-9]${ODD_LETTER}|${ODD_LETTER})[0-9]{1,4}` +
    `(?![${ID_EDGE}:.]|\\s{0,2}[元块年])`,
  'gu',
);
/**
 * An airline code in lower case or with look-alike letters, split from its three or four digits by a space or
 * a hyphen (`ca 1594`, `Mu-5138`): read as the plain flight number when the code, in capitals, is a known
 * airline's ({@link AIRLINE_CODES}); other words before a number (`in 2026`, `tv 1080p`) stay as they are. The
 * guards are `ODD_ID`'s.
 */
const ODD_SPLIT_ID = new RegExp(
  `(?<![${ID_EDGE}])((?:${ID_LETTER}|[0-9])${ID_LETTER}|${ID_LETTER}[0-9])[ -]([0-9]{3,4})` +
    `(?![${ID_EDGE}:.]|\\s{0,2}[元块年])`,
  'gu',
);
/** What every `ODD_SPLIT_ID` match holds: an odd letter, at most one more character, a space or hyphen, a digit. */
const ODD_SPLIT_ID_HINT = new RegExp(`${ODD_LETTER}[0-9A-Z]?[ -][0-9]`, 'u');
const AIRLINES = new Set(AIRLINE_CODES);
/** `ODD_SPLIT_ID`'s match as a plain flight number, or unchanged when its code is no airline's. */
function plainSplitId(match: string, code: string, digits: string): string {
  const plain = inCapitals(code);
  // A code already in plain capitals is SPLIT_ID's to join.
  return plain !== code && AIRLINES.has(plain) ? `${plain}${digits}` : match;
}

/**
 * What every `ODD_ID` match holds: an odd letter right before a digit or before a letter and a digit. A plain
 * character class scans far faster than `ODD_ID`'s lookbehind and alternatives tried at every position, and
 * plans seldom hold one.
 */
const ODD_ID_HINT = new RegExp(`${ODD_LETTER}${ID_LETTER}?[0-9]`, 'u');
/**
 * Either hint in one pass, built from both so it never misses what one of them finds: most answers hold
 * neither, and are read once instead of twice.
 */
export const ODD_HINT = new RegExp(`${ODD_ID_HINT.source}|${ODD_SPLIT_ID_HINT.source}`, 'u');
/** `ODD_ID`'s match in plain capitals, or unchanged when it cannot be an id. */
function plainId(match: string): string {
  const out = inCapitals(match);
  // ODD_ID's digits are one to four.
  const code = /^\d?[A-Z]+/.exec(out)![0];
  return isIdShape(code, out.length - code.length) ? out : match;
}

/**
 * Whether a text holds anything {@link canonicalAnswer} rewrites, in one pass for the common case: the
 * rewriting patterns themselves as one alternation, so the test never misses what a rewrite would change.
 */
export const REWRITTEN = new RegExp(
  [INVISIBLE_ALL, NUMERAL_AMOUNT, KUAI_AMOUNT, CURRENCY_WORD, SPLIT_ID]
    .map((re) => re.source)
    .join('|'),
  'u',
);

// What a rewrite needs around a character: the class bits of a UTF-16 unit in the table of rewriteHints.
/** Invisible (the BMP part of INVISIBLE_ALL) or a surrogate, which may be half of an astral one. */
const K_INVISIBLE = 1;
/** A letter of ODD_LETTER. */
const K_ODD = 2;
/** A space or a hyphen: what splits an id. */
const K_GAP = 4;
/** 元 or 块: what ends an amount in numerals or in 块. */
const K_YUAN = 8;
/** The first letter of a currency word: R, r, C, c, 人. */
const K_CURRENCY = 16;
/** An ASCII digit (`\d`). */
const K_DIGIT = 32;
/** An ASCII capital. */
const K_CAPITAL = 64;
/** A Chinese numeral of NUMERAL_AMOUNT. */
const K_NUMERAL = 128;
/** The classes a rewrite can start from; the others only qualify their neighbours. */
const K_TRIGGER = K_INVISIBLE | K_ODD | K_GAP | K_YUAN | K_CURRENCY;

let rewriteClass: Uint8Array | undefined;

/** The class bits of every UTF-16 unit, built on first use (the invisible ones by INVISIBLE_ALL itself). */
function rewriteClassTable(): Uint8Array {
  if (rewriteClass !== undefined) return rewriteClass;
  const table = new Uint8Array(0x10000);
  // Every BMP unit but the surrogates, once, through the regex that defines the invisible characters.
  const units: number[] = [];
  for (let c = 0; c < 0x10000; c++) if (c < 0xd800 || c > 0xdfff) units.push(c);
  let bmp = '';
  for (let i = 0; i < units.length; i += 4096)
    bmp += String.fromCharCode(...units.slice(i, i + 4096));
  for (const m of bmp.matchAll(INVISIBLE_ALL))
    for (let i = 0; i < m[0].length; i++) table[m[0].charCodeAt(i)]! |= K_INVISIBLE;
  for (let c = 0xd800; c <= 0xdfff; c++) table[c]! |= K_INVISIBLE;
  for (const c of ID_LOOKALIKES.keys()) table[c]! |= K_ODD;
  for (const ch of ' -') table[ch.charCodeAt(0)]! |= K_GAP;
  for (const ch of '元块') table[ch.charCodeAt(0)]! |= K_YUAN;
  for (const ch of 'RrCc人') table[ch.charCodeAt(0)]! |= K_CURRENCY;
  for (let c = 48; c <= 57; c++) table[c]! |= K_DIGIT;
  for (let c = 65; c <= 90; c++) table[c]! |= K_CAPITAL;
  for (const ch of NUMERALS) table[ch.charCodeAt(0)]! |= K_NUMERAL;
  rewriteClass = table;
  return table;
}

/** {@link rewriteHints}: REWRITTEN may match. */
export const MAY_REWRITE = 1;
/** {@link rewriteHints}: ODD_HINT may match. */
export const MAY_BE_ODD = 2;

/**
 * Which of REWRITTEN and ODD_HINT can match `text`, by one table read per character: a bit is clear only when
 * some character every match of that regex needs is missing from its place. It never proves a match (the
 * regex then decides), but most answers hold nothing to rewrite, and this tells so far faster than the two
 * regexes, whose first characters are too varied for the regex engine to skip ahead.
 */
export function rewriteHints(text: string): number {
  const K = rewriteClassTable();
  const n = text.length;
  const at = (i: number): number => (i >= 0 && i < n ? K[text.charCodeAt(i)]! : 0);
  let out = 0;
  for (let i = 0; i < n && out !== (MAY_REWRITE | MAY_BE_ODD); i++) {
    const c = text.charCodeAt(i);
    const k = K[c]!;
    if ((k & K_TRIGGER) === 0) continue;
    // INVISIBLE_ALL.
    if ((k & K_INVISIBLE) !== 0) out |= MAY_REWRITE;
    // SPLIT_ID: a capital, the space or hyphen, a digit.
    if ((k & K_GAP) !== 0 && (at(i - 1) & K_CAPITAL) !== 0 && (at(i + 1) & K_DIGIT) !== 0)
      out |= MAY_REWRITE;
    // NUMERAL_AMOUNT and KUAI_AMOUNT: a numeral (or, before 块, a digit), at most two spaces, the unit.
    if ((k & K_YUAN) !== 0) {
      let j = i - 1;
      for (let s = 0; s < 2 && j >= 0 && isWhitespaceCode(text.charCodeAt(j)); s++) j--;
      const before = at(j);
      if ((before & K_NUMERAL) !== 0 || (c === 0x5757 /* 块 */ && (before & K_DIGIT) !== 0))
        out |= MAY_REWRITE;
    }
    // CURRENCY_WORD: RMB, CNY (either case, letter by letter) or 人民币.
    if ((k & K_CURRENCY) !== 0) {
      const a = text.charCodeAt(i + 1) | 0x20;
      const b = text.charCodeAt(i + 2) | 0x20;
      const lc = c | 0x20;
      if (
        (lc === 0x72 /* r */ && a === 0x6d /* m */ && b === 0x62) /* b */ ||
        (lc === 0x63 /* c */ && a === 0x6e /* n */ && b === 0x79) /* y */ ||
        text.startsWith('人民币', i)
      )
        out |= MAY_REWRITE;
    }
    // ODD_HINT: the odd letter, then a digit; a capital or odd letter and a digit; a space or hyphen and a
    // digit; or a digit or capital, a space or hyphen and a digit.
    if ((k & K_ODD) !== 0) {
      const a = at(i + 1);
      const b = at(i + 2);
      if (
        (a & K_DIGIT) !== 0 ||
        ((a & (K_CAPITAL | K_ODD)) !== 0 && (b & K_DIGIT) !== 0) ||
        ((a & K_GAP) !== 0 && (b & K_DIGIT) !== 0) ||
        ((a & (K_DIGIT | K_CAPITAL)) !== 0 && (b & K_GAP) !== 0 && (at(i + 3) & K_DIGIT) !== 0)
      )
        out |= MAY_BE_ODD;
    }
  }
  return out;
}

/** Chinese digits and their values (两 is 2, 〇 and 零 are 0). */
const CHINESE_DIGITS: Readonly<Record<string, number>> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const UNIT_OF: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/**
 * The value of Chinese numerals (一百三十七 → 137, 十二 → 12, 两千五 → 2500, 三五 → 35), or undefined when
 * they are not a number.
 */
export function chineseNumeralValue(numerals: string): number | undefined {
  const chars = [...numerals];
  if (chars.length === 0) return undefined;
  // Digits alone (二〇二六, 三五) read digit by digit.
  if (chars.every((c) => CHINESE_DIGITS[c] !== undefined))
    return Number(chars.map((c) => CHINESE_DIGITS[c]).join(''));
  let total = 0;
  let section = 0;
  let digit: number | undefined;
  // The unit just before the pending digit (0: none, or a 零 between them).
  let unitBefore = 0;
  let lastUnit = 0;
  for (const c of chars) {
    const d = CHINESE_DIGITS[c];
    if (d !== undefined) {
      if (digit !== undefined && digit !== 0) return undefined; // two digits in a row: no number
      unitBefore = d === 0 ? 0 : digit === 0 ? 0 : lastUnit;
      digit = d;
      continue;
    }
    if (c === '万') {
      if (section === 0 && digit === undefined) return undefined;
      total = (total + section + (digit ?? 0)) * 10_000;
      section = 0;
      digit = undefined;
      lastUnit = 10_000;
      continue;
    }
    const unit = UNIT_OF[c];
    if (unit === undefined) return undefined;
    // 十二 is 12; 百 or 千 needs its digit.
    if (digit === undefined && unit !== 10) return undefined;
    section += (digit ?? 1) * unit;
    digit = undefined;
    lastUnit = unit;
  }
  // A digit right after a unit is the next place down (两千五 = 2500, 一万五 = 15000); after 零 it is a unit.
  if (digit !== undefined) section += unitBefore >= 100 ? digit * (unitBefore / 10) : digit;
  return total + section;
}

// The last text made canonical and its canonical form: the scorer makes an answer canonical, then hands it
// to the extractors, which would otherwise read all of it again to find nothing to change.
let lastInput = '';
let lastCanonical = '';

/**
 * The form of an answer that every extractor and rule reads: characters that render as nothing removed (so
 * `瑞泰\u200b博物馆` is the place 瑞泰博物馆), and amounts written another way spelled as N元 or ¥N: in 块
 * (`137块` → `137元`), in Chinese numerals (`一百三十七元` → `137元`) and after a currency word
 * (`RMB 137` → `¥137`); flight and train numbers split by a space or a hyphen joined (`CA 1594` →
 * `CA1594`), and those written in lower case or with Cyrillic or Greek look-alike letters spelled in plain
 * capitals (`ca1594`, `СА8699`, and `ca 1594` for a known airline's code). A plan may write its prices and ids any of these ways; all of them are checked alike.
 *
 * @example canonicalAnswer('门票一百二十元，打车30块') // '门票120元，打车30元'
 */
export function canonicalAnswer(text: string): string {
  if (text === lastCanonical || text === lastInput) return lastCanonical;
  let out = text;
  const hints = rewriteHints(text);
  if ((hints & MAY_REWRITE) !== 0 && REWRITTEN.test(text)) {
    out = out.replace(INVISIBLE_ALL, '');
    out = out.replace(NUMERAL_AMOUNT, (n) => {
      const v = chineseNumeralValue(n);
      return v === undefined ? n : String(v);
    });
    out = out.replace(KUAI_AMOUNT, '$1$2元');
    out = out.replace(CURRENCY_WORD, '¥');
    out = out.replace(SPLIT_ID, (whole, letters: string, digits: string) =>
      isIdShape(letters, digits.length) ? `${letters}${digits}` : whole,
    );
  }
  // A rewrite above may have made an odd id (or undone one): the hints are of the text as given.
  if ((out !== text || (hints & MAY_BE_ODD) !== 0) && ODD_HINT.test(out)) {
    if (ODD_SPLIT_ID_HINT.test(out)) out = out.replace(ODD_SPLIT_ID, plainSplitId);
    if (ODD_ID_HINT.test(out)) out = out.replace(ODD_ID, plainId);
  }
  lastInput = text;
  lastCanonical = out;
  return out;
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
