// The bounded memo behind the name caches: same answers as the function, bounded, oldest entries first.
import { describe, expect, it } from 'vitest';
import { memoize } from '../src/internal/memo';

describe('memoize', () => {
  it('computes each kept key once and keeps at most `capacity` keys, dropping the oldest', () => {
    const calls: string[] = [];
    const f = memoize((k) => {
      calls.push(k);
      return k.length === 0 ? null : k.toUpperCase();
    }, 2);
    expect([f('a'), f('a'), f(''), f('')]).toEqual(['A', 'A', null, null]);
    expect(calls).toEqual(['a', '']);
    f('b'); // evicts 'a', the oldest
    f('');
    f('a');
    expect(calls).toEqual(['a', '', 'b', 'a']);
  });

  it('does not keep keys longer than the limit', () => {
    let n = 0;
    const f = memoize((k) => (n++, k.length), 8, 3);
    f('abcd');
    f('abcd');
    f('abc');
    f('abc');
    expect(n).toBe(3);
  });
});
