// Hotel prices (`价格: N元/晚` in the POI tools' records) and free admission stated in words are checked like
// any other POI price: the audit booked the dearest hotel at the cheapest hotel's price, and called paid sights
// free, without losing a point.
import { describe, expect, it } from 'vitest';
import {
  buildContext,
  priceGrounding,
  scanNumbers,
  scoreEpisodeSync,
  toolPoiPrices,
} from '../src/index';
import { recordPrice } from '../src/internal/price-text';
import { call, makeProblem, poiText, routeText, weatherText } from './helpers';

const SIGHTS = poiText([
  { name: '上海博物馆', address: '人民大道201号', price: ['门票', 0] },
  { name: '豫园', address: '安仁街218号', price: ['门票', 40] },
  { name: '上海科技馆', address: '世纪大道2000号', price: ['门票', 45] },
  { name: '南翔馒头店', address: '豫园路85号', price: ['人均', 60] },
]);

/** around_search records as the tools render them (packages/tools README, "Text formats"). */
const AROUND = [
  '## 1',
  '',
  '名称: 和平饭店',
  '地址: 南京东路20号',
  'location: 121.49,31.24',
  '类型: 住宿服务;宾馆酒店;五星级宾馆',
  '评分: 4.8',
  '价格: 678元/晚',
  '',
  '## 2',
  '',
  '名称: 锦江之星(人民广场店)',
  '地址: 西藏中路88号',
  'location: 121.47,31.23',
  '类型: 住宿服务;宾馆酒店;经济型连锁酒店',
  '评分: 4.5',
  '价格: 398元/晚',
  '',
  '## 3',
  '',
  '名称: 老正兴菜馆',
  '地址: 福州路556号',
  'location: 121.48,31.23',
  '类型: 餐饮服务;中餐厅;本帮菜',
  '评分: 4.7',
  '人均: 120元',
].join('\n');

const trace = () => [
  call('poi_search', { address: '上海景点', region: '上海' }, SIGHTS),
  call('around_search', { location: '121.47,31.23', keywords: '酒店 餐厅' }, AROUND),
  call(
    'direction',
    { origin: '121.47,31.23', destination: '121.49,31.22' },
    routeText('2.6公里', '12分钟', ['人民路', '河南南路'], 15),
  ),
  call(
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
        day: '多云',
        night: '阴',
        high: 16,
        low: 8,
        wind: '东风',
        power: '2级',
      },
    ]),
  ),
];

const problem = makeProblem('multiday', { numDays: 2 });

const HONEST =
  '上海两日游行程\n' +
  '第1天：上午参观上海博物馆（门票免费），因为馆藏丰富建议预留3小时；中午在南翔馒头店用餐，人均60元。下午游览豫园，门票40元，从上海博物馆打车过去距离约2.6公里，耗时12分钟，沿人民路行驶。\n' +
  '第2天：上午参观上海科技馆，门票45元，适合对科技感兴趣的游客；晚餐推荐老正兴菜馆，人均120元。\n' +
  '住宿：推荐和平饭店，678元/晚，位置方便，考虑到交通便利优先选择外滩附近。\n' +
  '交通：市内出行以地铁和打车为主。\n' +
  '天气：3月1日晴，气温18度，东南风3级；3月2日多云，建议携带外套。\n';

function score(answer: string) {
  return scoreEpisodeSync({ problem, trace: trace(), answer });
}

describe('POI record price lines', () => {
  it('read every label the tools write, 价格 only as a nightly price', () => {
    expect(recordPrice('人均: 66元')).toEqual({ value: 66, kind: 'meal' });
    expect(recordPrice('门票: 60元')).toEqual({ value: 60, kind: 'ticket' });
    expect(recordPrice('价格: 678元/晚')).toEqual({ value: 678, kind: 'room' });
    expect(recordPrice('房价: 328元')).toEqual({ value: 328, kind: 'room' });
    // AMap's raw business cost says nothing of what it prices.
    expect(recordPrice('cost: 75.00')).toEqual({ value: 75, kind: null });
    // A generic 价格 is not a POI's price, nor is a price inside a line (the transport tools' records).
    expect(recordPrice('价格: 30元')).toBeUndefined();
    expect(recordPrice('航班 CZ8639（中国南方航空），价格520元，09:55出发')).toBeUndefined();
    expect(recordPrice('评分: 4.8')).toBeUndefined();
  });

  it('hotels get their nightly price in both rules', () => {
    const ctx = buildContext(problem, trace(), HONEST);
    expect(toolPoiPrices(ctx)).toEqual(
      new Map([
        ['豫园', 40],
        ['上海科技馆', 45],
        ['南翔馒头店', 60],
        ['和平饭店', 678],
        ['锦江之星(人民广场店)', 398],
        ['老正兴菜馆', 120],
      ]),
    );
    expect(priceGrounding(ctx)).toMatchObject({ counted: 5, ungrounded: 0 });
  });
});

describe('hotel prices', () => {
  it('honest plan: IC 25, Comp 20, diversity 1.05 → code 52.5 · √0.8 = 46.96', () => {
    const b = score(HONEST);
    expect([b.infoConsistency, b.completeness, b.diversityMultiplier]).toEqual([25, 20, 1.05]);
    expect([b.fabricationPenalty, b.codeTotal, b.total]).toEqual([0, 46.96, 46.96]);
  });

  it('the dearest hotel at the cheapest one’s price (398 for 678, 41 % off): −3 → 46.957 − 3 = 43.96', () => {
    for (const stated of ['398元/晚', '每晚398元', '房价398元/晚']) {
      const b = score(HONEST.replace('678元/晚', stated));
      expect(b.fabrication).toEqual({ prices: -3 });
      expect(b.fabricationFindings).toEqual(['price 和平饭店: 398 (tool 678)']);
      // 398 is a tool price (the other hotel's), so IC keeps its 5 matched prices; price grounding binds it to
      // 和平饭店 and finds it untraceable, 1 of 5 counted = 20 %, where its multiplier still is 1.
      expect([b.infoConsistency, b.completeness, b.diversityMultiplier]).toEqual([25, 20, 1.05]);
      expect(b.priceGrounding).toMatchObject({ counted: 5, ungrounded: 1, ratio: 0.2 });
      expect([b.fabricationPenalty, b.codeTotal, b.total]).toEqual([-3, 43.96, 43.96]);
    }
  });

  it('a meal’s price after a hotel’s name is not the hotel’s', () => {
    const b = score(
      HONEST.replace('交通：', '住宿备选：锦江之星(人民广场店)。晚餐：人均120元。\n交通：'),
    );
    expect([b.fabricationPenalty, b.fabricationFindings]).toEqual([0, []]);
  });

  it('an amount per night after a sight is not the sight’s ticket', () => {
    // The first mention of 豫园, with the other hotel's true price in its window.
    const b = score(
      HONEST.replace('第1天：', '豫园旁的锦江之星(人民广场店)398元/晚，可作备选。\n第1天：'),
    );
    expect([b.fabricationPenalty, b.fabricationFindings]).toEqual([0, []]);
  });
});

describe('free admission in words', () => {
  it('claimed for a paid sight (豫园, 40元) is a 0元 ticket: −3 → 43.96', () => {
    for (const claim of ['豫园，免费参观', '豫园（门票免费）', '豫园：免门票']) {
      const b = score(HONEST.replace('豫园，门票40元', claim));
      expect(b.fabricationFindings).toEqual(['price 豫园: free (tool 40)']);
      // IC: 4 prices matched of den min(7, max(3, 4)) = 4 → still a full category; IC 25, Comp 20.
      expect([b.infoConsistency, b.completeness]).toEqual([25, 20]);
      expect([b.fabricationPenalty, b.codeTotal, b.total]).toEqual([-3, 43.96, 43.96]);
    }
  });

  it('stated for a free sight (上海博物馆, 0元) is true', () => {
    expect(score(HONEST).fabricationFindings).toEqual([]);
  });

  it('stated for a free sight whose name holds a paid one’s (小豫园, 豫园) is not about the paid one', () => {
    const small = call(
      'poi_search',
      { address: '小豫园', region: '上海' },
      poiText([{ name: '小豫园', address: '安仁街1号', price: ['门票', 0] }]),
    );
    const answer = HONEST.replace('第1天：', '行程亮点：【小豫园】免费参观。\n第1天：');
    const b = scoreEpisodeSync({ problem, trace: [...trace(), small], answer });
    expect([b.fabricationPenalty, b.fabricationFindings]).toEqual([0, []]);
    // Without that record, the same words are a claim about 豫园.
    expect(score(answer).fabricationFindings).toEqual(['price 豫园: free (tool 40)']);
  });

  it('free services, conditional free entry and words in between do not count', () => {
    // Each is the first mention of 豫园, so it is the window the check reads.
    for (const line of [
      '行程亮点：豫园免费WiFi覆盖全园。',
      '行程亮点：豫园：免费停车、免费讲解。',
      '行程亮点：豫园，儿童免费参观。',
      '行程亮点：豫园周一免费开放。',
      '行程亮点：豫园停车场免费开放。',
      '行程亮点：豫园免费开放日在每月首个周日。',
    ]) {
      const b = score(HONEST.replace('第1天：', `${line}\n第1天：`));
      expect([line, b.fabricationPenalty, b.fabricationFindings]).toEqual([line, 0, []]);
    }
  });
});

describe('prices written with ¥ or ￥', () => {
  const YEN_HONEST = HONEST.replace('人均60元', '人均¥60')
    .replace('门票40元', '门票￥40')
    .replace('678元/晚', '¥678/晚');

  it('are amounts: a ¥ before the number, after optional spaces, like a 元 after it', () => {
    const tokens = scanNumbers('门票¥40，房价 ￥ 678/晚，共3晚，人均60 元');
    expect(tokens.map((t) => [t.value, t.yuan])).toEqual([
      [40, true],
      [678, true],
      [3, false],
      [60, true],
    ]);
    // Words after the amount are read from after its currency: the number's end for ¥, after 元 otherwise.
    const text = '¥678/晚 60 元/人';
    expect(scanNumbers(text).map((t) => text.slice(t.unitEnd, t.unitEnd + 2))).toEqual([
      '/晚',
      '/人',
    ]);
  });

  it('an honest plan in ¥ scores as the same plan in 元: 46.96', () => {
    const b = score(YEN_HONEST);
    expect([b.infoConsistency, b.completeness, b.fabricationPenalty, b.total]).toEqual([
      25, 20, 0, 46.96,
    ]);
    expect(priceGrounding(buildContext(problem, trace(), YEN_HONEST))).toMatchObject({
      counted: 5,
      ungrounded: 0,
    });
  });

  it('a hotel booked at another hotel’s price in ¥ costs −3, as in 元: 43.96', () => {
    const b = score(HONEST.replace('678元/晚', '¥398/晚'));
    expect(b.fabricationFindings).toEqual(['price 和平饭店: 398 (tool 678)']);
    expect(b.priceGrounding).toMatchObject({ counted: 5, ungrounded: 1, ratio: 0.2 });
    expect([b.fabricationPenalty, b.total]).toEqual([-3, 43.96]);
  });

  it('invented tickets and meals in ￥ are found as in 元 (they scored 45.25 before)', () => {
    const lie = (sign: (n: number) => string): string =>
      HONEST.replace('门票40元', `门票${sign(90)}`)
        .replace('门票45元', `门票${sign(99)}`)
        .replace('人均120元', `人均${sign(333)}`);
    const yen = score(lie((n) => `￥${n}`));
    const yuan = score(lie((n) => `${n}元`));
    expect(yen.fabricationFindings).toEqual([
      'price 豫园: 90 (tool 40)',
      'price 上海科技馆: 99 (tool 45)',
      'price 老正兴菜馆: 333 (tool 120)',
    ]);
    expect(yen.fabricationFindings).toEqual(yuan.fabricationFindings);
    // 3 of the 5 counted prices are bound to their POIs and wrong: 60 % untraceable.
    expect(yen.priceGrounding).toMatchObject({ counted: 5, ungrounded: 3, ratio: 0.6 });
    expect([yen.fabricationPenalty, yen.total]).toEqual([yuan.fabricationPenalty, yuan.total]);
    expect(yen.fabricationPenalty).toBe(-9);
  });
});

describe('a tool place that only qualifies the next one', () => {
  // 黄山 is the trip's city and a tool place (the mountain); a plan may write the city in front of a sight.
  const problem = makeProblem('multiday', { destinationCity: '黄山', numDays: 2 });
  const trace = [
    call(
      'poi_search',
      { address: '景点', region: '黄山' },
      poiText([
        { name: '黄山', address: '汤口镇', price: ['门票', 205] },
        { name: '西递', address: '西递镇', price: ['门票', 90] },
        { name: '宏村', address: '宏村镇', price: ['门票', 95] },
      ]),
    ),
  ];
  const plan = (first: string) =>
    [
      '# 黄山2日游',
      `第1天：上午游览${first}门票90元，因为古村落保存完好，适合慢慢走；下午参观宏村，门票95元，建议预留三小时。`,
      '第2天：上午登黄山，门票205元，建议早起看日出，下午返回市区休息，晚上品尝徽菜。',
      '预算：门票合计390元，餐饮每天150元，住宿每晚300元，总计约1200元。',
      '小贴士：山上温差大，注意携带外套；旺季游客多，建议提前预约门票，穿防滑的鞋子。',
      '交通：市区到景区有旅游专线大巴，约一小时一班；古村落之间可以包车，费用与司机当面商定，注意保管好随身物品。',
      '住宿：建议住在汤口镇，方便第二天一早上山；古村落里也有不少民宿，晚上安静，适合带长辈的家庭。',
    ].join('\n');

  it('黄山西递 states 西递’s price, not the mountain’s', () => {
    expect([...plan('黄山西递，')].length).toBeGreaterThanOrEqual(200);
    const b = scoreEpisodeSync({ problem, trace, answer: plan('黄山西递，') });
    expect(b.fabrication).toEqual({});
    expect(scoreEpisodeSync({ problem, trace, answer: plan('西递，') }).fabrication).toEqual({});
  });

  it('the mountain written alone with 西递’s price is still its price', () => {
    const b = scoreEpisodeSync({ problem, trace, answer: plan('黄山，') });
    expect(b.fabrication).toEqual({ prices: -3 });
    expect(b.fabricationFindings).toEqual(['price 黄山: 90 (tool 205)']);
  });
});
