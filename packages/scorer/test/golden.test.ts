// Golden episodes, two or more per problem type, and one per hard constraint failing alone. The arithmetic of
// each component is in the test names / comments: den = min(tool facts, max(3, answer facts)) and a category
// scores min(1, matched/den/0.6); code = clamp(50·√(IC/25·Comp/25)·diversity + fabrication, 0, 50).
import { ScoreBreakdownSchema, type ScoreBreakdown } from '@navworld/core-types';
import { describe, expect, it } from 'vitest';
import { scoreEpisodeSync } from '../src';
import * as E from './episodes';
import { ex2, ex3, ex5 } from './reference-examples';

function score(e: E.ExampleLike): ScoreBreakdown {
  return ScoreBreakdownSchema.parse(scoreEpisodeSync(e));
}
function failed(b: ScoreBreakdown): Record<string, number> {
  return Object.fromEntries(
    Object.entries(b.hardConstraints)
      .filter(([, v]) => !v.passed)
      .map(([k, v]) => [k, v.multiplier]),
  );
}
function dims(b: ScoreBreakdown): Record<string, number> {
  return Object.fromEntries(
    Object.entries(b.completenessDimensions).map(([k, v]) => [k, v.points]),
  );
}

describe('intercity', () => {
  it('short haul, trains only: the flight dimension is not applicable and its 5 points move to trains (10)', () => {
    const b = score(E.intercityShort);
    expect(dims(b)).toEqual({ flights: 0, trains: 10, times: 5, prices: 5, pois: 5 });
    // trains 2 of den min(3, 3) → 1.1 → 1; every regular category full → IC 25
    expect(b.icCategories['trains']).toMatchObject({ matched: 2, toolCount: 3, score: 1 });
    expect(b.infoConsistency).toBe(25);
    // 8 transport claims (2 ids, 2 prices, 4 times) all verified
    expect(b.hardConstraints.transport_grounded.details).toMatchObject({
      total: 8,
      verified: 8,
      fabricationRatio: 0,
    });
    expect(b.diversityMultiplier).toBe(1.05); // direction is nice to have
    expect([b.fabricationPenalty, b.codeTotal, b.total]).toEqual([0, 50, 50]); // 52.5 clamped
    expect(failed(b)).toEqual({});
  });
  it('medium haul with partial fabrication: the reference example 2 (38.96, transport_grounded alone fails)', () => {
    const b = score(ex2);
    expect(failed(b)).toEqual({ transport_grounded: 0.9 });
    expect(b.total).toBe(38.96);
  });
});

describe('multiday', () => {
  it('two grounded days: day 5 + attractions 5 + dining 4 + lodging 2 (keyword + near fact, no 酒店-suffixed name) + transport 4 + budget 3 = 23', () => {
    const b = score(E.multidayGood);
    expect(dims(b)).toEqual({
      day_structure: 5,
      attractions: 5,
      dining: 4,
      lodging: 2,
      transport_info: 4,
      budget: 3,
    });
    expect(b.completenessDimensions['lodging']!.tier).toBe('keyword_fact');
    expect(b.infoConsistency).toBe(25);
    // 50·√(1·0.92)·1.05 = 50.36 → clamped to 50
    expect([b.completeness, b.diversityMultiplier, b.codeTotal, b.total]).toEqual([
      23, 1.05, 50, 50,
    ]);
  });
  it('format_valid alone fails without day markers: day structure 0, Comp 18, code 50·√0.72·1.05 = 44.55, total ×0.15 = 6.68', () => {
    const b = score(E.multidayNoDays);
    expect(failed(b)).toEqual({ format_valid: 0.15 });
    expect(b.completenessDimensions['day_structure']).toMatchObject({ points: 0, tier: 'no_days' });
    expect([b.infoConsistency, b.completeness, b.codeTotal, b.total]).toEqual([
      25, 18, 44.55, 6.68,
    ]);
  });
});

describe('hybrid', () => {
  it('all six tools, every dimension full: transport 6 + day 5 + attractions 4 + dining 4 + budget 3 + weather 3', () => {
    const b = score(E.hybridGood);
    expect(dims(b)).toEqual({
      transport: 6,
      day_structure: 5,
      attractions: 4,
      dining: 4,
      budget: 3,
      weather: 3,
    });
    // flights 1/2 and trains 1/2 → 0.8333 each; regular mean (0.8333·2 + 4)/6 = 0.9444; with 3 matched bonus
    // categories (times, distances, durations) 8.6667/9 = 0.963 → IC 24.07
    expect(b.icCategories['flights']).toMatchObject({ matched: 1, score: 0.8333 });
    expect(b.infoConsistency).toBe(24.07);
    expect(b.hardConstraints.transport_grounded.details).toMatchObject({ total: 6, verified: 6 });
    expect([b.completeness, b.codeTotal, b.total]).toEqual([25, 50, 50]);
  });
  it('transport_grounded alone fails with an invented flight: ids 1/2, prices 1/2, times 2/2 → ratio 2/6', () => {
    const b = score(E.hybridFakeFlight);
    // progressive 1 − 0.7·(0.3333 − 0.2)/0.8 = 0.88333 (< 0.9)
    expect(failed(b)).toEqual({ transport_grounded: 0.8833333333333334 });
    // flights 0 → regular mean 4.8333/6, all 7.8333/9 = 0.8704 → IC 21.76; transport dimension 6·max(0.25, 1/2) = 3
    expect(b.infoConsistency).toBe(21.76);
    expect(b.completenessDimensions['transport']!.points).toBe(3);
    expect(b.completeness).toBe(22);
    // fabrication −5·(1/3) = −1.6667; code 50·√(0.8704·0.88)·1.05 − 1.6667 = 44.28; total ×0.88333 = 39.11
    expect(b.fabricationPenalty).toBe(-1.6667);
    expect(b.codeTotal).toBe(44.28);
    expect(b.total).toBe(39.11);
  });
});

describe('single_poi', () => {
  it('豫园 with every tool: 6 + 5 + 5 + 5 + 4 = 25, IC 25', () => {
    const b = score(E.singlePoiGood);
    expect(dims(b)).toEqual({ visit_plan: 6, nearby: 5, transport_info: 5, tips: 5, budget: 4 });
    expect([b.infoConsistency, b.completeness, b.codeTotal, b.total]).toEqual([25, 25, 50, 50]);
  });
  it('poi_names_verified alone fails with one tool POI named', () => {
    const b = score(E.singlePoiOnePoi);
    expect(failed(b)).toEqual({ poi_names_verified: 0.7 });
    expect(b.hardConstraints.poi_names_verified.details).toMatchObject({ matched: 1, required: 2 });
    // pois 1 of den 3 → 0.5556; regular mean (0.5556 + 3)/4 = 0.8889; the bonus categories that raise it, best
    // first: distances 1 → 4.5556/5 = 0.9111, durations 1 → 5.5556/6 = 0.9259, road names 0.8333 would lower
    // it → 0.9259 → 23.15
    expect(b.icCategories['pois']).toMatchObject({ matched: 1, score: 0.5556 });
    expect(b.icCategories['road_names']).toMatchObject({ score: 0.8333 });
    expect(b.infoConsistency).toBe(23.15);
    // visit 6·1/2 = 3; nearby: no context near → half tier, 5·0.5·1/3 = 0.8333; transport 5, tips 5, budget 4
    expect(dims(b)).toEqual({
      visit_plan: 3,
      nearby: 0.8333,
      transport_info: 5,
      tips: 5,
      budget: 4,
    });
    expect(b.completeness).toBe(17.83);
    // 50·√(0.9259·0.7132)·1.05 = 42.66; ×0.7 = 29.86
    expect([b.codeTotal, b.total]).toEqual([42.66, 29.86]);
  });
  it('required_tools_called alone fails: the reference example 3 (12.9)', () => {
    const b = score(ex3);
    expect(failed(b)).toEqual({ required_tools_called: 0.5 });
    expect(b.total).toBe(12.9);
  });
});

describe('food_tour', () => {
  it('tool_quality alone fails: validity (1 + 1 + 0 + 0 + 0)/5 = 0.4 < 0.5', () => {
    const b = score(E.foodBadCalls);
    expect(failed(b)).toEqual({ tool_quality: 0.5 });
    expect(b.hardConstraints.tool_quality.details).toMatchObject({ coverage: 1, validity: 0.4 });
    // restaurants 6·4/5 = 4.8; route structural 10 % (direction failed, no route data) = 0.5
    expect(dims(b)).toEqual({ restaurants: 4.8, dishes: 5, route: 0.5, cost: 5, tips: 4 });
    expect(b.completeness).toBe(19.3);
    // diversity 1 − (0.25 − 0.15) = 0.9 (direction only attempted; around_search never succeeded)
    expect(b.diversityMultiplier).toBe(0.9);
    // 50·√(1·0.772)·0.9 = 39.54; ×0.5 = 19.77
    expect([b.infoConsistency, b.codeTotal, b.total]).toEqual([25, 39.54, 19.77]);
  });
  it('prices written ¥60 instead of 60元 are amounts for the cost dimension too: the same 5 points', () => {
    const yen = { ...E.foodBadCalls, answer: E.foodBadCalls.answer.replace(/(\d+)元/gu, '¥$1') };
    expect(yen.answer).toContain('人均¥60');
    expect(dims(score(yen))['cost']).toBe(5);
    expect(dims(score(yen))).toEqual(dims(score(E.foodBadCalls)));
  });
  it('memorised POIs: the reference example 5 (poi_names_verified and tool_info_used fail, total 0)', () => {
    const b = score(ex5);
    expect(failed(b)).toEqual({ tool_info_used: 0.05, poi_names_verified: 0.7 });
    expect(b.total).toBe(0);
  });
});

describe('business', () => {
  it('flight + train options, hotel, dining, costs and the venue all grounded: 6 + 5 + 4 + 5 + 5', () => {
    const b = score(E.businessGood);
    expect(dims(b)).toEqual({ transport: 6, hotels: 5, dining: 4, costs: 5, business: 5 });
    // prices: 4 of den min(7, 8) = 7 → 0.9524; regular mean 5.6190/6; with 3 bonus 8.6190/9 = 0.9577 → 23.94
    expect(b.icCategories['prices']).toMatchObject({ matched: 4, toolCount: 7, score: 0.9524 });
    expect(b.infoConsistency).toBe(23.94);
    expect(b.hardConstraints.transport_grounded.details).toMatchObject({ total: 8, verified: 8 });
    expect([b.completeness, b.codeTotal, b.total]).toEqual([25, 50, 50]);
  });
  it('a wrong flight price: price claims 1/2 < 70 % fails transport_grounded; ratio 1/8 → multiplier min(1, 0.9)', () => {
    const b = score(E.businessWrongPrice);
    expect(failed(b)).toEqual({ transport_grounded: 0.9 });
    expect(b.hardConstraints.transport_grounded.details).toMatchObject({
      total: 8,
      unverified: 1,
      priceRate: 0.5,
    });
    // −5·0.125 = −0.625; the earned 51.38 is capped at 50 first, so code 50 − 0.625 = 49.375 → 49.38; total
    // 49.38 · 0.9 = 44.44 (the penalty is not absorbed by the diversity bonus)
    expect(b.fabrication).toEqual({ transport: -0.625 });
    expect([b.codeTotal, b.total]).toEqual([49.38, 44.44]);
  });
});

describe('family_study', () => {
  it('two days with child-friendly, educational, dining and budget content: 25', () => {
    const b = score(E.familyGood);
    expect(dims(b)).toEqual({
      day_structure: 5,
      child_friendly: 5,
      education: 5,
      dining: 5,
      budget: 5,
    });
    expect([b.infoConsistency, b.completeness, b.codeTotal, b.total]).toEqual([25, 25, 50, 50]);
  });
  it('tool_info_used alone fails: only two POIs cited → IC (1 + 0 + 0 + 0)/4 × 0.5 breadth = 3.13 < 8', () => {
    const b = score(E.familyThin);
    expect(failed(b)).toEqual({ tool_info_used: 0.05 });
    expect(b.infoConsistency).toBe(3.13);
    expect(dims(b)).toEqual({
      day_structure: 5,
      child_friendly: 5,
      education: 5,
      dining: 0,
      budget: 0,
    });
    // 50·√(0.1252·0.6)·1.05 = 14.39; ×0.05 = 0.72
    expect([b.completeness, b.codeTotal, b.total]).toEqual([15, 14.39, 0.72]);
  });
});
