import type { ToolObservation } from '@navworld/core-types';
import { describe, expect, it } from 'vitest';
import { inventedPlaces } from '../src/audit/texts';

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
