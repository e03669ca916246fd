// A plan typeset with full-width letters and digits (Ｇ７３１１, ７３元, ０８:０５) states the same facts as the
// ASCII plan, so it scores the same: the scorer searches the answer with full-width letters and digits folded to
// ASCII, as the fact extractor reads it.
import { describe, expect, it } from 'vitest';
import {
  buildContext,
  factPrecision,
  priceGrounding,
  verifiedContext,
  SCORING_CONFIG,
} from '../src/index';
import * as E from './episodes';
import { FORMAT_EPISODES, scoreWith } from './episode-set';

/** ASCII letters and digits → their full-width forms (U+FF10–FF19, U+FF21–FF3A, U+FF41–FF5A). */
function fullWidth(text: string): string {
  return text.replace(/[0-9A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
}

/** Full-width letters and digits → ASCII, for comparing breakdowns that quote the answer. */
function ascii(text: string): string {
  return text.replace(/[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]/g, (c) =>
    String.fromCharCode(c.charCodeAt(0) - 0xfee0),
  );
}

/** multidayGood with a forecast from another week on its dated weather line (fact precision sees it). */
const multidayStaleWeather: E.ExampleLike = {
  ...E.multidayGood,
  answer: E.multidayGood.answer.replace(
    '3月1日晴，气温18度，东南风3级；',
    '3月1日多云，气温12度～20度，西北风4级。\n',
  ),
};

const score = scoreWith;

const EPISODES: ReadonlyArray<readonly [string, E.ExampleLike]> = [
  ...FORMAT_EPISODES,
  ['multidayStaleWeather', multidayStaleWeather],
  ['familyThin', E.familyThin],
];

describe('full-width letters and digits', () => {
  it.each(EPISODES)('%s: the full-width plan has the breakdown of the ASCII plan', (_, e) => {
    const plain = score(e);
    const wide = score(e, fullWidth(e.answer));
    expect(wide.completenessDimensions).toEqual(plain.completenessDimensions);
    expect([wide.completeness, wide.infoConsistency, wide.codeTotal, wide.total]).toEqual([
      plain.completeness,
      plain.infoConsistency,
      plain.codeTotal,
      plain.total,
    ]);
    // Everything else too (the defences' counts), once the answer text the breakdown quotes is read in ASCII.
    expect(JSON.parse(ascii(JSON.stringify(wide)))).toEqual(plain);
  });

  it('fact precision reads a full-width dated weather line (３月１日，１２度) as the ASCII one', () => {
    const e = multidayStaleWeather;
    const precision = (answer: string) => {
      const ctx = buildContext(e.problem, e.trace, answer);
      return factPrecision(ctx, priceGrounding(ctx));
    };
    const wide = precision(fullWidth(e.answer));
    // 3月1日: 多云 12 20 西北风, of which 12, 20 and 西北风 are not the tool's (晴 / 多云, 9–18, 东南风);
    // 3月2日: 多云, the tool's.
    expect(wide.parts.weather).toEqual([5, 3]);
    expect(wide).toEqual(precision(e.answer));
  });

  it('a half full-width plan (every other line) scores as the ASCII plan', () => {
    const e = E.hybridGood;
    const mixed = e.answer
      .split('\n')
      .map((line, i) => (i % 2 === 0 ? fullWidth(line) : line))
      .join('\n');
    expect(score(e, mixed)).toEqual(score(e));
  });

  it('a full-width transport id is the tool id (Ｇ７３１１ verifies G7311, Ｇ７３１１０ does not)', () => {
    const e = E.intercityShort;
    const spec = SCORING_CONFIG.dimensions.intercity.find((d) => d.key === 'trains')!;
    const verified = (answer: string) =>
      verifiedContext(buildContext(e.problem, e.trace, answer), spec, 2);
    expect(verified('推荐高铁 Ｇ７３１１，备选 Ｇ７５０１')).toMatchObject({
      points: 5,
      tier: 'verified',
    });
    expect(verified('推荐高铁 ｇ７３１１')).toMatchObject({ points: 2.5, tier: 'verified' });
    // The id must not run on into more digits or follow a letter, in full width as in ASCII.
    expect(verified('推荐高铁 Ｇ７３１１０，ＸＧ７５０１')).toMatchObject({ points: 0 });
    expect(verified('推荐高铁 G73110，XG7501')).toMatchObject({ points: 0 });
  });

  it('full-width digits find a numeric fact only at digit boundaries, as ASCII digits do', () => {
    const e = E.intercityShort;
    const ctx = buildContext(e.problem, e.trace, '价格７３元，另一张７３０元，还有73元');
    expect(ctx.locate('73')).toEqual([2, 16]);
    expect(ctx.locate('73元')).toEqual([2, 16]);
  });

  it('folds letters and digits only, one UTF-16 unit to one: full-width punctuation stays', () => {
    const e = E.intercityShort;
    const answer = '车次Ｇ７３１１（高铁）：０８：０５出发，价格７３元！ＡＢＣ';
    const ctx = buildContext(e.problem, e.trace, answer);
    expect(ctx.lower).toBe('车次g7311（高铁）：08：05出发，价格73元！abc');
    expect(ctx.lower.length).toBe(answer.length);
    expect(ctx.answer).toBe(answer);
  });

  it('a full-width needle is searched in the same form (a tool name written ＫＦＣ finds KFC)', () => {
    const e = E.intercityShort;
    const ctx = buildContext(e.problem, e.trace, '午餐在KFC（东站店）');
    expect(ctx.exact('ＫＦＣ')).toEqual([3]);
    expect(ctx.locate('ＫＦＣ')).toEqual([3]);
  });
});
