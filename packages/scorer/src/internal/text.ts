// Small text and number helpers shared by the rules. Lengths and windows count code points.
import {
  CodeUnitBuffer,
  codePointLength,
  createCodePointIndex,
  foldFullWidth,
  isCjk,
  isWhitespaceCode,
} from '@navworld/fact-extractor';

/** Number of code points in a string (surrogate pairs count once): the fact extractor's count. */
export const cpLength: (text: string) => number = codePointLength;

/**
 * Maps UTF-16 indices to code-point indices for one text, so windows measured in code points can be checked
 * on indices returned by `indexOf` and `RegExp.exec`.
 */
export interface CodePointIndex {
  /** Code-point offset of a UTF-16 index (indices up to `text.length` inclusive). */
  at(utf16: number): number;
}

/**
 * Builds a {@link CodePointIndex} with the fact extractor's mapping (identity, allocating nothing, on text
 * without surrogates), so both packages measure windows the same way.
 */
export function codePointIndex(text: string): CodePointIndex {
  return { at: createCodePointIndex(text) };
}

/**
 * `text.trim().length`, without the copy `trim` makes (tool results are long, and a concatenated one is
 * flattened first).
 */
export function trimmedLength(text: string): number {
  let a = 0;
  let b = text.length;
  while (a < b && isWhitespaceCode(text.charCodeAt(a))) a++;
  while (b > a && isWhitespaceCode(text.charCodeAt(b - 1))) b--;
  return b - a;
}

/**
 * The lines of one text by their text, for the checks that read a line repeated word for word once: a line is
 * the first of its text when no other line with the same text came before it (the same line asked about again,
 * by its start, still is).
 */
export class LineTexts {
  /** Start of the first line with each text. */
  private readonly starts = new Map<string, number>();

  constructor(private readonly text: string) {}

  /** Whether the line `text[from, to)` is the first line with its text. */
  first(from: number, to: number): boolean {
    const line = this.text.slice(from, to);
    const start = this.starts.get(line);
    if (start === undefined) {
      this.starts.set(line, from);
      return true;
    }
    return start === from;
  }
}

/**
 * `trimmed` (the code points of the trimmed `text`) less each non-blank line that repeats an earlier line word
 * for word, with its line break: a plan's length without its repeated lines, exact when it is below `enough`.
 * Once the lines still unread could not bring it below `enough`, the reading stops and a value of at least
 * `enough` is returned, so a plan of ordinary length reads only its first lines.
 */
export function lengthWithoutRepeats(text: string, trimmed: number, enough: number): number {
  const lines = new LineTexts(text);
  let removed = 0;
  for (let from = 0; from < text.length;) {
    // What is left to read holds at most this many code points, all of which a repeat could remove.
    if (trimmed - removed - (text.length - from) >= enough) break;
    let to = text.indexOf('\n', from);
    if (to < 0) to = text.length;
    if (!isBlank(text, from, to) && !lines.first(from, to))
      removed += cpLength(text.slice(from, to)) + 1;
    from = to + 1;
  }
  return Math.max(0, trimmed - removed);
}

/**
 * Whether `text[from, to)` (by default all of it) is empty or only whitespace (`trim() === ''`), reading up to
 * its first other character.
 */
export function isBlank(text: string, from = 0, to = text.length): boolean {
  for (let i = from; i < to; i++) if (!isWhitespaceCode(text.charCodeAt(i))) return false;
  return true;
}

/** First match of a (possibly global) regex, resetting its state first. */
export function firstMatch(re: RegExp, text: string): RegExpExecArray | null {
  re.lastIndex = 0;
  const m = re.exec(text);
  re.lastIndex = 0;
  return m;
}

/** Whether a (possibly global) regex matches anywhere. */
export function matches(re: RegExp, text: string): boolean {
  return firstMatch(re, text) !== null;
}

/**
 * Calls `visit` with each match of a global regex in turn (at most `limit`), resetting its state before and
 * after; a regex without the `g` flag gives its first match only.
 */
export function eachMatch(
  re: RegExp,
  text: string,
  limit: number,
  visit: (m: RegExpExecArray) => void,
): void {
  if (!re.global) {
    const m = re.exec(text);
    if (m) visit(m);
    return;
  }
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  for (let n = 0; n < limit && (m = re.exec(text)) !== null; n++) {
    visit(m);
    if (m[0].length === 0) re.lastIndex++;
  }
  re.lastIndex = 0;
}

/**
 * The source of a regex with every capturing group made non-capturing, or null when the source holds a
 * backreference (whose groups must stay). Escapes are copied as they are, and parentheses inside a class are
 * literal (classes nest under the `v` flag).
 */
function captureFreeSource(source: string, nestedClasses: boolean): string | null {
  let out = '';
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const d = source[i + 1] ?? '';
      if (depth === 0 && ((d >= '1' && d <= '9') || (d === 'k' && source[i + 2] === '<')))
        return null;
      out += c + d;
      i++;
    } else if (c === '[') {
      if (depth === 0 || nestedClasses) depth++;
      out += c;
    } else if (c === ']') {
      if (depth > 0) depth--;
      out += c;
    } else if (c === '(' && depth === 0) {
      if (source[i + 1] !== '?') out += '(?:';
      else if (source[i + 2] === '<' && source[i + 3] !== '=' && source[i + 3] !== '!') {
        // A named group: its name is dropped with it.
        out += '(?:';
        i = source.indexOf('>', i);
      } else out += c;
    } else out += c;
  }
  return out;
}

/** Capture-free copies of regexes, by the regex (see {@link captureFree}). */
const CAPTURE_FREE = new WeakMap<RegExp, RegExp>();

/**
 * A regex that matches exactly what `re` matches (same flags) but captures nothing, for scans that need only
 * where matches lie: each match of a regex with groups allocates the groups' strings too, and keyword scans
 * match hundreds of times in a long plan. `re` itself when it captures nothing or holds a backreference.
 */
export function captureFree(re: RegExp): RegExp {
  let free = CAPTURE_FREE.get(re);
  if (free === undefined) {
    const source = captureFreeSource(re.source, re.flags.includes('v'));
    free = source === null || source === re.source ? re : new RegExp(source, re.flags);
    CAPTURE_FREE.set(re, free);
  }
  return free;
}

/** Literal alternatives of regexes, by the regex (see {@link ideographAlternatives}). */
const ALTERNATIVES = new WeakMap<RegExp, readonly string[] | null>();

/** Most alternatives searched one by one: past that, the regex engine's single pass is faster. */
const MAX_ALTERNATIVES = 8;

/**
 * The alternatives of a global regex that is an alternation of words made of CJK ideographs only, in one
 * group or none (`(航班|飞机|机票)`), or null for any other regex. Such a regex matches exactly what
 * {@link eachAlternative} finds: ideographs have no case variants and no surrogates, so the flags `i` and `u`
 * change nothing, and there is nothing else in the source to interpret.
 */
export function ideographAlternatives(re: RegExp): readonly string[] | null {
  let words = ALTERNATIVES.get(re);
  if (words === undefined) {
    words = null;
    let source = re.source;
    if (source.startsWith('(?:') && source.endsWith(')')) source = source.slice(3, -1);
    else if (source.startsWith('(') && source.endsWith(')')) source = source.slice(1, -1);
    const parts = source.split('|');
    const ideographs = (w: string): boolean => {
      for (let i = 0; i < w.length; i++) if (!isCjk(w.charCodeAt(i))) return false;
      return w.length > 0;
    };
    if (re.global && !re.sticky && parts.length <= MAX_ALTERNATIVES && parts.every(ideographs))
      words = parts;
    ALTERNATIVES.set(re, words);
  }
  return words;
}

/**
 * Calls `visit(start, end)` for each match, in order, that a global regex made of the alternatives `words`
 * finds in `text` (at most `limit`): the leftmost occurrence of any word, the first word listed when several
 * start there, then the search goes on after it.
 */
export function eachAlternative(
  words: readonly string[],
  text: string,
  limit: number,
  visit: (start: number, end: number) => void,
): void {
  const walk = new NeedleWalk(text, words);
  let from = 0;
  for (let n = 0; n < limit; n++) {
    const at = walk.next(from);
    if (at < 0) return;
    from = at + words[walk.found]!.length;
    visit(at, from);
  }
}

/**
 * A search for the next occurrence of any of several needles at or after a position, for positions that only
 * grow: each needle's next occurrence is kept and searched again only once passed, so a whole walk reads the
 * text once per needle.
 */
export class NeedleWalk {
  private readonly ahead: number[];
  /** The needle (its index) that the last {@link next} found: the first listed when several start there. */
  found = -1;

  constructor(
    private readonly text: string,
    private readonly needles: readonly string[],
  ) {
    this.ahead = needles.map((needle) => text.indexOf(needle));
  }

  /** The next occurrence of any needle at or after `from`; −1 when none is left. */
  next(from: number): number {
    let best = -1;
    for (let i = 0; i < this.needles.length; i++) {
      let at = this.ahead[i]!;
      if (at >= 0 && at < from) this.ahead[i] = at = this.text.indexOf(this.needles[i]!, from);
      if (at >= 0 && (best < 0 || at < best)) {
        best = at;
        this.found = i;
      }
    }
    return best;
  }
}

/**
 * The lines of a text that hold any of `needles` (every line when `needles` is null), in order: each call of
 * {@link next} moves to the next such line and sets {@link from} and {@link end}, its UTF-16 range without the
 * line break. Lines without a needle are jumped over, not read. With `distinct`, a line whose text is that of
 * an earlier line given is jumped over too: the checks that count a plan's facts read a repeated line once, so
 * that repeating a line of supported facts does not dilute the share of unsupported ones.
 */
export class LinesWith {
  /** Start of the current line. */
  from = 0;
  /** End of the current line (its line break, or the end of the text). */
  end = -1;
  private readonly walk: NeedleWalk | null;
  /** The lines given so far, by their text, with `distinct`. */
  private readonly lines: LineTexts | null;

  /** `needles` must not hold a line break. */
  constructor(
    private readonly text: string,
    needles: readonly string[] | null,
    distinct = false,
  ) {
    this.walk = needles === null ? null : new NeedleWalk(text, needles);
    this.lines = distinct ? new LineTexts(text) : null;
  }

  /** Moves to the next line holding a needle (and, with `distinct`, not given before); false when none is left. */
  next(): boolean {
    for (;;) {
      if (!this.step()) return false;
      if (this.lines === null || this.lines.first(this.from, this.end)) return true;
    }
  }

  /** Moves to the next line holding a needle. */
  private step(): boolean {
    const text = this.text;
    // The start of the line after the current one.
    const start = this.end + 1;
    if (start > text.length) return false;
    const at = this.walk === null ? start : this.walk.next(start);
    if (at < 0) return false;
    this.from = this.walk === null ? start : text.lastIndexOf('\n', at) + 1;
    const end = text.indexOf('\n', at);
    this.end = end < 0 ? text.length : end;
    return true;
  }
}

/** All matches of a global regex (at most `limit`), resetting its state before and after. */
export function allMatches(
  re: RegExp,
  text: string,
  limit = Number.POSITIVE_INFINITY,
): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  eachMatch(re, text, limit, (m) => out.push(m));
  return out;
}

/** Number of matches of a global regex. */
export function countMatches(re: RegExp, text: string): number {
  return allMatches(re, text).length;
}

/** 10^0 … 10^15, each exact. */
const POWERS_OF_TEN: readonly number[] = Array.from({ length: 16 }, (_, k) => 10 ** k);

/** Rounds to `digits` decimals (half away from zero on the decimal expansion; no bit-parity claims). */
export function round(x: number, digits = 2): number {
  if (!Number.isFinite(x)) return 0;
  // Whole numbers (most scores and counts) are their own rounding; 0 also stands for -0, as toFixed gives.
  if (Number.isInteger(x) && Math.abs(x) < 1e15) return x === 0 ? 0 : x;
  // toFixed is slow and runs on every component of every breakdown. Below 1e9 the scaled value is within
  // 1.2e-7 of |x|·10^digits, so unless its fraction is within 1e-6 of a half the rounded integer is certain,
  // and dividing it by the power of ten gives the double nearest the decimal, as parsing toFixed's string does.
  if (digits >= 0 && digits <= 15 && Number.isInteger(digits)) {
    const scale = POWERS_OF_TEN[digits]!;
    const y = Math.abs(x) * scale;
    if (y < 1e9) {
      const whole = Math.floor(y);
      const fraction = y - whole;
      if (Math.abs(fraction - 0.5) > 1e-6) {
        const r = (fraction > 0.5 ? whole + 1 : whole) / scale;
        // -0 for a negative that rounds to zero, as Number('-0.00') gives.
        return x < 0 ? -r : r;
      }
    }
  }
  return Number(x.toFixed(digits));
}

/**
 * 1 up to `start`, falling linearly to `floor` at `full`, and `floor` beyond: the shape of every defence that
 * scales a score by how much of something the answer has.
 */
export function linearFall(x: number, start: number, full: number, floor: number): number {
  if (x <= start) return 1;
  if (x >= full) return floor;
  return 1 - (1 - floor) * ((x - start) / (full - start));
}

/** Clamps to [lo, hi]. */
export function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

/**
 * The form in which the answer and every needle searched in it are compared: lower-cased, with full-width
 * letters and digits folded to ASCII as the fact extractor folds them, so a plan typeset in full width
 * (１２０元, Ｇ１２３) is searched like the ASCII plan. Folding maps one UTF-16 unit to one, so it moves no
 * offset; full-width punctuation (：，（）) is kept, as the regexes match it on purpose.
 */
export function searchForm(text: string): string {
  return lowerCase(foldFullWidth(text));
}

/**
 * `s.toLowerCase()`, but `s` itself, without the engine's Unicode case mapping, when every unit is one that
 * lower-casing leaves alone: ASCII other than A–Z, U+3000–U+9FFF (CJK punctuation, kana, ideographs) and
 * U+FF01–U+FF20 (full-width punctuation and digits). Facts and needles, mostly Chinese, are lower-cased many
 * times per episode, and the native call costs several times this scan on short strings.
 */
export function lowerCase(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const kept =
      c < 0x80
        ? c < 0x41 || c > 0x5a
        : (c >= 0x3000 && c <= 0x9fff) || (c >= 0xff01 && c <= 0xff20);
    if (!kept) return s.toLowerCase();
  }
  return s;
}

/** Sorted, sequential search for `needle` occurrences in `haystack` (at most `limit`). */
export function occurrences(haystack: string, needle: string, limit = 32): number[] {
  const out: number[] = [];
  if (needle.length === 0) return out;
  let from = 0;
  while (out.length < limit) {
    const i = haystack.indexOf(needle, from);
    if (i < 0) break;
    out.push(i);
    from = i + needle.length;
  }
  return out;
}

/**
 * Index storage shared by searchers: episodes are scored one after another, so one index at a time is the
 * common case, and allocating a fresh table per long answer (about 180 KB for 12,000 characters) cost more than
 * building the index. The searcher that built into it last owns it; another searcher that finds it taken
 * rebuilds its index in storage of its own.
 */
let sharedTable = new Int32Array(0);
/** Longer haystacks (answers of about 170,000 characters and more) always get storage of their own. */
const SHARED_TABLE_MAX = 1 << 19;
let sharedOwner = 0;
let searchers = 0;

/** The code units of the text a searcher indexes, read once per build (faster than `charCodeAt`). */
const SEARCH_UNITS = new CodeUnitBuffer(4096);

/**
 * An `occurrences` bound to one haystack, for texts searched for many needles: a lazily built index of the
 * positions of every pair of UTF-16 units jumps straight to the candidates. Same results as
 * {@link occurrences} (sequential, non-overlapping).
 */
export function createSearcher(haystack: string): (needle: string, limit?: number) => number[] {
  // Hash buckets of UTF-16 pairs chained through `next` in ascending order; a bucket may mix pairs (the
  // `startsWith` check filters them), so the index is two typed arrays and no per-pair allocation.
  const id = ++searchers;
  let head: Int32Array | undefined;
  let next: Int32Array | undefined;
  let shared = false;
  let mask = 0;
  const bucket = (a: number, b: number): number => (Math.imul(a, 0x9e3779b1) ^ b) & mask;
  const build = (): void => {
    let size = 64;
    while (size < haystack.length * 2) size *= 2;
    mask = size - 1;
    // The shared storage on the first build; storage of its own if another searcher took it since.
    let table: Int32Array;
    if (head === undefined && size + haystack.length <= SHARED_TABLE_MAX) {
      if (sharedTable.length < size + haystack.length)
        sharedTable = new Int32Array(
          Math.min(SHARED_TABLE_MAX, Math.max(size + haystack.length, 2 * sharedTable.length)),
        );
      table = sharedTable;
      sharedOwner = id;
      shared = true;
    } else {
      table = new Int32Array(size + haystack.length);
      shared = false;
    }
    head = table.subarray(0, size).fill(-1);
    next = table.subarray(size, size + haystack.length);
    const units = SEARCH_UNITS.load(haystack);
    for (let i = haystack.length - 2; i >= 0; i--) {
      const h = bucket(units[i]!, units[i + 1]!);
      next[i] = head[h]!;
      head[h] = i;
    }
  };
  return (needle, limit = 32) => {
    if (needle.length < 2) return occurrences(haystack, needle, limit);
    if (head === undefined || (shared && sharedOwner !== id)) build();
    const out: number[] = [];
    let from = 0;
    let i = head![bucket(needle.charCodeAt(0), needle.charCodeAt(1))]!;
    while (i >= 0 && out.length < limit) {
      if (i >= from && haystack.startsWith(needle, i)) {
        out.push(i);
        from = i + needle.length;
      }
      i = next![i]!;
    }
    return out;
  };
}

/** Whether any value of the sorted array `positions` lies in [lo, hi]. */
export function anyInRange(positions: readonly number[], lo: number, hi: number): boolean {
  const a = lowerBound(positions, lo);
  return a < positions.length && positions[a]! <= hi;
}

/**
 * Spans [start, end) sorted by start, with the furthest end reached so far, for containment tests by binary
 * search: a plan can mention the same road hundreds of times.
 */
export interface SpanIndex {
  starts: number[];
  /** `reach[k]`: the largest end among the first k + 1 spans. */
  reach: number[];
}

/** Indexes spans for {@link insideSpan}. */
export function spanIndex(spans: ReadonlyArray<readonly [number, number]>): SpanIndex {
  const sorted = [...spans].sort((x, y) => x[0] - y[0]);
  const starts: number[] = [];
  const reach: number[] = [];
  let far = Number.NEGATIVE_INFINITY;
  for (const [a, b] of sorted) {
    far = Math.max(far, b);
    starts.push(a);
    reach.push(far);
  }
  return { starts, reach };
}

/** Whether [start, end) lies inside one of the indexed spans (integer offsets). */
export function insideSpan(index: SpanIndex, start: number, end: number): boolean {
  // The last span starting at or before `start`: any span containing [start, end) is at or before it.
  const k = lowerBound(index.starts, start + 1) - 1;
  return k >= 0 && index.reach[k]! >= end;
}

/** The first index of an ascending array whose value is at least `x` (the length when there is none). */
export function lowerBound(sorted: ArrayLike<number>, x: number): number {
  let a = 0;
  let b = sorted.length;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (sorted[mid]! < x) a = mid + 1;
    else b = mid;
  }
  return a;
}

/**
 * A predicate on one UTF-16 unit equal to `re.test(String.fromCharCode(code))`, memoised in a 64 KiB table:
 * scans that test every character of a line then cost one array read per character. `re` must be neither
 * global nor sticky (so a test has no state).
 */
export function unitTest(re: RegExp): (code: number) => boolean {
  // 0 = not yet known, 1 = matches, 2 = does not.
  const known = new Uint8Array(0x10000);
  return (code) => {
    let k = known[code]!;
    if (k === 0) {
      k = re.test(String.fromCharCode(code)) ? 1 : 2;
      known[code] = k;
    }
    return k === 1;
  };
}

/** A decimal digit of any script (`\p{Nd}`), as one code point. */
export const DIGIT = /\p{Nd}/u;

/** Whether one UTF-16 unit is a decimal digit by itself (a surrogate half never is). */
export const isDigitUnit: (code: number) => boolean = unitTest(DIGIT);
