import { describe, expect, it } from 'vitest';
import { ExtractedFactsSchema } from '@navworld/core-types';
import {
  codePointLength,
  countPoiMatches,
  emptyFacts,
  factsNear,
  isAdministrativeName,
  isEmptyFacts,
  matchPoi,
  nearestDistance,
  normalizeText,
  parsePrice,
  resultTextOf,
  weatherContextText,
} from '../src/index';

describe('matchPoi', () => {
  it('exact, normalised, branch-less, half', () => {
    expect(matchPoi('灵隐寺', '上午去灵隐寺')).toBe('exact');
    expect(matchPoi('故宫博物院', '故宫 博物院')).toBe('normalized');
    expect(matchPoi('Hotel Indigo', 'hotel-indigo')).toBe('normalized');
    expect(matchPoi('陈麻婆豆腐(青华路店)', '去陈麻婆豆腐吃饭')).toBe('normalized');
    expect(matchPoi('小龙坎火锅总府路店', '小龙坎火锅很好吃')).toBe('half');
    expect(matchPoi('宽窄巷子小吃街', '逛宽窄巷子')).toBe('half');
  });

  it('half-match thresholds: name ≥ 6 code points, half ≥ 3, no generic halves', () => {
    // 5 code points: never by halves.
    expect(matchPoi('西溪湿地园', '西溪湿')).toBeNull();
    // 6 code points: halves of 3 work.
    expect(matchPoi('西溪湿地公园', '西溪湿')).toBe('half');
    // A generic half (国际机场, 博物馆, 公园) is not evidence.
    expect(matchPoi('北京首都国际机场', '上海浦东国际机场')).toBeNull();
    expect(matchPoi('南京市博物馆', '湖南省博物馆')).toBeNull();
    expect(matchPoi('人民公园东门', '中山公园东门')).toBeNull();
    expect(matchPoi('西湖风景名胜区', '杭州风景名胜区')).toBeNull();
  });

  it('empty or blank names never match', () => {
    expect(matchPoi('', 'anything')).toBeNull();
    expect(matchPoi('  ', 'anything')).toBeNull();
    expect(matchPoi(undefined as never, 'x')).toBeNull();
  });

  it('counts distinct tool POIs', () => {
    expect(countPoiMatches(['灵隐寺', '灵隐寺', '西湖', '雷峰塔', ''], '游西湖，拜灵隐寺')).toBe(2);
    expect(countPoiMatches([], 'x')).toBe(0);
  });
});

describe('text helpers', () => {
  it('codePointLength counts emoji and CJK once', () => {
    expect(codePointLength('西湖🌸')).toBe(3);
    expect('西湖🌸'.length).toBe(4);
    expect(codePointLength('')).toBe(0);
  });

  it('normalizeText drops spacing and punctuation, folds full width, lower-cases', () => {
    expect(normalizeText('故宫 博物院（午门）')).toBe('故宫博物院午门');
    expect(normalizeText('ＡＢＣ－１２３：Hello, World!')).toBe(
      'abc－123hello world'.replace(' ', ''),
    );
    expect(normalizeText('【西湖·断桥】')).toBe('西湖断桥');
  });

  it('isAdministrativeName: provinces, cities, districts, not scenic areas', () => {
    for (const n of [
      '浙江省',
      '浙江',
      '杭州',
      '杭州市',
      '西湖区',
      '婺源县',
      '湘西土家族苗族自治州',
      '新疆维吾尔自治区',
    ]) {
      expect(isAdministrativeName(n)).toBe(true);
    }
    for (const n of ['西湖', '西湖景区', '798艺术区', '南门夜市', '灵隐寺', '']) {
      expect(isAdministrativeName(n)).toBe(false);
    }
  });
});

describe('proximity', () => {
  it('nearestDistance counts code points between keyword and fact', () => {
    expect(nearestDistance('航班CA1501价格850元', /价格/, '850')).toBe(0);
    expect(nearestDistance('价格是：850', /价格/, '850')).toBe(2);
    expect(nearestDistance('850……价格', /价格/, '850')).toBe(2);
    // Emoji are one code point each.
    expect(nearestDistance('价格🎉🎉🎉850', /价格/, '850')).toBe(3);
    expect(nearestDistance('价格', /价格/, '850')).toBeNull();
    expect(nearestDistance('850', /价格/, '850')).toBeNull();
    expect(nearestDistance('', /价格/, '')).toBeNull();
  });

  it('uses the nearest of many occurrences on both sides', () => {
    const text = `价格${'x'.repeat(100)}850${'y'.repeat(10)}价格 850`;
    expect(nearestDistance(text, /价格/, '850')).toBe(1);
    expect(nearestDistance('ca1501 航班', /航班/, 'CA1501')).toBe(1);
  });

  it('factsNear keeps facts within the distance, in input order, distinct', () => {
    const text = `门票60元${'。'.repeat(300)}门票80元，人均120元`;
    expect(factsNear(text, /门票/, ['120', '60', '80', '60', '999'], 5)).toEqual(['60', '80']);
    expect(factsNear(text, /门票/, ['120'], 10)).toEqual(['120']);
    expect(factsNear(text, /不存在/, ['60'], 10)).toEqual([]);
  });

  it('does not mutate or loop on the caller regexp (sticky, global, empty matches)', () => {
    const empty = /(?:)/y;
    expect(nearestDistance('abc', empty, 'b')).toBeNull();
    expect(empty.lastIndex).toBe(0);
    const global = /b/g;
    global.lastIndex = 2;
    expect(nearestDistance('abc', global, 'c')).toBe(0);
    expect(global.lastIndex).toBe(2);
  });
});

describe('parsePrice', () => {
  it.each([
    ['850元', 850],
    ['￥1,200', 1200],
    ['约1.2万元', 12000],
    ['3千元', 3000],
    ['８５０元', 850],
    ['800-1200元', 1000],
    ['1-1.5万', 12500],
    ['人均 60 元左右', 60],
    ['139.5', 139.5],
  ])('%s → %d', (s, v) => {
    expect(parsePrice(s)).toBe(v);
  });

  it('range modes and no numbers', () => {
    expect(parsePrice('800~1200元', { range: 'low' })).toBe(800);
    expect(parsePrice('800~1200元', { range: 'high' })).toBe(1200);
    expect(parsePrice('免费')).toBeNull();
    expect(parsePrice('')).toBeNull();
    expect(parsePrice(42 as never)).toBeNull();
  });
});

describe('weatherContextText', () => {
  it('keyword lines and their direct neighbours only', () => {
    const text = [
      '第1天：断桥残雪',
      '',
      '下午去雷峰塔',
      '天气：晴',
      '晚上小雨',
      '',
      '第2天：雪山',
    ].join('\n');
    expect(weatherContextText(text)).toBe(['下午去雷峰塔', '天气：晴', '晚上小雨'].join('\n'));
    expect(weatherContextText('没有相关内容')).toBe('');
  });

  it('a heading brings its section; a table row brings its table', () => {
    const text = ['## 天气预报', '', '- 周一：晴', '- 周二：阴', '## 美食', '断桥残雪'].join('\n');
    expect(weatherContextText(text)).toBe(
      ['## 天气预报', '', '- 周一：晴', '- 周二：阴'].join('\n'),
    );
    const table = [
      '说明',
      '| 日期 | 天气 |',
      '|---|---|',
      '| 1日 | 晴 |',
      '| 2日 | 雨 |',
      '',
      '其他',
    ].join('\n');
    expect(weatherContextText(table)).toBe(table.split('\n').slice(0, 5).join('\n'));
  });
});

describe('resultTextOf', () => {
  it('unwraps our entries, reference entries, MCP text objects and CallToolResult content', () => {
    expect(resultTextOf({ resultText: 'a' })).toBe('a');
    expect(resultTextOf({ result: { text: 'b' } })).toBe('b');
    expect(resultTextOf('plain')).toBe('plain');
    expect(resultTextOf({ resultText: JSON.stringify({ type: 'text', text: 'inner' }) })).toBe(
      'inner',
    );
    const twice = JSON.stringify({
      type: 'text',
      text: JSON.stringify({ type: 'text', text: 'deep' }),
    });
    expect(resultTextOf({ resultText: twice })).toBe('deep');
    const content = JSON.stringify({
      content: [
        { type: 'text', text: 'x' },
        { type: 'text', text: 'y' },
      ],
    });
    expect(resultTextOf({ resultText: content })).toBe('x\ny');
  });

  it('leaves transport arrays, non-envelopes and broken JSON alone', () => {
    expect(resultTextOf({ resultText: '["航班 CA1501"]' })).toBe('["航班 CA1501"]');
    expect(resultTextOf({ resultText: '{"a":1}' })).toBe('{"a":1}');
    expect(resultTextOf({ resultText: '{broken' })).toBe('{broken');
    expect(resultTextOf(null)).toBe('');
    expect(resultTextOf({ result: { other: 1 } })).toBe('{"other":1}');
  });
});

describe('emptyFacts', () => {
  it('is schema-valid, empty, and a fresh object each time', () => {
    const a = emptyFacts();
    expect(ExtractedFactsSchema.parse(a)).toEqual(a);
    expect(isEmptyFacts(a)).toBe(true);
    a.pois.push('x');
    expect(emptyFacts().pois).toEqual([]);
    expect(isEmptyFacts(a)).toBe(false);
  });
});
