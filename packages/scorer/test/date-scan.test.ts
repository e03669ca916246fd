// Fact precision reads dates through an anchored scan written for the shipped date pattern; it must be active
// for that pattern and find exactly what the full regex scan finds.
import { describe, expect, it } from 'vitest';
import { SCORING_CONFIG } from '../src/index';
import { allMatches } from '../src/internal/text';
import { DIGIT_LED_DATE, datesOf } from '../src/rules/fact-precision';
import { seededInts } from './helpers';

describe('anchored date scan', () => {
  it('is active for the configured date pattern (edit it together with the pattern)', () => {
    expect(DIGIT_LED_DATE).toBe(true);
  });

  it('finds the same first two dates as the full scan', () => {
    const pieces = [
      '2025',
      '-',
      '03',
      '/',
      '.',
      '7',
      '月',
      '12',
      '日',
      '号',
      '１９',
      '19',
      '20',
      '天气',
      ' ',
      '，',
      '🌸',
      '٣',
      '2025-03-07',
      '3月12日',
      '12月1号',
      '2025/3/7',
      '１２月３日',
    ];
    const next = seededInts(5);
    let found = 0;
    for (let k = 0; k < 5000; k++) {
      let line = '';
      const parts = 1 + next(12);
      for (let i = 0; i < parts; i++) line += pieces[next(pieces.length)];
      const expected = allMatches(SCORING_CONFIG.factPrecision.answerDate, line, 2).map((m) => [
        m.index,
        ...m,
      ]);
      found += expected.length;
      expect([line, datesOf(line).map((m) => [m.index, ...m])]).toEqual([line, expected]);
    }
    expect(found).toBeGreaterThan(500);
  });
});
