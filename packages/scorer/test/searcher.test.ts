import { describe, expect, it } from 'vitest';
import { createSearcher, occurrences } from '../src/internal/text';

describe('createSearcher', () => {
  const a = '西湖景区门票80元，西湖游船55元，灵隐寺门票75元；西湖夜游。'.repeat(20);
  const b = '外滩夜景，南京路步行街，外滩观光隧道，豫园门票40元。'.repeat(30);
  const needles = ['西湖', '门票', '外滩', '豫园门票', '元，', '灵隐寺', '不存在', '夜'];

  it('finds what a sequential search finds', () => {
    const find = createSearcher(a);
    for (const n of needles) expect(find(n, 64), n).toEqual(occurrences(a, n, 64));
  });

  it('searchers used in turn keep their own answers (shared index storage changes hands)', () => {
    const findA = createSearcher(a);
    const findB = createSearcher(b);
    for (let round = 0; round < 3; round++) {
      for (const n of needles) {
        expect(findA(n, 64), `a ${n}`).toEqual(occurrences(a, n, 64));
        expect(findB(n, 64), `b ${n}`).toEqual(occurrences(b, n, 64));
      }
      // A third searcher takes the shared storage between rounds.
      const c = `${b}${a}`;
      expect(createSearcher(c)('西湖', 1000)).toEqual(occurrences(c, '西湖', 1000));
    }
  });

  it('long haystacks get storage of their own and still search correctly', () => {
    const long = `${a}${'x'.repeat(400_000)}西湖`;
    const find = createSearcher(long);
    const small = createSearcher(b);
    expect(small('外滩', 8)).toEqual(occurrences(b, '外滩', 8));
    expect(find('西湖', 1000)).toEqual(occurrences(long, '西湖', 1000));
    expect(small('豫园', 8)).toEqual(occurrences(b, '豫园', 8));
  });
});
