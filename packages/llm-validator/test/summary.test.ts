import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NavworldError, type JudgeInput } from '@navworld/core-types';
import {
  boundaryFor,
  buildFactsSummary,
  buildJudgePrompt,
  buildStructuredSummary,
} from '../src/index';
import { extractAnswerFacts } from '@navworld/fact-extractor';
import { LIMITS } from '../src/internal/config';
import { intercityEpisode, multidayEpisode, noFacts } from './fixtures/episodes';
import { cpuMs } from './helpers';

const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8').replace(/\n$/, '');

describe('buildStructuredSummary (golden)', () => {
  it('renders the intercity episode exactly', () => {
    expect(buildStructuredSummary(intercityEpisode)).toBe(fixture('intercity.summary.txt'));
  });

  it('renders the multi-day episode exactly', () => {
    expect(buildStructuredSummary(multidayEpisode)).toBe(fixture('multiday.summary.txt'));
  });

  it('renders the facts summaries exactly', () => {
    expect(buildFactsSummary(intercityEpisode)).toBe(fixture('intercity.facts.txt'));
    expect(buildFactsSummary(multidayEpisode)).toBe(fixture('multiday.facts.txt'));
  });
});

describe('summary rules', () => {
  it('lists as grounded only the tool POIs the code score counted, when the scorer says which', () => {
    // The plan names the city 景德镇, not the museum: name matching alone takes the half 景德镇 for the
    // museum, while the scorer's admin-half defence does not count it.
    const input: JudgeInput = {
      ...multidayEpisode,
      answer: '第1天：上午游览景德镇市区，下午参观灵隐寺，晚上住西湖边。',
      toolFacts: { ...multidayEpisode.toolFacts, pois: ['景德镇博物馆', '灵隐寺'] },
      answerFacts: { ...multidayEpisode.answerFacts, pois: [] },
    };
    const line = (i: JudgeInput): string | undefined =>
      buildStructuredSummary(i)
        .split('\n')
        .find((l) => l.startsWith('- 有工具依据的POI'));
    expect(line(input)).toContain('景德镇博物馆');
    const counted = line({ ...input, namedToolPois: ['灵隐寺'] });
    expect(counted).toContain('（1个）');
    expect(counted).toContain('灵隐寺');
    expect(counted).not.toContain('景德镇博物馆');
    // The judge's input validation keeps the field: the prompt shows the same list.
    const prompt = JSON.stringify(buildJudgePrompt({ ...input, namedToolPois: ['灵隐寺'] }));
    expect(prompt).toContain('有工具依据的POI（1个）');
  });

  it('does not list as unsourced the places the code score found in the results or the request', () => {
    const input: JudgeInput = {
      ...multidayEpisode,
      problem: { ...multidayEpisode.problem, prompt: '想去浦江博物馆看看' },
      answer: '第1天：上午参观浦江博物馆，下午去锦华公园，晚上住西湖边。',
      toolFacts: { ...multidayEpisode.toolFacts, pois: ['灵隐寺'] },
      answerFacts: { ...multidayEpisode.answerFacts, pois: ['浦江博物馆', '锦华公园'] },
    };
    const line = (i: JudgeInput, prefix: string): string | undefined =>
      buildStructuredSummary(i)
        .split('\n')
        .find((l) => l.startsWith(prefix));
    // By name matching alone neither is a tool POI.
    expect(line(input, '- 无工具依据的POI')).toContain('（2个）');
    const told = { ...input, sourcedPlaces: ['浦江博物馆'] };
    const unsourced = line(told, '- 无工具依据的POI');
    expect(unsourced).toContain('（1个）');
    expect(unsourced).toContain('锦华公园');
    expect(unsourced).not.toContain('浦江博物馆');
    expect(line(told, '- 有工具依据的POI')).toContain('浦江博物馆');
    // Kept by the judge's input validation.
    expect(JSON.stringify(buildJudgePrompt(told))).toContain('无工具依据的POI（1个）');
  });

  it('marks a hollow comparison only when claims far exceed comparable options', () => {
    expect(buildStructuredSummary(multidayEpisode)).toContain(
      '⚠ 空洞对比：3处对比论断远多于1组可比选项',
    );
    expect(buildStructuredSummary(intercityEpisode)).not.toContain('空洞对比');
  });

  it('keeps the injection sentence, the fake verdict and the English instruction out', () => {
    const summary = buildStructuredSummary(multidayEpisode);
    expect(summary).not.toContain('满分');
    expect(summary).not.toContain('practicality');
    expect(summary).not.toMatch(/ignore/i);
    expect(summary).not.toContain('权威机构');
  });

  it('recognises sums of tool prices as subtotals and flags unknown prices', () => {
    const input: JudgeInput = {
      ...intercityEpisode,
      answer: `${intercityEpisode.answer}\n另外两晚住宿共1700元，杂费37元。`,
    };
    const line = buildStructuredSummary(input)
      .split('\n')
      .find((l) => l.startsWith('- 价格核验'));
    // 1700 = 850 + 850 (a subtotal); 37 is no price and no sum of the tool's prices.
    expect(line).toBe('- 价格核验：✓5处，✓合计3处，?4处（共12处）');
  });

  it('reports a missing POI source and a short answer', () => {
    const input: JudgeInput = {
      ...multidayEpisode,
      answer: '第1天去西湖。',
      toolFacts: noFacts(),
      answerFacts: noFacts(),
    };
    const summary = buildStructuredSummary(input);
    expect(summary).toContain('- 工具没有返回POI数据，无法核验');
    expect(summary).toContain('- ⚠ 输出过短（7字），难以评价');
    expect(summary).toContain('- 推理片段数：0');
    expect(buildFactsSummary(input)).toContain('⚠ 未调用 direction');
  });

  it('prints a placeholder when the tools returned no facts but every tool was called', () => {
    const trace = ['direction', 'search_flights'].map((name) => ({
      callId: name,
      name,
      arguments: {},
      rawArguments: '{}',
      resultText: '',
      ok: true,
      durationMs: 1,
    }));
    expect(buildFactsSummary({ trace, toolFacts: noFacts() })).toBe('（工具没有返回可核验的事实）');
  });

  it('is deterministic and the boundary depends on the answer', () => {
    expect(buildStructuredSummary(intercityEpisode)).toBe(buildStructuredSummary(intercityEpisode));
    const other = { ...intercityEpisode, answer: `${intercityEpisode.answer} ` };
    expect(boundaryFor(other)).not.toBe(boundaryFor(intercityEpisode));
    expect(boundaryFor(intercityEpisode)).toMatch(/^NW-[0-9A-F]{12}$/);
  });

  it('never puts the raw answer into the prompt', () => {
    const { prompt } = buildJudgePrompt(intercityEpisode);
    expect(prompt).not.toContain(intercityEpisode.answer);
    // No full line of the answer is copied except the two reasoning excerpts.
    const copied = intercityEpisode.answer
      .split('\n')
      .filter((l) => l.trim().length >= 12 && prompt.includes(l.trim()));
    expect(copied).toEqual([]);
  });

  it('rejects bad input with a validation error', () => {
    expect(() =>
      buildStructuredSummary({ ...intercityEpisode, answer: 42 } as unknown as JudgeInput),
    ).toThrow(NavworldError);
    expect(() => buildFactsSummary({ trace: 'x' } as unknown as JudgeInput)).toThrow(
      /facts summary input/,
    );
  });

  it('bounds the prompt and the time on an answer of thousands of invented places and train numbers', () => {
    // Each name was compared with every name listed before it and every one was listed: 40,000 names took
    // some 8 s and a prompt of hundreds of thousands of characters.
    const name = (i: number): string =>
      String.fromCharCode(0x4e00 + (i % 20_000), 0x4e00 + ((i * 7919) % 20_000));
    const places = Array.from({ length: 40_000 }, (_, i) => `${name(i)}公园`);
    const trains = Array.from({ length: 30 }, (_, i) => `G${9000 + i}`);
    const answer = `${places.join('，')}\n${trains.join('、')}`;
    const input = { ...intercityEpisode, answer, answerFacts: extractAnswerFacts(answer) };
    const t = cpuMs();
    const summary = buildStructuredSummary(input);
    expect(cpuMs() - t).toBeLessThan(3_000);
    expect(summary.length).toBeLessThan(20_000);
    // The places the summary looked at are counted, 40 of them listed.
    expect(summary).toContain(`无工具依据的POI（${LIMITS.summaryPoiCandidates}个）`);
    expect(summary).toContain(`……（仅列出前${LIMITS.summaryPois}个）`);
    // Every train number is counted, the first 20 listed.
    expect(summary).toContain(
      'G9019(✗工具数据中没有)……（共30个，其中30个工具数据中没有；仅列出前20个）',
    );
    expect(summary).not.toContain('G9020');
  });

  it('summarises a long answer in linear-ish time', () => {
    const answer = `${intercityEpisode.answer}\n`.repeat(40);
    const started = performance.now();
    buildStructuredSummary({ ...intercityEpisode, answer });
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
