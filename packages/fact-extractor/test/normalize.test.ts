// normalizeText scans by character code; the regex in text.ts stays the definition of what it removes.
import { describe, expect, it } from 'vitest';
import { isWhitespaceCode, normalizeText, prepareAnswer } from '../src/index';
import { NORMALIZE_REMOVE, isNormalizeRemoved } from '../src/text';
import { joinedPieces, MIXED_PIECES, seededInts } from './helpers';

describe('isWhitespaceCode', () => {
  it('agrees with the \\s class and with trim on every BMP code point', () => {
    const mismatches: number[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCharCode(c);
      const expected = /\s/.test(ch);
      if (isWhitespaceCode(c) !== expected || (ch.trim() === '') !== expected) mismatches.push(c);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('normalizeText', () => {
  it('removes exactly the characters of the definition regex, on every BMP code point', () => {
    const re = new RegExp(`^(?:${NORMALIZE_REMOVE.source})$`);
    const mismatches: number[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      if (isNormalizeRemoved(c) !== re.test(String.fromCharCode(c))) mismatches.push(c);
    }
    expect(mismatches).toEqual([]);
  });

  it('gives the same text as the regex replace on mixed input', () => {
    const regex = (s: string): string =>
      s
        .replace(/[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]/g, (ch) =>
          String.fromCharCode(ch.charCodeAt(0) - 0xfee0),
        )
        .replace(new RegExp(NORMALIZE_REMOVE.source, 'g'), '')
        .toLowerCase();
    const pieces = [...MIXED_PIECES, ''];
    const next = seededInts(11);
    for (let k = 0; k < 3000; k++) {
      const s = joinedPieces(next, pieces, next(12));
      expect([s, normalizeText(s)]).toEqual([s, regex(s)]);
    }
    expect(normalizeText('故宫 博物院（午门）')).toBe('故宫博物院午门');
    expect(normalizeText('')).toBe('');
  });

  it('prepareAnswer normalises on first use and keeps the result', () => {
    const prepared = prepareAnswer('西湖 · 断桥');
    expect(prepared.raw).toBe('西湖 · 断桥');
    expect(prepared.normalized).toBe('西湖断桥');
    expect(prepared.normalized).toBe(prepared.normalized);
  });
});
