import { describe, expect, it } from 'vitest';
import type { TravelProblem } from '@navworld/core-types';
import { scoreEpisodeSync } from '../src/index';
import { businessGood } from './episodes';
import { call, poiText, weatherText } from './helpers';
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
    expect(b['offRequest']).toEqual({
      offTools: [],
      anchored: true,
      foreignCitations: 0,
      requestCitations: 0,
    });
    expect(b['multipliers']).toMatchObject({ offRequest: 1 });
    expect(b.defenses).not.toContain('off_request');
    expect(b.total).toBe(50);
  });

  it('another trip with its own trace: every city tool is off (× 0.1) and the plan names neither city (× 0.5)', () => {
    const b = score(withProblem(businessGood, { originCity: '广州', destinationCity: '成都' }));
    expect(b['offRequest']).toEqual({
      offTools: ['search_flights', 'search_train_tickets', 'poi_search', 'weather'],
      anchored: false,
      // MU5138, G1 and the four 上海 places come from searches about 北京 and 上海, none about the request.
      foreignCitations: 6,
      requestCitations: 0,
    });
    expect(b.defenses).toContain('off_request');
    // 51.375 · 0.1 · 0.5 = 2.57
    expect([b.infoConsistency, b.completeness, b.codeTotal, b.total]).toEqual([
      23.94, 25, 2.57, 2.57,
    ]);
  });

  it('the route searched the wrong way round: the transport searches are off, and the plan visits the origin', () => {
    // Asked 上海 → 北京; the searches went 北京 → 上海 (a way back, not the trip). Weather and POIs name 上海.
    const b = score(withProblem(businessGood, { originCity: '上海', destinationCity: '北京' }));
    expect(b['offRequest']).toEqual({
      offTools: ['search_flights', 'search_train_tickets'],
      anchored: true,
      // The four 上海 places come from searches about the origin alone: no search about the trip's places.
      // (MU5138 and G1 come from the reversed searches, which name only request cities: neither side.)
      foreignCitations: 4,
      requestCitations: 0,
    });
    // The tools' 0.1 and the wrong trip's 0.05 do not compound: 51.375 · 0.05.
    expect(b.total).toBe(2.57);
  });

  it('a later search of the route asked for is enough, and city names may carry 市', () => {
    const back = {
      ...businessGood.trace[0]!,
      callId: 'back',
      arguments: { date: '2025-03-03', from_city: '上海', to_city: '北京' },
      rawArguments: '{"date":"2025-03-03","from_city":"上海","to_city":"北京"}',
    };
    const e = { ...businessGood, trace: [back, ...businessGood.trace] };
    expect(score(e)['offRequest']).toEqual({
      offTools: [],
      anchored: true,
      foreignCitations: 0,
      requestCitations: 0,
    });
    const city = score(
      withProblem(businessGood, { originCity: '北京市', destinationCity: '上海市' }),
    );
    expect(city['offRequest']).toEqual({
      offTools: [],
      anchored: true,
      foreignCitations: 0,
      requestCitations: 0,
    });
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
      foreignCitations: 0,
      requestCitations: 0,
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
    expect(score(ex3)['offRequest']).toEqual({
      offTools: [],
      anchored: true,
      foreignCitations: 0,
      requestCitations: 0,
    });
    const named = score(withProblem(ex3, { targetPoi: '故宫博物院' }));
    expect(named['offRequest']).toEqual({
      offTools: [],
      anchored: true,
      foreignCitations: 0,
      requestCitations: 0,
    });
    const other = score(withProblem(ex3, { targetPoi: '颐和园' }));
    expect(other['offRequest']).toEqual({
      offTools: [],
      anchored: false,
      foreignCitations: 0,
      requestCitations: 0,
    });
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

  describe('a plan for another trip, with searches for the request made for show', () => {
    // Asked 广州 → 成都. Every required tool also searched the request, so no tool is off; the plan is the
    // 北京 → 上海 one, with 成都 written once so that it names a request city.
    const forRequest = [
      call(
        'search_flights',
        { date: '2025-03-01', from_city: '广州', to_city: '成都' },
        '航班 CZ3401（中国南方航空），价格1100元，08:00从广州白云国际机场出发，10:30到达成都双流国际机场',
      ),
      call(
        'search_train_tickets',
        { date: '2025-03-01', from_city: '广州', to_city: '成都' },
        '车次 G2931（高铁），二等座价格860元，07:10从广州南站出发，15:02到达成都东站',
      ),
      call(
        'poi_search',
        { address: '成都商务酒店', region: '成都' },
        poiText([
          { name: '成都世纪城国际会议中心', address: '世纪城路198号' },
          { name: '天府广场', address: '人民南路一段86号' },
        ]),
      ),
      call(
        'weather',
        { city: '成都' },
        weatherText('成都', [
          {
            date: '2025-03-01',
            day: '阴',
            night: '阴',
            high: 15,
            low: 9,
            wind: '北风',
            power: '1-3级',
          },
        ]),
      ),
    ];
    const problem = { ...businessGood.problem, originCity: '广州', destinationCity: '成都' };
    const trace = [...forRequest, ...businessGood.trace];

    it('is held to the wrong trip floor (× 0.05)', () => {
      const b = score({ problem, trace, answer: `成都出差参考：\n${businessGood.answer}` });
      // The request side's one: 成都世纪城国际会议中心, half-matched by the 成都 and the 国际会议中心 the plan
      // now holds (POI names are matched as info consistency matches them).
      expect(b['offRequest']).toEqual({
        offTools: [],
        anchored: true,
        foreignCitations: 6,
        requestCitations: 1,
      });
      expect(b['multipliers']).toMatchObject({ offRequest: 0.05 });
      expect(b.defenses).toContain('off_request');
      expect(b.total).toBeLessThanOrEqual(2.57); // at most 51.375 · 0.05
    });

    it('while a plan for the request may use a search about another city in passing', () => {
      // The 成都 plan names both request places and the request's flight; it also mentions one 上海 hotel,
      // and its 国际会议中心 half-matches 上海国际会议中心: two foreign citations against three.
      const answer =
        '广州—成都两日商务出行方案\n' +
        '交通：推荐航班 CZ3401，价格1100元，08:00从广州白云国际机场出发，10:30到达成都双流国际机场。\n' +
        '会议：会议地点成都世纪城国际会议中心，会后可去天府广场走走。\n' +
        '对比：上次去上海出差住浦东香格里拉大酒店。\n' +
        '天气：阴，气温15度，北风1-3级。';
      const b = score({ problem, trace, answer });
      expect(b['offRequest']).toMatchObject({ foreignCitations: 2, requestCitations: 3 });
      expect(b['multipliers']).toMatchObject({ offRequest: 1 });
    });

    it('searches about other cities that the plan does not use cost nothing', () => {
      // Now 北京 → 上海 is the request and the 成都 searches are the foreign ones; the plan's 上海国际会议中心
      // half-matches 成都世纪城国际会议中心, one foreign citation against six.
      const b = score({ ...businessGood, trace: [...businessGood.trace, ...forRequest] });
      expect(b['offRequest']).toEqual({
        offTools: [],
        anchored: true,
        foreignCitations: 1,
        requestCitations: 6,
      });
      // (The total moves a little all the same: info consistency now weighs the 成都 facts left uncited.)
      expect(b['multipliers']).toMatchObject({ offRequest: 1 });
      expect(b.defenses).not.toContain('off_request');
    });
  });
});
