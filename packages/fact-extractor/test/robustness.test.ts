// Robustness: seeded random and adversarial inputs never throw, and extraction stays linear.
import { describe, expect, it } from 'vitest';
import { ExtractedFactsSchema, ParsedPlanSchema } from '@navworld/core-types';
import {
  countPoiMatches,
  extractAnswerFacts,
  extractToolFacts,
  factsNear,
  matchPoi,
  nearestDistance,
  parsePlan,
  parsePrice,
  resultTextOf,
  weatherContextText,
} from '../src/index';
import { stripNameMarks } from '../src/internal/scanners';
import { entry, fixture } from './helpers';

/** CPU time of this process so far, in milliseconds (the linear-time bounds below are on CPU, not wall time). */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Seeded 32-bit generator (mulberry32): the same seed gives the same inputs on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Tokens that touch every pattern: ids, times, prices, weather, wind, roads, POI fields, JSON, fences, tables.
const TOKENS = [
  '航班',
  '车次',
  'CA1501',
  'G5',
  'T3航站楼',
  '3U8888',
  'K1',
  '08:00',
  '8:3',
  '23:59',
  '24:00',
  '99:99',
  '：',
  '价格',
  '850元',
  '1.2万元',
  '¥',
  '￥',
  '元',
  '万',
  '千',
  '-',
  '~',
  '至',
  '到达',
  '出发',
  '起飞',
  '(次日)',
  '天气',
  '晴',
  '多云',
  '雷阵雨',
  '雪',
  '断桥残雪',
  '气温',
  '℃',
  '°',
  '度',
  '零下',
  '-3',
  '东北风',
  '风力',
  '级',
  '西北风味',
  '公里',
  '米',
  'km',
  '耗时',
  '约',
  '分钟',
  '小时',
  '沿',
  '路',
  '街',
  '大道',
  '进入',
  '名称: ',
  'name: ',
  'pname: ',
  '【',
  '】',
  '「',
  '」',
  '"name": "',
  '"',
  '{',
  '}',
  '[',
  ']',
  '```json\n',
  '```',
  '\n',
  '\n\n',
  '|',
  '| 车次 | 价格 |\n|---|---|\n',
  '第',
  '天',
  '一',
  '十',
  'Day ',
  '景区',
  '公园',
  '博物馆',
  '小贴士：',
  '- ',
  '合计',
  '住宿',
  '餐饮',
  '门票',
  '交通',
  '🚄',
  '🎉',
  '\ud800',
  '\udc00',
  '\u3000',
  '０８：００',
  'ＣＡ１５０１',
  '\\',
  '\u0000',
  '\t',
  ' ',
  '东南西北',
  '风',
  '省',
  '市',
  '区',
  '县',
];

function randomText(rand: () => number, maxTokens: number): string {
  const n = Math.floor(rand() * maxTokens);
  let s = '';
  for (let i = 0; i < n; i++) {
    const r = rand();
    if (r < 0.7) s += TOKENS[Math.floor(rand() * TOKENS.length)] ?? '';
    else if (r < 0.85) s += String.fromCharCode(0x4e00 + Math.floor(rand() * 0x5000));
    else if (r < 0.95) s += String.fromCharCode(Math.floor(rand() * 0xffff));
    else s += String(Math.floor(rand() * 100_000));
  }
  return s;
}

const TOOL_NAMES = [
  'poi_search',
  'around_search',
  'direction',
  'weather',
  'search_flights',
  'search_train_tickets',
  'x',
];

function exercise(text: string, rand: () => number): void {
  const answer = extractAnswerFacts(text);
  expect(ExtractedFactsSchema.safeParse(answer).success).toBe(true);
  const plan = parsePlan(text);
  expect(ParsedPlanSchema.safeParse(plan).success).toBe(true);
  const name = TOOL_NAMES[Math.floor(rand() * TOOL_NAMES.length)] ?? 'x';
  const wrapped = rand() < 0.3 ? JSON.stringify({ type: 'text', text }) : text;
  const tool = extractToolFacts([entry(name, wrapped)]);
  expect(ExtractedFactsSchema.safeParse(tool).success).toBe(true);
  const cut = Math.floor(rand() * Math.min(text.length, 30));
  matchPoi(text.slice(0, cut), text);
  countPoiMatches(answer.pois, text);
  nearestDistance(text, /价格|天气/, text.slice(cut, cut + 3));
  factsNear(text, /航班|车次/, tool.prices, 50);
  parsePrice(text);
  weatherContextText(text);
  resultTextOf({ resultText: text });
}

describe('robustness', () => {
  it('10,000 seeded random and token-soup inputs never throw and stay schema-valid', () => {
    const rand = seeded(20_240_601);
    for (let i = 0; i < 10_000; i++) {
      const text = randomText(rand, i % 100 === 0 ? 2_000 : 60);
      exercise(text, rand);
    }
  });

  it('adversarial shapes: long lines, unbalanced JSON, nested fences, pathological repetitions', () => {
    const rand = seeded(7);
    const shapes = [
      '{'.repeat(50_000),
      '}'.repeat(50_000),
      '{"a":'.repeat(20_000),
      '```json\n```\n'.repeat(10_000),
      '````\n```json\n{"x": [\n'.repeat(5_000),
      '路'.repeat(100_000),
      '沿'.repeat(100_000),
      '东南西北'.repeat(30_000) + '风',
      '1'.repeat(100_000) + '元',
      '1.'.repeat(50_000) + '5公里',
      '12:'.repeat(50_000),
      '第'.repeat(50_000) + '1天',
      '|'.repeat(100_000),
      '| a |\n'.repeat(20_000),
      '名称: '.repeat(30_000),
      '【'.repeat(50_000),
      'G'.repeat(100_000),
      'CA'.repeat(50_000) + '1501',
      '天气\n'.repeat(50_000),
      '# 天气\n'.repeat(20_000),
      '\ud83d'.repeat(50_000),
      '🎉'.repeat(50_000),
      ' '.repeat(100_000),
      '航班 CA1501，价格850元，08:00从北京首都国际机场出发，'.repeat(5_000),
      // One day number repeated with thousands of distinct places.
      Array.from(
        { length: 20_000 },
        (_, i) => `第1天：游览${String.fromCharCode(0x4e00 + i)}公园\n`,
      ).join(''),
    ];
    for (const s of shapes) exercise(s, rand);
  });

  it('one long line of times or of wind levels extracts in linear time (generous bound, CPU time)', () => {
    // Each time looked its line start up backwards, and each level its 风 over the whole text before it: on
    // these lines that took 3 s and more, and takes some 20–50 ms now.
    for (const line of ['08:10 '.repeat(60_000), '3级 '.repeat(60_000)]) {
      extractAnswerFacts(line.slice(0, 2_000));
      const t = cpuMs();
      const facts = extractAnswerFacts(line);
      expect(cpuMs() - t).toBeLessThan(1_000);
      // No transport word before the times, no 风 before the levels.
      expect(facts.times).toEqual([]);
      expect(facts.wind_info).toEqual([]);
    }
    // With the context they need, the same scans still find them.
    expect(extractAnswerFacts('航班MU5100，08:10出发').times).toEqual(['08:10']);
    expect(extractAnswerFacts('东北风3级').wind_info).toEqual(['3级', '东北风']);
    expect(extractAnswerFacts(`风${'很'.repeat(30)}3级`).wind_info).toEqual([]);
  });

  it('a long table of weather rows is read in linear time (generous bound, CPU time)', () => {
    // Every keyword row walked its table to both ends: 500,000 characters of rows took 43 s, and take some
    // 20 ms now.
    const rows = Array.from(
      { length: 40_000 },
      (_, i) => `| 第${i + 1}天 | 天气晴 | ${i % 30}℃ |\n`,
    );
    const table = `| 日期 | 天气 | 气温 |\n| --- | --- | --- |\n${rows.join('')}`;
    weatherContextText(table.slice(0, 2_000));
    const t = cpuMs();
    const context = weatherContextText(table);
    expect(cpuMs() - t).toBeLessThan(1_000);
    // The whole table is weather context, header and the empty line after it included.
    expect(context).toBe(table);
    // A keyword row brings its whole table and the lines next to it: the second table's last row brings the
    // line after it. Two tables are walked apart.
    const two = '前言\n| a | b |\n| 天气 | 晴 |\n| c | d |\n后记\n其他\n| e |\n| 气温 |\n尾声';
    expect(weatherContextText(two)).toBe(
      '| a | b |\n| 天气 | 晴 |\n| c | d |\n| e |\n| 气温 |\n尾声',
    );
  });

  it('marks around a candidate name come off as the regex took them, in linear time', () => {
    const before = /^[*_"'“”‘’\s]+|[*_"'“”‘’\s。.;；:：]+$/g;
    const pieces = [
      '*',
      '_',
      '"',
      '“',
      '’',
      ' ',
      '\t',
      '\n',
      '\u3000',
      '。',
      '.',
      ';',
      '：',
      'a',
      '外',
      '😀',
    ];
    const rand = seeded(31);
    for (let i = 0; i < 50_000; i++) {
      let name = '';
      const parts = Math.floor(rand() * 12);
      for (let k = 0; k < parts; k++) name += pieces[Math.floor(rand() * pieces.length)];
      expect([name, stripNameMarks(name)]).toEqual([name, name.replace(before, '')]);
    }
    // A long run of marks inside a name was tried again from each of its characters: 6,000 spaces took 0.5 s.
    const t = cpuMs();
    expect(stripNameMarks(` 外${' '.repeat(200_000)}滩。`)).toBe(`外${' '.repeat(200_000)}滩`);
    expect(cpuMs() - t).toBeLessThan(1_000);
  });

  it('a 1 MB answer extracts in linear time (generous bound, CPU time after warm-up)', () => {
    const md = fixture('answer-markdown.md');
    const big = md.repeat(Math.ceil(1_000_000 / md.length)).slice(0, 1_000_000);
    // Warm the JIT first: the bound is about linear work, not compilation.
    extractAnswerFacts(big);
    let best = Infinity;
    for (let attempt = 0; attempt < 3 && best >= 200; attempt++) {
      const t = cpuMs();
      const facts = extractAnswerFacts(big);
      best = Math.min(best, cpuMs() - t);
      expect(facts.flights).toEqual(['CA3821', 'CZ8639']);
    }
    expect(best).toBeLessThan(200);
  });
});
