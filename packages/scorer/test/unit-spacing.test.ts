// A measurement written with spaces before its unit (8.5 公里, 25 分钟) is the tool's fact (8.5公里, 25分钟): the
// fact extractor reads it so, and the scorer finds it so too.
import type { ScoreBreakdown } from '@navworld/core-types';
import { describe, expect, it } from 'vitest';
import { buildContext } from '../src/index';
import * as E from './episodes';
import { FORMAT_EPISODES, scoreWith } from './episode-set';

/** A space between every number and the unit after it. */
function spaced(text: string): string {
  return text.replace(/(\d)(元|公里|米|分钟|分|小时|度|级)/g, '$1 $2');
}

const score = scoreWith;

/** A breakdown without the answer lengths it reports (the spaces lengthen the answer). */
function withoutLengths(b: ScoreBreakdown): unknown {
  return JSON.parse(JSON.stringify(b, (key, value: unknown) => (key === 'length' ? 0 : value)));
}

const EPISODES = FORMAT_EPISODES;

describe('spaces between a number and its unit', () => {
  it.each(EPISODES)('%s: the spaced plan has the breakdown of the plain plan', (_, e) => {
    const plain = score(e);
    expect(spaced(e.answer)).not.toBe(e.answer);
    expect(withoutLengths(score(e, spaced(e.answer)))).toEqual(withoutLengths(plain));
  });

  const e = E.multidayGood;
  const at = (answer: string, fact: string) =>
    buildContext(e.problem, e.trace, answer).locate(fact);

  it('finds a distance with up to two spaces (space, tab, U+3000) before the unit', () => {
    expect(at('距离约2.6 公里', '2.6公里')).toEqual([3]);
    expect(at('距离约2.6\t\u3000公里', '2.6公里')).toEqual([3]);
    expect(at('距离约2.6公里，返程2.6 公里', '2.6公里')).toEqual([3, 11]);
    // Not three spaces, not a line break (a number ending a line), not inside a longer number.
    expect(at('距离约2.6   公里', '2.6公里')).toEqual([]);
    expect(at('距离约2.6\n公里', '2.6公里')).toEqual([]);
    expect(at('距离约12.6 公里', '2.6公里')).toEqual([]);
  });

  it('finds a duration spaced at any of its number–unit boundaries, as the extractor reads it', () => {
    for (const written of ['1 小时 59 分钟', '1小时59 分钟', '1小时 59分钟', '1 小时59分钟'])
      expect(at(`车程约${written}`, '1小时59分钟')).toEqual([3]);
    expect(at('车程约1小时 9分钟', '1小时59分钟')).toEqual([]);
  });

  it('leaves facts that are not a number then a unit alone (ids, times, prices)', () => {
    expect(at('推荐 G 7311 次列车', 'G7311Z')).toEqual([]);
    // An id split by a space is joined in the canonical answer that the rules read: found where it starts.
    expect(at('推荐 G 7311 次列车', 'G7311')).toEqual([3]);
    expect(at('08 :05 出发', '08:05')).toEqual([]);
    expect(at('门票 40 元', '40')).toEqual([3]);
  });
});
