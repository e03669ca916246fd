import type { ToolObservation } from '@navworld/core-types';
import { describe, expect, it } from 'vitest';
import { inventedBarePlaces, inventedPlaces } from '../src/audit/texts';

const obs = (text: string): ToolObservation =>
  ({ toolCallId: 'c1', name: 'poi_search', ok: true, text }) as ToolObservation;

describe('invented_places text', () => {
  const results = obs(
    [
      '名称: 外滩\n地址: 中山东一路\n评分: 4.8',
      '名称: 上海博物馆\n地址: 人民大道201号\n评分: 4.7',
      '名称: 世纪公园\n地址: 锦绣路1001号\n评分: 4.5',
      '名称: 静安寺\n地址: 南京西路1686号\n评分: 4.6',
      '名称: 小杨生煎(黄河路店)\n地址: 黄河路97号\n评分: 4.4',
    ].join('\n\n'),
  );
  const plan =
    '第1天：上午游览外滩，评分4.8；下午参观上海博物馆（评分：4.7），傍晚去世纪公园。\n' +
    '第2天：上午去静安寺，评分4.6，午餐小杨生煎(黄河路店)，人均28元，再回静安寺。';

  it('keeps the first three places, renames the rest by kind and drops every rating', () => {
    const out = inventedPlaces(plan, [results]);
    expect(out).toContain('外滩');
    expect(out).toContain('上海博物馆');
    expect(out).toContain('世纪公园');
    expect(out).not.toContain('静安寺');
    expect(out).not.toContain('小杨生煎');
    // Renamed with the place suffix and branch label kept; every occurrence renamed the same way.
    expect(out.match(/\p{Script=Han}{2}寺/gu)?.length).toBe(2);
    expect(out).toMatch(/\p{Script=Han}{2}煎\(黄河路店\)/u);
    expect(out).not.toMatch(/评分/u);
    expect(out).toContain('下午参观上海博物馆，傍晚');
    // Everything else stays: prices, days, verbs.
    expect(out).toContain('人均28元');
    expect(out).toContain('第2天：上午去');
  });

  it('is deterministic', () => {
    expect(inventedPlaces(plan, [results])).toBe(inventedPlaces(plan, [results]));
  });
});

describe('invented_bare_places text', () => {
  const results = obs(
    [
      '名称: 天涯海角\n地址: 河东路54号\n评分: 4.8',
      '名称: 蜈支洲岛\n地址: 三亚湾路308号\n评分: 4.7',
      '名称: 南山寺\n地址: 河东路301号\n评分: 4.6',
      '名称: 老德记老火锅\n地址: 三亚湾路136号\n评分: 4.9',
      '名称: 琼丰苑琼菜酒楼(河东路店)\n地址: 河东路268号\n评分: 4.8',
    ].join('\n\n'),
  );
  const plan =
    '第1天：上午游览【天涯海角】，评分4.8；下午参观【蜈支洲岛】，傍晚去南山寺。\n' +
    '- （人均82元）老德记老火锅，地址：三亚湾路136号，评分4.9\n' +
    '- （人均99元）琼丰苑琼菜酒楼(河东路店)，地址：河东路268号\n第2天：再去老德记老火锅。';

  it('renames all but the first three places to three-character names with no suffix or label', () => {
    const out = inventedBarePlaces(plan, [results]);
    expect(out).toContain('【天涯海角】');
    expect(out).toContain('【蜈支洲岛】');
    expect(out).toContain('南山寺');
    expect(out).not.toContain('老德记');
    expect(out).not.toContain('琼丰苑');
    expect(out).not.toContain('(河东路店)');
    // Every occurrence of a place gets the same name: three characters between the price and the address.
    const names = [...out.matchAll(/（人均\d+元）(\p{Script=Han}+)，地址/gu)].map((m) => m[1]!);
    expect(names).toHaveLength(2);
    for (const name of names) expect([...name]).toHaveLength(3);
    expect(out).toContain(`再去${names[0]}`);
    expect(out).not.toMatch(/评分/u);
    expect(out).toContain('地址：三亚湾路136号');
  });

  it('is deterministic', () => {
    expect(inventedBarePlaces(plan, [results])).toBe(inventedBarePlaces(plan, [results]));
  });
});
