// Keyword scans run capture-free copies of the configured regexes, or search the words of a regex that is only
// a few words of ideographs: either way they must find the very same matches.
import { describe, expect, it } from 'vitest';
import { SCORING_CONFIG } from '../src/config';
import {
  captureFree,
  eachAlternative,
  eachMatch,
  ideographAlternatives,
} from '../src/internal/text';
import { bigPlan } from './bench-fixtures';
import { seededInts } from './helpers';

/** [index, length] of every match of a global regex. */
function spansOf(re: RegExp, text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  eachMatch(re, text, Number.POSITIVE_INFINITY, (m) => out.push([m.index, m[0].length]));
  return out;
}

/** `count` texts of 1 to `most` pieces drawn at random (seeded). */
function randomTexts(
  pieces: readonly string[],
  seed: number,
  count: number,
  most: number,
): string[] {
  const next = seededInts(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + next(most) }, () => pieces[next(pieces.length)]!).join(''),
  );
}

/** Every regex of the scoring configuration, made global (as the scans use them). */
function configRegexes(): RegExp[] {
  const out: RegExp[] = [];
  const walk = (v: unknown): void => {
    if (v instanceof RegExp)
      out.push(new RegExp(v.source, v.flags.includes('g') ? v.flags : `${v.flags}g`));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(SCORING_CONFIG);
  return out;
}

describe('captureFree', () => {
  it('drops capturing and named groups, and keeps every other construct', () => {
    expect(captureFree(/(a|b)c/g).source).toBe('(?:a|b)c');
    expect(captureFree(/(?<day>第\d+天)/gu).source).toBe('(?:第\\d+天)');
    expect(captureFree(/(?<=元)(\d+)(?!\d)(?:x)/g).source).toBe('(?<=元)(?:\\d+)(?!\\d)(?:x)');
    expect(captureFree(/[(（](\d+)[)）]\(x\)/g).source).toBe('[(（](?:\\d+)[)）]\\(x\\)');
    expect(captureFree(/(a)/giu).flags).toBe('giu');
    // A backreference needs its group; a regex without groups is returned as it is.
    const back = /(ab)\1/g;
    expect(captureFree(back)).toBe(back);
    const named = /(?<x>a)\k<x>/g;
    expect(captureFree(named)).toBe(named);
    const plain = /上午|下午/g;
    expect(captureFree(plain)).toBe(plain);
    // One copy per regex.
    const re = /(a)/g;
    expect(captureFree(re)).toBe(captureFree(re));
  });

  it('finds the same matches as every configured regex on plans and random text', () => {
    const regexes = configRegexes();
    expect(regexes.length).toBeGreaterThan(50);
    const pieces = [
      '第1天',
      '第 12 天',
      'Day 3',
      '上午',
      '推荐',
      '航班',
      'MU5100',
      '10:30',
      '元',
      '¥',
      '（',
      '）',
      '(',
      ')',
      '约',
      '3.5公里',
      '人均80元',
      '\n',
      ' ',
      '，',
      '。',
      'ABC',
      '最高温度15℃',
    ];
    const texts = [
      bigPlan(2900),
      bigPlan(2900, 1),
      bigPlan(12000),
      ...randomTexts(pieces, 11, 200, 40),
    ];
    let changed = 0;
    for (const re of regexes) {
      const free = captureFree(re);
      if (free !== re) changed++;
      for (const text of texts) expect(spansOf(free, text), re.source).toEqual(spansOf(re, text));
    }
    expect(changed).toBeGreaterThan(10);
  });
});

/** [index, length] of every match {@link eachAlternative} finds for a regex's words (at most `limit`). */
function wordSpansOf(words: readonly string[], text: string, limit = Number.POSITIVE_INFINITY) {
  const out: Array<[number, number]> = [];
  eachAlternative(words, text, limit, (start, end) => out.push([start, end - start]));
  return out;
}

describe('ideographAlternatives and eachAlternative', () => {
  it('take only global alternations of up to 8 words of ideographs', () => {
    expect(ideographAlternatives(/(航班|飞机|机票)/giu)).toEqual(['航班', '飞机', '机票']);
    expect(ideographAlternatives(/(?:餐|吃)/gu)).toEqual(['餐', '吃']);
    expect(ideographAlternatives(/上午|下午/g)).toEqual(['上午', '下午']);
    for (const re of [
      /(航班|飞机)/iu,
      /(航班|flight)/giu,
      /(航班|飞机)+/gu,
      /(航班)|(飞机)/gu,
      /(一|二|三|四|五|六|七|八|九)/gu,
      /(第\s*\d+天)/gu,
      /(航班|)/gu,
      /(航班|飞机)/guy,
    ])
      expect(ideographAlternatives(re), re.source).toBeNull();
  });

  it('find what the regex finds: leftmost first, the first word listed on a tie, no overlaps', () => {
    const cases: Array<[RegExp, string]> = [
      [/(餐|餐厅)/gu, '去餐厅吃饭，餐厅不错'],
      [/(餐厅|餐)/gu, '去餐厅吃饭，餐厅不错'],
      [/(上午|午餐)/gu, '上午餐厅，午餐'],
      [/(推荐|建议|最佳)/gu, ''],
      [/(推荐|建议|最佳)/gu, '推荐推荐建议最佳推'],
    ];
    for (const [re, text] of cases) {
      const words = ideographAlternatives(re)!;
      expect(wordSpansOf(words, text), `${re.source} on ${text}`).toEqual(spansOf(re, text));
    }
    expect(wordSpansOf(['推荐'], '推荐推荐推荐', 2)).toEqual([
      [0, 2],
      [2, 2],
    ]);
  });

  it('agree with every configured regex they take, on plans and random text', () => {
    const taken = configRegexes().filter((re) => ideographAlternatives(re) !== null);
    expect(taken.length).toBeGreaterThan(20);
    const pieces = [
      '航班',
      '飞机',
      '餐',
      '餐厅',
      '吃',
      '美食',
      '推荐',
      '建议',
      '预算',
      '费用',
      '天气',
      '晴',
      '多云',
      '上午',
      '下午',
      '，',
      '\n',
      'AB',
      '1',
    ];
    const texts = [bigPlan(2900), bigPlan(12000, 1), ...randomTexts(pieces, 5, 300, 30)];
    for (const re of taken)
      for (const text of texts)
        expect(wordSpansOf(ideographAlternatives(re)!, text), re.source).toEqual(spansOf(re, text));
  });
});
