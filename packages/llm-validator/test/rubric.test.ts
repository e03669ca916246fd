import { describe, expect, it } from 'vitest';
import { JUDGE_DIMENSIONS } from '@navworld/core-types';
import { buildJudgePrompt, drawRubric, PENALTY_RANGES } from '../src/index';
import { intercityEpisode } from './fixtures/episodes';

describe('drawRubric', () => {
  it('is reproducible for a task and salt', () => {
    expect(drawRubric(131, 'default')).toEqual(drawRubric(131, 'default'));
  });

  it('keeps every penalty inside its range and shuffles a permutation', () => {
    for (let task = 0; task < 200; task++) {
      const r = drawRubric(task, 'epoch-1');
      for (const [key, [lo, hi]] of Object.entries(PENALTY_RANGES)) {
        const p = r.penalties[key as keyof typeof PENALTY_RANGES];
        expect(p).toBeGreaterThanOrEqual(lo);
        expect(p).toBeLessThanOrEqual(hi);
        expect(Number.isInteger(p)).toBe(true);
      }
      expect([...r.order].sort()).toEqual([...JUDGE_DIMENSIONS].sort());
    }
  });

  it('varies across tasks and salts (orders, penalties and anchors all change)', () => {
    const draws = Array.from({ length: 60 }, (_, t) => drawRubric(t, 'epoch-1'));
    expect(new Set(draws.map((d) => d.order.join())).size).toBeGreaterThan(20);
    expect(new Set(draws.map((d) => d.anchor)).size).toBe(3);
    expect(new Set(draws.map((d) => d.penalties.ungrounded_transport)).size).toBe(3);
    const bySalt = ['a', 'b', 'c', 'd', 'e'].map((s) => JSON.stringify(drawRubric(5, s)));
    expect(new Set(bySalt).size).toBeGreaterThan(1);
  });

  it('numbers the shuffled dimensions in the prompt and keeps the JSON template in fixed order', () => {
    const { prompt, rubric } = buildJudgePrompt(intercityEpisode);
    rubric.order.forEach((d, i) => {
      expect(prompt).toContain(`【维度${i + 1}: `);
      expect(prompt).toContain(` ${d}】`);
    });
    const positions = rubric.order.map((d) => prompt.indexOf(` ${d}】`));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const template = prompt.slice(prompt.lastIndexOf('```json'));
    const keys = [...template.matchAll(/"(\w+)": \{"score"/g)].map((m) => m[1]);
    expect(keys).toEqual([...JUDGE_DIMENSIONS]);
    expect(prompt).toContain(`-${rubric.penalties.fabricated_price}（工具价格的简单加减`);
  });
});
