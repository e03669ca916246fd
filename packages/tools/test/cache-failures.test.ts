// Failures of the SQLite cache that say nothing against its file: the file must stay where it is, with what it
// holds. The driver is wrapped so that a test can make it fail to load (as a native build for another Node.js
// version does) or make one call fail with a given SQLite code; otherwise it is the real driver on a real file.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { createSqliteCache } from '../src/index';
import type * as DriverModule from '../src/internal/sqlite-driver';
import { tempDir } from './helpers';

const failures = vi.hoisted(() => ({
  /** Thrown by the driver's constructor while set. */
  open: undefined as Error | undefined,
  /** Thrown once by the next statement run or read, then cleared. */
  call: undefined as Error | undefined,
  /** Thrown by the driver's loader while set (the optional driver is not installed). */
  missing: undefined as Error | undefined,
}));

vi.mock('../src/internal/sqlite-driver', async (importOriginal) => {
  const { sqliteDriver } = await importOriginal<typeof DriverModule>();
  const Real = sqliteDriver();
  class Wrapped {
    constructor(...args: ConstructorParameters<typeof Real>) {
      if (failures.open) throw failures.open;
      const db = new Real(...args);
      const prepare = db.prepare.bind(db);
      db.prepare = ((sql: string) => {
        const statement = prepare(sql) as unknown as Record<string, (...a: unknown[]) => unknown>;
        for (const method of ['get', 'run']) {
          const real = statement[method]!.bind(statement);
          statement[method] = (...a: unknown[]) => {
            const failure = failures.call;
            if (failure) {
              failures.call = undefined;
              throw failure;
            }
            return real(...a);
          };
        }
        return statement;
      }) as unknown as typeof db.prepare;
      return db;
    }
  }
  return {
    sqliteDriver: () => {
      if (failures.missing) throw failures.missing;
      return Wrapped as unknown as typeof Database;
    },
  };
});

function sqliteError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

const hashOf = (path: string): string =>
  createHash('sha256').update(readFileSync(path)).digest('hex');

/** A cache file holding `k` → `saved`, closed. */
function savedCache(): { dir: string; path: string } {
  const dir = tempDir();
  const path = join(dir, 'cache.sqlite');
  const cache = createSqliteCache({ path });
  cache.set('k', 'saved', 3600);
  cache.close();
  return { dir, path };
}

describe('sqlite cache failures that leave the file alone', () => {
  it('a driver that cannot load: memory for this process, the file untouched, a hint to rebuild', () => {
    const { dir, path } = savedCache();
    const before = hashOf(path);
    failures.open = sqliteError(
      'ERR_DLOPEN_FAILED',
      "The module 'better_sqlite3.node' was compiled against a different Node.js version using NODE_MODULE_VERSION 137. This version of Node.js requires NODE_MODULE_VERSION 115.",
    );
    const warnings: string[] = [];
    try {
      const cache = createSqliteCache({ path, logger: { warn: (m) => warnings.push(m) } });
      expect(cache.get('k')).toBeUndefined();
      cache.set('m', 'in memory', 60);
      expect(cache.get('m')).toBe('in memory');
      cache.close();
    } finally {
      failures.open = undefined;
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('using memory instead');
    expect(warnings[0]).toContain('npm rebuild better-sqlite3');
    expect(readdirSync(dir).filter((f) => f.includes('.corrupt-'))).toEqual([]);
    expect(hashOf(path)).toBe(before);
    // Once the driver loads again, the saved entry is there.
    const again = createSqliteCache({ path });
    expect(again.get('k')).toBe('saved');
    again.close();
  });

  it('a database busy when opened: memory, the file untouched, no rebuild hint', () => {
    const { dir, path } = savedCache();
    failures.open = sqliteError('SQLITE_BUSY', 'database is locked');
    const warnings: string[] = [];
    try {
      createSqliteCache({ path, logger: { warn: (m) => warnings.push(m) } }).close();
    } finally {
      failures.open = undefined;
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('the file is left as it is');
    expect(warnings[0]).not.toContain('rebuild');
    expect(readdirSync(dir).filter((f) => f.includes('.corrupt-'))).toEqual([]);
    const again = createSqliteCache({ path });
    expect(again.get('k')).toBe('saved');
    again.close();
  });

  it('a busy database during a call costs that call its cache only, and warns once', () => {
    const { dir, path } = savedCache();
    const warnings: string[] = [];
    const cache = createSqliteCache({ path, logger: { warn: (m) => warnings.push(m) } });
    failures.call = sqliteError('SQLITE_BUSY', 'database is locked');
    expect(cache.get('k')).toBeUndefined();
    expect(cache.get('k')).toBe('saved');
    failures.call = sqliteError('SQLITE_BUSY', 'database is locked');
    cache.set('lost', 'x', 60);
    cache.set('kept', 'y', 60);
    expect(cache.get('lost')).toBeUndefined();
    expect(cache.get('kept')).toBe('y');
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2 });
    cache.close();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('the file is left as it is');
    expect(readdirSync(dir).filter((f) => f.includes('.corrupt-'))).toEqual([]);
  });

  it('a damaged file met during a call is still moved aside and replaced', () => {
    const { dir, path } = savedCache();
    const warnings: string[] = [];
    const cache = createSqliteCache({ path, logger: { warn: (m) => warnings.push(m) } });
    failures.call = sqliteError('SQLITE_CORRUPT', 'database disk image is malformed');
    expect(cache.get('k')).toBeUndefined();
    cache.set('new', 'z', 60);
    expect(cache.get('new')).toBe('z');
    expect(cache.get('k')).toBeUndefined();
    cache.close();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('moved to');
    expect(readdirSync(dir)).toContain('cache.sqlite.corrupt-1');
  });
});
