// LinesWith walks the lines holding any of some needles, jumping over the others: it must visit exactly the
// lines a split of the text keeps, in order, with their ranges.
import { describe, expect, it } from 'vitest';
import { LinesWith } from '../src/internal/text';
import { seededInts } from './helpers';

/** [from, end] of each line holding a needle (every line without needles), read from a split. */
function splitLines(text: string, needles: readonly string[] | null): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let from = 0;
  for (const line of text.split('\n')) {
    if (needles === null || needles.some((n) => line.includes(n)))
      out.push([from, from + line.length]);
    from += line.length + 1;
  }
  return out;
}

function walked(text: string, needles: readonly string[] | null): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const lines = new LinesWith(text, needles); lines.next();) out.push([lines.from, lines.end]);
  return out;
}

describe('LinesWith', () => {
  it('with distinct, gives each line text once, at its first occurrence', () => {
    const text = '门票30元\n上午出发\n门票30元\n¥20\n上午出发\n门票30元\n¥20 ';
    const distinct: Array<[number, number]> = [];
    for (const lines = new LinesWith(text, ['元', '¥'], true); lines.next();)
      distinct.push([lines.from, lines.end]);
    // 门票30元 [0, 5), ¥20 [17, 20) and ¥20 with a space [32, 36): the repeats of 门票30元 and ¥20 are left out.
    expect(distinct).toEqual([
      [0, 5],
      [17, 20],
      [32, 36],
    ]);
    const every: Array<[number, number]> = [];
    for (const lines = new LinesWith(text, null, true); lines.next();)
      every.push([lines.from, lines.end]);
    expect(every.map(([a, b]) => text.slice(a, b))).toEqual([
      '门票30元',
      '上午出发',
      '¥20',
      '¥20 ',
    ]);
  });

  it('visits the lines holding a needle, or every line', () => {
    // 门票30元 is [0, 5), then an empty line, 上午出发 [7, 11), ¥20 [12, 15), two empty lines.
    const text = '门票30元\n\n上午出发\n¥20\n\n';
    expect(walked(text, ['元', '¥'])).toEqual([
      [0, 5],
      [12, 15],
    ]);
    expect(walked(text, null)).toEqual(splitLines(text, null));
    expect(walked('', null)).toEqual([[0, 0]]);
    expect(walked('', ['元'])).toEqual([]);
  });

  it('agrees with a split on random texts', () => {
    const pieces = ['元', '¥', '月', '20', '19', '\n', '\n\n', '上午', 'ab', ' '];
    const next = seededInts(23);
    for (let k = 0; k < 2000; k++) {
      const text = Array.from({ length: next(20) }, () => pieces[next(pieces.length)]!).join('');
      for (const needles of [null, ['元', '¥'], ['月', '19', '20'], ['上午']])
        expect(walked(text, needles), JSON.stringify(text)).toEqual(splitLines(text, needles));
    }
  });
});
