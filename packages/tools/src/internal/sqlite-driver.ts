// The SQLite driver, loaded when a cache file is first opened rather than when the package is imported.
// better-sqlite3 is a native addon and an optional dependency: where it could not be built (no prebuilt binary
// for the platform and no compiler) the install goes on without it, and the package still loads and runs with a
// memory cache.
import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';

/** The driver's constructor. */
export type SqliteDriver = typeof Database;

let loaded: SqliteDriver | undefined;

/**
 * The better-sqlite3 constructor. Throws an error with code `MODULE_NOT_FOUND` and a one-line message when it is
 * not installed (require's own message lists the require stack, paths included); a native build for another
 * Node.js version fails later, when a database is opened.
 */
export function sqliteDriver(): SqliteDriver {
  if (loaded !== undefined) return loaded;
  try {
    // A CommonJS bundle of this code (esbuild's, say) has no import.meta.url, but its own require.
    const url: unknown = import.meta.url;
    const load = typeof url === 'string' ? createRequire(url) : require;
    loaded = load('better-sqlite3') as SqliteDriver;
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e?.code !== 'MODULE_NOT_FOUND') throw error;
    throw Object.assign(new Error('better-sqlite3 is not installed'), { code: 'MODULE_NOT_FOUND' });
  }
  return loaded;
}
