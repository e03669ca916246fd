// The echo defence's filter against an exact computation: the share of the answer's letters and digits inside
// tool spans of at least minSpan of them copied in order, found with a set of window strings instead of hashed
// bits.
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

  it('is never below the exact share and almost always equal to it on random copies (filters of every size)', () => {
    const next = seededInts(7);
    let equal = 0;
    for (let round = 0; round < 60; round++) {
      // From a single short result (the filter's smallest sizes) to 90,000 code units (its largest).
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
      // A filter has no false negatives; a false positive at the edge of a copied span would add a code point.
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

  it('gives the same fraction when called again (the shared filter is left empty)', () => {
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
