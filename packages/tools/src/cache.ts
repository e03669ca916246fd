import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import { CACHE_DEFAULTS } from './config';
import { sqliteDriver } from './internal/sqlite-driver';
import type { CacheStats, ToolCache, ToolLogger } from './types';

/** Options of {@link createMemoryCache}. */
export interface MemoryCacheOptions {
  /** Most entries kept; the least recently used go first. Default 50 000. */
  maxEntries?: number;
  /** Wall clock in epoch milliseconds, for expiry. Default `Date.now`. */
  clock?: () => number;
}

/** An in-process LRU cache with per-entry expiry, for tests and short runs. */
export function createMemoryCache(options: MemoryCacheOptions = {}): ToolCache {
  const maxEntries = options.maxEntries ?? CACHE_DEFAULTS.memoryMaxEntries;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, { value: string; expiresAt: number }>();
  let hits = 0;
  let misses = 0;
  let evictions = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined || entry.expiresAt <= clock()) {
        if (entry !== undefined) entries.delete(key);
        misses++;
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      hits++;
      return entry.value;
    },
    set(key, value, ttlSeconds) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: clock() + ttlSeconds * 1000 });
      while (entries.size > maxEntries) {
        entries.delete(entries.keys().next().value!);
        evictions++;
      }
    },
    stats: () => ({ hits, misses, entries: entries.size, evictions }),
    close() {
      entries.clear();
    },
  };
}

/** A cache that stores nothing. */
export function createNoCache(): ToolCache {
  let misses = 0;
  return {
    get() {
      misses++;
      return undefined;
    },
    set() {},
    stats: () => ({ hits: 0, misses, entries: 0, evictions: 0 }),
    close() {},
  };
}

/** Options of {@link createSqliteCache}. */
export interface SqliteCacheOptions {
  /** The cache file; its directory is created when missing. */
  path: string;
  /** Most entries kept; the least recently used go first. Default 200 000. */
  maxEntries?: number;
  /** Where the one warning about a replaced corrupt file goes. Default: nowhere. */
  logger?: ToolLogger;
  /** Wall clock in epoch milliseconds, for expiry and recency. Default `Date.now`. */
  clock?: () => number;
}

type Db = InstanceType<typeof Database>;

interface Statements {
  get: Database.Statement<[string, number], { value: string }>;
  touch: Database.Statement<[number, string]>;
  put: Database.Statement<[string, string, number, number]>;
  drop: Database.Statement<[string]>;
  count: Database.Statement<[], { n: number }>;
  evict: Database.Statement<[number]>;
  purge: Database.Statement<[number]>;
}

function openDatabase(path: string): { db: Db; statements: Statements } {
  const Driver = sqliteDriver();
  const db = new Driver(path, { timeout: 5000 });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(
      'CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER NOT NULL, used_at INTEGER NOT NULL)',
    );
    db.exec('CREATE INDEX IF NOT EXISTS entries_used_at ON entries (used_at)');
    // Reading every row proves the file is whole; a truncated file fails here rather than mid-run.
    db.prepare('SELECT count(*) AS n, max(length(value)) AS m FROM entries').get();
    const statements: Statements = {
      get: db.prepare('SELECT value FROM entries WHERE key = ? AND expires_at > ?'),
      touch: db.prepare('UPDATE entries SET used_at = ? WHERE key = ?'),
      put: db.prepare(
        'INSERT OR REPLACE INTO entries (key, value, expires_at, used_at) VALUES (?, ?, ?, ?)',
      ),
      drop: db.prepare('DELETE FROM entries WHERE key = ?'),
      count: db.prepare('SELECT count(*) AS n FROM entries'),
      evict: db.prepare(
        'DELETE FROM entries WHERE key IN (SELECT key FROM entries ORDER BY used_at ASC LIMIT ?)',
      ),
      purge: db.prepare('DELETE FROM entries WHERE expires_at <= ?'),
    };
    return { db, statements };
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Whether a SQLite error says the file itself is damaged (not a database, or a malformed image). Only such a
 * file is moved aside: a driver that fails to load (a native build for another Node.js version), a database
 * busy in another process, or a permission error says nothing against the file, and moving a good cache aside
 * would lose what it holds to every later run.
 */
function isDamagedFile(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return (
    typeof code === 'string' && (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'))
  );
}

/** What to do about an error that kept the cache file from opening, for the warning. */
function openAdvice(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown; syscall?: unknown } | null | undefined;
  const message = typeof e?.message === 'string' ? e.message : '';
  // Its folder could not be made: there is no file to speak of.
  if (e?.syscall === 'mkdir')
    return 'no file was made; point NAVWORLD_CACHE_DIR at a writable folder';
  if (e?.code === 'MODULE_NOT_FOUND')
    return 'it is an optional dependency whose native build may have failed; install it to keep the cache between runs';
  if (e?.code === 'ERR_DLOPEN_FAILED' || /NODE_MODULE_VERSION|bindings file/.test(message))
    return 'the file is left as it is; run `npm rebuild better-sqlite3` for this Node.js version';
  return 'the file is left as it is';
}

/**
 * Makes `dir` and its missing parents one level at a time. A recursive `mkdirSync` never returns for a path
 * under a pseudo file system such as /proc on Node 20 (each level reports missing, then existing, forever);
 * here the first level that cannot be made throws, and the cache falls back to memory at once.
 */
function makeFolders(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d) && !missing.includes(d); d = dirname(d)) missing.push(d);
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (error) {
      // Another process may have made it meanwhile.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

function moveAside(path: string): string {
  let n = 1;
  while (existsSync(`${path}.corrupt-${n}`)) n++;
  const target = `${path}.corrupt-${n}`;
  renameSync(path, target);
  for (const suffix of ['-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  return target;
}

/**
 * A persistent cache in one SQLite file, shareable between processes (WAL mode). Expired entries are misses,
 * the size cap evicts the least recently used entries, and a corrupt or unreadable file is moved aside and
 * recreated with one warning. If even a fresh file cannot be opened, the cache degrades to memory.
 */
export function createSqliteCache(options: SqliteCacheOptions): ToolCache {
  const maxEntries = Math.max(1, options.maxEntries ?? CACHE_DEFAULTS.maxEntries);
  const clock = options.clock ?? Date.now;
  const logger = options.logger;
  let warned = false;
  const warnOnce = (message: string): void => {
    if (!warned) logger?.warn(message);
    warned = true;
  };
  let fallback: ToolCache | undefined;
  let handle: { db: Db; statements: Statements } | undefined;

  const open = (): void => {
    makeFolders(dirname(options.path));
    // A device, pipe or folder is never opened (reading a pipe would block) nor moved aside (renaming
    // /dev/null as root would break the machine): the cache falls back to memory.
    if (statSync(options.path, { throwIfNoEntry: false })?.isFile() === false)
      throw new Error(`${options.path} is not a regular file`);
    try {
      handle = openDatabase(options.path);
    } catch (error) {
      if (isDamagedFile(error) && existsSync(options.path)) {
        const aside = moveAside(options.path);
        warnOnce(
          `navworld tool cache ${options.path} was unreadable (${(error as Error).message}); moved to ${aside} and recreated`,
        );
        handle = openDatabase(options.path);
      } else {
        throw error;
      }
    }
  };

  // A damaged file is replaced; any other failure (a busy database, say) costs this call its cache only.
  const recover = (error: unknown): void => {
    if (!isDamagedFile(error)) {
      warnOnce(
        `navworld tool cache ${options.path} failed (${(error as Error).message}); the file is left as it is`,
      );
      return;
    }
    try {
      handle?.db.close();
    } catch {
      // Closing a broken handle may fail too; the file is replaced either way.
    }
    handle = undefined;
    try {
      if (statSync(options.path, { throwIfNoEntry: false })?.isFile() === true) {
        const aside = moveAside(options.path);
        warnOnce(
          `navworld tool cache ${options.path} failed (${(error as Error).message}); moved to ${aside} and recreated`,
        );
      }
      open();
    } catch (again) {
      warnOnce(
        `navworld tool cache ${options.path} is unusable (${(again as Error).message}); using memory instead`,
      );
      fallback = createMemoryCache({ maxEntries, clock });
    }
  };

  try {
    open();
  } catch (error) {
    warnOnce(
      `navworld tool cache ${options.path} cannot be opened (${(error as Error).message}); using memory instead (${openAdvice(error)})`,
    );
    fallback = createMemoryCache({ maxEntries, clock });
  }

  let hits = 0;
  let misses = 0;
  let evictions = 0;
  let approxCount = handle?.statements.count.get()?.n ?? 0;

  const cache: ToolCache = {
    get(key) {
      if (fallback !== undefined) return fallback.get(key);
      try {
        const now = clock();
        const row = handle!.statements.get.get(key, now);
        if (row === undefined) {
          misses++;
          return undefined;
        }
        handle!.statements.touch.run(now, key);
        hits++;
        return row.value;
      } catch (error) {
        recover(error);
        misses++;
        return undefined;
      }
    },
    set(key, value, ttlSeconds) {
      if (fallback !== undefined) return fallback.set(key, value, ttlSeconds);
      try {
        const now = clock();
        const { statements } = handle!;
        const info = statements.put.run(key, value, now + ttlSeconds * 1000, now);
        if (info.changes > 0) approxCount++;
        if (approxCount > maxEntries) {
          statements.purge.run(now);
          approxCount = statements.count.get()?.n ?? 0;
          const excess = approxCount - maxEntries;
          if (excess > 0) {
            // Evict a little more than needed so eviction runs rarely.
            const batch = Math.min(approxCount - 1, excess + Math.ceil(maxEntries * 0.05));
            evictions += statements.evict.run(batch).changes;
            approxCount = statements.count.get()?.n ?? 0;
          }
        }
      } catch (error) {
        recover(error);
      }
    },
    stats(): CacheStats {
      if (fallback !== undefined) {
        const s = fallback.stats();
        return {
          hits: hits + s.hits,
          misses: misses + s.misses,
          entries: s.entries,
          evictions: evictions + s.evictions,
        };
      }
      let entries = approxCount;
      try {
        entries = handle!.statements.count.get()?.n ?? approxCount;
      } catch {
        // Counting is informational; keep the estimate.
      }
      return { hits, misses, entries, evictions };
    },
    close() {
      fallback?.close();
      try {
        handle?.db.close();
      } catch {
        // Already closed or broken.
      }
      handle = undefined;
    },
  };
  return cache;
}
