// The template detector's word statistics do not depend on the calls before them (the word table starts at
// the size the previous call grew to).
import { describe, expect, it } from 'vitest';
import { wordStats } from '../src/internal/completeness-template';
import { bigPlan } from './bench-fixtures';
import { seededInts } from './helpers';

/** Words and distinct 4-gram share counted with strings, as a reference. */
function reference(text: string): { words: number; uniqueFourGrams: number } {
  const words = text.match(/[\u4e00-\u9fff]+|[A-Za-z]+|[0-9\uff10-\uff19]+/g) ?? [];
  const grams = words.length - 3;
  if (grams <= 0) return { words: words.length, uniqueFourGrams: 1 };
  const distinct = new Set<string>();
  for (let i = 0; i < grams; i++) distinct.add(words.slice(i, i + 4).join('\u0000'));
  return { words: words.length, uniqueFourGrams: distinct.size / grams };
}

describe('wordStats', () => {
  it('counts words and distinct 4-grams as a string-based count does, whatever was counted before', () => {
    const next = seededInts(11);
    const alphabet = [
      '西湖',
      '灵隐寺',
      'Day',
      '1',
      '２',
      '，',
      ' ',
      '\n',
      '门票',
      'G123',
      '：',
      '元',
    ];
    const texts = [
      bigPlan(12_000),
      '',
      '第1天 西湖',
      bigPlan(2_900),
      ...Array.from({ length: 30 }, () =>
        Array.from({ length: 10 + next(4_000) }, () => alphabet[next(alphabet.length)]).join(''),
      ),
      bigPlan(30_000),
      '短',
    ];
    // Forward, then backward: each text follows both smaller and larger ones.
    for (const text of [...texts, ...texts.reverse()]) {
      const got = wordStats(text);
      const want = reference(text);
      expect(got.words).toBe(want.words);
      expect(got.uniqueFourGrams).toBeCloseTo(want.uniqueFourGrams, 12);
    }
  });
});
