// Containment in road spans is a binary search over spans sorted by start with a running furthest end; it must
// agree with the plain walk over every span.
import { describe, expect, it } from 'vitest';
import { insideSpan, lowerBound, spanIndex } from '../src/internal/text';
import { seededInts } from './helpers';

describe('insideSpan', () => {
  it('agrees with a walk over every span on random span sets', () => {
    const next = seededInts(3);
    for (let round = 0; round < 400; round++) {
      const spans: Array<[number, number]> = [];
      for (let k = next(8); k > 0; k--) {
        const a = next(60);
        spans.push([a, a + 1 + next(12)]);
      }
      const index = spanIndex(spans);
      for (let start = 0; start < 70; start++) {
        for (let len = 1; len <= 6; len++) {
          const end = start + len;
          const walk = spans.some(([a, b]) => start >= a && end <= b);
          expect(insideSpan(index, start, end)).toBe(walk);
        }
      }
    }
  });

  it('finds a long early span that a later, shorter one does not cover', () => {
    const index = spanIndex([
      [10, 14],
      [0, 20],
      [12, 13],
    ]);
    expect(insideSpan(index, 15, 18)).toBe(true);
    expect(insideSpan(index, 18, 21)).toBe(false);
    expect(insideSpan(spanIndex([]), 0, 1)).toBe(false);
  });
});

describe('lowerBound', () => {
  it('returns the first index at or above the value', () => {
    expect(lowerBound([1, 3, 3, 7], 3)).toBe(1);
    expect(lowerBound([1, 3, 3, 7], 4)).toBe(3);
    expect(lowerBound([1, 3, 3, 7], 9)).toBe(4);
    expect(lowerBound(new Float64Array([0.5, 1.5]), -1)).toBe(0);
  });
});
