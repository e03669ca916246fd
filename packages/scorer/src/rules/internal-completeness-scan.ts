// Lazy, allocation-light scanning of the completeness context regexes.
import type { Span } from '../context';
import type { CodePointIndex } from '../internal/text';
import { anyInRange } from '../internal/text';

/**
 * Source prefix of the config's named-place lookbehind (two CJK characters before the place word). Regexes
 * that start with it are scanned as their body plus a character check, which V8 runs several times faster
 * than the lookbehind.
 */
const NAMED_PREFIX = '(?<=[\\u4e00-\\u9fa5]{2})';
/** A body that is one group without nested groups: the lookbehind then guards every alternative. */
const SINGLE_GROUP = /^\((?:\?:)?[^()]*\)$/;
/** Body regex of each lookbehind regex (`null`: scanned as is). */
const bodies = new WeakMap<RegExp, RegExp | null>();

function bodyOf(re: RegExp): RegExp | null {
  let body = bodies.get(re);
  if (body === undefined) {
    const rest = re.source.slice(NAMED_PREFIX.length);
    body =
      re.global && re.source.startsWith(NAMED_PREFIX) && SINGLE_GROUP.test(rest)
        ? new RegExp(rest, re.flags)
        : null;
    bodies.set(re, body);
  }
  return body;
}

function isCjk(c: number): boolean {
  return c >= 0x4e00 && c <= 0x9fa5;
}

/**
 * The sequential matches of a regex in a text, one at a time, exactly as `allMatches` finds them (at most
 * `limit`), as code-point spans: callers stop reading as soon as they know enough.
 */
export class MatchScanner {
  private readonly body: RegExp | null;
  private from = 0;
  private count = 0;
  private done = false;

  /**
   * @param re - The regex (global for more than one match).
   * @param text - The text scanned.
   * @param cpi - Its UTF-16 → code-point mapping.
   * @param limit - Matches read at most.
   */
  constructor(
    private readonly re: RegExp,
    private readonly text: string,
    private readonly cpi: CodePointIndex,
    private readonly limit = Number.POSITIVE_INFINITY,
  ) {
    this.body = bodyOf(re);
  }

  /** The next match as a code-point span [start, end), or `undefined` past the last one. */
  next(): Span | undefined {
    const { text } = this;
    const re = this.body ?? this.re;
    while (!this.done) {
      re.lastIndex = this.from;
      const m = this.count < this.limit ? re.exec(text) : null;
      if (m === null) break;
      const i = m.index;
      const end = re.lastIndex;
      re.lastIndex = 0;
      if (
        this.body !== null &&
        !(i >= 2 && isCjk(text.charCodeAt(i - 1)) && isCjk(text.charCodeAt(i - 2)))
      ) {
        // The lookbehind fails here: the full regex would retry one code point further on.
        const pair =
          re.unicode &&
          (text.charCodeAt(i) & 0xfc00) === 0xd800 &&
          (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
        this.from = i + (pair ? 2 : 1);
        continue;
      }
      this.count++;
      // A non-global regex has one match; an empty match steps one unit on, as in `allMatches`.
      if (!re.global) this.done = true;
      else this.from = end + (m[0].length === 0 ? 1 : 0);
      return { start: this.cpi.at(i), end: this.cpi.at(i + m[0].length) };
    }
    this.done = true;
    re.lastIndex = 0;
    return undefined;
  }
}

/**
 * Code-point starts of the sequential matches of a regex (see {@link MatchScanner}), scanned only as far as
 * the questions asked need: the completeness tier is often settled near the start of the answer.
 */
export class MatchStarts {
  private readonly starts: number[] = [];
  private readonly scanner: MatchScanner;
  private done = false;

  /**
   * @param re - The regex (global for more than one match).
   * @param text - The text scanned.
   * @param cpi - Its UTF-16 → code-point mapping.
   * @param limit - Matches kept at most.
   */
  constructor(re: RegExp, text: string, cpi: CodePointIndex, limit: number) {
    this.scanner = new MatchScanner(re, text, cpi, limit);
  }

  /** Scans on until a match starts after `hi` or there are no more. */
  private scanPast(hi: number): void {
    const { starts } = this;
    while (!this.done && (starts.length === 0 || starts[starts.length - 1]! <= hi)) {
      const span = this.scanner.next();
      if (span === undefined) this.done = true;
      else starts.push(span.start);
    }
  }

  /** Whether there is at least one match. */
  any(): boolean {
    this.scanPast(Number.NEGATIVE_INFINITY);
    return this.starts.length > 0;
  }

  /** Whether a match starts in [lo, hi] (code points). */
  anyIn(lo: number, hi: number): boolean {
    this.scanPast(hi);
    return anyInRange(this.starts, lo, hi);
  }
}
