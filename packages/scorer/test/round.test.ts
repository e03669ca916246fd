// The scorer's rounding gives exactly what Number(x.toFixed(digits)) gives, -0 included.
import { describe, expect, it } from 'vitest';
import { round } from '../src/internal/text';
import { seededInts } from './helpers';

/** The definition the fast path must reproduce. */
function byToFixed(x: number, digits: number): number {
  if (!Number.isFinite(x)) return 0;
  if (Number.isInteger(x) && Math.abs(x) < 1e15) return x === 0 ? 0 : x;
  return Number(x.toFixed(digits));
}

function same(x: number, digits: number): void {
  const got = round(x, digits);
  const want = byToFixed(x, digits);
  if (!Object.is(got, want)) expect({ x, digits, got }).toEqual({ x, digits, got: want });
}

describe('round', () => {
  it('matches toFixed on decimal ties and near-ties that binary doubles make uneven', () => {
    for (const x of [
      1.005, 2.675, 1.115, 0.125, 0.375, 8.345, 1.45, 2.5, 0.5, 1e-7, 123.455, 0.045,
    ]) {
      for (const digits of [0, 1, 2, 3, 4]) {
        same(x, digits);
        same(-x, digits);
      }
    }
    // 1.005 is stored just below the tie, 0.125 exactly on it (away from zero).
    expect(round(1.005, 2)).toBe(1);
    expect(round(0.125, 2)).toBe(0.13);
    expect(round(-0.125, 2)).toBe(-0.13);
  });

  it('keeps the sign of zero as toFixed does', () => {
    expect(Object.is(round(-0.001, 2), -0)).toBe(true);
    expect(Object.is(round(-0, 2), 0)).toBe(true);
    expect(Object.is(round(0.001, 2), 0)).toBe(true);
  });

  it('matches toFixed on random scores, fractions, large values and non-finite input', () => {
    const next = seededInts(20261202);
    const rng = (): number => next(1 << 30) / (1 << 30);
    for (let i = 0; i < 200_000; i++) {
      const kind = i % 4;
      const x =
        kind === 0
          ? (rng() - 0.5) * 200
          : kind === 1
            ? Math.round(rng() * 1e6) / 1e4 + (rng() < 0.5 ? 5e-5 : 0)
            : kind === 2
              ? (rng() - 0.5) * 10 ** Math.floor(rng() * 14)
              : rng() * 1e-3;
      same(x, i % 6);
    }
    for (const x of [NaN, Infinity, -Infinity]) expect(round(x)).toBe(0);
    same(123456789.125, 2);
    same(1e20 + 0.5, 2);
  });

  it('reads the decimal places argument as toFixed does beyond the fast range', () => {
    same(1 / 3, 20);
    same(2 / 3, 16);
    expect(() => round(0.5, 101)).toThrow(RangeError);
  });
});
