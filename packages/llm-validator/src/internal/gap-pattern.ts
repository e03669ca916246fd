// Alternations with a greedy gap (建议.*搜索), matched in linear time. As a regular expression such an
// alternative reads to the end of its line at every head it meets and backtracks from there, so a long line
// of heads without their tail took quadratic time (100,000 characters of 建议: 13 s).

/**
 * One alternative of a {@link GapPattern}: a head (regular-expression source), and optionally tail words of
 * which one must start after the head on the same line. A head that has tails must not match a line break.
 */
export interface GapAlternative {
  /** Source of the head, as in a regular expression. */
  readonly head: string;
  /** Literal tails; the match runs to the last one on the line, as a greedy `.*` would take it. */
  readonly tails?: readonly string[];
}

/** Characters that `.` does not match: the ends of a line. */
function isLineBreak(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;
}

/**
 * An alternation such as `(虽然.*但|对比|相比)` whose matches are exactly those of the equivalent regular
 * expression ({@link GapPattern.regex}, scanned with the global flag) but found in linear time: each line's
 * last occurrence of each tail is looked up once, instead of once per head.
 */
export class GapPattern {
  /** The equivalent regular expression (global). */
  readonly regex: RegExp;
  private readonly heads: readonly RegExp[];
  private readonly anyHead: RegExp;

  constructor(private readonly alternatives: readonly GapAlternative[]) {
    const source = alternatives
      .map((a) => (a.tails === undefined ? a.head : `${a.head}.*(?:${a.tails.join('|')})`))
      .join('|');
    this.regex = new RegExp(`(?:${source})`, 'g');
    this.heads = alternatives.map((a) => new RegExp(a.head, 'y'));
    this.anyHead = new RegExp(alternatives.map((a) => `(?:${a.head})`).join('|'), 'g');
  }

  /** The matches' spans `[start, end)`, in order, as `text.matchAll(this.regex)` gives them. */
  spans(text: string, limit = Infinity): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    // The line of the current head, [lineStart, lineEnd), its text once a tail is looked for, and each tail's
    // last start in it (−1: none). Searching the line's own text keeps a search from running past its end.
    let lineStart = 0;
    let lineEnd = -1;
    let line: string | undefined;
    const lastTail = new Map<string, number>();
    const tailEnd = (tails: readonly string[], from: number): number => {
      let best = -1;
      let bestEnd = -1;
      for (const tail of tails) {
        let last = lastTail.get(tail);
        if (last === undefined) {
          line ??= text.slice(lineStart, lineEnd);
          const at = line.lastIndexOf(tail);
          last = at < 0 ? -1 : lineStart + at;
          lastTail.set(tail, last);
        }
        // Backtracking from the line's end, the first tail in order wins at the same start.
        if (last >= from && last > best) {
          best = last;
          bestEnd = last + tail.length;
        }
      }
      return bestEnd;
    };
    const anyHead = this.anyHead;
    anyHead.lastIndex = 0;
    for (let m = anyHead.exec(text); m !== null && out.length < limit; m = anyHead.exec(text)) {
      const at = m.index;
      if (at >= lineEnd) {
        // A new line: find its bounds and forget the tails of the last one.
        lineStart = at;
        while (lineStart > 0 && !isLineBreak(text.charCodeAt(lineStart - 1))) lineStart--;
        lineEnd = at;
        while (lineEnd < text.length && !isLineBreak(text.charCodeAt(lineEnd))) lineEnd++;
        line = undefined;
        lastTail.clear();
      }
      let end = -1;
      for (let k = 0; k < this.alternatives.length && end < 0; k++) {
        const head = this.heads[k]!;
        head.lastIndex = at;
        const h = head.exec(text);
        if (h === null) continue;
        const tails = this.alternatives[k]!.tails;
        end = tails === undefined ? at + h[0].length : tailEnd(tails, at + h[0].length);
      }
      if (end < 0) {
        anyHead.lastIndex = at + 1;
        continue;
      }
      out.push([at, end]);
      anyHead.lastIndex = end > at ? end : at + 1;
    }
    return out;
  }

  /** Number of matches. */
  count(text: string): number {
    return this.spans(text).length;
  }

  /** Whether the text has a match. */
  test(text: string): boolean {
    return this.spans(text, 1).length > 0;
  }
}
