import { describe, expect, it } from 'vitest';
import { ExtractedFactsSchema } from '@navworld/core-types';
import { emptyFacts, extractToolFacts } from '../src/index';
import { entry, fixture, nonEmpty } from './helpers';

describe('extractToolFacts — offline world renders', () => {
  it('poi_search: names (never 省份/城市/区县), 人均 and 门票 prices, free tickets dropped', () => {
    const facts = extractToolFacts([entry('poi_search', fixture('offline-poi-search.txt'))]);
    expect(nonEmpty(facts)).toEqual({
      pois: ['新鼎坊杭帮菜馆(西湖店)', '灵隐寺', '西湖', '西溪湿地', '高记葱包桧(西湖店)'],
      prices: ['128', '20', '75', '90'],
    });
  });

  it('around_search: ten restaurants with their average prices', () => {
    const facts = extractToolFacts([entry('around_search', fixture('offline-around-search.txt'))]);
    expect(facts.pois).toHaveLength(10);
    expect(facts.pois).toContain('何记小笼包(老字号)(西溪湿地店)');
    expect(facts.prices).toEqual(['19', '23', '26', '29', '37', '38', '64', '79']);
    // POI distances (距离: 490米) are not route distances.
    expect(facts.distances).toEqual([]);
  });

  it('direction (driving): distances, duration, roads without leading verbs, taxi price', () => {
    const facts = extractToolFacts([entry('direction', fixture('offline-direction-driving.txt'))]);
    expect(nonEmpty(facts)).toEqual({
      distances: ['1.5公里', '1.7公里', '3.1公里', '6.3公里'],
      prices: ['21'],
      travel_durations: ['14分钟'],
      road_names: ['北山路', '延安路', '文三路'],
    });
  });

  it('direction (walking): metre steps of at least 100 m are kept', () => {
    const facts = extractToolFacts([entry('direction', fixture('offline-direction-walking.txt'))]);
    expect(nonEmpty(facts)).toEqual({
      distances: ['1.6公里', '750米', '800米'],
      travel_durations: ['19分钟'],
      road_names: ['体育场路', '庆春路'],
    });
  });

  it('weather: conditions, day and night temperatures, wind directions and levels', () => {
    const facts = extractToolFacts([entry('weather', fixture('offline-weather.txt'))]);
    expect(nonEmpty(facts)).toEqual({
      weather: ['10度', '12度', '13度', '14度', '8度', '9度', '多云', '晴', '阴'],
      wind_info: ['2级', '3级', '4级', '东北风', '东风', '北风', '西北风', '西风'],
    });
  });

  it('search_flights: ids, all times (glued to Chinese text), prices, and one claim per record', () => {
    const facts = extractToolFacts([entry('search_flights', fixture('offline-flights.txt'))]);
    expect(facts.flights).toEqual([
      'CA2929',
      'CA3821',
      'CZ8639',
      'EU1642',
      'GS7979',
      'GS8962',
      'JD3468',
      'MF6038',
      'SC6084',
      'ZH4693',
    ]);
    expect(facts.trains).toEqual([]);
    expect(facts.times).toHaveLength(20);
    expect(facts.times).toContain('01:25');
    expect(facts.prices).toEqual(['380', '510', '520', '540', '560', '870', '960', '970']);
    expect(facts.transport).toHaveLength(10);
    expect(facts.transport.find((c) => c.id === 'CZ8639')).toEqual({
      id: 'CZ8639',
      kind: 'flight',
      price: 520,
      departure: '09:55',
      arrival: '12:00',
    });
    // Next-day arrival: the (次日) marker does not hide the time.
    expect(facts.transport.find((c) => c.id === 'EU1642')).toEqual({
      id: 'EU1642',
      kind: 'flight',
      price: 380,
      departure: '23:05',
      arrival: '01:25',
    });
  });

  it('search_train_tickets: seat-type prices, overnight trains', () => {
    const facts = extractToolFacts([entry('search_train_tickets', fixture('offline-trains.txt'))]);
    expect(facts.trains).toEqual([
      'D8494',
      'D8532',
      'G1145',
      'G1756',
      'G316',
      'G3845',
      'G5134',
      'G6561',
      'G907',
      'G9161',
      'K1485',
      'Z138',
      'Z369',
    ]);
    expect(facts.flights).toEqual([]);
    expect(facts.transport.find((c) => c.id === 'K1485')).toEqual({
      id: 'K1485',
      kind: 'train',
      price: 300,
      departure: '14:30',
      arrival: '06:41',
    });
    expect(facts.transport.find((c) => c.id === 'G5134')?.price).toBe(916);
    expect(facts.times).toHaveLength(25);
  });

  it('accumulates a whole trace into one sorted, distinct, schema-valid result', () => {
    const trace = [
      entry('poi_search', fixture('offline-poi-search.txt')),
      entry('around_search', fixture('offline-around-search.txt')),
      entry('direction', fixture('offline-direction-driving.txt')),
      entry('direction', fixture('offline-direction-walking.txt')),
      entry('weather', fixture('offline-weather.txt')),
      entry('search_flights', fixture('offline-flights.txt')),
      entry('search_train_tickets', fixture('offline-trains.txt')),
    ];
    const facts = extractToolFacts(trace);
    expect(ExtractedFactsSchema.parse(facts)).toEqual(facts);
    for (const [key, value] of Object.entries(facts)) {
      if (key === 'transport') continue;
      const list = value as string[];
      expect([...new Set(list)].sort()).toEqual(list);
    }
    expect(facts.pois).toHaveLength(15);
    expect(facts.road_names).toEqual(['体育场路', '北山路', '庆春路', '延安路', '文三路']);
  });
});

describe('extractToolFacts — AMap json2md formats', () => {
  it('POIs: name fields only; pname / cityname / adname and a bare city name are never POIs', () => {
    const facts = extractToolFacts([entry('poi_search', fixture('amap-poi.txt'))]);
    expect(nonEmpty(facts)).toEqual({ pois: ['灵隐寺', '西湖风景名胜区'], prices: ['75'] });
  });

  it('route: metre distance field in kilometres, seconds duration, steps, road_name fields, taxi_cost', () => {
    const facts = extractToolFacts([entry('direction', fixture('amap-route.txt'))]);
    expect(nonEmpty(facts)).toEqual({
      distances: ['1500米', '1712米', '3100米', '6.3公里'],
      prices: ['21'],
      travel_durations: ['14分钟'],
      road_names: ['北山路', '延安路', '文三路'],
    });
  });

  it('weather casts: daytemp-style temperatures (sign kept), wind fields without 风 or 级', () => {
    const facts = extractToolFacts([entry('weather', fixture('amap-weather.txt'))]);
    expect(nonEmpty(facts)).toEqual({
      weather: ['-2度', '15度', '18度', '9度', '多云', '小雨', '晴', '阴'],
      wind_info: ['1级', '3级', '4级', '东北风', '北风', '西北风'],
    });
  });

  it('double-nested MCP text and a JSON array of transport strings', () => {
    const inner = JSON.stringify([
      '航班 CA1501，价格850元，08:00从首都国际机场出发，10:15到达虹桥国际机场，飞行时长2小时15分',
      '航班 3U8888，价格640元，21:30从首都国际机场出发，00:20(次日)到达虹桥国际机场，飞行时长2小时50分',
    ]);
    const wrapped = JSON.stringify({ type: 'text', text: inner, annotations: null, meta: null });
    const facts = extractToolFacts([entry('search_flights', wrapped)]);
    expect(facts.flights).toEqual(['3U8888', 'CA1501']);
    expect(facts.transport).toEqual([
      { id: '3U8888', kind: 'flight', price: 640, departure: '21:30', arrival: '00:20' },
      { id: 'CA1501', kind: 'flight', price: 850, departure: '08:00', arrival: '10:15' },
    ]);
    expect(facts.prices).toEqual(['640', '850']);
  });

  it('numbered record lines', () => {
    const text = [
      '1. 车次 G5（高铁），二等座价格598元，07:00从北京南站出发，11:40到达上海虹桥站，全程约4小时40分',
      '2. 车次 D321（动车），二等座价格409元，19:36从北京站出发，07:25(次日)到达上海站，全程约11小时49分',
    ].join('\n');
    const facts = extractToolFacts([entry('search_train_tickets', text)]);
    expect(facts.transport).toEqual([
      { id: 'D321', kind: 'train', price: 409, departure: '19:36', arrival: '07:25' },
      { id: 'G5', kind: 'train', price: 598, departure: '07:00', arrival: '11:40' },
    ]);
    expect(facts.times).toEqual(['07:00', '07:25', '11:40', '19:36']);
  });
});

describe('extractToolFacts — what contributes nothing', () => {
  it('failed calls, unknown tools, empty and missing traces', () => {
    const flights = fixture('offline-flights.txt');
    expect(extractToolFacts([entry('search_flights', flights, false)])).toEqual(emptyFacts());
    expect(extractToolFacts([entry('web_search', flights)])).toEqual(emptyFacts());
    expect(extractToolFacts([])).toEqual(emptyFacts());
    expect(extractToolFacts(null)).toEqual(emptyFacts());
    expect(extractToolFacts([null, 3, 'x'] as never)).toEqual(emptyFacts());
  });

  it('T3航站楼 in a train result is not a train id', () => {
    const facts = extractToolFacts([
      entry(
        'search_train_tickets',
        '车次 G5，价格598元，07:00从北京南站出发（近首都机场T3航站楼）',
      ),
    ]);
    expect(facts.trains).toEqual(['G5']);
  });

  it('accepts the reference trace shape { name, result: { text } }', () => {
    const facts = extractToolFacts([
      { name: 'weather', result: { text: '北京: 晴, 气温: 5, 北风 3级' } },
    ]);
    expect(nonEmpty(facts)).toEqual({ weather: ['5度', '晴'], wind_info: ['3级', '北风'] });
  });
});

describe('extractToolFacts — repeated results', () => {
  const flights = fixture('offline-flights.txt');
  const record = (price: number, departure: string): string =>
    `航班 CA1501，价格${price}元，${departure}从北京首都国际机场出发，10:15到达上海虹桥国际机场`;

  it('the same result read again, alone or in another trace, gives the same facts', () => {
    const first = extractToolFacts([entry('search_flights', flights)]);
    const again = extractToolFacts([entry('search_flights', flights)]);
    expect(again).toEqual(first);
    const both = extractToolFacts([
      entry('weather', fixture('offline-weather.txt')),
      entry('search_flights', flights),
    ]);
    expect(both.transport).toEqual(first.transport);
    // The same text under another tool reads as that tool's result.
    expect(extractToolFacts([entry('search_train_tickets', flights)]).flights).toEqual([]);
  });

  it('a later result wins for the same id, whichever results were read before', () => {
    const a = record(850, '08:00');
    const b = record(900, '09:00');
    expect(extractToolFacts([entry('search_flights', a)]).transport[0]?.price).toBe(850);
    expect(
      extractToolFacts([entry('search_flights', a), entry('search_flights', b)]).transport,
    ).toEqual([{ id: 'CA1501', kind: 'flight', price: 900, departure: '09:00', arrival: '10:15' }]);
    expect(
      extractToolFacts([entry('search_flights', b), entry('search_flights', a)]).transport[0],
    ).toMatchObject({ price: 850, departure: '08:00' });
  });

  it('a result read for the first, second and third time gives the same facts (read, cached, reused)', () => {
    // Texts no other test reads, so that the first reading is a first sighting.
    const mark = '\n（查询编号 T-read-cache-reuse）';
    const trace = [
      entry('search_flights', flights + mark),
      entry('direction', fixture('offline-direction-driving.txt') + mark),
      entry('weather', fixture('offline-weather.txt') + mark),
      entry('poi_search', fixture('offline-poi-search.txt') + mark),
    ];
    const readings = [1, 2, 3].map(() => extractToolFacts(trace));
    // The reference: each result alone, merged by hand in trace order.
    const alone = trace.map((e) => extractToolFacts([e]));
    expect(readings[1]).toEqual(readings[0]);
    expect(readings[2]).toEqual(readings[0]);
    for (const category of ['flights', 'distances', 'weather', 'pois', 'prices'] as const) {
      const union = [...new Set(alone.flatMap((f) => f[category]))].sort();
      expect(readings[0]?.[category]).toEqual(union);
    }
  });

  it('a later result wins whether the earlier one was cached and the later one new, or the reverse', () => {
    const cached = record(850, '08:00');
    // Two sightings: the second admits the text to the cache.
    extractToolFacts([entry('search_flights', cached)]);
    extractToolFacts([entry('search_flights', cached)]);
    const fresh = record(910, '07:30');
    const later = extractToolFacts([
      entry('search_flights', cached),
      entry('search_flights', fresh),
    ]);
    expect(later.transport[0]?.price).toBe(910);
    const earlier = extractToolFacts([
      entry('search_flights', record(930, '11:45')),
      entry('search_flights', cached),
    ]);
    expect(earlier.transport[0]).toMatchObject({ price: 850, departure: '08:00' });
  });

  it('full-width letters and digits are folded on every sighting (read, cached, reused)', () => {
    const text =
      '名称：灵隐寺\n门票：７５元\n\n名称：西湖风景区\n人均：１２８元\n距离：ＡＢ（不是路程）\n（编号 ﬀ full-width-test）';
    const expected = { pois: ['灵隐寺', '西湖风景区'], prices: ['128', '75'] };
    for (let sighting = 0; sighting < 3; sighting++) {
      expect(nonEmpty(extractToolFacts([entry('poi_search', text)]))).toEqual(expected);
    }
    // U+FF1A (：) and U+FF08 (（) lie in the range the hash pass flags but are not folded.
    const punctuationOnly = '名称：西溪湿地\n门票：80元\n（无全角数字）';
    for (let sighting = 0; sighting < 2; sighting++) {
      expect(nonEmpty(extractToolFacts([entry('poi_search', punctuationOnly)]))).toEqual({
        pois: ['西溪湿地'],
        prices: ['80'],
      });
    }
  });

  it('two different results that share a cache fingerprint keep their own facts', () => {
    // These two texts have the same 32-bit fingerprint (found by search): a shared fingerprint may only make
    // a result cached early, never give it another result's facts.
    const text = (i: number): string => `名称：西湖景点${i}\n地址：杭州市西湖区龙井路${i % 997}号`;
    const [a, b] = [text(27837), text(50333)];
    for (let round = 0; round < 3; round++) {
      expect(extractToolFacts([entry('poi_search', a)]).pois).toEqual(['西湖景点27837']);
      expect(extractToolFacts([entry('poi_search', b)]).pois).toEqual(['西湖景点50333']);
      expect(extractToolFacts([entry('poi_search', b), entry('poi_search', a)]).pois).toEqual([
        '西湖景点27837',
        '西湖景点50333',
      ]);
    }
  });

  it('changing a returned result changes no later result', () => {
    const first = extractToolFacts([entry('search_flights', flights)]);
    const expected = structuredClone(first);
    first.flights.push('XX0000');
    first.prices.length = 0;
    for (const claim of first.transport) {
      claim.price = -1;
      delete claim.arrival;
    }
    expect(extractToolFacts([entry('search_flights', flights)])).toEqual(expected);
  });
});
