// Number flags of the command line: what they accept, what they refuse, and that a long digit run is refused
// in linear time.
import { NavworldError } from '@navworld/core-types';
import { describe, expect, it } from 'vitest';
import { intFlag, numberFlag, saltFlag } from '../src/internal/cli-support';

describe('numberFlag', () => {
  it.each([
    ['12', 12],
    ['12.', 12],
    ['12.5', 12.5],
    ['.5', 0.5],
    ['+3', 3],
    ['-2.25', -2.25],
    ['1e2', 100],
    ['2.5E-1', 0.25],
    [' 7 ', 7],
    [4, 4],
  ])('reads %j as %d', (text, value) => {
    expect(numberFlag(text, 'x', -1000, 1000)).toBe(value);
  });

  it.each(['', '0x10', '1.2.3', '.', 'e3', '1e', '12abc', 'Infinity', '1_000'])(
    'refuses %j',
    (text) => {
      expect(() => numberFlag(text, 'rate', -1000, 1000)).toThrow(NavworldError);
    },
  );

  it('refuses a number out of range with the flag named', () => {
    let error: unknown;
    try {
      numberFlag('2000', 'rate', 0, 1000);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NavworldError);
    expect((error as NavworldError).code).toBe('INVALID_ARGUMENT');
    expect((error as NavworldError).message).toContain('--rate');
  });

  it('refuses 200,000 digits followed by a letter in linear time', () => {
    // The former pattern tried every split of the run between its two digit groups: minutes here. CPU time of
    // this process, so a busy host does not fail the test; the bound is a hundred times the linear cost.
    const cpu = (): number => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    const started = cpu();
    expect(() => numberFlag(`${'9'.repeat(200_000)}x`, 'rate', 0, 1000)).toThrow(NavworldError);
    expect(cpu() - started).toBeLessThan(1000);
  });
});

describe('intFlag', () => {
  it('reads whole numbers and falls back when the flag is absent', () => {
    expect(intFlag('8', 'workers', 1, 64, 2)).toBe(8);
    expect(intFlag(undefined, 'workers', 1, 64, 2)).toBe(2);
  });

  it('refuses fractions and out-of-range values', () => {
    expect(() => intFlag('2.5', 'workers', 1, 64, 2)).toThrow(NavworldError);
    expect(() => intFlag('0', 'workers', 1, 64, 2)).toThrow(
      /--workers must be a whole number from 1 to 64/,
    );
  });
});

describe('saltFlag', () => {
  it('keeps a salt as typed, trimmed, and is undefined when absent', () => {
    expect(saltFlag('007')).toBe('007');
    expect(saltFlag(' run-7 ')).toBe('run-7');
    expect(saltFlag('x'.repeat(256))).toHaveLength(256);
    expect(saltFlag(undefined)).toBeUndefined();
  });

  it.each([
    ['an empty salt', ''],
    ['spaces only', '   '],
    ['a salt longer than 256 characters', 'x'.repeat(257)],
  ])('refuses %s with the flag named', (_, text) => {
    expect(() => saltFlag(text, 'stale-salt')).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: '--stale-salt must be 1 to 256 characters, not only spaces',
        hint: expect.stringContaining('leave --stale-salt out'),
      }),
    );
  });
});
