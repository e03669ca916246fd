import { describe, expect, it } from 'vitest';
import {
  formatDistance,
  formatDuration,
  jsonToMarkdown,
  renderPois,
  truncateText,
} from '../src/index';

describe('jsonToMarkdown', () => {
  it('formats a POI list like the reference formatter', () => {
    const text = jsonToMarkdown([
      {
        name: '西湖风景名胜区',
        id: 'B023B173VP',
        location: '120.141,30.243',
        type: '风景名胜;风景名胜;风景名胜',
        pname: '浙江省',
        cityname: '杭州市',
        adname: '西湖区',
        address: '龙井路1号',
        parent: '',
        business: { rating: '4.8', cost: '', tag: [] },
      },
      { name: '灵隐寺', location: '120.101,30.241', business: { rating: '4.7', cost: '75.00' } },
    ]);
    expect(text).toBe(
      [
        '## 1',
        '',
        'name: 西湖风景名胜区',
        'id: B023B173VP',
        'location: 120.141,30.243',
        'type: 风景名胜;风景名胜;风景名胜',
        'pname: 浙江省',
        'cityname: 杭州市',
        'adname: 西湖区',
        'address: 龙井路1号',
        'parent: ',
        '',
        '## Business',
        '',
        'rating: 4.8',
        'cost: ',
        '',
        '### Tag',
        '',
        '',
        '',
        '',
        '',
        '## 2',
        '',
        'name: 灵隐寺',
        'location: 120.101,30.241',
        '',
        '## Business',
        '',
        'rating: 4.7',
        'cost: 75.00',
      ].join('\n'),
    );
  });

  it('writes scalars like the reference (None, True, first index of duplicates)', () => {
    expect(jsonToMarkdown({ a: null, b: true, c: 1.5 })).toBe('a: None\nb: True\nc: 1.5');
    expect(jsonToMarkdown(['x', 'y', 'x'])).toBe('## 1\n\n0: x\n\n## 2\n\n1: y\n\n## 3\n\n0: x');
  });
});

describe('truncateText', () => {
  it('returns short text unchanged', () => {
    expect(truncateText('abc', 10)).toBe('abc');
  });

  it('keeps a head and a tail cut at whitespace and counts what it left out', () => {
    const words = Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ');
    const out = truncateText(words, 100);
    const [head, tail] = out.split(/\n\n\.\.\. \[内容已截断，共省略 \d+ 字符\] \.\.\.\n\n/);
    expect(head!.length).toBeLessThanOrEqual(50);
    expect(tail!.length).toBeLessThanOrEqual(50);
    expect(words.startsWith(head!)).toBe(true);
    expect(words.endsWith(tail!)).toBe(true);
    expect(head!.endsWith(' ')).toBe(false);
    const omitted = Number(/共省略 (\d+) 字符/.exec(out)![1]);
    expect(omitted).toBe(words.length - head!.length - tail!.length);
  });

  it('hard-cuts text without whitespace', () => {
    const out = truncateText('字'.repeat(30), 10);
    expect(out.startsWith('字'.repeat(5) + '\n\n...')).toBe(true);
    expect(out).toContain('共省略 20 字符');
  });
});

describe('formats', () => {
  it('prints distances and durations the way the fact extractor reads them', () => {
    expect(formatDistance(850)).toBe('850米');
    expect(formatDistance(12_345)).toBe('12.3公里');
    expect(formatDuration(35 * 60)).toBe('35分钟');
    expect(formatDuration(85 * 60)).toBe('1小时25分钟');
    expect(formatDuration(120 * 60)).toBe('2小时');
  });

  it('renders POIs with Chinese field names and the cost label of their kind', () => {
    const text = renderPois([
      {
        name: '蓉香阁川菜馆(春熙路店)',
        id: 'B0TEST0001',
        location: '104.081234,30.65789',
        type: '餐饮服务;中餐厅;川菜',
        address: '春熙路88号',
        pname: '四川省',
        cityname: '成都',
        adname: '锦江区',
        rating: 4.6,
        tel: '028-86651234',
        hours: '10:00-22:00',
        cost: { kind: '人均', value: 85 },
      },
    ]);
    expect(text).toBe(
      '## 1\n\n名称: 蓉香阁川菜馆(春熙路店)\n地址: 春熙路88号\nlocation: 104.081234,30.65789\n类型: 餐饮服务;中餐厅;川菜\n' +
        '省份: 四川省\n城市: 成都\n区县: 锦江区\n评分: 4.6\n电话: 028-86651234\n营业时间: 10:00-22:00\n人均: 85元',
    );
  });
});
