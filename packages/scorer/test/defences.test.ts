// Named anti-gaming defences added after the reward audit: each one fires on the exploit it targets and
// leaves an honest plan alone.
import { describe, expect, it } from 'vitest';
import {
  buildContext,
  priceGrounding,
  priceGroundingMultiplier,
  scoreEpisodeSync,
} from '../src/index';
import { call, makeProblem, poiText, routeText } from './helpers';

const foodTrace = [
  call(
    'poi_search',
    { address: '美食', region: '上海' },
    poiText([
      { name: '老正兴菜馆', address: '福州路556号', price: ['人均', 120] },
      { name: '小杨生煎(黄河路店)', address: '黄河路97号', price: ['人均', 28] },
      { name: '南翔馒头店', address: '豫园路85号', price: ['人均', 60] },
    ]),
  ),
  call(
    'poi_search',
    { address: '酒店', region: '上海' },
    poiText([{ name: '锦江之星(人民广场店)', address: '西藏中路88号', price: ['房价', 328] }]),
  ),
  call(
    'direction',
    { origin: 'a', destination: 'b' },
    routeText('5.2公里', '18分钟', ['福州路'], 25),
  ),
];

function plan(prices: { a: number; b: number; c: number; hotel: number; taxi: number }): string {
  const food = prices.a + prices.b + prices.c;
  return [
    '# 上海1日美食之旅',
    `- 午餐：人均${prices.a}元，老正兴菜馆，本帮菜老字号，建议提前排队。`,
    `- 下午：小杨生煎(黄河路店)（人均${prices.b}元），推荐招牌生煎。`,
    `- 晚餐：南翔馒头店，人均${prices.c}元，推荐小笼包。`,
    `- 交通：打车费用约${prices.taxi}元，全程约18分钟。`,
    `- 住宿：锦江之星(人民广场店)（${prices.hotel}元/晚）。`,
    '## 预算',
    `- 餐饮：每人${prices.a} + ${prices.b} + ${prices.c} = ${food}元 × 2人 = ${food * 2}元`,
    `- 合计：${food * 2} + ${prices.hotel} + ${prices.taxi} = ${food * 2 + prices.hotel + prices.taxi}元`,
    `总预算3000元，结余${3000 - (food * 2 + prices.hotel + prices.taxi)}元，另外预留约200元备用。`,
    '因为行程紧凑，建议错峰用餐；考虑到排队，推荐先去小杨生煎再去老正兴菜馆。',
  ].join('\n');
}

describe('price_grounding', () => {
  const problem = makeProblem('food_tour', { groupSize: 2, budget: 3000 });
  const honest = plan({ a: 120, b: 28, c: 60, hotel: 328, taxi: 25 });

  it('traces tool prices, sums, products, the remaining budget, and skips round estimates', () => {
    const r = priceGrounding(buildContext(problem, foodTrace, honest));
    // 120, 28, 60, 25, 328 (tool); 208, 416, 769 (arithmetic); 3000 (user); 2231 (difference); 200 estimate.
    expect(r.claims.map((c) => c.kind)).toEqual([
      'bound_poi',
      'bound_poi',
      'bound_poi',
      'tool',
      'bound_poi',
      'derived',
      'derived',
      'derived',
      'user',
      'derived',
      'estimate',
    ]);
    expect(r).toMatchObject({ counted: 10, ungrounded: 0, ratio: 0, multiplier: 1 });
    expect(scoreEpisodeSync({ problem, trace: foodTrace, answer: honest }).defenses).not.toContain(
      'price_grounding',
    );
  });

  it('a POI-labelled price must be that POI’s tool price, even when another POI has that price', () => {
    // 60 is 南翔馒头店's price, but the plan states it for 老正兴菜馆.
    const swapped = honest.replace('人均120元，老正兴菜馆', '人均60元，老正兴菜馆');
    const r = priceGrounding(buildContext(problem, foodTrace, swapped));
    expect(r.claims[0]).toEqual({ value: 60, kind: 'mismatched_poi' });
  });

  it('invented prices (and the arithmetic over them) scale the code score down to the floor', () => {
    const invented = plan({ a: 175, b: 49, c: 93, hotel: 460, taxi: 45 });
    const r = priceGrounding(buildContext(problem, foodTrace, invented));
    // Every price is untraceable except the user's budget: 9 of 10 counted.
    expect(r).toMatchObject({ counted: 10, ungrounded: 9, ratio: 0.9, multiplier: 0.1 });
    const honestScore = scoreEpisodeSync({ problem, trace: foodTrace, answer: honest });
    const b = scoreEpisodeSync({ problem, trace: foodTrace, answer: invented });
    expect(b.defenses).toContain('price_grounding');
    expect(b['multipliers']).toMatchObject({ priceGrounding: 0.1 });
    expect(b.codeTotal).toBeLessThan(honestScore.codeTotal * 0.2);
  });

  it('multiplier: 1 up to 20 % untraceable, linear to 0.1 at 70 %', () => {
    expect(priceGroundingMultiplier(0)).toBe(1);
    expect(priceGroundingMultiplier(0.2)).toBe(1);
    expect(priceGroundingMultiplier(0.45)).toBeCloseTo(0.55, 10);
    expect(priceGroundingMultiplier(0.7)).toBeCloseTo(0.1, 10);
    expect(priceGroundingMultiplier(1)).toBe(0.1);
  });

  it('needs tool prices and at least three stated prices', () => {
    expect(priceGrounding(buildContext(problem, [], honest)).multiplier).toBe(1);
    const short = `${'这是一段说明文字，'.repeat(25)}\n午餐人均999元，晚餐人均888元。`;
    expect(priceGrounding(buildContext(problem, foodTrace, short))).toMatchObject({
      counted: 2,
      multiplier: 1,
    });
  });
});
