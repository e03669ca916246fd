// The five worked episodes of the reference notes, with the facts recomputed under our rules.
import { describe, expect, it } from 'vitest';
import { countPoiMatches, extractAnswerFacts, extractToolFacts, parsePlan } from '../src/index';
import examples from './fixtures/reference-examples.json';
import { nonEmpty } from './helpers';

interface Example {
  output: string;
  trace: Array<{ name: string; arguments: Record<string, unknown>; result: { text: string } }>;
}
const ex = examples as Record<string, Example>;
const get = (k: string): Example => {
  const e = ex[k];
  if (e === undefined) throw new Error(`missing ${k}`);
  return e;
};

describe('example 1 (food_tour, everything grounded)', () => {
  const e = get('example1');
  it('tool facts: structured 气温 temperatures, metre steps under 100 dropped, 门票: 0 dropped', () => {
    expect(nonEmpty(extractToolFacts(e.trace))).toEqual({
      pois: ['奎星楼街夜市', '宽窄巷子小吃街', '钟水饺', '陈麻婆豆腐', '龙抄手总店'],
      weather: ['15度', '18度', '多云', '小雨'],
      distances: ['1200米', '2.5公里'],
      prices: ['25', '35', '60'],
      wind_info: ['3级', '东北风'],
      travel_durations: ['35分钟'],
      road_names: ['人民南路', '青华路'],
    });
  });
  it('answer facts', () => {
    expect(nonEmpty(extractAnswerFacts(e.output))).toEqual({
      pois: ['奎星楼街夜市'],
      weather: ['18度', '多云', '小雨'],
      distances: ['2.5公里'],
      prices: ['120', '25', '35', '60'],
      wind_info: ['3级', '东北风'],
      travel_durations: ['35分钟'],
      road_names: ['奎星楼街', '宽窄巷子小吃街', '青华路'],
    });
    expect(countPoiMatches(extractToolFacts(e.trace).pois, e.output)).toBe(5);
  });
  it('plan: two days, a budget line, a tip', () => {
    const plan = parsePlan(e.output);
    expect(plan.success).toBe(true);
    expect(plan.days.map((d) => d.day)).toEqual([1, 2]);
    expect(plan.budgetItems).toEqual([{ category: '餐饮', amount: 120 }]);
    expect(plan.budgetTotal).toBe(120);
    expect(plan.tips).toEqual(['热门店铺排队人多，建议错峰前往。']);
  });
});

describe('example 2 (intercity, double-nested MCP result)', () => {
  const e = get('example2');
  it('tool facts: times next to Chinese text ARE extracted (the reference found none)', () => {
    const facts = extractToolFacts(e.trace);
    expect(nonEmpty(facts)).toEqual({
      flights: ['CA1501', 'MU5102'],
      trains: ['G101', 'G5'],
      pois: ['上海中心大厦', '外滩'],
      weather: ['16度', '8度', '晴'],
      times: ['06:36', '07:00', '08:00', '09:30', '10:15', '11:40', '12:40'],
      prices: ['553', '598', '850', '920'],
      wind_info: ['2级', '西北风'],
      transport: [
        { id: 'CA1501', kind: 'flight', price: 850, departure: '08:00', arrival: '10:15' },
        { id: 'G101', kind: 'train', price: 553, departure: '06:36', arrival: '12:40' },
        { id: 'G5', kind: 'train', price: 598, departure: '07:00', arrival: '11:40' },
        { id: 'MU5102', kind: 'flight', price: 920, departure: '09:30', arrival: '11:40' },
      ],
    });
  });
  it('answer facts: MU5102 航班约700元 is a price claim; G999 is an unverifiable id', () => {
    expect(nonEmpty(extractAnswerFacts(e.output))).toEqual({
      flights: ['CA1501', 'MU5102'],
      trains: ['G5', 'G999'],
      pois: ['上海中心大厦'],
      weather: ['16度', '晴'],
      times: ['07:00', '08:00', '10:15', '11:40'],
      prices: ['50', '500', '598', '700', '850', '900'],
      wind_info: ['2级', '西北风'],
      transport: [
        { id: 'CA1501', kind: 'flight', price: 850, departure: '08:00', arrival: '10:15' },
        { id: 'G5', kind: 'train', price: 598, departure: '07:00', arrival: '11:40' },
        { id: 'G999', kind: 'train', price: 500 },
        { id: 'MU5102', kind: 'flight', price: 700 },
      ],
    });
  });
  it('plan: transport options in text order', () => {
    const plan = parsePlan(e.output);
    expect(plan.success).toBe(true);
    expect(plan.transportOptions.map((t) => t.id)).toEqual(['CA1501', 'MU5102', 'G5', 'G999']);
    expect(plan.budgetItems).toEqual([{ category: '交通', amount: 850 }]);
    expect(plan.budgetTotal).toBe(900);
  });
});

describe('example 3 (single_poi, weather fabrication)', () => {
  const e = get('example3');
  it('tool facts: the failed third call adds nothing', () => {
    expect(nonEmpty(extractToolFacts(e.trace))).toEqual({
      pois: ['午门', '故宫博物院', '珍宝馆', '神武门'],
      weather: ['5度', '晴'],
      prices: ['10', '60'],
      wind_info: ['3级', '北风'],
    });
  });
  it('answer facts: 多云 in weather context; 8:30 is not in transport context', () => {
    expect(nonEmpty(extractAnswerFacts(e.output))).toEqual({
      pois: ['乾清宫', '故宫博物院', '景山公园'],
      weather: ['5度', '多云'],
      distances: ['1公里'],
      prices: ['10', '100', '170', '60', '70'],
      wind_info: ['3级', '北风'],
      travel_durations: ['10分钟', '15分钟'],
      road_names: ['王府井小吃街'],
    });
  });
  it('plan: no days or transport, so no success; budget still read', () => {
    const plan = parsePlan(e.output);
    expect(plan.success).toBe(false);
    expect(plan.budgetItems).toEqual([
      { category: '餐饮', amount: 100 },
      { category: '门票', amount: 60 },
    ]);
    expect(plan.budgetTotal).toBe(170);
  });
});

describe('example 4 (every tool failed)', () => {
  const e = get('example4');
  it('tool facts are empty', () => {
    expect(nonEmpty(extractToolFacts(e.trace))).toEqual({});
  });
  it('answer facts and a three-day plan', () => {
    expect(nonEmpty(extractAnswerFacts(e.output))).toEqual({
      pois: ['中国丝绸博物馆', '浙江省博物馆', '灵隐寺'],
      prices: ['100', '150', '1750', '400'],
      road_names: ['河坊街'],
    });
    const plan = parsePlan(e.output);
    expect(plan.days.map((d) => [d.day, d.locations])).toEqual([
      [1, ['浙江省博物馆', '河坊街']],
      [2, ['灵隐寺']],
      [3, ['中国丝绸博物馆']],
    ]);
    expect(plan.budgetTotal).toBe(1750);
  });
  it('example 4b: a 35-character answer is too short to be a plan', () => {
    const plan = parsePlan('北京亲子游：第1天参观中国科技馆，第2天去北京动物园，孩子一定会喜欢。');
    expect(plan).toMatchObject({ success: false, source: 'empty', days: [] });
    expect(plan.errors).toHaveLength(1);
  });
});

describe('example 5 (memorised POIs)', () => {
  const e = get('example5');
  it('tool facts: twelve POIs, six prices', () => {
    const facts = extractToolFacts(e.trace);
    expect(facts.pois).toHaveLength(12);
    expect(nonEmpty({ ...facts, pois: [] })).toEqual({
      weather: ['20度', '晴'],
      distances: ['3.2公里'],
      prices: ['120', '25', '30', '45', '60', '88'],
      wind_info: ['2级', '南风'],
      travel_durations: ['40分钟'],
    });
  });
  it('answer facts: none of the tool POIs is used, not even by half', () => {
    expect(nonEmpty(extractAnswerFacts(e.output))).toEqual({
      weather: ['小雨'],
      prices: ['300', '45'],
      road_names: ['锦里古街'],
    });
    expect(countPoiMatches(extractToolFacts(e.trace).pois, e.output)).toBe(0);
  });
  it('plan: 第一天 / 第二天 (Chinese numerals)', () => {
    expect(parsePlan(e.output).days.map((d) => d.day)).toEqual([1, 2]);
  });
});
