// Named anti-gaming defences added after the reward audit: each one fires on the exploit it targets and
// leaves an honest plan alone.
import type { Judge, JudgeInput } from '@navworld/core-types';
import { describe, expect, it } from 'vitest';
import {
  buildContext,
  buildFactContext,
  dayStructure,
  duplicatedDays,
  factPrecision,
  factPrecisionMultiplier,
  namedPlacesMultiplier,
  unsourcedPlacesMultiplier,
  isBareFactList,
  placelessPlan,
  priceGrounding,
  scanNumbers,
  priceGroundingMultiplier,
  scoreEpisode,
  scoreEpisodeSync,
  SCORING_CONFIG,
} from '../src/index';
import { isListSeparatorCode } from '../src/rules/fact-context';
import * as E from './episodes';
import { call, foodTrace, makeProblem, poiText, weatherText, seededInts } from './helpers';

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

  it('reads a line repeated word for word once: repeating traced prices does not dilute invented ones', () => {
    const invented = plan({ a: 175, b: 49, c: 93, hotel: 460, taxi: 45 });
    const lines = invented.split('\n');
    // A line of tool prices, added five times.
    const padded = [
      ...lines,
      ...Array.from({ length: 5 }, () => '打车25元，南翔馒头店人均60元。'),
    ].join('\n');
    const once = [...lines, '打车25元，南翔馒头店人均60元。'].join('\n');
    const r = priceGrounding(buildContext(problem, foodTrace, padded));
    expect(r).toEqual(priceGrounding(buildContext(problem, foodTrace, once)));
    expect(r).toMatchObject({ counted: 12, ungrounded: 9 });
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

describe('admin_half_match and placeless_plan', () => {
  const problem = makeProblem('multiday', { destinationCity: '景德镇', numDays: 2 });
  const trace = [
    call(
      'poi_search',
      { address: '博物馆', region: '景德镇' },
      poiText([
        { name: '景德镇博物馆', address: '人民大道23号', price: ['门票', 20] },
        { name: '景德镇科技馆', address: '沿江东路334号', price: ['门票', 30] },
        { name: '东风中路美食街', address: '东风中路12号', price: ['人均', 45] },
        { name: '御窑厂', address: '广场北路149号', price: ['门票', 0] },
      ]),
    ),
  ];
  const filler = '行程节奏轻松，每天只安排两个主要去处，中午留出休息时间，傍晚不再安排远距离移动。';

  it('a half match on the city name or inside an address is not a mention of the POI', () => {
    const answer = `# 景德镇2天行程\n第1天：游览珠山区，地址：东风中路12号。\n第2天：参观昌江区。\n${filler.repeat(5)}`;
    const ctx = buildContext(problem, trace, answer);
    expect(ctx.poiHalfRejected('景德镇博物馆')).toBe(true); // 景德镇 is the city
    expect(ctx.poiHalfRejected('东风中路美食街')).toBe(true); // 东风中 only inside the road 东风中路
    expect(ctx.poiMatched('景德镇博物馆')).toBe(false);
    expect(ctx.poiMatched('东风中路美食街')).toBe(false);
    const b = scoreEpisodeSync({ problem, trace, answer });
    expect(b.defenses).toEqual(expect.arrayContaining(['admin_half_match', 'placeless_plan']));
    expect(b['multipliers']).toMatchObject({ placelessPlan: 0.1 });
  });

  it('tells the judge which tool POIs the plan names, after the defence', async () => {
    const answer = `# 景德镇2天行程\n第1天：游览御窑厂，再到珠山区，地址：东风中路12号。\n第2天：参观昌江区。\n${filler.repeat(5)}`;
    const inputs: JudgeInput[] = [];
    const judge: Judge = {
      judge(input) {
        inputs.push(input);
        return Promise.resolve({ available: false, error: 'not needed' });
      },
    };
    await scoreEpisode({ problem, trace, answer, judge });
    expect(inputs).toHaveLength(1);
    // 御窑厂 is named; the museum (only the city 景德镇) and the food street (only its road) are not.
    expect(inputs[0]!.namedToolPois).toEqual(['御窑厂']);
  });

  it('one named place is enough; a name only seen inside a district name is not one', () => {
    const one = `# 景德镇2天行程\n第1天：游览御窑厂，门票0元。\n第2天：参观昌江区。\n${filler.repeat(5)}`;
    expect(placelessPlan(buildContext(problem, trace, one))).toEqual({
      toolPois: 4,
      named: 1,
      multiplier: 1,
    });
    const district = one.replace('游览御窑厂', '游览御窑厂区');
    const ctx = buildContext(problem, trace, district);
    expect(ctx.poiMatched('御窑厂')).toBe(true); // 御窑厂区 is not an administrative name
    const suzhou = makeProblem('multiday', { destinationCity: '苏州', numDays: 2 });
    const huqiu = [
      call(
        'poi_search',
        { address: '景点' },
        poiText([{ name: '虎丘' }, { name: '拙政园' }, { name: '留园' }]),
      ),
    ];
    const admin = `# 苏州2天行程\n第1天：游览虎丘区。\n第2天：参观姑苏区。\n${filler.repeat(5)}`;
    const c2 = buildContext(suzhou, huqiu, admin);
    expect(c2.poiMatched('虎丘')).toBe(false);
    expect(c2.poiHalfRejected('虎丘')).toBe(true);
    expect(placelessPlan(c2).multiplier).toBe(0.1);
    expect(
      placelessPlan(buildContext(suzhou, huqiu, admin.replace('虎丘区', '虎丘'))).multiplier,
    ).toBe(1);
  });

  it('branch labels, road names and town names are not mentions of a place', () => {
    const city = makeProblem('food_tour', { destinationCity: '武汉', numDays: 1 });
    const pois = [
      call(
        'poi_search',
        { address: '美食' },
        poiText([
          { name: '朱记面馆(老字号)' },
          { name: '沿江大道夜市' },
          { name: '经三路美食街' },
          { name: '沱江' },
        ]),
      ),
    ];
    const answer = `# 武汉美食\n午餐在黄记面馆(老字号)，地址：沿江大道232号，经三路12号。\n下午去沱江镇。\n${filler.repeat(5)}`;
    const ctx = buildContext(city, pois, answer);
    for (const p of ['朱记面馆(老字号)', '沿江大道夜市', '经三路美食街', '沱江'])
      expect([p, ctx.poiMatched(p)]).toEqual([p, false]);
    expect(placelessPlan(ctx).multiplier).toBe(0.1);
    const named = buildContext(city, pois, answer.replace('黄记面馆(老字号)', '朱记面馆'));
    expect(named.poiMatched('朱记面馆(老字号)')).toBe(true);
  });

  it('does not apply when the tools returned fewer than three places', () => {
    const answer = `# 景德镇2天行程\n第1天：游览珠山区。\n${filler.repeat(5)}`;
    const few = [
      call('poi_search', { address: 'x' }, poiText([{ name: '御窑厂' }, { name: '陶溪川' }])),
    ];
    expect(placelessPlan(buildContext(problem, few, answer)).multiplier).toBe(1);
  });
});

describe('context_free_facts', () => {
  const problem = makeProblem('food_tour', { groupSize: 2, budget: 3000 });
  const honest = plan({ a: 120, b: 28, c: 60, hotel: 328, taxi: 25 });

  it('a bare list of tool facts is recognised; a sentence citing them is not', () => {
    const facts = new Set(['老正兴菜馆', '南翔馒头店', '120元', '28元']);
    expect(isBareFactList('老正兴菜馆、南翔馒头店、120元', facts)).toBe(true);
    expect(isBareFactList('老正兴菜馆、南翔馒头店', facts)).toBe(false); // fewer than 3 items
    expect(isBareFactList('午餐：老正兴菜馆，人均120元，推荐本帮菜', facts)).toBe(false);
  });

  it('the separator test agrees with the configured separator regex on every BMP code point', () => {
    const re = new RegExp(`^(?:${SCORING_CONFIG.factContext.listSeparators.source})$`, 'u');
    const mismatches: number[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      if (isListSeparatorCode(c) !== re.test(String.fromCharCode(c))) mismatches.push(c);
    }
    expect(mismatches).toEqual([]);
  });

  it('the bare-list scan agrees with splitting on the configured separators', () => {
    const facts = new Set(['老正兴菜馆', '南翔馒头店', '120元', '28元', 'g102']);
    const pieces = ['老正兴菜馆', '南翔馒头店', '120元', '28元', 'g102', '本帮菜', '人均', ''];
    const seps = [
      '、',
      ',',
      '，',
      ';',
      '；',
      '/',
      '|',
      '·',
      ' ',
      '\t',
      '\u3000',
      '\u00a0',
      '：',
      '。',
    ];
    const byRegex = (line: string): boolean => {
      const items = line
        .split(SCORING_CONFIG.factContext.listSeparators)
        .map((x) => x.trim())
        .filter((x) => x !== '');
      if (items.length < SCORING_CONFIG.factContext.minListItems) return false;
      const hits = items.filter((x) => facts.has(x)).length;
      return hits >= SCORING_CONFIG.factContext.bareShare * items.length;
    };
    const next = seededInts(7);
    let bare = 0;
    for (let k = 0; k < 5000; k++) {
      let line = '';
      const parts = 1 + next(8);
      for (let i = 0; i < parts; i++) {
        // Mostly facts, so that both outcomes are common.
        line += next(10) < 8 ? pieces[next(5)] : pieces[5 + next(3)];
        line += seps[next(seps.length)]!.repeat(1 + next(2));
      }
      const expected = byRegex(line);
      if (expected) bare++;
      expect([line, isBareFactList(line, facts)]).toEqual([line, expected]);
    }
    expect(bare).toBeGreaterThan(100);
  });

  it('a table of values copied from the tool results is bare, though its cells are mostly no facts', () => {
    // foodTrace's POI records: 名称 / 地址 / location / 人均 lines. Addresses and coordinates are no fact
    // category; as values of the results they still make a row bare.
    const rows = [
      '| 老正兴菜馆 | 福州路556号 | 121.40,31.20 | 120元 |',
      '| 小杨生煎(黄河路店) | 黄河路97号 | 121.41,31.21 | 28元 |',
      '| 南翔馒头店 | 豫园路85号 | 121.42,31.22 | 60元 |',
    ];
    const answer = `## 第1天：上午游览，中午午餐，推荐如下\n| 餐厅 | 地址 | 位置 | 人均 |\n| --- | --- | --- | --- |\n${rows.join('\n')}`;
    const fc = buildFactContext(buildContext(problem, foodTrace, answer));
    // The three value rows; the header (no tool values) and the planning heading are not bare.
    expect(fc.bareLines).toHaveLength(3);
    expect(fc.weight('老正兴菜馆', true)).toBe(0);
    expect(fc.weight('120')).toBe(0);
    // The same places in a row of the plan's own words are not a bare list.
    const planned = `## 第1天：上午游览，中午午餐，推荐如下\n| 午餐 | 老正兴菜馆 | 本帮菜老字号，建议提前排队 | 人均120元 |`;
    const f2 = buildFactContext(buildContext(problem, foodTrace, planned));
    expect(f2.bareLines).toHaveLength(0);
    expect(f2.weight('老正兴菜馆', true)).toBe(1);
  });

  it('three or more lines of one fact each, behind a bullet or a short label, are a bare list', () => {
    const lines = ['建议：老正兴菜馆', '- 120元', '', '2. 推荐: 南翔馒头店。'];
    const answer = `## 第1天：上午游览，中午午餐\n${lines.join('\n')}\n晚上回酒店休息。`;
    const fc = buildFactContext(buildContext(problem, foodTrace, answer));
    // The three item lines (the blank line between them neither counts nor ends the list).
    expect(fc.bareLines).toHaveLength(3);
    expect(fc.weight('老正兴菜馆', true)).toBe(0);
    expect(fc.weight('120')).toBe(0);
    // Two such lines are not a list; a line that says more than the fact is not an item.
    const two = buildFactContext(
      buildContext(
        problem,
        foodTrace,
        `## 第1天：中午午餐\n建议：老正兴菜馆\n- 120元\n晚上回酒店。`,
      ),
    );
    expect(two.bareLines).toHaveLength(0);
    const said = buildFactContext(
      buildContext(
        problem,
        foodTrace,
        `## 第1天：中午午餐\n建议：老正兴菜馆，本帮菜老字号\n- 120元\n推荐：南翔馒头店\n晚上回酒店。`,
      ),
    );
    expect(said.bareLines).toHaveLength(0);
  });

  it('facts in a plan weigh 1; listed in a bare list they weigh 0; far from every keyword 0.25', () => {
    const ctx = buildContext(problem, foodTrace, honest);
    const fc = buildFactContext(ctx);
    expect(fc.weight('老正兴菜馆', true)).toBe(1);
    expect(fc.weight('120')).toBe(1);
    const filler = '这一段文字只是为了拉开距离，不包含任何具体内容，读者可以直接跳过。'.repeat(8);
    const stuffed = `关于美食：我们会给出完善的美食说明。\n${filler}\n老正兴菜馆、小杨生煎(黄河路店)、南翔馒头店\n120元、28元、60元\n${filler}\n锦江之星(人民广场店)位于西藏中路。`;
    const f2 = buildFactContext(buildContext(problem, foodTrace, stuffed));
    expect(f2.bareLines).toHaveLength(2);
    expect(f2.weight('老正兴菜馆', true)).toBe(0);
    expect(f2.weight('120')).toBe(0);
    expect(f2.weight('锦江之星(人民广场店)', true)).toBe(0.25);
    const b = scoreEpisodeSync({ problem, trace: foodTrace, answer: stuffed });
    expect(b.defenses).toContain('context_free_facts');
    expect(b.infoConsistency).toBeLessThan(8);
    expect(scoreEpisodeSync({ problem, trace: foodTrace, answer: honest }).defenses).not.toContain(
      'context_free_facts',
    );
  });
});

describe('fact_precision', () => {
  const problem = makeProblem('multiday', { numDays: 2, groupSize: 2, budget: 3000 });
  const weather = call(
    'weather',
    { city: '上海' },
    weatherText('上海', [
      {
        date: '2025-03-01',
        day: '晴',
        night: '多云',
        high: 18,
        low: 9,
        wind: '东南风',
        power: '3级',
      },
      {
        date: '2025-03-02',
        day: '小雨',
        night: '阴',
        high: 14,
        low: 8,
        wind: '北风',
        power: '2级',
      },
    ]),
  );
  const trace = [...foodTrace, weather];
  const base = plan({ a: 120, b: 28, c: 60, hotel: 328, taxi: 25 });
  const fresh = `${base}\n- 3月1日：白天晴，夜间多云，气温9度～18度，东南风3级。\n- 3月2日：小雨转阴，气温8度～14度，北风2级。`;

  it('checks dated weather against that day, prices and named places: all supported → 1', () => {
    const ctx = buildContext(problem, trace, fresh);
    const r = factPrecision(ctx, priceGrounding(ctx));
    // weather: 晴 多云 9 18 东南风 | 小雨 阴 8 14 北风 = 10 facts, all supported
    expect(r.parts.weather).toEqual([10, 0]);
    expect(r).toMatchObject({ unsupported: 0, ratio: 0, multiplier: 1 });
  });

  it('a forecast from another week (same dates, other values) is exposed', () => {
    const stale = `${base}\n- 3月1日：白天多云，夜间阴，气温12度～20度，西北风4级。\n- 3月2日：晴，气温10度～17度，东风2级。`;
    const ctx = buildContext(problem, trace, stale);
    const r = factPrecision(ctx, priceGrounding(ctx));
    // 多云 (night forecast) supported; 阴 12 20 西北风 | 晴 10 17 东风 unsupported → 8 of 9 on the weather side
    expect(r.parts.weather).toEqual([9, 8]);
    expect(r.ratio).toBeGreaterThan(0.3);
    expect(r.multiplier).toBeLessThan(1);
    const b = scoreEpisodeSync({ problem, trace, answer: stale });
    expect(b.defenses).toContain('fact_precision');
  });

  describe('stated ratings', () => {
    const rated = [
      call(
        'poi_search',
        { address: '美食', region: '上海' },
        poiText([
          { name: '老正兴菜馆', address: '福州路556号', price: ['人均', 120], rating: 4.6 },
          { name: '小杨生煎(黄河路店)', address: '黄河路97号', price: ['人均', 28], rating: 4 },
        ]),
      ),
      ...foodTrace.slice(1),
    ];
    const ratingsOf = (answer: string) => {
      const ctx = buildContext(problem, rated, answer);
      return factPrecision(ctx, priceGrounding(ctx)).parts.ratings;
    };

    it('a line repeated word for word is read once; the same rating on other lines counts each time', () => {
      const line = '- 老正兴菜馆，地址：福州路556号，评分4.6，人均120元。';
      expect(ratingsOf(Array.from({ length: 6 }, () => line).join('\n'))).toEqual([1, 0]);
      expect(
        ratingsOf(`${line}\n- 老正兴菜馆，评分4.6。\n- 老正兴菜馆，评分4.6，值得一去。`),
      ).toEqual([3, 0]);
      // Two ratings on one line both count, however often the line is repeated.
      const two = '- 老正兴菜馆评分4.6，小杨生煎(黄河路店)评分4。';
      expect(ratingsOf(`${two}\n${two}\n${two}`)).toEqual([2, 0]);
    });

    it('a tool place rated as the tools rate it, in its record, is supported', () => {
      // 4.0 is printed 评分: 4.0 by the tool and may be written 评分4 (the reference agent does).
      expect(
        ratingsOf(
          '- 老正兴菜馆，地址：福州路556号，评分4.6，人均120元。\n- 小杨生煎(黄河路店)，评分：4，人均28元。',
        ),
      ).toEqual([2, 0]);
      // Full-width digits are read as ASCII ones.
      expect(ratingsOf('老正兴菜馆（评分：４.６）')).toEqual([1, 0]);
    });

    it('a rating next to a place the tools did not return, or another rating, is unsupported', () => {
      // 1: an invented restaurant; 2: the tool place with another week's rating; 3: 4.6 written after a
      // place the tools gave 4.0.
      expect(
        ratingsOf(
          '- 宴悦园海鲜酒家(迎宾路店)，评分4.8\n- 老正兴菜馆，评分4.3\n- 小杨生煎(黄河路店)，评分4.6',
        ),
      ).toEqual([3, 3]);
    });

    it('the place must be named within 200 code points before its rating', () => {
      // The name (5 code points) and n between: it starts 5 + n code points before the rating.
      const at = (back: number) => ratingsOf(`老正兴菜馆${'好'.repeat(back - 5)}评分4.6`);
      expect(at(199)).toEqual([1, 0]);
      expect(at(200)).toEqual([1, 0]);
      expect(at(201)).toEqual([1, 1]);
      // A rating without a number (评分很高) states nothing checkable; nor does an answer without ratings.
      expect(ratingsOf('老正兴菜馆评分很高，人均120元。')).toEqual([0, 0]);
    });

    it('a shop written as its brand, the first three characters of a name of five or more, is its place', () => {
      // 老正兴 for the tools' 老正兴菜馆 (4.6).
      expect(ratingsOf('- 老正兴，地址：福州路556号，评分4.6，人均120元。')).toEqual([1, 0]);
      expect(ratingsOf('- 老正兴，评分4.3')).toEqual([1, 1]);
      // Not when the first three characters start with the trip's city (上海老 of 上海老饭店) or the name is
      // shorter than five (吴记凉 is all of 吴记凉粉's first three, but 吴记凉粉 has four).
      const local = [
        call(
          'poi_search',
          { address: '美食', region: '上海' },
          poiText([
            { name: '上海老饭店', address: '福佑路242号', price: ['人均', 150], rating: 4.5 },
            { name: '吴记凉粉', address: '河南南路1号', price: ['人均', 20], rating: 4.2 },
          ]),
        ),
      ];
      const ctx = buildContext(problem, local, '- 上海老，评分4.5\n- 吴记凉，评分4.2');
      expect(factPrecision(ctx, priceGrounding(ctx)).parts.ratings).toEqual([2, 2]);
    });

    it('a branch written without its label is its place (any branch of that name with the rating)', () => {
      // The tools' 小杨生煎(黄河路店) (4.0), written as 小杨生煎.
      expect(ratingsOf('- 小杨生煎，评分4，人均28元。')).toEqual([1, 0]);
      expect(ratingsOf('- 小杨生煎，评分4.6，人均28元。')).toEqual([1, 1]);
      // Two branches of one chain: the name alone is either of them (the fuzzy POI match, which refuses an
      // ambiguous half, does not read it).
      const chain = [
        call(
          'poi_search',
          { address: '火烧', region: '上海' },
          poiText([
            {
              name: '刘记驴肉火烧(迎宾路店)',
              address: '迎宾路66号',
              price: ['人均', 23],
              rating: 4.7,
            },
            {
              name: '刘记驴肉火烧(民族路店)',
              address: '民族路330号',
              price: ['人均', 28],
              rating: 4.6,
            },
          ]),
        ),
      ];
      const of = (answer: string) => {
        const ctx = buildContext(problem, chain, answer);
        return factPrecision(ctx, priceGrounding(ctx)).parts.ratings;
      };
      expect(
        of('- 刘记驴肉火烧，评分4.6\n- 刘记驴肉火烧，评分4.7\n- 刘记驴肉火烧，评分4.9'),
      ).toEqual([3, 1]);
    });

    it('a place named right after its rating, on the same line, is read as the rated one', () => {
      expect(ratingsOf('推荐评分4.6的老正兴菜馆，人均120元。')).toEqual([1, 0]);
      // The next line's place belongs to the next record: it supports no rating of this line.
      expect(ratingsOf('- 宴悦园海鲜酒家，评分4.6\n- 老正兴菜馆，人均120元')).toEqual([1, 1]);
      // Values above the tools' 0–5 scale rate something else (the plan itself): not checked.
      expect(ratingsOf('老正兴菜馆，评分4.6。综合评分：9，可行性评分：8.5')).toEqual([1, 0]);
    });

    it("ratings are held to the share on their own: invented places with the tools' prices", () => {
      const invented = ['宴悦园', '刘记火烧', '正源轩', '锦隆阁', '同顺堂'];
      const answer = [
        '# 上海1日美食之旅',
        // The tools' places and prices, as the honest plan cites them …
        plan({ a: 120, b: 28, c: 60, hotel: 328, taxi: 25 }),
        // … and five invented places, each with a rating the tools never gave.
        ...invented.map((name, i) => `- ${name}，评分4.${i + 3}，推荐品尝本帮菜。`),
      ].join('\n');
      const ctx = buildContext(problem, rated, answer);
      const r = factPrecision(ctx, priceGrounding(ctx));
      expect(r.parts.ratings).toEqual([5, 5]);
      // Pooled with the plan's grounded prices, the five would cost less …
      expect(r.ratio).toBeCloseTo(5 / r.checked, 4);
      expect(factPrecisionMultiplier(r.ratio)).toBeGreaterThan(0.7);
      // … but they are all of its ratings: the floor.
      expect(r.multiplier).toBe(0.2);
      // Fewer than five ratings are not judged on their own: only the pooled share counts.
      const four = answer.split('\n').slice(0, -1).join('\n');
      const c4 = buildContext(problem, rated, four);
      const r4 = factPrecision(c4, priceGrounding(c4));
      expect(r4.parts.ratings).toEqual([4, 4]);
      expect(r4.multiplier).toBeCloseTo(factPrecisionMultiplier(4 / r4.checked), 4);
      expect(r4.multiplier).toBeGreaterThan(0.2);
    });

    it('a stale plan whose places and ratings the week moved loses its precision', () => {
      const stale = [
        '# 上海1日美食之旅',
        ...[
          '宴悦园海鲜酒家',
          '刘记驴肉火烧',
          '正源轩酒楼',
          '锦隆阁家常菜',
          '同顺堂大排档',
          '马记烧饼馆',
        ].map((name, i) => `- （人均${[120, 28, 60, 25, 328, 120][i]}元）${name}，评分4.${i + 2}`),
      ].join('\n');
      const ctx = buildContext(problem, rated, stale);
      const r = factPrecision(ctx, priceGrounding(ctx));
      // The prices are this week's tool prices (supported); the six ratings belong to no tool place.
      expect(r.parts.ratings).toEqual([6, 6]);
      expect(r.parts.prices[1]).toBe(0);
      expect(r.checked).toBe(r.parts.prices[0] + 6);
      expect(r.ratio).toBeCloseTo(6 / r.checked, 4);
      expect(r.multiplier).toBeCloseTo(factPrecisionMultiplier(6 / r.checked), 4);
      expect(r.multiplier).toBeLessThan(1);
    });
  });

  describe('named places', () => {
    const sights = [
      call(
        'poi_search',
        { address: '景点', region: '上海' },
        poiText([
          { name: '上海博物馆', address: '人民大道201号', price: ['门票', 0] },
          { name: '世纪公园', address: '锦绣路1001号', price: ['门票', 10] },
          { name: '静安寺', address: '南京西路1686号', price: ['门票', 50] },
          { name: '滴水湖风景区', address: '环湖西一路', price: ['门票', 0] },
          { name: '上海科技馆', address: '世纪大道2000号', price: ['门票', 45] },
        ]),
      ),
      ...foodTrace,
    ];
    const honestDay = [
      '# 上海2日游',
      '第1天：上午参观上海博物馆，下午去世纪公园散步，傍晚到静安寺。',
      '第2天：上午游览滴水湖风景区，下午参观上海科技馆。',
      '午餐：小杨生煎(黄河路店)，人均28元；住宿：锦江之星(人民广场店)。',
    ].join('\n');
    const placesOf = (answer: string, trace = sights, trip = problem) => {
      const ctx = buildContext(trip, trace, answer);
      const r = factPrecision(ctx, priceGrounding(ctx));
      return { places: r.parts.places, multiplier: r.multiplier };
    };

    it('a branch-labelled place counts once, however often it is named', () => {
      // Repeating the line of two sourced branch names would dilute the share of invented places.
      const repeated = `${honestDay}\n${'午餐：小杨生煎(黄河路店)，人均28元；住宿：锦江之星(人民广场店)。\n'.repeat(5)}`;
      expect(placesOf(repeated)).toEqual(placesOf(honestDay));
      // The same branch written another way (full-width brackets) is the same place.
      expect(placesOf(`${honestDay}\n小杨生煎（黄河路店）也可以当晚餐。`).places).toEqual([7, 0]);
    });

    it('places the tools returned, with or without their branch labels, are sourced', () => {
      // 5 sights with a place suffix and 2 branch-labelled names, all in the results.
      expect(placesOf(honestDay)).toEqual({ places: [7, 0], multiplier: 1 });
      // A shortened form whose stem the results hold (滴水湖景区 for 滴水湖风景区), a verb glued to a branch
      // name (选择锦江之星(人民广场店)) and 位于 before a place are sourced too.
      const variant = honestDay
        .replace('游览滴水湖风景区', '游览滴水湖景区')
        .replace('住宿：锦江之星', '住宿选择锦江之星');
      expect(placesOf(variant)).toEqual({ places: [7, 0], multiplier: 1 });
    });

    it('a place written with its city or province in front is the place the tools returned', () => {
      const prefixed = honestDay
        .replace('去世纪公园', '去上海世纪公园')
        .replace('傍晚到静安寺', '傍晚到上海市静安寺')
        .replace('游览滴水湖风景区', '游览上海滴水湖景区');
      expect(placesOf(prefixed).places).toEqual([7, 0]);
      // The city in front of an invented name does not source it, nor does a bare suffix after the city.
      const invented = honestDay
        .replace('去世纪公园', '去上海锦华公园')
        .replace('傍晚到静安寺', '傍晚到上海寺');
      expect(placesOf(invented).places).toEqual([7, 2]);
    });

    it('the trip city in front counts even when the graph keeps it as a name, and short stems stay', () => {
      // 峨眉山 is a city named after its mountain: not an administrative name, but the trip's city.
      const emei = makeProblem('multiday', { destinationCity: '峨眉山', numDays: 2 });
      const trace = [
        call(
          'poi_search',
          { address: '景点', region: '峨眉山' },
          poiText(
            ['万年寺', '报国寺', '东湖', '鼓山', '伏虎寺'].map((name, i) => ({
              name,
              address: `名山路${i + 1}号`,
              price: ['门票', 10 + i] as ['门票', number],
            })),
          ),
        ),
      ];
      const answer =
        '第1天：上午参观峨眉山万年寺，下午去峨眉山市报国寺，傍晚到伏虎寺。\n第2天：上午游览【武汉东湖】，下午登【福州鼓山】。';
      const ctx = buildContext(emei, trace, answer);
      expect(factPrecision(ctx, priceGrounding(ctx)).parts.places).toEqual([5, 0]);
    });

    // Five places the tools never returned, one they did, and two branch names of no result.
    const invented = [
      '# 上海2日游',
      '第1天：上午参观浦江博物馆，下午去锦华公园散步，傍晚到瑞云寺。',
      '第2天：上午游览金湾湖风景区，下午参观上海博物馆。',
      '午餐：宏盛生煎(黄河路店)；住宿：瑞丰之星(人民广场店)。',
    ].join('\n');

    it('a plan of invented places is caught even when it states no rating or price', () => {
      // 6 of 7 named places are found nowhere in the results: 6 / 7 ≥ 80 % → the places' floor.
      expect(placesOf(invented)).toEqual({ places: [7, 6], multiplier: 0.05 });
      const b = scoreEpisodeSync({ problem, trace: sights, answer: invented });
      expect(b.defenses).toContain('fact_precision');
      expect((b.multipliers as Record<string, number>)['factPrecision']).toBe(0.05);
    });

    it('tool places repeated in a bare list do not dilute the share of invented ones', () => {
      // A line of nothing but the tools' sights (a bare list: every item is a tool fact). 上海博物馆 is planned
      // above as well, so it counts once, as before; the four others appear only in the list and are left out:
      // still 6 unsourced of 7.
      const listed = `${invented}\n上海博物馆、世纪公园、静安寺、滴水湖风景区、上海科技馆`;
      expect(placesOf(listed)).toEqual({ places: [7, 6], multiplier: 0.05 });
      // The same four in a sentence count: 6 of 11 unsourced, 1 − 0.95 × (6/11 − 0.3) / 0.5.
      const prose = `${invented}\n下午也可以去世纪公园，再到静安寺；次日可去滴水湖风景区，再参观上海科技馆。`;
      const r = placesOf(prose);
      expect(r.places).toEqual([11, 6]);
      expect(r.multiplier).toBeCloseTo(1 - 0.95 * ((6 / 11 - 0.3) / 0.5), 10);
    });

    it('more than 8 unsourced places cost whatever their share', () => {
      // 21 parks the tools return, and 10 invented ones.
      const real =
        '翠湖 碧波 金桂 银杏 紫藤 青松 白鹭 红枫 清溪 明月 春晖 秋实 朝阳 夕照 星河 云栖 松涛 竹影 梅岭 兰亭 荷风'.split(
          ' ',
        );
      const made = '锦华 瑞云 宏盛 金湾 浦江 瑞丰 嘉禾 福临 翠微 瑞泰'.split(' ');
      const parks = [
        call(
          'poi_search',
          { address: '公园', region: '上海' },
          poiText(
            real.map((w, i) => ({
              name: `${w}公园`,
              address: `公园路${i + 1}号`,
              price: ['门票', 0] as ['门票', number],
            })),
          ),
        ),
        ...foodTrace,
      ];
      const plan = (inventedCount: number): string => {
        const names = [
          ...real.map((w) => `${w}公园`),
          ...made.slice(0, inventedCount).map((w) => `${w}公园`),
        ];
        const days: string[] = [];
        for (let d = 0; d * 3 < names.length; d++)
          days.push(
            `第${d + 1}天：${names
              .slice(3 * d, 3 * d + 3)
              .map((n) => `参观${n}`)
              .join('，')}。`,
          );
        return days.join('\n');
      };
      // 8 invented of 29 (28 %): free on both counts.
      expect(placesOf(plan(8), parks)).toEqual({ places: [29, 8], multiplier: 1 });
      // 10 invented of 31 (32 %): the share costs 1 − 0.95 × (10/31 − 0.3) / 0.5 ≈ 0.958, the number
      // 1 − 0.95 × (10 − 8) / 16 = 0.88125, the lower one applies.
      const ten = placesOf(plan(10), parks);
      expect(ten.places).toEqual([31, 10]);
      expect(namedPlacesMultiplier(10 / 31)).toBeCloseTo(1 - 0.95 * ((10 / 31 - 0.3) / 0.5), 10);
      expect(ten.multiplier).toBeCloseTo(0.88125, 10);
    });

    it('a few well-known sights beyond the results are tolerated, more cost, fewer than 5 are not judged', () => {
      // Two of 7 (29 %) not from the tools: free.
      const two = honestDay
        .replace('傍晚到静安寺', '傍晚到外滩公园')
        .replace('参观上海科技馆', '参观城隍庙');
      expect(placesOf(two)).toEqual({ places: [7, 2], multiplier: 1 });
      // Four of 7 (57 %): 1 − 0.95 × (4/7 − 0.3) / 0.5.
      const four = two
        .replace('参观上海博物馆', '参观中华艺术宫博物馆')
        .replace('去世纪公园', '去鲁迅公园');
      const r = placesOf(four);
      expect(r.places).toEqual([7, 4]);
      expect(r.multiplier).toBeCloseTo(1 - 0.95 * ((4 / 7 - 0.3) / 0.5), 10);
      expect(r.multiplier).toBeCloseTo(namedPlacesMultiplier(4 / 7), 10);
      // Four named places, all invented: too few to judge.
      expect(
        placesOf('第1天：上午参观浦江博物馆，下午去锦华公园，傍晚到瑞云寺，晚上去金湾湖风景区。'),
      ).toEqual({
        places: [4, 0],
        multiplier: 1,
      });
    });

    it('a place the request names is sourced; a stem that is only the city is not', () => {
      const asked = { ...problem, prompt: '想去浦江博物馆和锦华公园看看' };
      const answer = honestDay
        .replace('参观上海博物馆', '参观浦江博物馆')
        .replace('去世纪公园', '去锦华公园');
      const ctx = buildContext(asked, sights, answer);
      expect(factPrecision(ctx, priceGrounding(ctx)).parts.places).toEqual([7, 0]);
      // 上海公园: its stem 上海 is the city, found in every result; the name itself is in none.
      expect(placesOf(honestDay.replace('去世纪公园', '去上海公园')).places).toEqual([7, 1]);
    });

    it('a result that spaces or punctuates a name still sources it', () => {
      const spaced = [
        call(
          'poi_search',
          { address: '景点', region: '上海' },
          '名称: 浦江 博物馆\n名称: 锦华·公园\n名称: 瑞云寺（东院）\n名称: 东方明珠-广场\n名称: 金湾湖风景区',
        ),
        ...foodTrace,
      ];
      const answer = [
        '第1天：上午参观浦江博物馆，下午去锦华公园散步，傍晚到瑞云寺东院。',
        '第2天：上午游览东方明珠广场，下午去金湾湖风景区。',
        '午餐：小杨生煎(黄河路店)；住宿：锦江之星(人民广场店)。',
      ].join('\n');
      expect(placesOf(answer, spaced).places).toEqual([7, 0]);
      // The same names against results that hold none of them.
      expect(placesOf(answer, foodTrace).places).toEqual([7, 5]);
    });

    describe('places named without a place suffix', () => {
      const sanya = makeProblem('multiday', { destinationCity: '三亚', numDays: 2 });
      const island = [
        call(
          'poi_search',
          { address: '景点', region: '三亚' },
          poiText([
            { name: '天涯海角', address: '河东路54号', price: ['门票', 80] },
            { name: '蜈支洲岛', address: '三亚湾路308号', price: ['门票', 140] },
          ]),
        ),
        call(
          'around_search',
          { location: '109.51,18.25', keywords: '美食' },
          poiText([
            { name: '老德记老火锅', address: '三亚湾路136号', price: ['人均', 82] },
            { name: '吴记清补凉', address: '河东路22号', price: ['人均', 24] },
            { name: '琼兴坊甜品', address: '迎宾路101号', price: ['人均', 41] },
          ]),
        ),
      ];
      const plan = [
        '### 第1天',
        '- 上午游览【天涯海角】门票80元，地址：河东路54号，沿天涯海角→南天一柱→海判南天步行。',
        '- 下午参观【蜈支洲岛】门票140元，地址：三亚湾路308号。',
        '## 餐饮推荐',
        '- （人均82元）老德记老火锅，地址：三亚湾路136号',
        '- 吴记清补凉，人均24元，地址：河东路22号',
        '- 琼兴坊甜品，营业时间10:00-22:30',
      ].join('\n');
      const slotsOf = (answer: string) => placesOf(answer, island, sanya);

      it('are read in 【】 after a visiting verb and at the head of an item with an address or hours', () => {
        // 天涯海角 and 蜈支洲岛 in brackets after 游览 / 参观, the three restaurants as list heads; the parts
        // of 天涯海角 on its walking route are no tool's, and an arrow is no place slot.
        expect(slotsOf(plan)).toEqual({ places: [5, 0], multiplier: 1 });
        // A shortened name, or a tool name with words around it, is the tool's place.
        const reworded = plan
          .replace('【蜈支洲岛】', '【蜈支洲岛景区】')
          .replace('- 吴记清补凉，', '- 吴记，');
        expect(slotsOf(reworded).places).toEqual([5, 0]);
      });

      it('invented names in those slots are unsourced', () => {
        const invented = plan
          .replace(/蜈支洲岛/gu, '瑞锦宏')
          .replace(/老德记老火锅/gu, '泰和隆')
          .replace(/吴记清补凉/gu, '丰福安')
          .replace(/琼兴坊甜品/gu, '嘉华兴');
        // 4 of 5 (80 %): the places' floor.
        expect(slotsOf(invented)).toEqual({ places: [5, 4], multiplier: 0.05 });
      });

      it('generic words, the trip city, districts, times and branch names are not slot places', () => {
        const extra = [
          plan,
          '- 早餐，人均20元，地址：酒店内',
          '- 晚上前往【三亚】市区，游览【吉阳区】夜市。',
          '- 游览【09:00场】演出。',
          '- 琼香轩家常菜(迎宾路店)，地址：迎宾路115号',
        ].join('\n');
        // The branch name is counted once, as a branch (not in the results: unsourced).
        expect(slotsOf(extra).places).toEqual([6, 1]);
      });
    });

    it("tells the judge which of the plan's places the results or the request hold, however few", async () => {
      const asked = { ...problem, prompt: '想去浦江博物馆看看' };
      const answer = `第1天：上午参观浦江博物馆，下午去锦华公园，再到滴水湖景区。\n${'行程轻松，中午休息。'.repeat(20)}`;
      const inputs: JudgeInput[] = [];
      const judge: Judge = {
        judge(input) {
          inputs.push(input);
          return Promise.resolve({ available: false, error: 'not needed' });
        },
      };
      await scoreEpisode({ problem: asked, trace: sights, answer, judge });
      // The request names the museum; 滴水湖 is the stem of the tools' 滴水湖风景区; 锦华公园 is nowhere.
      expect([...inputs[0]!.sourcedPlaces!].sort()).toEqual(['浦江博物馆', '滴水湖景区'].sort());
    });

    it('number multiplier: 1 up to 8 unsourced places, linear to 0.05 at 24', () => {
      expect(unsourcedPlacesMultiplier(0)).toBe(1);
      expect(unsourcedPlacesMultiplier(8)).toBe(1);
      expect(unsourcedPlacesMultiplier(16)).toBeCloseTo(0.525, 10);
      expect(unsourcedPlacesMultiplier(24)).toBeCloseTo(0.05, 10);
      expect(unsourcedPlacesMultiplier(40)).toBe(0.05);
    });

    it('multiplier: 1 up to 30 % unsourced, linear to 0.05 at 80 %', () => {
      expect(namedPlacesMultiplier(0.3)).toBe(1);
      expect(namedPlacesMultiplier(0.55)).toBeCloseTo(0.525, 10);
      expect(namedPlacesMultiplier(0.8)).toBeCloseTo(0.05, 10);
      expect(namedPlacesMultiplier(1)).toBe(0.05);
    });
  });

  it('multiplier: 1 up to 20 % unsupported, linear to 0.2 at 60 %', () => {
    expect(factPrecisionMultiplier(0.2)).toBe(1);
    expect(factPrecisionMultiplier(0.4)).toBeCloseTo(0.6, 10);
    expect(factPrecisionMultiplier(0.6)).toBeCloseTo(0.2, 10);
    expect(factPrecisionMultiplier(1)).toBe(0.2);
  });
});

describe('scanNumbers (price grounding tokenizer)', () => {
  it('finds amounts, decimals, thousands and clock / date stamps in one pass', () => {
    const t = scanNumbers(
      '08:30出发，票价1,280元，打车约 35.5 元；2025-03-04，第２天１２０元，G7，120元',
    );
    expect(t.map((x) => [x.value, x.yuan, x.stamp])).toEqual([
      [8, false, true],
      [30, false, true],
      [1280, true, false],
      [35.5, true, false],
      [2025, false, true],
      [3, false, true],
      [4, false, true],
      [2, false, false],
      [120, true, false],
      [7, false, false],
      [120, true, false],
    ]);
  });
});

describe('breadth penalty', () => {
  it('counts regular categories only: the route facts alone are a narrow plan (hand-computed)', () => {
    const { problem, trace } = E.multidayGood;
    const answer = [
      '# 上海两日行程',
      '第1天：上午从酒店出发，沿人民路和河南南路步行前往市中心，全程约2.6公里，建议穿舒适的鞋。',
      '下午自由活动，晚上回酒店休息，注意保管好随身物品，出门前确认交通方式和返程时间。',
      '第2天：节奏比较轻松，适合刚到上海的旅客慢慢熟悉城市，也可以根据体力调整步行的距离和停留的时间。',
      '建议提前规划好午餐地点，避开高峰时段，并留意天气变化，准备一件薄外套，以便早晚温差较大时使用。',
    ].join('\n');
    const b = scoreEpisodeSync({ problem, trace, answer });
    // Regular categories pois, weather, prices, wind_info: none matched, so 0 < max(2, ⌊5/2⌋) = 2 → × 0.5.
    // Bonus distances (2.6公里) and road_names (人民路, 河南南路) matched in full, score 1 each:
    // rate = max(0/4, 2/6) = 1/3 → 1/6; IC = round(25/6, 2) = 4.17 (8.33 when matched bonus categories
    // counted toward breadth).
    for (const key of ['pois', 'weather', 'prices', 'wind_info'])
      expect(b.icCategories[key]?.score, key).toBe(0);
    expect(b.icCategories['distances']?.score).toBe(1);
    expect(b.icCategories['road_names']?.score).toBe(1);
    expect(b.icNotes).toContain('breadth_penalty');
    expect(b.infoConsistency).toBe(4.17);
  });
});

describe('duplicate_days', () => {
  const { problem, trace, answer } = E.multidayGood;
  const day1 = answer.slice(answer.indexOf('第1天：') + 4, answer.indexOf('\n第2天：'));
  const day2 = answer.slice(answer.indexOf('第2天：') + 4, answer.indexOf('\n住宿'));
  const ctxOf = (text: string) => buildContext(problem, trace, text);

  it('an honest two-day plan has no copied day', () => {
    expect(duplicatedDays(ctxOf(answer))).toBe(0);
    expect(dayStructure(ctxOf(answer), 5)).toMatchObject({ points: 5, notes: [] });
  });

  it('day 2 a copy of day 1 (the closing notes still after it) covers 1 of 2 days: 5 × 1/2 = 2.5', () => {
    const copied = answer.replace(day2, day1);
    const ctx = ctxOf(copied);
    expect(duplicatedDays(ctx)).toBe(1);
    // Day 1 names 上海博物馆, 南翔馒头店 and 豫园: grounding min(1, 3 / min(4, max(2, 2 days))) = 1.
    expect(dayStructure(ctx, 5)).toMatchObject({
      points: 2.5,
      tier: 'grounded',
      notes: ['duplicate_days_1', 'days_1/2'],
    });
    expect(scoreEpisodeSync({ problem, trace, answer: copied }).defenses).toContain(
      'duplicate_days',
    );
    // The same copy with other digits (times, prices) is still a copy: days are compared by their letters.
    expect(duplicatedDays(ctxOf(answer.replace(day2, day1.replace(/\d/g, '7'))))).toBe(1);
  });

  it('an overview before the details, a recap of day 1 closing day 2 and short days are not copies', () => {
    const overview = answer.replace(
      '第1天：',
      '行程概览：\n第1天：上海博物馆、豫园\n第2天：上海科技馆\n\n第1天：',
    );
    expect(duplicatedDays(ctxOf(overview))).toBe(0);
    const restated = answer.replace('\n住宿', `\n回顾第1天：${day1}\n住宿`);
    expect(duplicatedDays(ctxOf(restated))).toBe(0);
    const short = answer.replace(
      '\n住宿',
      '\n第3天：自由活动，返程。\n第4天：自由活动，返程。\n住宿',
    );
    expect(duplicatedDays(ctxOf(short))).toBe(0);
  });

  it('agrees with a plain reading of the rule on random plans (sets of runs, no tables)', () => {
    const D = SCORING_CONFIG.dayDuplicates;
    const fnv = (codes: readonly number[]): number => {
      let h = 0x811c9dc5 | 0;
      for (const c of codes) h = Math.imul(h ^ c, 0x01000193);
      return h;
    };
    const plainCount = (days: ReadonlyArray<{ day: number; text: string }>): number => {
      const judged: Array<{ day: number; start: number; runs: Set<number> }> = [];
      const copied = new Map<number, boolean>();
      for (const { day, text } of days) {
        if (judged.length >= D.maxJudged) break;
        const letters = [...text]
          .filter((ch) => ch.length === 1 && /\p{L}/u.test(ch))
          .slice(0, D.openingRuns + D.shingle - 1)
          .map((ch) => ch.charCodeAt(0));
        if (letters.length - D.shingle + 1 < D.minShingles) continue;
        const runs = new Set<number>();
        for (let i = 0; i + D.shingle <= letters.length; i++)
          runs.add(fnv(letters.slice(i, i + D.shingle)));
        const start = fnv(letters.slice(0, 2 * D.shingle));
        const copy = judged.some((e) => {
          if (e.day === day || e.start !== start) return false;
          const held = [...runs].filter((r) => e.runs.has(r)).length;
          return held / Math.min(runs.size, e.runs.size) >= D.share;
        });
        copied.set(day, (copied.get(day) ?? true) && copy);
        judged.push({ day, start, runs });
      }
      return [...copied.values()].filter(Boolean).length;
    };
    const pieces = [
      '上午游览外滩',
      '下午参观豫园',
      '晚上品尝小笼包',
      '打车前往',
      '步行十分钟',
      '门票30元',
      '，',
      '。',
      '酒店休息',
      '上午游览外滩，',
      '𠀀',
    ];
    const next = seededInts(17);
    let withCopies = 0;
    for (let round = 0; round < 150; round++) {
      const days: string[] = [];
      for (let d = 0; d < 2 + next(6); d++) {
        // Some days copy an earlier one: whole, cut short, or with a piece put in after its opening words.
        if (days.length > 0 && next(3) > 0) {
          const source = days[next(days.length)]!;
          const at = 8 + next(Math.max(1, source.length - 8));
          const variant = next(3);
          days.push(
            variant === 0
              ? source
              : variant === 1
                ? source.slice(0, at)
                : source.slice(0, at) + pieces[next(pieces.length)]! + source.slice(at),
          );
        } else
          days.push(
            Array.from({ length: 3 + next(10) }, () => pieces[next(pieces.length)]!).join(''),
          );
      }
      const text = days.map((t, i) => `第${i + 1}天：${t}`).join('\n');
      const ctx = ctxOf(text);
      const count = duplicatedDays(ctx);
      expect(count, text).toBe(plainCount(ctx.parsed.days));
      if (count > 0) withCopies++;
    }
    // Both kinds of plan came up.
    expect(withCopies).toBeGreaterThan(20);
    expect(withCopies).toBeLessThan(140);
  });

  it('judges the first 31 sections only, and a call does not depend on the one before', () => {
    // 40 days, each a copy of day 1 under its own number: 30 copies are judged (days 2–31), 9 are past the cap.
    const many = Array.from({ length: 40 }, (_, i) => `第${i + 1}天：${day1}`).join('\n');
    const copied = answer.replace(day2, day1);
    expect(duplicatedDays(ctxOf(many))).toBe(30);
    expect(duplicatedDays(ctxOf(answer))).toBe(0);
    expect(duplicatedDays(ctxOf(copied))).toBe(1);
    expect(duplicatedDays(ctxOf(many))).toBe(30);
    expect(duplicatedDays(ctxOf(answer))).toBe(0);
  });
});
