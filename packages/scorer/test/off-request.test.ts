import { describe, expect, it } from 'vitest';
import type { TravelProblem } from '@navworld/core-types';
import { scoreEpisodeSync } from '../src/index';
import { businessGood } from './episodes';
import { ex3 } from './reference-examples';

type Episode = { problem: TravelProblem; trace: typeof businessGood.trace; answer: string };
const score = (e: Episode) => scoreEpisodeSync(e);
const withProblem = (e: Episode, changes: Partial<TravelProblem>): Episode => ({
  ...e,
  problem: { ...e.problem, ...changes },
});

// businessGood (北京 → 上海): IC 23.94, completeness 25, diversity 1.05, no fabrication, so before the clamp
// its code score is 50 · √(23.94 / 25 · 25 / 25) · 1.05 = 51.375, clamped to 50.
describe('off_request', () => {
  it('leaves a plan for the trip asked for alone', () => {
    const b = score(businessGood);
    expect(b['offRequest']).toEqual({ offTools: [], anchored: true });
    expect(b['multipliers']).toMatchObject({ offRequest: 1 });
    expect(b.defenses).not.toContain('off_request');
    expect(b.total).toBe(50);
  });

  it('another trip with its own trace: every city tool is off (× 0.1) and the plan names neither city (× 0.5)', () => {
    const b = score(withProblem(businessGood, { originCity: '广州', destinationCity: '成都' }));
    expect(b['offRequest']).toEqual({
      offTools: ['search_flights', 'search_train_tickets', 'poi_search', 'weather'],
      anchored: false,
    });
    expect(b.defenses).toContain('off_request');
    // 51.375 · 0.1 · 0.5 = 2.57
    expect([b.infoConsistency, b.completeness, b.codeTotal, b.total]).toEqual([
      23.94, 25, 2.57, 2.57,
    ]);
  });

  it('the route searched the wrong way round: only the transport searches are off (× 0.1)', () => {
    // Asked 上海 → 北京; the searches went 北京 → 上海 (a way back, not the trip). Weather and POIs name 上海.
    const b = score(withProblem(businessGood, { originCity: '上海', destinationCity: '北京' }));
    expect(b['offRequest']).toEqual({
      offTools: ['search_flights', 'search_train_tickets'],
      anchored: true,
    });
    expect(b.total).toBe(5.14); // 51.375 · 0.1
  });

  it('a later search of the route asked for is enough, and city names may carry 市', () => {
    const back = {
      ...businessGood.trace[0]!,
      callId: 'back',
      arguments: { date: '2025-03-03', from_city: '上海', to_city: '北京' },
      rawArguments: '{"date":"2025-03-03","from_city":"上海","to_city":"北京"}',
    };
    const e = { ...businessGood, trace: [back, ...businessGood.trace] };
    expect(score(e)['offRequest']).toEqual({ offTools: [], anchored: true });
    const city = score(
      withProblem(businessGood, { originCity: '北京市', destinationCity: '上海市' }),
    );
    expect(city['offRequest']).toEqual({ offTools: [], anchored: true });
    expect(city.total).toBe(50);
  });

  it('reads arguments spelled with \\u escapes and ignores tools the problem does not require', () => {
    const escaped = businessGood.trace.map((c) =>
      c.name === 'weather'
        ? { ...c, rawArguments: '{"city":"\\u4e0a\\u6d77"}', resultText: '晴 25度' }
        : c,
    );
    expect(score({ ...businessGood, trace: escaped })['offRequest']).toEqual({
      offTools: [],
      anchored: true,
    });
    const notRequired = withProblem(businessGood, {
      requiredTools: ['search_flights', 'search_train_tickets', 'poi_search'],
    });
    const otherWeather = notRequired.trace.map((c) =>
      c.name === 'weather'
        ? {
            ...c,
            arguments: { city: '广州' },
            rawArguments: '{"city":"广州"}',
            resultText: '广州 晴',
          }
        : c,
    );
    expect(score({ ...notRequired, trace: otherWeather })['offRequest']).toMatchObject({
      offTools: [],
    });
  });

  it("finds the city in any one of a call's parsed arguments, raw arguments and result, never across them", () => {
    const weatherWith = (args: Record<string, unknown>, raw: string, result: string): Episode => ({
      ...businessGood,
      trace: businessGood.trace.map((c) =>
        c.name === 'weather' ? { ...c, arguments: args, rawArguments: raw, resultText: result } : c,
      ),
    });
    const offTools = (e: Episode) =>
      (score(e)['offRequest'] as { offTools: string[] } | undefined)?.offTools;
    expect(offTools(weatherWith({ city: '上海' }, '{}', '晴'))).toEqual([]);
    expect(offTools(weatherWith({}, 'city=上海', '晴'))).toEqual([]);
    expect(offTools(weatherWith({}, '{}', '上海 晴'))).toEqual([]);
    // 上 ends the raw arguments and 海 starts the result: the parts are separate texts.
    expect(offTools(weatherWith({}, '{}上', '海 晴'))).toEqual(['weather']);
  });

  it('a single_poi plan must name its target place; without a target, a tool place or the city anchors it', () => {
    // Example 3 never says 北京, but names 故宫博物院, which poi_search returned for 北京.
    expect(score(ex3)['offRequest']).toEqual({ offTools: [], anchored: true });
    const named = score(withProblem(ex3, { targetPoi: '故宫博物院' }));
    expect(named['offRequest']).toEqual({ offTools: [], anchored: true });
    const other = score(withProblem(ex3, { targetPoi: '颐和园' }));
    expect(other['offRequest']).toEqual({ offTools: [], anchored: false });
    // The target written short: without its place suffix (故宫 for 故宫博物院) or as its first three
    // characters (王府井 for 王府井小吃街) — but not as the bare city (北京 for 北京公园).
    const short = { ...ex3, answer: ex3.answer.replaceAll('故宫博物院', '故宫') };
    expect(score(withProblem(short, { targetPoi: '故宫博物院' }))['offRequest']).toMatchObject({
      anchored: true,
    });
    const brand = { ...ex3, answer: ex3.answer.replaceAll('王府井小吃街', '王府井') };
    expect(score(withProblem(brand, { targetPoi: '王府井小吃街' }))['offRequest']).toMatchObject({
      anchored: true,
    });
    const city = { ...ex3, answer: `${ex3.answer}\n北京的冬天很冷。` };
    expect(score(withProblem(city, { targetPoi: '北京公园' }))['offRequest']).toMatchObject({
      anchored: false,
    });
    // Example 3 codes 25.81 = 27.81 − 2 (weather); the plan for the wrong place: 27.81 · 0.5 − 2 = 11.91.
    expect(other.codeTotal).toBe(11.91);
  });
});
