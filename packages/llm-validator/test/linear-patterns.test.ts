import { describe, expect, it } from 'vitest';
import {
  BUDGET_MENTION,
  COMPARISON_CLAIM,
  INTER_SITE_TRANSPORT,
  LIMITATION_AWARENESS,
  PRICE_IN_TEXT,
} from '../src/internal/config';
import { GapPattern } from '../src/internal/gap-pattern';
import { looksLikeInjection } from '../src/index';
import { cpuMs } from './helpers';

// The patterns as regular expressions, as the summary once scanned them: the gap patterns must find exactly
// their matches.
const AS_REGEX: Array<[string, GapPattern, RegExp]> = [
  ['comparison claims', COMPARISON_CLAIM, /(对比|相比|比较|优于|不如|虽然.*但|权衡|取舍|利弊)/g],
  [
    'limitation remarks',
    LIMITATION_AWARENESS,
    /(仅返回|只有\s*\d|有限|不足|缺少|缺乏|无法确认|待确认|不够|工具未|需要.*更多|建议.*搜索|建议.*查询|建议.*补充|建议.*扩充|到达后.*查)/g,
  ],
  [
    'a score claim',
    new GapPattern([{ head: String.raw`\d+分(?:以上|左右)`, tails: ['维度', '评分'] }]),
    /\d+分(以上|左右).*(维度|评分)/g,
  ],
];

// Heads, tails, the line breaks `.` stops at, digits and filler.
const TOKENS = [
  ...'建议 搜索 查询 补充 扩充 需要 更多 到达后 查 只有 5 12 分 以上 左右 维度 评分 虽然 但 对比 有限 x ， 不足 权衡'.split(
    ' ',
  ),
  ' ',
  '\n',
  '\r',
  '\u2028',
];

function seeded(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

function regexSpans(re: RegExp, text: string): Array<[number, number]> {
  return [...text.matchAll(re)].map((m) => [m.index, m.index + m[0].length]);
}

describe('gap patterns', () => {
  it.each(AS_REGEX)(
    '%s: the same matches as the regular expression on 20,000 random texts',
    (_, gap, re) => {
      const rnd = seeded(20_261_205);
      for (let i = 0; i < 20_000; i++) {
        const length = rnd(i % 100 === 0 ? 300 : 25);
        let text = '';
        for (let k = 0; k < length; k++) text += TOKENS[rnd(TOKENS.length)];
        expect(gap.spans(text), JSON.stringify(text)).toEqual(regexSpans(re, text));
        expect(gap.test(text)).toBe(regexSpans(re, text).length > 0);
      }
      expect(gap.regex.test('')).toBe(false);
    },
  );

  it('a gap runs to the last tail of its line and stops at a line break', () => {
    // Greedy: two suggestions on one line are one match, on two lines two.
    expect(LIMITATION_AWARENESS.count('建议搜索A，建议搜索B')).toBe(1);
    expect(LIMITATION_AWARENESS.spans('建议搜索A，建议搜索B')).toEqual([[0, 10]]);
    expect(LIMITATION_AWARENESS.count('建议搜索A\n建议搜索B')).toBe(2);
    expect(LIMITATION_AWARENESS.count('建议\n搜索')).toBe(0);
    expect(COMPARISON_CLAIM.count(`虽然${'远'.repeat(50_000)}但是近`)).toBe(1);
    // The first tail in order wins where two start at the same place.
    const two = new GapPattern([{ head: 'a', tails: ['b', 'bc'] }]);
    expect(two.spans('a-bc')).toEqual([[0, 3]]);
  });

  it('long lines of heads without a tail take linear time (generous bound, CPU time)', () => {
    // As regular expressions these took 13 s (建议) and some 3 s (the others) at 100,000 characters.
    for (const head of ['建议', '虽然', '需要', '到达后']) {
      // One long line, and many short ones (a tail looked for past its line's end cost as much).
      for (const text of [
        head.repeat(Math.ceil(100_000 / head.length)),
        `${head}\n`.repeat(200_000),
      ]) {
        const t = cpuMs();
        expect(LIMITATION_AWARENESS.count(text) + COMPARISON_CLAIM.count(text)).toBe(0);
        expect(cpuMs() - t).toBeLessThan(1_000);
      }
    }
    const claims = '5分以上，'.repeat(80_000);
    const t = cpuMs();
    expect(looksLikeInjection(claims)).toBe(false);
    // However far on the same line, the rating still gives the claim away.
    expect(looksLikeInjection(`${claims}评分`)).toBe(true);
    expect(cpuMs() - t).toBeLessThan(2_000);
  });
});

describe('patterns with one way through a run', () => {
  // Each as it was written before: a long run of spaces or digits made it quadratic.
  const cases: Array<[string, RegExp, RegExp, string[]]> = [
    [
      'budget mention',
      BUDGET_MENTION,
      /(预算|费用|花费|总计|合计)\s*[:：]?\s*\d+/,
      ['预算', '总计', ':', '：', ' ', '  ', '1', '23', 'x', '\n'],
    ],
    [
      'transport between sights',
      INTER_SITE_TRANSPORT,
      /(步行|打车|地铁|公交|骑行|驾车)\s*(约|大约)?\s*\d+\s*(分钟|小时|公里|米)/g,
      ['步行', '打车', '约', '大约', ' ', '1', '15', '分钟', '公里', '米', 'x'],
    ],
    [
      'price in text',
      PRICE_IN_TEXT,
      /(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*元/g,
      ['1', '23', '456', ',', '.', ' ', '元', ',000', '1,2', 'x'],
    ],
  ];

  const all = (re: RegExp, text: string): string[] =>
    [...text.matchAll(new RegExp(re.source, `${re.flags.replace('g', '')}g`))].map(
      (m) => `${m.index}:${m.join('|')}`,
    );

  it.each(cases)(
    '%s: the same matches as before on 20,000 random texts',
    (_, now, before, pieces) => {
      const rnd = seeded(20_261_206);
      let found = 0;
      for (let i = 0; i < 20_000; i++) {
        const length = 1 + rnd(14);
        let text = '';
        for (let k = 0; k < length; k++) text += pieces[rnd(pieces.length)];
        const expected = all(before, text);
        found += expected.length;
        expect([text, all(now, text)]).toEqual([text, expected]);
      }
      expect(found).toBeGreaterThan(100);
    },
  );

  it('long runs of spaces or digits take linear time (generous bound, CPU time)', () => {
    // Before, 20,000 spaces after 预算 or 骑行 took 4 s each, and a long run of digits grew the same way.
    for (const text of [
      `预算${' '.repeat(200_000)}x`,
      `骑行${' '.repeat(200_000)}x`,
      `${'1'.repeat(200_000)}x`,
    ]) {
      const t = cpuMs();
      for (const [, now] of cases) all(now, text);
      expect(cpuMs() - t).toBeLessThan(1_000);
    }
  });
});
