// The named-place keyword regexes are written word-first for speed; they must match exactly what the
// lookbehind-first form they replace matches.
import { describe, expect, it } from 'vitest';
import { SCORING_CONFIG } from '../src/index';
import { namedPlace } from '../src/config';
import { poiLineName } from '../src/internal/price-text';
import { cpuMs, seededInts } from './helpers';

const WORD_FIRST = /\(([^()]+)\)\(\?<=\[\\u4e00-\\u9fa5\]\{2\}\(\?:\1\)\)/g;

/** The same source with each word-first named place written lookbehind-first. */
function lookbehindFirst(source: string): string {
  return source.replace(
    WORD_FIRST,
    (_, alternatives: string) => `(?<=[\\u4e00-\\u9fa5]{2})(${alternatives})`,
  );
}

function matchesOf(re: RegExp, text: string): string[] {
  const out: string[] = [];
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    out.push(`${m.index}:${m.slice(0).join('|')}`);
    if (m[0] === '') re.lastIndex++;
  }
  return out;
}

/** A text of 1 to `maxParts` pieces drawn by `next`. */
function randomText(
  next: (n: number) => number,
  pieces: readonly string[],
  maxParts: number,
): string {
  let text = '';
  const parts = 1 + next(maxParts);
  for (let i = 0; i < parts; i++) text += pieces[next(pieces.length)];
  return text;
}

/**
 * Checks on `count` random texts (`skip` leaves some out) that `now` finds exactly the matches `before` finds;
 * returns how many matches there were, so a test can tell that the texts exercised the patterns at all.
 */
function expectSameMatches(
  now: RegExp,
  before: RegExp,
  next: (n: number) => number,
  pieces: readonly string[],
  count: number,
  maxParts: number,
  skip: (text: string) => boolean = () => false,
): number {
  let found = 0;
  for (let k = 0; k < count; k++) {
    const text = randomText(next, pieces, maxParts);
    if (skip(text)) continue;
    const expected = matchesOf(before, text);
    found += expected.length;
    expect([text, matchesOf(now, text)]).toEqual([text, expected]);
  }
  return found;
}

describe('named-place keyword regexes', () => {
  const regexes = Object.values(SCORING_CONFIG.dimensions)
    .flat()
    .flatMap((d) => [d.keyword, d.context])
    .filter(
      (re): re is RegExp => re !== undefined && new RegExp(WORD_FIRST.source).test(re.source),
    );

  it('are used by the dimension tables', () => {
    expect(regexes.length).toBe(11);
  });

  it('match exactly what the lookbehind-first form matches', () => {
    const next = seededInts(3);
    for (const re of regexes) {
      const reference = new RegExp(lookbehindFirst(re.source), re.flags);
      expect(reference.source).not.toBe(re.source);
      const words = [...new Set(re.source.match(/[\u4e00-\u9fa5]+/g) ?? [])];
      const pieces = [...words, '老', '正兴', 'a', '1', '，', ' ', '三星', '🌸', '西湖'];
      expect(expectSameMatches(re, reference, next, pieces, 400, 10)).toBeGreaterThan(0);
    }
  });

  it('refuses alternatives that end with the same character', () => {
    expect(() => namedPlace('酒店|饭店')).toThrow(/same character/);
    expect(namedPlace('餐厅|饭店')).toContain('(?<=');
  });
});

describe('patterns written to stay linear on long runs', () => {
  const F = SCORING_CONFIG.factPrecision;
  // Each as it was written before: a long run of spaces, digits, punctuation or 约 made it quadratic.
  const cases: Array<[string, RegExp, RegExp, string[]]> = [
    [
      'stated rating',
      F.answerRating,
      /评分\s*[:：]?\s*([0-9](?:\.[0-9]+)?)(?![0-9.])/gu,
      ['评分', ':', '：', ' ', '  ', '4', '.', '5', '４', 'x', '\n'],
    ],
    [
      'temperature',
      F.temperature,
      /(-?\p{Nd}+)\s*(?:度|℃|°C)/gu,
      ['-', '1', '23', '５', ' ', '度', '℃', '°C', '°', 'x', '~', '3-5'],
    ],
    [
      'closing punctuation',
      new RegExp(SCORING_CONFIG.factContext.itemEnd.source, 'gu'),
      /[。，,.;；!！]+$/gu,
      ['。', '，', ',', '.', ';', '！', 'a', '外滩', ' '],
    ],
    [
      'travel time (runs of at most six of 需约大概)',
      SCORING_CONFIG.routeClaims.time,
      /(?:打车|驾车|开车|乘车|坐车|步行|骑行|公交|地铁|出租车|耗时|用时|需要?|约需?|大约需?|大概需?|预计需?|仅需|车程|路程|全程|约|大概|预计)[需约大概]*\s*(\p{Nd}+)(?:\s*[-~至到]\s*\p{Nd}+)?\s*(分钟|小时|min)/giu,
      [
        '约',
        '需',
        '大',
        '概',
        '要',
        '步行',
        '打车',
        ' ',
        '5',
        '30',
        '-',
        '至',
        '分钟',
        '小时',
        'MIN',
        'x',
      ],
    ],
  ];

  it.each(cases)(
    '%s: the same matches as before on 20,000 random texts',
    (name, now, before, pieces) => {
      // Beyond six, the travel time's run is where the two forms part by design.
      const partBy = (text: string): boolean =>
        name.startsWith('travel') && /[需约大概]{7}/u.test(text);
      const found = expectSameMatches(now, before, seededInts(11), pieces, 20_000, 12, partBy);
      expect(found).toBeGreaterThan(100);
    },
  );

  it('dimension contexts read a number only from where its digits start, with the same matches', () => {
    // One of each source (the amount pattern serves seven dimensions).
    const guarded = [
      ...new Map(
        Object.values(SCORING_CONFIG.dimensions)
          .flat()
          .map((d) => (d as { context?: RegExp }).context)
          .filter((re): re is RegExp => re !== undefined && re.source.includes('(?<!\\d)'))
          .map((re) => [re.source, re]),
      ).values(),
    ];
    expect(guarded).toHaveLength(4);
    const pieces = [
      '1',
      '23',
      '4567',
      ' ',
      '元',
      '¥',
      '路',
      '号线',
      '米',
      '公里',
      '分钟',
      ':',
      '打车',
      'x',
      '１',
    ];
    const next = seededInts(13);
    for (const now of guarded) {
      const before = new RegExp(now.source.replaceAll('(?<!\\d)', ''), now.flags);
      expect(expectSameMatches(now, before, next, pieces, 10_000, 12)).toBeGreaterThan(100);
    }
  });

  it('a POI line gives the name the regex it replaces captured', () => {
    const before = /^\s*(?:名称|name)\s*[:：]\s*(.+?)\s*$/u;
    const pieces = [
      '名称',
      'name',
      ':',
      '：',
      ' ',
      '\t',
      '\r',
      '\u2028',
      '\u3000',
      'a',
      '外',
      '😀',
      '\ud83d',
    ];
    const next = seededInts(12);
    for (let k = 0; k < 50_000; k++) {
      let line = ['', '名称:', 'name：', ' 名称 ：'][next(4)]!;
      const parts = next(10);
      for (let i = 0; i < parts; i++) line += pieces[next(pieces.length)];
      expect([line, poiLineName(line)]).toEqual([line, before.exec(line)?.[1]]);
    }
  });

  it('long runs in an answer or a tool result take linear time (generous bound, CPU time)', () => {
    const run = 200_000;
    const contexts = Object.values(SCORING_CONFIG.dimensions)
      .flat()
      .map((d) => (d as { context?: RegExp }).context)
      .filter((re): re is RegExp => re !== undefined);
    // Before, each took from tens of seconds to hours.
    const answers = [
      `评分${' '.repeat(run)}x`,
      `${'1'.repeat(run)}x`,
      `外滩${'，'.repeat(run)}x`,
      `步行${'约'.repeat(run)}5分钟`,
    ];
    for (const answer of answers) {
      const dated = `2025年3月1日 ${answer}`;
      const t = cpuMs();
      for (const text of [answer, dated]) {
        for (const re of [
          F.answerRating,
          F.temperature,
          SCORING_CONFIG.routeClaims.time,
          ...contexts,
        ])
          matchesOf(re, text);
        SCORING_CONFIG.factContext.itemEnd.test(text);
      }
      expect(cpuMs() - t).toBeLessThan(1_000);
    }
    const t = cpuMs();
    expect(poiLineName(`名称: 外${' '.repeat(run)}滩`)).toBe(`外${' '.repeat(run)}滩`);
    expect(cpuMs() - t).toBeLessThan(1_000);
  });
});
