import { describe, expect, it } from 'vitest';
import { includesNormalized, normalizeText } from '../src/index';
import { seededInts } from './helpers';

const expected = (text: string, needle: string) => normalizeText(text).includes(needle);

describe('includesNormalized', () => {
  it('finds names a result writes spaced, punctuated, bracketed, full-width or in capitals', () => {
    expect(includesNormalized('名称: 浦江 博物馆\n', '浦江博物馆')).toBe(true);
    expect(includesNormalized('锦华·公园', '锦华公园')).toBe(true);
    expect(includesNormalized('东方明珠-广场（东门）', '东方明珠广场东门')).toBe(true);
    expect(includesNormalized('世纪ＫＴＶ中心', '世纪ktv中心')).toBe(true);
    expect(includesNormalized('世纪KTV中心', '世纪ktv中心')).toBe(true);
    expect(includesNormalized('上海博物馆', '上海科技馆')).toBe(false);
    expect(includesNormalized('上海 ', '上海科技馆')).toBe(false);
    // Needles that do not start with an ideograph take the normalised text.
    expect(includesNormalized('ＡＢＣ 乐园', 'abc乐园')).toBe(true);
    expect(includesNormalized('anything', '')).toBe(true);
  });

  it('agrees with normalizeText on every BMP unit between two ideographs', () => {
    const mismatches: number[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const text = `上${String.fromCharCode(c)}海`;
      const own = normalizeText(text);
      if (
        !includesNormalized(text, own) ||
        includesNormalized(text, '上海') !== expected(text, '上海')
      )
        mismatches.push(c);
    }
    expect(mismatches).toEqual([]);
  });

  it('agrees with normalizeText on random texts and needles (astral, sigma and İ included)', () => {
    const pieces = [
      '上海',
      '博物馆',
      '上',
      ' ',
      '·',
      '（',
      '）',
      '-',
      '，',
      'Σ',
      'σ',
      'ς',
      'İ',
      'i',
      'ＡＢ',
      'ab',
      'AB',
      '𠀋',
      '𐐀',
      '\u3000',
      '：',
      '公园',
      '海',
      '馆',
      'K',
      'ｋ',
      '\n',
      '😀',
    ];
    const next = seededInts(20261204);
    const make = (n: number) =>
      Array.from({ length: n }, () => pieces[next(pieces.length)]).join('');
    let checked = 0;
    for (let k = 0; k < 4000; k++) {
      const text = make(1 + next(12));
      const norm = normalizeText(text);
      // A piece of the normalised text (found) and a random normalised needle (mostly not).
      const a = next(norm.length + 1);
      const b = a + next(norm.length - a + 1);
      for (const needle of [norm.slice(a, b), normalizeText(make(1 + next(3)))]) {
        if (
          needle.length > 0 &&
          needle.charCodeAt(needle.length - 1) >= 0xd800 &&
          needle.charCodeAt(needle.length - 1) <= 0xdbff
        )
          continue;
        expect(
          includesNormalized(text, needle),
          `${JSON.stringify(text)} ∋ ${JSON.stringify(needle)}`,
        ).toBe(expected(text, needle));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(7000);
  });
});
