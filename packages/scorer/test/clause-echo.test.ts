// The clause-echo defence: answers made of tool-result clauses pasted whole, with a word or a bullet around
// each, lose their code score; plans that restate tool facts in their own sentences keep it.
import { describe, expect, it } from 'vitest';
import {
  SCORING_CONFIG,
  buildContext,
  clauseEcho,
  clauseEchoDefence,
  echoFraction,
  scoreEpisodeSync,
} from '../src/index';
import { canonicalAnswer } from '@navworld/fact-extractor';
import * as E from './episodes';
import { compareForm } from '../src/internal/compare-form';
import { comparedAnswer } from '../src/internal/compared-text';
import { call, makeProblem, seededInts } from './helpers';

const C = SCORING_CONFIG.clauseEcho;

/** Clause echo of `answer` against tool results `texts` (one poi_search call each). */
function echoOf(texts: string[], answer: string) {
  const trace = texts.map((t) => call('poi_search', { address: '景点', region: '上海' }, t));
  return clauseEcho(buildContext(makeProblem('multiday'), trace, answer));
}

// Three records; compared forms (letters and digits): 名称上海博物馆 (7), 地址人民大道201号 (10),
// 评分48 (4), 门票0元 (4) …
const TOOL = [
  '名称: 上海博物馆\n地址: 人民大道201号\n评分: 4.8\n门票: 0元',
  '名称: 豫园\n地址: 福佑路168号\n评分: 4.6\n门票: 40元',
  '名称: 东方明珠\n地址: 世纪大道1号\n评分: 4.7\n门票: 199元',
].join('\n\n');

/** Filler that keeps the answer long enough to be scored (200 code points) without being a tool clause. */
const PROSE =
  '这是一段很长的说明文字用来凑足长度不包含任何工具结果里的句子只是描述行程的总体思路和注意事项请读者自行安排时间并注意安全出行' +
  '我们把每天的节奏放慢一些留出休息的时间同时照顾同行老人和孩子的体力需求尽量避免长时间排队和连续步行' +
  '遇到雨天就把户外项目调到室内并提前查看开放时间和预约规则出发前再确认一次交通方式和返程时间避免错过末班车' +
  '晚上回到住处后整理一下当天的照片和票据把第二天要带的东西提前放进背包里这样早上出门会从容很多';

describe('clause echo', () => {
  it('counts tool clauses pasted whole, with up to four compared code points added (hand-computed)', () => {
    // Clauses of the answer (compared code points): PROSE (n₀), then
    //   "建议：名称: 上海博物馆"   → 建议名称上海博物馆 (9) = tool clause (7) + 2 added   → copied
    //   "- 地址: 人民大道201号"    → 地址人民大道201号 (10) = tool clause                  → copied
    //   "推荐参观一下：门票: 0元"   → 推荐参观一下门票0元 (10) = tool clause (4) + 6 added → not copied
    //   "上海博物馆很值得一去"      → 10 code points, no tool clause with ≤ 4 added       → not copied
    const answer = [
      PROSE,
      '建议：名称: 上海博物馆',
      '- 地址: 人民大道201号',
      '推荐参观一下：门票: 0元',
      '上海博物馆很值得一去',
    ].join('\n');
    const n0 = Array.from(PROSE).length;
    const result = echoOf([TOOL], answer);
    expect(result.clauses).toBe(2);
    expect(result.fraction).toBeCloseTo((9 + 10) / (n0 + 9 + 10 + 10 + 10), 12);
    expect(result.multiplier).toBe(1);
  });

  it('sees through punctuation, width, case, bullets and line order', () => {
    const lines = TOOL.split('\n').filter((l) => l.trim() !== '');
    const shuffled = [...lines].reverse();
    const dumps = [
      lines.join('\n'),
      shuffled.map((l, i) => `${i + 1}. ${l}`).join('\n'),
      lines.map((l) => `* 建议：${l.replace(/:/g, '：')}`).join('\n'),
      lines
        .map((l) => l.replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)))
        .join('；'),
    ];
    for (const dump of dumps) {
      // Padded with copies of itself to pass the format minimum, so every clause is a tool clause.
      const answer = `${dump}\n${dump}\n${dump}\n${dump}`;
      const result = echoOf([TOOL], answer);
      expect(result.fraction).toBe(1);
      expect(result.multiplier).toBe(C.floor);
    }
  });

  it('never counts tool clauses shorter than minClause, nor clauses with five code points added', () => {
    // 评分48 is exactly 4 compared code points; 城市上海 too. A 3-point clause (经济舱) never counts.
    const tool = '经济舱\n评分: 4.8\n城市: 上海';
    const answer = [PROSE, '经济舱', '评分4.8', '很好的是评分4.8', '城市: 上海'].join('\n');
    const result = echoOf([tool], answer);
    // 评分48 (4) and 城市上海 (4) are copied; 很好的是评分48 adds 4 (很好的是): copied too; 经济舱 is too short.
    expect(result.clauses).toBe(3);
    const five = echoOf([tool], [PROSE, '非常好的是评分4.8'].join('\n'));
    expect(five.clauses).toBe(0);
  });

  it('scales the code score linearly between start and full', () => {
    expect(clauseEchoDefence(0)).toBe(1);
    expect(clauseEchoDefence(C.start)).toBe(1);
    expect(clauseEchoDefence((C.start + C.full) / 2)).toBeCloseTo(1 - (1 - C.floor) / 2, 12);
    expect(clauseEchoDefence(C.full)).toBe(C.floor);
    expect(clauseEchoDefence(1)).toBe(C.floor);
  });

  it('leaves every hand-written plan alone', () => {
    for (const [name, e] of Object.entries(E)) {
      if (typeof e !== 'object') continue;
      const result = clauseEcho(buildContext(e.problem, e.trace, e.answer));
      expect(result.multiplier, name).toBe(1);
      expect(result.fraction, name).toBeLessThan(C.start);
    }
  });

  it('takes a line dump of a good episode down to a few points', () => {
    const e = E.multidayGood;
    const honest = scoreEpisodeSync({ problem: e.problem, trace: e.trace, answer: e.answer });
    const lines = e.trace
      .flatMap((t) => t.resultText.split('\n'))
      .map((l) => l.trim())
      .filter((l) => l.length >= 4 && !l.startsWith('#'));
    const dump = [
      '第1天：上午游览，下午参观，晚上入住酒店。',
      ...lines.map((l, i) => `${i % 2 === 0 ? '建议' : '推荐'}：${l.replace(/，/g, ',')}`),
    ].join('\n');
    const b = scoreEpisodeSync({ problem: e.problem, trace: e.trace, answer: dump });
    expect(b.defenses).toContain('clause_echo');
    expect((b.multipliers as Record<string, number>)['clauseEcho']).toBe(C.floor);
    expect(b.total).toBeLessThan(honest.total * 0.1);
    expect(honest.defenses).not.toContain('clause_echo');
  });

  it('handles long clauses, surrogate pairs and empty tool results', () => {
    const next = seededInts(11);
    const long = Array.from({ length: 6000 }, () => String.fromCodePoint(0x4e00 + next(300))).join(
      '',
    );
    const astral = `𠀀𠀁𠀂${long.slice(0, 20)}🚄`;
    const tool = `${long}\n${astral}`;
    const answer = `${PROSE}\n建议：${long}\n${astral}\n`;
    const result = echoOf([tool], answer);
    expect(result.clauses).toBe(2);
    // The emoji is a symbol and is skipped on both sides; the Extension B ideographs are letters.
    const n0 = Array.from(PROSE).length;
    expect(result.fraction).toBeCloseTo((2 + 6000 + 23) / (n0 + 2 + 6000 + 23), 12);
    expect(echoOf([''], answer)).toEqual({ fraction: 0, clauses: 0, multiplier: 1 });
    // Called again with other input, the shared tables leave nothing behind.
    expect(echoOf([TOOL], `${PROSE}\n建议：${long}`).clauses).toBe(0);
  });

  it('reads the texts of its own context when two episodes are scored in turn', () => {
    // The echo defences share one compared form of the answer and the results per episode: interleaving
    // the rules of two contexts must give what each gives alone.
    const problem = makeProblem('multiday');
    const trace = [call('poi_search', { address: '景点', region: '上海' }, TOOL)];
    const copied = `${PROSE}\n${TOOL}`;
    const a = buildContext(problem, trace, copied);
    const b = buildContext(problem, [call('weather', { city: '上海' }, '晴，气温20度')], PROSE);
    const aloneA = { clauses: clauseEcho(a), echo: echoFraction(a) };
    const aloneB = { clauses: clauseEcho(b), echo: echoFraction(b) };
    expect(aloneA.clauses.clauses).toBeGreaterThan(0);
    expect(aloneA.echo).toBeGreaterThan(0);
    expect(aloneB).toEqual({ clauses: { fraction: 0, clauses: 0, multiplier: 1 }, echo: 0 });
    expect(echoFraction(b)).toBe(aloneB.echo);
    expect(clauseEcho(a)).toEqual(aloneA.clauses);
    expect(echoFraction(a)).toBe(aloneA.echo);
    expect(clauseEcho(b)).toEqual(aloneB.clauses);
  });
});

describe('compared form of a text', () => {
  it('gives every BMP unit its compareForm value, CJK ideographs included, and marks clause starts', () => {
    // Every non-surrogate BMP unit once, in order; the fill reads most ideographs without its table.
    const units: number[] = [];
    for (let c = 1; c <= 0xffff; c++) if (c < 0xd800 || c > 0xdfff) units.push(c);
    const text = String.fromCharCode(...units);
    // The rules read the canonical answer: without the invisible characters, its amounts and ids rewritten.
    const read = canonicalAnswer(text);
    const separators = new Set(['\n', '\r', ...SCORING_CONFIG.clauseEcho.separators]);
    const expected: number[] = [];
    const starts: number[] = [];
    let start = 1;
    for (let i = 0; i < read.length; i++) {
      const c = read.charCodeAt(i);
      if (separators.has(String.fromCharCode(c))) {
        start = 1;
        continue;
      }
      const f = compareForm(c);
      if (f < 0) continue;
      expected.push(f);
      starts.push(start);
      start = 0;
    }
    const view = comparedAnswer(buildContext(makeProblem('multiday'), [], text));
    expect(view.length).toBe(expected.length + 1);
    expect(Array.from(view.forms.subarray(0, expected.length))).toEqual(expected);
    expect(Array.from(view.clauseStarts.subarray(0, expected.length))).toEqual(starts);
    expect(view.forms[expected.length]).toBe(-1);
    // Ideographs are compared as themselves.
    expect(expected).toContain(0x4e00);
    expect(expected).toContain(0x9fff);
    expect(expected).toContain(0x3400);
  });
});
