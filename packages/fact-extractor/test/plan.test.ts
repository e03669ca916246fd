import { describe, expect, it } from 'vitest';
import { ParsedPlanSchema } from '@navworld/core-types';
import { chineseNumber, parsePlan } from '../src/index';
import { fixture } from './helpers';

describe('parsePlan — markdown', () => {
  const plan = parsePlan(fixture('answer-markdown.md'));
  it('is schema-valid text structure', () => {
    expect(ParsedPlanSchema.parse(plan)).toEqual(plan);
    expect(plan.success).toBe(true);
    expect(plan.source).toBe('text');
    expect(plan.errors).toEqual([]);
  });
  it('transport options from the table and the text', () => {
    expect(plan.transportOptions).toEqual([
      { id: 'CZ8639', kind: 'flight', price: 520, departure: '09:55', arrival: '12:00' },
      { id: 'CA3821', kind: 'flight', price: 540, departure: '15:40', arrival: '18:00' },
      { id: 'G1756', kind: 'train', price: 562, departure: '06:20', arrival: '11:50' },
      { id: 'G907', kind: 'train', departure: '14:00' },
    ]);
  });
  it('days from headings, Chinese numerals included', () => {
    expect(plan.days.map((d) => d.day)).toEqual([1, 2, 3]);
    expect(plan.days[1]?.locations).toEqual(['灵隐寺', '文三路', '延安路']);
    expect(plan.days[2]?.text).toContain('西溪湿地国家公园');
  });
  it('budget from the table, total, tips under a heading', () => {
    expect(plan.budgetItems).toEqual([
      { category: '交通', amount: 1200 },
      { category: '住宿', amount: 900 },
      { category: '餐饮', amount: 600 },
      { category: '门票', amount: 75 },
    ]);
    expect(plan.budgetTotal).toBe(2865);
    expect(plan.tips).toEqual(['西湖景区周末人多，建议早出发', '灵隐寺需要提前预约']);
  });
});

describe('parsePlan — JSON', () => {
  const plan = parsePlan(fixture('answer-json.md'));
  it('maps transport, days, budget, tips', () => {
    expect(plan.source).toBe('json');
    expect(plan.success).toBe(true);
    expect(plan.transportOptions).toEqual([
      { id: 'G7012', kind: 'train', price: 139.5, departure: '08:05', arrival: '09:50' },
      { id: 'MU2871', kind: 'flight', price: 680, departure: '07:30', arrival: '08:40' },
      { id: 'G7013', kind: 'train' },
    ]);
    expect(plan.days.map((d) => [d.day, d.locations])).toEqual([
      [1, ['南京国际博览中心', '夫子庙']],
      [2, ['中山陵', '南京南站']],
    ]);
    expect(plan.budgetItems).toEqual([
      { category: '交通', amount: 420 },
      { category: '住宿', amount: 550 },
      { category: '餐饮', amount: 200 },
    ]);
    expect(plan.budgetTotal).toBe(1170);
    expect(plan.tips).toEqual(['夫子庙晚上人多，注意保管财物', '中山陵周一闭馆']);
  });

  it('raw JSON without a fence, English budget keys, string day labels', () => {
    const text = `方案如下 {"itinerary":[{"day":"第二天","activities":["游览西湖风景区"]},{"day":"Day 1","spot":"灵隐寺"}],"budget":{"transportation":"1,200元","hotel":"800-1000元","total":"约3千元"},"notes":"带伞"} 以上。`;
    const plan = parsePlan(text);
    expect(plan.source).toBe('json');
    expect(plan.days.map((d) => [d.day, d.locations])).toEqual([
      [1, ['灵隐寺']],
      [2, ['西湖风景区']],
    ]);
    expect(plan.budgetItems).toEqual([
      { category: '交通', amount: 1200 },
      { category: '住宿', amount: 900 },
    ]);
    expect(plan.budgetTotal).toBe(3000);
    expect(plan.tips).toEqual(['带伞']);
  });

  it('broken JSON is recorded and the text fallback still runs', () => {
    const text =
      '```json\n{"daily_plans": [ {"day": 1,, }\n```\n第1天：上午游览西湖，下午参观浙江省博物馆，晚上逛河坊街。第2天：灵隐寺。';
    const plan = parsePlan(text);
    expect(plan.source).toBe('text');
    expect(plan.errors.length).toBeGreaterThan(0);
    expect(plan.errors[0]).toMatch(/^JSON parse error/);
    expect(plan.days.map((d) => d.day)).toEqual([1, 2]);
    expect(plan.success).toBe(true);
  });

  it('nested and unclosed fences do not throw', () => {
    const text =
      '````markdown\n```json\n{"a": 1}\n```\n````\n第1天 西湖一日游，游览苏堤、白堤与断桥，然后去灵隐寺。\n```json\n{"tips": [';
    const plan = parsePlan(text);
    expect(plan.source).toBe('json');
    expect(plan.days.map((d) => d.day)).toEqual([1]);
  });
});

describe('parsePlan — text', () => {
  it('plain paragraphs', () => {
    const plan = parsePlan(fixture('answer-plain.txt'));
    expect(plan.days.map((d) => d.day)).toEqual([1, 2, 3]);
    expect(plan.budgetItems).toEqual([
      { category: '住宿', amount: 350 },
      { category: '餐饮', amount: 150 },
      { category: '门票', amount: 120 },
    ]);
    expect(plan.budgetTotal).toBe(1500);
    expect(plan.locations).toContain('陕西历史博物馆');
    expect(plan.locations).toContain('大雁塔');
  });

  it('Day N markers, repeated days merged, mentions inside sentences ignored when headings exist', () => {
    const text = [
      '行程概览：第1天和第2天都在市区，内容如下，每天安排都比较轻松，适合带老人出行。',
      '## Day 1',
      '上午游览故宫博物院，下午去景山公园。',
      '## Day 2',
      '颐和园一日游。',
      '## Day 1（补充）',
      '晚上逛王府井步行街。',
    ].join('\n');
    const plan = parsePlan(text);
    expect(plan.days.map((d) => d.day)).toEqual([1, 2]);
    expect(plan.days[0]?.text).toContain('王府井步行街');
    expect(plan.days[0]?.locations).toEqual(['故宫博物院', '景山公园', '王府井步行街']);
  });

  it('empty, short and non-string input', () => {
    expect(parsePlan('')).toMatchObject({ success: false, source: 'empty' });
    expect(parsePlan('第1天：西湖')).toMatchObject({ success: false, source: 'empty', days: [] });
    expect(parsePlan(null as never)).toMatchObject({ success: false, source: 'empty' });
  });

  it('tips from labelled lines', () => {
    const plan = parsePlan(
      `${'这是一段足够长的行程介绍文字。'.repeat(4)}\n温馨提示：景区周一闭馆\n**小贴士**：\n- 带好身份证\n- 穿舒适的鞋`,
    );
    expect(plan.tips).toEqual(['景区周一闭馆', '带好身份证', '穿舒适的鞋']);
  });
});

describe('chineseNumber', () => {
  it.each([
    ['一', 1],
    ['十', 10],
    ['十一', 11],
    ['二十', 20],
    ['二十一', 21],
    ['两', 2],
  ])('%s → %d', (s, n) => {
    expect(chineseNumber(s)).toBe(n);
  });
  it('rejects non-numbers', () => {
    expect(chineseNumber('一二')).toBeNull();
    expect(chineseNumber('十十')).toBeNull();
    expect(chineseNumber('')).toBeNull();
  });
});
