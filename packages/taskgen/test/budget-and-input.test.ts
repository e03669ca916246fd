import { describe, expect, it } from 'vitest';
import { NavworldError } from '@navworld/core-types';
import {
  budgetFloor,
  difficultyOf,
  generateProblem,
  problemHash,
  problemTypeOf,
  renderPrompt,
  tightenBudget,
  transportLegs,
  travelDateOf,
} from '../src/index';

describe('budget floor', () => {
  it('matches hand-computed floors', () => {
    // hybrid 成都→西安 (700 km), 2 days, 2 travellers, round trip:
    // 200 × 2 × 2 + ceil10(150 + 0.75 × 700 = 675) = 680 × 2 travellers × 2 legs = 800 + 2720
    expect(
      budgetFloor({
        problemType: 'hybrid',
        numDays: 2,
        groupSize: 2,
        originCity: '成都',
        destinationCity: '西安',
        budgetScope: 'group_total',
      }),
    ).toBe(3520);
    // intercity 北京→三亚 (2800 km), one way, per person: 200 + 2250
    expect(
      budgetFloor({
        problemType: 'intercity',
        numDays: 1,
        groupSize: 1,
        originCity: '北京',
        destinationCity: '三亚',
        budgetScope: 'per_person',
      }),
    ).toBe(2450);
    // food tour, dining only: 80 × 3 days × 2 people
    expect(
      budgetFloor({
        problemType: 'food_tour',
        numDays: 3,
        groupSize: 2,
        originCity: null,
        destinationCity: '广州',
        budgetScope: 'dining',
      }),
    ).toBe(480);
  });

  it('counts legs by type', () => {
    expect(transportLegs({ problemType: 'intercity', originCity: '北京' })).toBe(1);
    expect(transportLegs({ problemType: 'business', originCity: '北京' })).toBe(2);
    expect(transportLegs({ problemType: 'multiday', originCity: null })).toBe(0);
  });

  it('tightens harder at higher tightness and never goes below the floor', () => {
    expect(tightenBudget(10_000, 0.5, 100)).toBe(10_000);
    expect(tightenBudget(10_000, 0.75, 100)).toBe(7_500);
    expect(tightenBudget(10_000, 0.95, 100)).toBe(5_500);
    expect(tightenBudget(1_000, 0.95, 2_345)).toBe(2_350);
  });

  it('gives task 0 a budget at or above its floor', () => {
    const p = generateProblem(0);
    expect(p.budget).toBeGreaterThanOrEqual(budgetFloor(p));
  });
});

describe('task id rules', () => {
  it('derives type, difficulty and date from the id', () => {
    expect(problemTypeOf(0)).toBe('intercity');
    expect(problemTypeOf(6)).toBe('family_study');
    expect(difficultyOf(6)).toBe(1);
    expect(difficultyOf(7)).toBe(2);
    expect(difficultyOf(20)).toBe(3);
    expect(difficultyOf(21)).toBe(1);
    expect(travelDateOf(0)).toBe('2025-03-01');
    expect(travelDateOf(30)).toBe('2025-03-31');
    expect(travelDateOf(366)).toBe('2025-03-02');
    expect(generateProblem(2 ** 31 - 1).taskId).toBe(2 ** 31 - 1);
  });

  it('rejects bad task ids with INVALID_TASK_ID', () => {
    for (const bad of [-1, 1.5, Number.NaN, Infinity, 2 ** 31, '5', null, undefined, {}]) {
      let error: unknown;
      try {
        generateProblem(bad as number);
      } catch (e) {
        error = e;
      }
      expect(NavworldError.isInstance(error), JSON.stringify(bad) ?? typeof bad).toBe(true);
      expect((error as NavworldError).code).toBe('INVALID_TASK_ID');
      expect((error as NavworldError).hint).toMatch(/2147483647/);
    }
  });

  it('rejects a problem without a known type in renderPrompt', () => {
    expect(() => renderPrompt({} as never)).toThrow(NavworldError);
    expect(() => renderPrompt(null as never)).toThrow(/problemType/);
  });

  it('hashes without the hash field', () => {
    const p = generateProblem(3);
    expect(problemHash(p)).toBe(p.problemHash);
    expect(problemHash({ ...p, problemHash: 'x' })).toBe(p.problemHash);
    expect(problemHash({ ...p, budget: p.budget + 10 })).not.toBe(p.problemHash);
  });
});
