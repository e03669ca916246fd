// The reference notes' five worked examples, recomputed under our rules. Each test states every component;
// the arithmetic is in the comments (den = min(tool facts, max(3, answer facts)); category = min(1, m/den/0.6)).
import { ScoreBreakdownSchema } from '@navworld/core-types';
import { describe, expect, it } from 'vitest';
import { scoreEpisodeSync } from '../src';
import { ex1, ex2, ex3, ex3Short, ex4, ex4b, ex5, type Example } from './reference-examples';

function score(e: Example) {
  const b = scoreEpisodeSync(e);
  ScoreBreakdownSchema.parse(b);
  return b;
}

function failed(b: ReturnType<typeof score>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(b.hardConstraints)
      .filter(([, v]) => !v.passed)
      .map(([k, v]) => [k, v.multiplier]),
  );
}

describe('example 1: food_tour, everything grounded', () => {
  const b = score(ex1);
  it('IC 25: every regular category full (pois 5/3, weather 3/3, prices 3/3, wind 2/2); bonus categories only add', () => {
    expect(b.icCategories['pois']).toMatchObject({ matched: 5, toolCount: 5, score: 1 });
    expect(b.icCategories['weather']).toMatchObject({ matched: 3, toolCount: 4, score: 1 });
    expect(b.icCategories['prices']).toMatchObject({ matched: 3, toolCount: 3, score: 1 });
    expect(b.icCategories['wind_info']).toMatchObject({ matched: 2, score: 1 });
    // distances: 1 of den min(2, 3) = 2 → 0.5/0.6 = 0.8333; regular mean 1 ≥ all-category mean, so IC stays 25.
    expect(b.icCategories['distances']).toMatchObject({ matched: 1, score: 0.8333 });
    expect(b.infoConsistency).toBe(25);
  });
  it('completeness 25 = 6 + 5 + 5 + 5 + 4 (design integer points, all full tier)', () => {
    const dims = Object.fromEntries(
      Object.entries(b.completenessDimensions).map(([k, v]) => [k, v.points]),
    );
    expect(dims).toEqual({ restaurants: 6, dishes: 5, route: 5, cost: 5, tips: 4 });
    expect(b.completeness).toBe(25);
  });
  it('diversity 1.05, no fabrication, code 50·1·1.05 = 52.5 clamped to 50, total 50', () => {
    expect(b.diversityMultiplier).toBe(1.05);
    expect(b.fabricationPenalty).toBe(0);
    expect(b.codeTotal).toBe(50);
    expect(failed(b)).toEqual({});
    expect(b.total).toBe(50);
    expect(b.judgeStatus).toBe('disabled');
  });
});

describe('example 2: intercity, nested MCP result, partial transport fabrication', () => {
  const b = score(ex2);
  it('transport grounding: ids 3/4 (G999 invented), prices 2/4 (MU5102 700 vs 920, G999), times 4/4 → 3/12 = 0.25', () => {
    const d = b.hardConstraints.transport_grounded.details;
    expect(d).toMatchObject({ total: 12, verified: 9, unverified: 3, fabricationRatio: 0.25 });
    // progressive 1 − 0.7·(0.25 − 0.2)/0.8 = 0.95625, but any failure costs at least 10 % → 0.9
    expect(failed(b)).toEqual({ transport_grounded: 0.9 });
  });
  it('IC 23.81: regular mean (1 + 0.8333 + 1 + 1 + 0.8333 + 1)/6 = 0.9444 < with times bonus 6.6667/7 = 0.9524', () => {
    expect(b.icCategories['trains']).toMatchObject({ matched: 1, score: 0.8333 }); // 1/2/0.6
    expect(b.icCategories['prices']).toMatchObject({ matched: 2, toolCount: 4, score: 0.8333 }); // 2/4/0.6
    expect(b.icCategories['times']).toMatchObject({ matched: 4, score: 1 }); // 4/min(7, 4)
    expect(b.infoConsistency).toBe(23.81);
  });
  it('completeness 20.83 = flights 5 + trains 2.5 (1/2) + times 5 + prices 3.3333 (850, 598 of 3) + pois 5', () => {
    const dims = Object.fromEntries(
      Object.entries(b.completenessDimensions).map(([k, v]) => [k, v.points]),
    );
    expect(dims).toEqual({ flights: 5, trains: 2.5, times: 5, prices: 3.3333, pois: 5 });
    expect(b.completeness).toBe(20.83);
  });
  it('fabrication −5·0.25 = −1.25; code 50·√(0.9524·0.8332) − 1.25 = 43.29; total 43.29·0.9 = 38.96', () => {
    expect(b.fabrication).toEqual({ transport: -1.25 });
    expect(b.fabricationPenalty).toBe(-1.25);
    expect(b.diversityMultiplier).toBe(1);
    expect(b.codeTotal).toBe(43.29);
    expect(b.total).toBe(38.96);
  });
});

describe('example 3: single_poi without direction', () => {
  const b = score(ex3);
  it('IC: (pois 1 + weather 0.8333 + prices 1 + wind 1)/4 → 23.96 gates; × 0.7 for 3 unsourced route claims = 16.772', () => {
    expect(b['infoConsistencyRaw']).toBe(23.96);
    expect(b.hardConstraints.tool_info_used.passed).toBe(true);
    expect(b['multipliers']).toMatchObject({ routeClaims: 0.7, routeClaimCount: 3 });
    expect(b.infoConsistency).toBe(16.772);
    expect(b.defenses).toContain('unsourced_route_claims');
  });
  it('completeness 20.5 = visit 6 + nearby 5 + transport 0.5 (structural, no route data) + tips 5 + budget 4', () => {
    const dims = Object.fromEntries(
      Object.entries(b.completenessDimensions).map(([k, v]) => [k, v.points]),
    );
    expect(dims).toEqual({ visit_plan: 6, nearby: 5, transport_info: 0.5, tips: 5, budget: 4 });
    expect(b.completenessDimensions['transport_info']!.tier).toBe('structural');
  });
  it('weather −2 (多云 vs 晴); diversity 0.75; code 50·√(0.6709·0.82)·0.75 − 2 = 25.81; total ×0.5 = 12.9', () => {
    expect(b.fabrication).toEqual({ weather: -2 });
    expect(b.diversityMultiplier).toBe(0.75);
    expect(b.codeTotal).toBe(25.81);
    expect(failed(b)).toEqual({ required_tools_called: 0.5 });
    expect(b.total).toBe(12.9);
  });
  it('short variant: format fails (177 < 200), fabrication skipped → code 27.81, total 27.81·0.15·0.5 = 2.09', () => {
    const s = score(ex3Short);
    expect(s.fabricationPenalty).toBe(0);
    expect(s.codeTotal).toBe(27.81);
    expect(failed(s)).toEqual({ format_valid: 0.15, required_tools_called: 0.5 });
    expect(s.total).toBe(2.09);
  });
});

describe('example 4: multiday, every tool fails but one unparseable success', () => {
  const b = score(ex4);
  it('IC 12.5 (a successful result with no extractable facts), so the gate passes', () => {
    expect(b.infoConsistency).toBe(12.5);
    expect(b.hardConstraints.tool_info_used.passed).toBe(true);
  });
  it('completeness 2.0: structural 10 % of 5 + 4 + 4 + 4 + 3 (keyword + context, no tool data); day structure 0', () => {
    const dims = Object.fromEntries(
      Object.entries(b.completenessDimensions).map(([k, v]) => [k, v.points]),
    );
    expect(dims).toEqual({
      day_structure: 0,
      attractions: 0.5,
      dining: 0.4,
      lodging: 0.4,
      transport_info: 0.4,
      budget: 0.3,
    });
    expect(b.completeness).toBe(2);
  });
  it('validity (1 + 0.5 + 0.5 + 0)/4 = 0.5 passes; diversity 0.9 (direction only attempted); code 50·√(0.5·0.08)·0.9 = 9', () => {
    expect(b.hardConstraints.tool_quality.details).toMatchObject({ validity: 0.5, coverage: 1 });
    expect(b.diversityMultiplier).toBe(0.9);
    expect(b.codeTotal).toBe(9);
    expect(failed(b)).toEqual({});
    expect(b.total).toBe(9);
  });
  it('4b: no tool calls, 35-character answer → 0 with format, required, tool_quality and tool_info_used failing', () => {
    const s = score(ex4b);
    expect([s.infoConsistency, s.completeness, s.codeTotal, s.total]).toEqual([0, 0, 0, 0]);
    expect(s.diversityMultiplier).toBe(0.75);
    expect(failed(s)).toEqual({
      format_valid: 0.15,
      tool_info_used: 0.05,
      required_tools_called: 0.5,
      tool_quality: 0.5,
    });
    expect(s.parseSuccess).toBe(false);
  });
});

describe('example 5: food_tour from memory', () => {
  const b = score(ex5);
  it('IC 1.74: only prices match (1 of den 3 → 0.5556); mean 0.1389; breadth 1 < 2 → ×0.5', () => {
    expect(b.icCategories['prices']).toMatchObject({ matched: 1, toolCount: 6, score: 0.5556 });
    expect(b.icCategories['pois']).toMatchObject({ matched: 0, toolCount: 12, score: 0 });
    expect(b.defenses).toContain('breadth_penalty');
    expect(b.infoConsistency).toBe(1.74);
  });
  it('completeness 2.5: cost is full tier but only "45" is grounded ("30" is not found inside "300元") → 5·1/2', () => {
    expect(b.completenessDimensions['cost']).toMatchObject({ points: 2.5, tier: 'full' });
    expect(b.completeness).toBe(2.5);
  });
  it('fabrication: weather −2, POI non-use −3, amplified to −10 (IC/25 < 0.4); code 0; total 0', () => {
    expect(b.fabrication).toEqual({ weather: -2, poi_non_use: -3, amplification: -5 });
    expect(b.fabricationPenalty).toBe(-10);
    expect(b.codeTotal).toBe(0);
    expect(failed(b)).toEqual({ tool_info_used: 0.05, poi_names_verified: 0.7 });
    expect(b.total).toBe(0);
  });
});
