// The format check's length: a line repeated word for word adds nothing, so a short plan written twice (or
// with a line repeated) stays short; plans of ordinary length read the same as before.
import { describe, expect, it } from 'vitest';
import { buildContext, formatValid, scoreEpisodeSync } from '../src';
import { lengthWithoutRepeats } from '../src/internal/text';
import * as E from './episodes';

const { problem, trace } = E.singlePoiGood;

/** A single_poi plan of `lines` distinct lines of about 30 code points. */
function plan(lines: number): string {
  return Array.from(
    { length: lines },
    (_, i) => `第${i + 1}段：上午游览西湖景点，建议提前预约门票，注意天气变化。`,
  ).join('\n');
}

describe('lengthWithoutRepeats', () => {
  it('takes out each repeated non-blank line with its line break, and nothing else', () => {
    const text = 'ab\ncd\nab\n\n\ncd\nef';
    // 16 units; the second ab and the second cd go, each with its line break: 16 − 3 − 3.
    expect(lengthWithoutRepeats(text, text.length, 1000)).toBe(text.length - 6);
    // Blank lines are not repeats, and a line differing by a space is another line.
    expect(lengthWithoutRepeats('a\n\n\n\nb', 6, 1000)).toBe(6);
    expect(lengthWithoutRepeats('ab\nab ', 6, 1000)).toBe(6);
  });

  it('stops once `enough` is certain, returning at least it', () => {
    const text = `${'x'.repeat(300)}\nab\nab`;
    expect(lengthWithoutRepeats(text, text.length, 200)).toBeGreaterThanOrEqual(200);
    expect(lengthWithoutRepeats(text, text.length, 1000)).toBe(text.length - 3);
  });
});

describe('format_valid with repeated lines', () => {
  const check = (answer: string) => formatValid(buildContext(problem, trace, answer));

  it('a short plan written twice, or with a line repeated, is still too short', () => {
    const short = plan(5);
    expect(short.length).toBeLessThan(200);
    expect(check(short)).toMatchObject({ passed: false, details: { reason: 'too_short' } });
    const twice = `${short}\n${short}`;
    expect(twice.length).toBeGreaterThanOrEqual(200);
    expect(check(twice)).toMatchObject({
      passed: false,
      details: { reason: 'too_short', length: twice.length, withoutRepeats: short.length },
    });
    const lines = short.split('\n');
    const repeated = [...lines, ...Array.from({ length: 5 }, () => lines[2]!)].join('\n');
    expect(check(repeated)).toMatchObject({
      passed: false,
      details: { withoutRepeats: short.length },
    });
    // And writing it twice does not raise its score.
    const total = (answer: string) => scoreEpisodeSync({ problem, trace, answer }).total;
    expect(total(twice)).toBeLessThanOrEqual(total(short));
  });

  it('a plan long enough without its repeats passes, with the details it always had', () => {
    const long = plan(8);
    const withRepeat = `${long}\n${long.split('\n')[0]}`;
    expect(check(long)).toEqual({ passed: true, multiplier: 1, details: { length: long.length } });
    expect(check(withRepeat)).toEqual({
      passed: true,
      multiplier: 1,
      details: { length: withRepeat.length },
    });
  });
});
