// The character scan that lets canonicalAnswer skip its two hint regexes must never clear a bit the regex
// would have set: the regexes stay the definition, the scan only proves their absence.
import { describe, expect, it } from 'vitest';
import { canonicalAnswer } from '../src/index';
import { MAY_BE_ODD, MAY_REWRITE, ODD_HINT, REWRITTEN, rewriteHints } from '../src/text';
import { seededInts } from './helpers';

/** Characters that start, end, split or qualify a rewrite, and some that do none of that. */
const ALPHABET = [
  ...'AMUGCDKRBNYcrmbnyzkа\u0421\u039a0123456789',
  ' ',
  '-',
  '\t',
  '\u3000',
  '\n',
  ...'元块一二两百千万零人民币西湖。:.，',
  '\u200b',
  '\u034f',
  '\ufe0f',
  '\u00ad',
  '\ud83c\udf38',
  '\udb40\udd00',
  '\ud800',
];

function regexHints(s: string): number {
  return (REWRITTEN.test(s) ? MAY_REWRITE : 0) | (ODD_HINT.test(s) ? MAY_BE_ODD : 0);
}

describe('rewriteHints', () => {
  it('keeps every bit its regex sets, on random strings of the characters that matter', () => {
    const next = seededInts(2026);
    const missed: string[] = [];
    let set = 0;
    for (let n = 0; n < 40_000; n++) {
      let s = '';
      const len = 1 + next(10);
      for (let i = 0; i < len; i++) s += ALPHABET[next(ALPHABET.length)]!;
      const want = regexHints(s);
      if (want !== 0) set++;
      if ((rewriteHints(s) & want) !== want) missed.push(s);
    }
    expect(missed).toEqual([]);
    // The inputs exercise both regexes often, so the check above is not vacuous.
    expect(set).toBeGreaterThan(5_000);
  });

  it('flags every invisible BMP character alone, and clears both bits for plain prose', () => {
    const missed: number[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      if (REWRITTEN.test(ch) && (rewriteHints(ch) & MAY_REWRITE) === 0) missed.push(c);
    }
    expect(missed).toEqual([]);
    expect(rewriteHints('第1天：上午游览外滩，门票30元；航班 MU5100，06:10起飞，约3.2公里。')).toBe(
      0,
    );
  });

  it('sets each bit for the text it stands for', () => {
    expect(rewriteHints('打车30块')).toBe(MAY_REWRITE);
    expect(rewriteHints('门票一百二十 元')).toBe(MAY_REWRITE);
    expect(rewriteHints('CNY88')).toBe(MAY_REWRITE);
    expect(rewriteHints('人民币60')).toBe(MAY_REWRITE);
    expect(rewriteHints('航班 CA 1594')).toBe(MAY_REWRITE);
    expect(rewriteHints('西\u200b湖')).toBe(MAY_REWRITE);
    expect(rewriteHints('ca1594')).toBe(MAY_BE_ODD);
    expect(rewriteHints('mu-5138')).toBe(MAY_BE_ODD);
  });

  it('leaves canonicalAnswer as the regexes alone would make it', () => {
    // Rewrites that make or unmake an odd id are read again after the first set.
    expect(canonicalAnswer('c\u200b1594，人民币 60')).toBe('C1594，¥60');
    expect(canonicalAnswer('ca 1594，打车30块')).toBe('CA1594，打车30元');
    expect(canonicalAnswer('第1天：上午游览外滩，门票30元')).toBe('第1天：上午游览外滩，门票30元');
  });
});
