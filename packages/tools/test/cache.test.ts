import { spawnSync } from 'node:child_process';
import { readFileSync, truncateSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EPOCH_SECONDS, epochAt } from '@navworld/core-types';
import {
  callTool,
  createMemoryCache,
  createSqliteCache,
  createToolContext,
  toolCacheKey,
} from '../src/index';
import { runChild, tempDir } from './helpers';

const EPOCH = epochAt(Date.UTC(2025, 4, 1), { salt: 'cache' });

describe('memory cache', () => {
  it('expires entries and evicts the least recently used', () => {
    let now = 1_000_000;
    const cache = createMemoryCache({ maxEntries: 2, clock: () => now });
    cache.set('a', 'A', 10);
    cache.set('b', 'B', 10);
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C', 10);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    now += 10_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats()).toEqual({ hits: 2, misses: 2, entries: 1, evictions: 1 });
  });
});

describe('tool results in the cache', () => {
  it('serves a repeated call from the cache and never caches errors', async () => {
    const ctx = createToolContext({ epoch: EPOCH, cache: 'memory' });
    const first = await callTool('weather', { city: '杭州' }, ctx);
    const second = await callTool('weather', '{"city":"杭州市"}', ctx);
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(second.text).toBe(first.text);
    await callTool('weather', { city: '火星' }, ctx);
    const again = await callTool('weather', { city: '火星' }, ctx);
    expect(again.cached).toBe(false);
    expect(ctx.cache.stats().entries).toBe(1);
  });

  it('keys by provider, tool, normalised arguments and salt', () => {
    const a = createToolContext({ epoch: EPOCH, cache: 'none' });
    const b = createToolContext({ epoch: { ...EPOCH, salt: 'other' }, cache: 'none' });
    const key = toolCacheKey('poi_search', { address: '西湖', region: '杭州' }, a);
    expect(key).toContain('|offline|poi_search|cache|');
    expect(toolCacheKey('poi_search', { region: '杭州', address: '西湖' }, a)).toBe(key);
    expect(toolCacheKey('poi_search', { address: '西湖', region: '杭州' }, b)).not.toBe(key);
  });

  it('lives until the epoch ends, but at least a day (pinned clock)', async () => {
    const cases: Array<[number, number]> = [
      [EPOCH.startsAt, EPOCH_SECONDS],
      [EPOCH.startsAt + 3 * 86_400, EPOCH_SECONDS - 3 * 86_400],
      [EPOCH.endsAt - 3600, 86_400],
      [EPOCH.endsAt - 1, 86_400],
    ];
    for (const [nowSeconds, ttl] of cases) {
      let clock = nowSeconds * 1000;
      const cache = createMemoryCache({ clock: () => clock });
      const ctx = createToolContext({ epoch: EPOCH, cache, clock: () => clock });
      await callTool('weather', { city: '北京' }, ctx);
      clock += ttl * 1000 - 1;
      expect(
        (await callTool('weather', { city: '北京' }, ctx)).cached,
        `alive at ${nowSeconds}`,
      ).toBe(true);
      clock += 1;
      expect(
        (await callTool('weather', { city: '北京' }, ctx)).cached,
        `expired at ${nowSeconds}`,
      ).toBe(false);
    }
  });
});

describe('sqlite cache', () => {
  it('persists across instances and is seen by a second process', () => {
    const path = join(tempDir(), 'cache.sqlite');
    const cache = createSqliteCache({ path });
    cache.set('k1', '值一', 3600);
    cache.close();
    const reopened = createSqliteCache({ path });
    expect(reopened.get('k1')).toBe('值一');
    expect(reopened.get('k2')).toBeUndefined();
    expect(reopened.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
    reopened.close();
    const child = runChild<{ value: string | null; stats: { hits: number } }>('cache-get', {
      path,
      key: 'k1',
    });
    expect(child.value).toBe('值一');
    expect(child.stats.hits).toBe(1);
  });

  it('shares tool results between contexts through the file', async () => {
    const path = join(tempDir(), 'tools.sqlite');
    const one = createToolContext({ epoch: EPOCH, cache: 'sqlite', cachePath: path });
    const a = await callTool('poi_search', { address: '外滩', region: '上海' }, one);
    one.close();
    const two = createToolContext({ epoch: EPOCH, cache: 'sqlite', cachePath: path });
    const b = await callTool('poi_search', { address: '外滩', region: '上海' }, two);
    expect(b.cached).toBe(true);
    expect(b.text).toBe(a.text);
    two.close();
  });

  it('expires entries by the clock and evicts least recently used past the cap', () => {
    let now = 5_000_000;
    const path = join(tempDir(), 'lru.sqlite');
    const cache = createSqliteCache({ path, maxEntries: 20, clock: () => now });
    for (let i = 0; i < 20; i++) {
      now += 1;
      cache.set(`k${i}`, `v${i}`, 60);
    }
    now += 1;
    expect(cache.get('k0')).toBe('v0');
    for (let i = 20; i < 30; i++) {
      now += 1;
      cache.set(`k${i}`, `v${i}`, 60);
    }
    const stats = cache.stats();
    expect(stats.entries).toBeLessThanOrEqual(20);
    expect(stats.evictions).toBeGreaterThan(0);
    expect(cache.get('k0')).toBe('v0');
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.get('k29')).toBe('v29');
    now += 61_000;
    expect(cache.get('k29')).toBeUndefined();
    cache.close();
  });

  it('moves a truncated or garbage file aside, warns once and carries on', () => {
    const dir = tempDir();
    const path = join(dir, 'broken.sqlite');
    const cache = createSqliteCache({ path });
    for (let i = 0; i < 400; i++) cache.set(`key-${i}`, 'x'.repeat(500), 3600);
    cache.close();
    truncateSync(path, Math.floor(statSync(path).size / 3));
    const warnings: string[] = [];
    const recovered = createSqliteCache({ path, logger: { warn: (m) => warnings.push(m) } });
    recovered.set('fresh', 'ok', 3600);
    expect(recovered.get('fresh')).toBe('ok');
    expect(warnings).toHaveLength(1);
    expect(readdirSync(dir).some((f) => f.startsWith('broken.sqlite.corrupt-'))).toBe(true);
    recovered.close();

    const garbage = join(dir, 'garbage.sqlite');
    writeFileSync(garbage, 'this is not a database '.repeat(100));
    const warned: string[] = [];
    const fromGarbage = createSqliteCache({
      path: garbage,
      logger: { warn: (m) => warned.push(m) },
    });
    expect(fromGarbage.get('anything')).toBeUndefined();
    fromGarbage.set('a', 'b', 60);
    expect(fromGarbage.get('a')).toBe('b');
    expect(warned).toHaveLength(1);
    expect(readFileSync(join(dir, 'garbage.sqlite.corrupt-1'), 'utf8')).toContain('not a database');
    fromGarbage.close();
  });

  it('never opens or moves a path that is not a regular file (a pipe, a folder): memory instead', () => {
    const dir = tempDir();
    const fifo = join(dir, 'cache.fifo');
    // A named pipe stands for a device such as /dev/null, which must never be renamed.
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    for (const path of [fifo, dir]) {
      const warnings: string[] = [];
      const cache = createSqliteCache({ path, logger: { warn: (m) => warnings.push(m) } });
      cache.set('a', 'b', 60);
      expect(cache.get('a')).toBe('b');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/is not a regular file.*using memory instead/);
      cache.close();
    }
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir).filter((f) => f.includes('corrupt'))).toEqual([]);
  });

  it('gives up at once on a folder it cannot make, even under /proc, and caches in memory', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'plain-file'), 'x');
    const paths = [join(dir, 'plain-file', 'a', 'cache.sqlite')];
    // Node's recursive mkdir never returns under /proc: run in a child that is killed if it hangs.
    if (process.platform === 'linux') paths.push('/proc/navworld-no/a/cache.sqlite');
    for (const path of paths) {
      const out = runChild<{ warnings: string[]; value: string | null }>(
        'cache-open',
        { path },
        20_000,
      );
      expect(out.value, path).toBe('v');
      expect(out.warnings, path).toEqual([
        expect.stringMatching(
          /cannot be opened .*; using memory instead \(no file was made; point NAVWORLD_CACHE_DIR at /,
        ),
      ]);
    }
  });
});

describe('without the optional SQLite driver', () => {
  // better-sqlite3 is an optional dependency: an install where its native build failed has no driver at all.
  const hidden = ['-r', fileURLToPath(new URL('./fixtures/no-sqlite.cjs', import.meta.url))];

  it('loads, caches in memory with one warning naming the missing driver, and leaves no file', () => {
    const dir = tempDir();
    const path = join(dir, 'cache.sqlite');
    const out = runChild<{ warnings: string[]; value: string | null }>(
      'cache-open',
      { path },
      20_000,
      hidden,
    );
    expect(out.value).toBe('v');
    expect(out.warnings).toHaveLength(1);
    expect(out.warnings[0]).toContain('cannot be opened (better-sqlite3 is not installed)');
    expect(out.warnings[0]).toContain('optional dependency');
    // One line: not the require stack with its paths.
    expect(out.warnings[0]).not.toContain('\n');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('answers tool calls with the SQLite cache asked for, as a process with the driver does', () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ['weather', { city: '杭州' }],
      ['poi_search', { address: '西湖', region: '杭州' }],
    ];
    const without = runChild<{ warnings: string[]; texts: string[] }>(
      'sqlite-calls',
      { path: join(tempDir(), 'cache.sqlite'), calls },
      20_000,
      hidden,
    );
    const withDriver = runChild<{ warnings: string[]; texts: string[] }>(
      'sqlite-calls',
      { path: join(tempDir(), 'cache.sqlite'), calls },
      20_000,
    );
    expect(withDriver.warnings).toEqual([]);
    expect(without.warnings).toHaveLength(1);
    expect(without.texts).toEqual(withDriver.texts);
    expect(without.texts[0]).toContain('杭州');
    expect(without.texts[1]).toContain('西湖');
  });
});

describe('cache configuration', () => {
  it('names a bad NAVWORLD_CACHE_MAX_ENTRIES by its text, and takes a good one', () => {
    for (const value of ['abc', '0', '-5', '1.5', '0x10']) {
      expect(() =>
        createToolContext({ epoch: EPOCH, env: { NAVWORLD_CACHE_MAX_ENTRIES: value } }),
      ).toThrow(
        expect.objectContaining({
          code: 'CONFIG_ERROR',
          message: `invalid cache size ${JSON.stringify(value)}`,
        }),
      );
    }
    const ctx = createToolContext({ epoch: EPOCH, env: { NAVWORLD_CACHE_MAX_ENTRIES: '50' } });
    expect(ctx.cache).toBeDefined();
    ctx.close();
  });

  it('reads NAVWORLD_CACHE trimmed, a blank value as unset, and refuses an unknown kind', () => {
    for (const value of ['', '  ', ' none ']) {
      const ctx = createToolContext({ epoch: EPOCH, env: { NAVWORLD_CACHE: value } });
      expect(ctx.cache).toBeDefined();
      ctx.close();
    }
    expect(() => createToolContext({ epoch: EPOCH, env: { NAVWORLD_CACHE: 'bogus' } })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_ERROR',
        message: 'unknown cache kind "bogus"',
        hint: 'use memory, sqlite or none',
      }),
    );
  });
});
