// Keyword scans run capture-free copies of the configured regexes: they must find the very same matches.
import { describe, expect, it } from 'vitest';
import { SCORING_CONFIG } from '../src/config';
import { captureFree, eachMatch } from '../src/internal/text';
import { bigPlan } from './bench-fixtures';
import { seededInts } from './helpers';

/** [index, length] of every match of a global regex. */
function spansOf(re: RegExp, text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  eachMatch(re, text, Number.POSITIVE_INFINITY, (m) => out.push([m.index, m[0].length]));
  return out;
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
    const next = seededInts(11);
    const texts = [bigPlan(2900), bigPlan(2900, 1), bigPlan(12000)];
    for (let k = 0; k < 200; k++)
      texts.push(Array.from({ length: 1 + next(40) }, () => pieces[next(pieces.length)]!).join(''));
    let changed = 0;
    for (const re of regexes) {
      const free = captureFree(re);
      if (free !== re) changed++;
      for (const text of texts) expect(spansOf(free, text), re.source).toEqual(spansOf(re, text));
    }
    expect(changed).toBeGreaterThan(10);
  });
});
