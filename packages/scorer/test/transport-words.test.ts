// Plans that name their transport by id alone, and invented ids added to them with a transport word: the word
// must not earn what the tool ids already earn.
import { describe, expect, it } from 'vitest';
import { scoreEpisodeSync } from '../src';
import * as E from './episodes';
import type { Example } from './reference-examples';

/** Every transport word of the completeness keywords and the IC context patterns. */
const TRANSPORT_WORDS = /航班|飞机|机票|起飞|降落|火车|高铁|动车|车次|列车/gu;

/** The episode with every transport word taken out of its answer: its tool ids stay. */
function idsOnly(e: Example): Example {
  return { ...e, answer: e.answer.replace(TRANSPORT_WORDS, '') };
}

/** The answer with `text` appended to line `at` (clamped to the last line). */
function appendToLine(answer: string, at: number, text: string): string {
  const lines = answer.split('\n');
  const k = Math.min(at, lines.length - 1);
  lines[k] = `${lines[k]}${text}`;
  return lines.join('\n');
}

const TRANSPORT_EPISODES: Array<[string, Example]> = [
  ['hybridGood', E.hybridGood],
  ['businessGood', E.businessGood],
  ['intercityShort', E.intercityShort],
];

describe('transport named by id alone', () => {
  it('earns the verified transport dimension without a transport word (hybrid: G1 and MU5138 named)', () => {
    const plain = scoreEpisodeSync(E.hybridGood);
    const bare = scoreEpisodeSync(idsOnly(E.hybridGood));
    expect(plain.completenessDimensions['transport']).toMatchObject({
      points: 6,
      tier: 'verified',
    });
    // Two tool ids named, target 2: the full 6 points, as with the words.
    expect(bare.completenessDimensions['transport']).toMatchObject({ points: 6, tier: 'verified' });
  });

  it('without any tool id a transport word alone still earns nothing', () => {
    const e = {
      ...E.hybridGood,
      answer: E.hybridGood.answer.replace(/G1|MU5138/gu, 'XX'),
    };
    const b = scoreEpisodeSync(e);
    expect(b.completenessDimensions['transport']).toMatchObject({
      points: 0,
      tier: 'no_verified_id',
    });
  });

  it('with neither a tool id nor a transport word the dimension has no keyword', () => {
    const e = idsOnly({
      ...E.hybridGood,
      answer: E.hybridGood.answer.replace(/G1|MU5138/gu, 'XX'),
    });
    expect(scoreEpisodeSync(e).completenessDimensions['transport']).toMatchObject({
      points: 0,
      tier: 'no_keyword',
    });
  });
});

describe('an invented id added with its transport word', () => {
  const additions = [
    '，备选航班ZH9876',
    '，备选高铁G9999',
    '，航班号：ZH9876',
    '，机票 MU1234',
    '，车次D8888',
  ];

  it.each(TRANSPORT_EPISODES)(
    '%s: never raises the score, with or without the plan’s own words',
    (_, e) => {
      for (const base of [e, idsOnly(e)]) {
        const before = scoreEpisodeSync(base);
        const lines = base.answer.split('\n').length;
        for (const text of additions) {
          for (const at of [0, 1, Math.floor(lines / 2), lines - 1]) {
            const after = scoreEpisodeSync({
              ...base,
              answer: appendToLine(base.answer, at, text),
            });
            expect(after.total, `${text} on line ${at}`).toBeLessThanOrEqual(before.total);
            expect(after.completeness, `${text} on line ${at}`).toBeLessThanOrEqual(
              before.completeness,
            );
          }
        }
      }
    },
  );

  it('lends no context to the tool ids around it, while a word naming a tool id does', () => {
    // business, words taken out: MU5138 and G1 are named without a transport word near them.
    const base = idsOnly(E.businessGood);
    const ic = (answer: string) => scoreEpisodeSync({ ...base, answer }).icCategories;
    const before = ic(base.answer);
    // Out of context each id counts 0.5.
    expect(before['flights']).toMatchObject({ matched: 0.5 });
    const invented = ic(appendToLine(base.answer, 1, '，备选航班ZH9876'));
    expect(invented['flights']).toMatchObject({ matched: 0.5 });
    // The same word before a tool id is context for it (and for the tool ids within 200 code points).
    const tool = ic(appendToLine(base.answer, 1, '，备选航班CA1831'));
    expect(tool['flights']!.matched).toBe(2);
  });
});
