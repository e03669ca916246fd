import { describe, expect, it } from 'vitest';
import { TOOL_NAMES, type TravelProblem } from '@navworld/core-types';
import { SYSTEM_PROMPT, generateProblem, renderPrompt } from '../src/index';

// One task per type, spread over the three levels; the snapshot files were read and checked by hand.
const GOLDEN: ReadonlyArray<readonly [string, number]> = [
  ['intercity', 14],
  ['multiday', 8],
  ['hybrid', 2],
  ['single_poi', 10],
  ['food_tour', 18],
  ['business', 5],
  ['family_study', 13],
];

describe('golden prompts', () => {
  for (const [type, id] of GOLDEN) {
    it(`renders the ${type} prompt of task ${id}`, async () => {
      const problem = generateProblem(id);
      expect(problem.problemType).toBe(type);
      expect(renderPrompt(problem)).toBe(problem.prompt);
      await expect(problem.prompt).toMatchFileSnapshot(`./__snapshots__/prompts/${type}-${id}.txt`);
    });
  }

  it('keeps the generated problems of the golden tasks stable', async () => {
    const summary = GOLDEN.map(([, id]) => {
      const { prompt: _prompt, ...rest } = generateProblem(id);
      return rest;
    });
    await expect(JSON.stringify(summary, null, 2)).toMatchFileSnapshot(
      './__snapshots__/golden-problems.json',
    );
  });
});

describe('system prompt', () => {
  it('describes all six tools in Chinese', () => {
    for (const tool of TOOL_NAMES) expect(SYSTEM_PROMPT).toContain(tool);
    expect(SYSTEM_PROMPT).toMatch(/天气/);
    expect(SYSTEM_PROMPT).toMatch(/预算/);
    expect(SYSTEM_PROMPT.endsWith('\n')).toBe(false);
  });
});

function firstIntercity(category: 'short' | 'long'): TravelProblem {
  for (let id = 0; ; id += 7) {
    const p = generateProblem(id);
    if (p.distanceCategory === category) return p;
  }
}

describe('prompt wording', () => {
  it('names only train services on a short intercity trip', () => {
    const p = firstIntercity('short');
    expect(p.prompt).toContain('火车车次');
    expect(p.prompt).not.toMatch(/航班|飞机/);
  });

  it('names only flights on a long intercity trip', () => {
    const p = firstIntercity('long');
    expect(p.prompt).toContain('航班');
    expect(p.prompt).not.toMatch(/火车|车次/);
  });
});
