import { describe, expect, it } from 'vitest';
import { EPOCH_SECONDS, NavworldError, epochAt, epochTtlSeconds, saltFromEnv } from '../src/index';

describe('epochAt', () => {
  it('puts the last second of a week and the first second of the next in different epochs', () => {
    const week = 2999;
    const lastSecond = (week + 1) * EPOCH_SECONDS - 1;
    const a = epochAt(lastSecond * 1000 + 999);
    const b = epochAt((lastSecond + 1) * 1000);
    expect(a).toEqual({
      id: 2999,
      salt: '2999',
      startsAt: 2999 * 604800,
      endsAt: 3000 * 604800,
      pinned: false,
    });
    expect(b.id).toBe(3000);
    expect(b.salt).toBe('3000');
    expect(b.startsAt).toBe(a.endsAt);
  });

  it('computes the week of a known date', () => {
    // 2026-11-29T00:00:00Z is unix 1795910400; 1795910400 / 604800 = 2969.42…
    const epoch = epochAt(new Date('2026-11-29T00:00:00Z'));
    expect(epoch.id).toBe(2969);
    expect(epoch.startsAt).toBe(2969 * 604800);
  });

  it('keeps a pinned salt whatever the week', () => {
    const a = epochAt(Date.UTC(2025, 0, 1), { salt: 'eval-2025' });
    const b = epochAt(Date.UTC(2026, 0, 1), { salt: 'eval-2025' });
    expect(a.salt).toBe('eval-2025');
    expect(b.salt).toBe('eval-2025');
    expect(a.pinned).toBe(true);
    expect(a.id).not.toBe(b.id);
  });

  it('rejects dates before 1970, invalid dates and empty salts with a NavworldError', () => {
    // Plain JavaScript callers may pass nothing, a string or an object: the same typed error.
    const fromJs = [undefined, null, '2026-11-29', {}] as unknown as Date[];
    for (const bad of [
      new Date('1969-12-31T23:59:59Z'),
      -1,
      Number.NaN,
      new Date('nope'),
      ...fromJs,
    ]) {
      let caught: unknown;
      try {
        epochAt(bad);
      } catch (error) {
        caught = error;
      }
      expect(NavworldError.isInstance(caught)).toBe(true);
      expect((caught as NavworldError).code).toBe('INVALID_EPOCH');
      expect((caught as NavworldError).hint).toBeTruthy();
    }
    expect(() => epochAt(0, { salt: '  ' })).toThrow(/must not be empty/);
    expect(() => epochAt(0, { salt: 5 as unknown as string })).toThrow(
      expect.objectContaining({ code: 'INVALID_EPOCH', hint: expect.any(String) }),
    );
    expect(epochAt(0, null as never).salt).toBe('0');
    expect(epochAt(0).id).toBe(0);
  });
});

describe('saltFromEnv and epochTtlSeconds', () => {
  it('reads NAVWORLD_EPOCH_SALT first and TRANSPORT_SALT as an alias', () => {
    expect(saltFromEnv({ NAVWORLD_EPOCH_SALT: 'a', TRANSPORT_SALT: 'b' })).toBe('a');
    expect(saltFromEnv({ TRANSPORT_SALT: 'b' })).toBe('b');
    expect(saltFromEnv({ NAVWORLD_EPOCH_SALT: ' ' })).toBeUndefined();
    expect(saltFromEnv({})).toBeUndefined();
  });

  it('caches until the end of the epoch but at least a day', () => {
    const epoch = epochAt(1000 * 604800 * 10);
    expect(epochTtlSeconds(epoch, epoch.startsAt * 1000)).toBe(604800);
    expect(epochTtlSeconds(epoch, (epoch.endsAt - 60) * 1000)).toBe(86400);
    expect(epochTtlSeconds(epoch, (epoch.endsAt - 100_000) * 1000)).toBe(100_000);
  });
});
