// The recurring-text cache: second-sighting admission, bounds, least-recently-used eviction, fingerprints.
import { describe, expect, it } from 'vitest';
import { NavworldError } from '@navworld/core-types';
import { RecurringTextCache, textFingerprint } from '../src/index';

// Two texts with the same fingerprint, found by search.
const colliding = (i: number): string => `名称：西湖景点${i}\n地址：杭州市西湖区龙井路${i % 997}号`;

describe('textFingerprint', () => {
  it('is FNV-1a over the length and the code units', () => {
    // Empty text: the offset basis xor 0.
    expect(textFingerprint('')).toBe(0x811c9dc5 | 0);
    // 'a': (basis ^ 1 ^ 0x61) * prime, modulo 2^32.
    expect(textFingerprint('a')).toBe(Math.imul(0x811c9dc5 ^ 1 ^ 0x61, 0x01000193));
    expect(textFingerprint('ab')).not.toBe(textFingerprint('ba'));
    expect(textFingerprint('西湖')).toBe(textFingerprint(['西', '湖'].join('')));
  });

  it('the collision pair used below does collide', () => {
    expect(colliding(27837)).not.toBe(colliding(50333));
    expect(textFingerprint(colliding(27837))).toBe(textFingerprint(colliding(50333)));
  });
});

describe('RecurringTextCache', () => {
  it('admits a text on its second sighting only', () => {
    const cache = new RecurringTextCache<number>({ maxEntries: 8, maxChars: 1000 });
    expect(cache.admit('甲')).toBe(false);
    expect(cache.get('甲')).toBeUndefined();
    expect(cache.admit('甲')).toBe(true);
    cache.set('甲', 1);
    expect(cache.get('甲')).toBe(1);
    // Kept texts stay admitted.
    expect(cache.admit('甲')).toBe(true);
    expect(cache.size).toBe(1);
  });

  it('never keeps a text over the length limit', () => {
    const cache = new RecurringTextCache<number>({ maxEntries: 8, maxChars: 80, maxTextLength: 5 });
    expect(cache.admit('abcdef')).toBe(false);
    expect(cache.admit('abcdef')).toBe(false);
    cache.set('abcdef', 1);
    expect(cache.get('abcdef')).toBeUndefined();
  });

  it('evicts the least recently used text beyond its entry and character bounds', () => {
    const cache = new RecurringTextCache<string>({ maxEntries: 2, maxChars: 1000 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A'); // a is now the most recent
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual(['A', 'C']);
    const byChars = new RecurringTextCache<number>({
      maxEntries: 100,
      maxChars: 10,
      maxTextLength: 10,
    });
    byChars.set('12345', 1);
    byChars.set('67890', 2);
    byChars.set('abc', 3);
    expect(byChars.size).toBe(2);
    expect(byChars.get('12345')).toBeUndefined();
    expect(byChars.get('abc')).toBe(3);
  });

  it('keeps texts that share a fingerprint apart', () => {
    const [a, b] = [colliding(27837), colliding(50333)];
    const cache = new RecurringTextCache<string>({ maxEntries: 8, maxChars: 1000 });
    expect(cache.admit(a)).toBe(false);
    // b's fingerprint was seen (as a's): b gets in a sighting early, under its own text.
    expect(cache.admit(b)).toBe(true);
    cache.set(b, 'B');
    expect(cache.get(a)).toBeUndefined();
    expect(cache.get(b)).toBe('B');
    expect(cache.admit(a)).toBe(false);
    expect(cache.admit(a)).toBe(true);
    cache.set(a, 'A');
    expect([cache.get(a), cache.get(b)]).toEqual(['A', 'B']);
    // Evicting one leaves the other findable.
    const small = new RecurringTextCache<string>({ maxEntries: 2, maxChars: 1000 });
    small.set(a, 'A');
    small.set(b, 'B');
    small.set('other', 'O');
    expect([small.get(a), small.get(b), small.get('other')]).toEqual([undefined, 'B', 'O']);
  });

  it('forgets first sightings once its window is full', () => {
    const cache = new RecurringTextCache<number>({ maxEntries: 2, maxChars: 1000 });
    expect(cache.admit('x')).toBe(false);
    expect(cache.admit('y')).toBe(false);
    // The window holds two first sightings: a third clears it.
    expect(cache.admit('z')).toBe(false);
    expect(cache.admit('x')).toBe(false);
    expect(cache.admit('z')).toBe(true);
  });
});

describe('RecurringTextCache options', () => {
  it('refuses bounds that are not positive whole numbers, with a typed error', () => {
    const bad: unknown[] = [
      { maxEntries: 0, maxChars: 10 },
      { maxEntries: 4, maxChars: -1 },
      { maxEntries: 1.5, maxChars: 10 },
      { maxEntries: 4, maxChars: 10, maxTextLength: Number.NaN },
      { maxEntries: '4', maxChars: 10 },
      null,
    ];
    for (const options of bad) {
      let error: unknown;
      try {
        new RecurringTextCache(options as never);
      } catch (e) {
        error = e;
      }
      expect(NavworldError.isInstance(error)).toBe(true);
      expect((error as NavworldError).code).toBe('VALIDATION_FAILED');
      expect((error as NavworldError).hint).toMatch(/maxEntries/);
    }
    expect(
      () => new RecurringTextCache({ maxEntries: 1, maxChars: 1, maxTextLength: 0 }),
    ).not.toThrow();
  });
});
