// Lazy regex scans for completeness: matches are read only as far as a check needs them.
import type { Span } from '../context';
import type { CodePointIndex } from './text';
import { anyInRange } from './text';

/**
 * The sequential matches of a regex in a text, one at a time, exactly as `allMatches` finds them (at most
 * `limit`), as code-point spans: callers stop reading as soon as they know enough.
 */
export class MatchScanner {
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
  ) {}

  /** The next match as a code-point span [start, end), or `undefined` past the last one. */
  next(): Span | undefined {
    const { re } = this;
    if (this.done || this.count >= this.limit) return undefined;
    re.lastIndex = this.from;
    const m = re.exec(this.text);
    const end = re.lastIndex;
    re.lastIndex = 0;
    if (m === null) {
      this.done = true;
      return undefined;
    }
    this.count++;
    // A non-global regex has one match; an empty match steps one unit on, as in `allMatches`.
    if (!re.global) this.done = true;
    else this.from = end + (m[0].length === 0 ? 1 : 0);
    return { start: this.cpi.at(m.index), end: this.cpi.at(m.index + m[0].length) };
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

  /** Scans on until a match starts at or after `lo` or there are no more. */
  private scanTo(lo: number): void {
    const { starts } = this;
    while (!this.done && (starts.length === 0 || starts[starts.length - 1]! < lo)) {
      const span = this.scanner.next();
      if (span === undefined) this.done = true;
      else starts.push(span.start);
    }
  }

  /** Whether there is at least one match. */
  any(): boolean {
    this.scanTo(Number.NEGATIVE_INFINITY);
    return this.starts.length > 0;
  }

  /** Whether a match starts in [lo, hi] (code points): the first start from `lo` on decides. */
  anyIn(lo: number, hi: number): boolean {
    this.scanTo(lo);
    return anyInRange(this.starts, lo, hi);
  }
}
