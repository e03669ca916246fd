// The echo defence's indexed scan against exact computations: the share of the answer's letters and digits in
// copies of tool text (verbatim spans found with a set of window strings, and copies with words put inside
// them followed from every start).
import { describe, expect, it } from 'vitest';
import { SCORING_CONFIG, buildContext, echoFraction } from '../src';
import { bigPlan, bigProblem, bigTrace } from './bench-fixtures';
import * as E from './episodes';
import { call, seededInts } from './helpers';

const K = 12;
const MIN_SPAN = SCORING_CONFIG.echo.minSpan;

/**
 * The text's letters, digits and marks, with full-width ASCII folded and ASCII lower-cased: what the echo
 * defence compares (written independently, with Unicode property regexes per code point).
 */
function solid(text: string): string[] {
  return Array.from(text)
    .filter((ch) => /[\p{L}\p{N}\p{M}]/u.test(ch))
    .map((ch) =>
      ch
        .replace(/[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]/u, (w) =>
          String.fromCharCode(w.charCodeAt(0) - 0xfee0),
        )
        .replace(/[A-Z]/, (w) => w.toLowerCase()),
    );
}

/** The exact share: every K-window of the answer looked up among the tool texts' K-windows by its text. */
function exactEchoFraction(toolTexts: readonly string[], answer: string): number {
  const windows = new Set<string>();
  for (const text of toolTexts) {
    if (text.length < MIN_SPAN) continue;
    const cps = solid(text);
    for (let i = 0; i + K <= cps.length; i++) windows.add(cps.slice(i, i + K).join(''));
  }
  const cps = solid(answer);
  if (cps.length < MIN_SPAN) return 0;
  const covered = new Uint8Array(cps.length);
  let run = 0;
  for (let i = 0; i + K <= cps.length + 1; i++) {
    const hit = i + K <= cps.length && windows.has(cps.slice(i, i + K).join(''));
    if (hit) {
      run++;
      continue;
    }
    // A run of r window hits ending before window i covers code points [i − r, i − 1 + K).
    if (run >= MIN_SPAN - K + 1) covered.fill(1, i - run, i - 1 + K);
    run = 0;
  }
  return covered.reduce((n, c) => n + c, 0) / cps.length;
}

/**
 * The echo fraction by brute force: from every answer start and every tool position sharing its first 4
 * compared code points, follow the copy with the defence's rule (pieces in tool order, at most maxInserted
 * answer code points between two, a piece after an insertion at least 2 long) and cover each copy of at
 * least minSpan copied code points.
 */
function exhaustiveEchoFraction(toolTexts: readonly string[], answer: string): number {
  const t: string[] = [];
  for (const text of toolTexts) if (text.length >= MIN_SPAN) t.push(...solid(text), '\u0000');
  const a = solid(answer);
  if (t.length === 0 || a.length < MIN_SPAN) return 0;
  const covered = new Uint8Array(a.length);
  for (let i = 0; i + 4 <= a.length; i++) {
    for (let p = 0; p + 4 <= t.length; p++) {
      if (a.slice(i, i + 4).join('') !== t.slice(p, p + 4).join('')) continue;
      let q = p;
      let at = i;
      let matched = 0;
      let end = i;
      let inserted = 0;
      while (at < a.length && t[q] !== '\u0000') {
        if (a[at] === t[q] && (inserted === 0 || a[at + 1] === t[q + 1])) {
          q++;
          at++;
          matched++;
          end = at;
          inserted = 0;
          continue;
        }
        if (inserted === SCORING_CONFIG.echo.maxInserted) break;
        inserted++;
        at++;
      }
      if (matched >= MIN_SPAN) covered.fill(1, i, end);
    }
  }
  return covered.reduce((n, c) => n + c, 0) / a.length;
}

function fractionOf(toolTexts: string[], answer: string): number {
  const trace = toolTexts.map((text) => call('poi_search', {}, text));
  return echoFraction(buildContext(bigProblem, trace, answer));
}

/** Random Chinese-looking text with spaces and an occasional emoji, `n` code points. */
function randomText(next: (n: number) => number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = next(100);
    if (r < 8) out.push(' ');
    else if (r < 10) out.push('\n');
    else if (r === 10) out.push('🚄');
    else if (r === 11) out.push(String.fromCodePoint(0x20000 + next(50)));
    else if (r === 12) out.push('，');
    else out.push(String.fromCodePoint(0x4e00 + next(400)));
  }
  return out.join('');
}

describe('echo fraction', () => {
  it('is the exact share on the hand-written episodes and on dumps of their tool results', () => {
    for (const e of Object.values(E)) {
      if (typeof e !== 'object') continue;
      const texts = e.trace.map((t) => t.resultText);
      const dump = texts.join('\n');
      for (const answer of [e.answer, `${e.answer}\n${dump}`, `第1天\n${dump.slice(0, 400)}`]) {
        expect(fractionOf(texts, answer)).toBeCloseTo(exactEchoFraction(texts, answer), 10);
      }
    }
  });

  it('is never below the exact share and almost always equal to it on random copies (tool texts of every size)', () => {
    const next = seededInts(7);
    let equal = 0;
    for (let round = 0; round < 60; round++) {
      // From a single short result to 90,000 code units.
      const count = 1 + next(round < 30 ? 3 : 15);
      const size = round < 20 ? 30 + next(100) : round < 50 ? 500 + next(3_000) : 6_000;
      const texts = Array.from({ length: count }, () => randomText(next, size));
      const pieces: string[] = [];
      for (let p = 0; p < 12; p++) {
        const source = texts[next(texts.length)]!;
        const from = next(Math.max(1, source.length - 60));
        // Copies of 10–69 units: some shorter than the shortest span that counts, some longer.
        pieces.push(source.slice(from, from + 10 + next(60)), randomText(next, 5 + next(40)));
      }
      const answer = pieces.join('');
      const exact = exactEchoFraction(texts, answer);
      const filtered = fractionOf(texts, answer);
      // Every verbatim span is found; a word put inside a copy, or right after it, may add a few code points.
      expect(filtered).toBeGreaterThanOrEqual(exact - 1e-12);
      expect(filtered - exact).toBeLessThanOrEqual(0.01);
      if (Math.abs(filtered - exact) < 1e-12) equal++;
    }
    expect(equal).toBeGreaterThanOrEqual(58);
  });

  it('matches the exact share on the large benchmark episode', () => {
    const trace = bigTrace(15);
    const texts = trace.map((t) => t.resultText);
    const answer = `${bigPlan(12_000)}\n${texts.join('\n').slice(0, 3_000)}`;
    expect(echoFraction(buildContext(bigProblem, trace, answer))).toBeCloseTo(
      exactEchoFraction(texts, answer),
      3,
    );
  });

  it('sees through changed punctuation, spacing, width and case', () => {
    const e = E.multidayGood;
    const texts = e.trace.map((t) => t.resultText);
    const dump = texts.join('\n');
    const copied = fractionOf(texts, dump);
    expect(copied).toBeGreaterThan(0.95);
    const fullWidth = (t: string): string =>
      t.replace(/[0-9A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    for (const disguised of [
      // Full-width punctuation for ASCII and back.
      dump.replace(/[，,：:]/g, (c) => ({ '，': ',', ',': '，', '：': ':', ':': '：' })[c] ?? c),
      dump.replace(/[，。：；、,:;]/g, ' | ').replace(/\n/g, ' → '),
      dump.replace(/[\s，。：；、]+/g, ''),
      fullWidth(dump),
      dump.replace(/[a-z]/g, (c) => c.toUpperCase()),
    ]) {
      expect(disguised).not.toBe(dump);
      expect(fractionOf(texts, disguised)).toBeCloseTo(copied, 10);
      expect(fractionOf(texts, disguised)).toBeCloseTo(exactEchoFraction(texts, disguised), 10);
    }
    // The plan itself, which restates tool facts in its own sentences, stays far below the defence's start.
    expect(fractionOf(texts, e.answer)).toBeLessThan(SCORING_CONFIG.echo.start);
  });

  it('follows a copy across at most maxInserted inserted code points (hand-computed)', () => {
    const next = seededInts(5);
    const tool = Array.from({ length: 120 }, () => String.fromCodePoint(0x4e00 + next(400))).join(
      '',
    );
    const cps = Array.from(tool);
    const piece = (a: number, b: number): string => cps.slice(a, b).join('');
    // Two pieces of 15 copied code points in tool order: 30 ≥ minSpan only as one copy.
    const inserted = SCORING_CONFIG.echo.maxInserted;
    const within = `${piece(0, 15)}${'呢'.repeat(inserted)}${piece(15, 30)}`;
    expect(fractionOf([tool], within)).toBe(1);
    const beyond = `${piece(0, 15)}${'呢'.repeat(inserted + 1)}${piece(15, 30)}`;
    expect(fractionOf([tool], beyond)).toBe(0);
    // Out of tool order (the second piece first), the pieces are two short copies.
    expect(fractionOf([tool], `${piece(15, 30)}呢${piece(0, 15)}`)).toBe(0);
    // 24 copied + 2 inserted + 1 stray match + 2 inserted: the stray code point does not carry the copy.
    const stray = `${piece(0, 24)}呢呢${piece(24, 25)}呢呢${'吗'.repeat(10)}`;
    expect(fractionOf([tool], stray)).toBeCloseTo(24 / 39, 12);
  });

  it('sees a dump with a word in place of every separator', () => {
    const e = E.multidayGood;
    const texts = e.trace.map((t) => t.resultText);
    const dump = texts.join('\n').replace(/[:：，,。]/g, '呢');
    expect(fractionOf(texts, dump)).toBeGreaterThan(SCORING_CONFIG.echo.full);
  });

  it('agrees with following the copy from every start and every tool position, on random copies', () => {
    const next = seededInts(23);
    for (let round = 0; round < 25; round++) {
      const texts = Array.from({ length: 1 + next(3) }, () => randomText(next, 200 + next(400)));
      const pieces: string[] = [];
      for (let p = 0; p < 10; p++) {
        const source = texts[next(texts.length)]!;
        const from = next(Math.max(1, source.length - 80));
        const copy = Array.from(source.slice(from, from + 10 + next(70)));
        // Words put inside some copies.
        for (let k = 0; k < next(4); k++)
          copy.splice(next(copy.length + 1), 0, '呢'.repeat(1 + next(4)));
        pieces.push(copy.join(''), randomText(next, 3 + next(30)));
      }
      const answer = pieces.join('');
      const exhaustive = exhaustiveEchoFraction(texts, answer);
      const found = fractionOf(texts, answer);
      // The scan follows one copy per start and skips past what it found: never more than following every
      // alignment, and seldom less.
      expect(found).toBeLessThanOrEqual(exhaustive + 1e-12);
      expect(exhaustive - found).toBeLessThanOrEqual(0.02);
    }
  });

  it('gives the same fraction when called again (the shared index is rebuilt)', () => {
    const e = E.multidayGood;
    const texts = e.trace.map((t) => t.resultText);
    const answer = `${e.answer}\n${texts.join('\n')}`;
    const first = fractionOf(texts, answer);
    // A call with other, larger tool texts in between must not leave bits behind.
    fractionOf([randomText(seededInts(3), 20_000)], answer);
    expect(fractionOf(texts, answer)).toBe(first);
    expect(fractionOf([], answer)).toBe(0);
  });
});
