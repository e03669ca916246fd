import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CODES, NavworldError, epochAt, saltFromEnv, type Epoch } from '@navworld/core-types';
import { createMemoryCache, createNoCache, createSqliteCache } from './cache';
import { createRecordingProvider, createReplayProvider } from './cassette';
import { CACHE_DEFAULTS } from './config';
import { createAmapProvider, parseAmapKeys } from './providers/amap';
import { createOfflineProvider } from './providers/offline';
import type { MapProvider, ToolCache, ToolContext, ToolLogger, WorldName } from './types';

/** Options of {@link createToolContext}. Every option has an environment-variable fallback where noted. */
export interface ToolContextOptions {
  /** The world: `offline` (default), `amap`, `replay` or `record`. Env `NAVWORLD_WORLD`. */
  world?: WorldName;
  /** The epoch; default `epochAt(now)` with the salt pinned by `NAVWORLD_EPOCH_SALT` if set. */
  epoch?: Epoch;
  /** Logical time of the calls (epoch ms): the weather's first day. Default: the epoch's start, else the clock. */
  now?: number;
  /**
   * Cache: a kind or an instance. Default `sqlite` for `amap`, `memory` otherwise. Env `NAVWORLD_CACHE` (blank
   * counts as unset).
   */
  cache?: CacheKind | ToolCache;
  /** SQLite cache file. Default `$NAVWORLD_CACHE_DIR/cache.sqlite`, else `~/.cache/navworld/cache.sqlite`. */
  cachePath?: string;
  /** Cache size cap in entries. Env `NAVWORLD_CACHE_MAX_ENTRIES`. Default 200 000. */
  cacheMaxEntries?: number;
  /** AMap keys (array or comma-separated). Env `AMAP_MAPS_API_KEY`. */
  amapKeys?: string | readonly string[];
  /** AMap base URL. Env `NAVWORLD_AMAP_BASE_URL`. Default `https://restapi.amap.com`. */
  amapBaseUrl?: string;
  /** AMap request timeout in ms. Default 10 000. */
  amapTimeoutMs?: number;
  /** Cassette file for `record` / `replay`. Env `NAVWORLD_CASSETTE`. */
  cassettePath?: string;
  /** The world a `record` context records: `amap` when keys are configured, else `offline`. */
  recordWorld?: 'offline' | 'amap';
  /** A custom map provider (overrides `world`'s provider). */
  provider?: MapProvider;
  /** Warning sink (e.g. for a replaced corrupt cache file). Default: silent. */
  logger?: ToolLogger;
  /** Wall clock (epoch ms) for cache expiry and TTLs. Default `Date.now`. */
  clock?: () => number;
  /** Environment to read fallbacks from. Default `process.env`. */
  env?: Record<string, string | undefined>;
}

/** Every kind of tool cache a name can choose (`cache`, `NAVWORLD_CACHE`), in the order help texts list them. */
export const CACHE_KINDS = Object.freeze(['memory', 'sqlite', 'none'] as const);

/** A kind of tool cache; see {@link CACHE_KINDS}. */
export type CacheKind = (typeof CACHE_KINDS)[number];

/** Every tool world, in the order help texts list them. */
export const WORLD_NAMES = Object.freeze([
  'offline',
  'amap',
  'replay',
  'record',
] as const satisfies readonly WorldName[]);

/** Whether `value` names a tool world. */
export function isWorldName(value: unknown): value is WorldName {
  return (WORLD_NAMES as readonly unknown[]).includes(value);
}

/** Where the persistent cache lives by default. */
export function defaultCachePath(env: Record<string, string | undefined> = process.env): string {
  if (env['NAVWORLD_CACHE_DIR']) return join(env['NAVWORLD_CACHE_DIR'], CACHE_DEFAULTS.fileName);
  const base = env['XDG_CACHE_HOME'] || join(homedir(), '.cache');
  return join(base, 'navworld', CACHE_DEFAULTS.fileName);
}

function configError(message: string, hint: string): NavworldError {
  return new NavworldError(ERROR_CODES.CONFIG_ERROR, message, { hint });
}

function amapProvider(
  options: ToolContextOptions,
  env: Record<string, string | undefined>,
): MapProvider {
  const keys =
    typeof options.amapKeys === 'string'
      ? parseAmapKeys(options.amapKeys)
      : options.amapKeys !== undefined
        ? options.amapKeys.filter((k) => k.trim() !== '')
        : parseAmapKeys(env['AMAP_MAPS_API_KEY']);
  if (keys.length === 0) {
    throw new NavworldError(ERROR_CODES.MISSING_API_KEY, 'the amap world needs an AMap API key', {
      hint: 'set AMAP_MAPS_API_KEY (several keys may be comma-separated) or use the offline world',
    });
  }
  return createAmapProvider({
    keys,
    ...((options.amapBaseUrl ?? env['NAVWORLD_AMAP_BASE_URL'])
      ? { baseUrl: (options.amapBaseUrl ?? env['NAVWORLD_AMAP_BASE_URL'])! }
      : {}),
    ...(options.amapTimeoutMs !== undefined ? { timeoutMs: options.amapTimeoutMs } : {}),
  });
}

function resolveCache(
  kind: ToolContextOptions['cache'],
  world: WorldName,
  options: ToolContextOptions,
  env: Record<string, string | undefined>,
  clock: () => number,
): ToolCache {
  if (kind !== undefined && typeof kind === 'object') return kind;
  const chosen = kind ?? (world === 'amap' ? 'sqlite' : 'memory');
  const fromEnv = env['NAVWORLD_CACHE_MAX_ENTRIES'];
  const maxRaw =
    options.cacheMaxEntries ??
    (fromEnv ? (/^\s*\d+\s*$/.test(fromEnv) ? Number(fromEnv) : Number.NaN) : undefined);
  if (maxRaw !== undefined && (!Number.isInteger(maxRaw) || maxRaw < 1)) {
    // The variable's own text is named (a NaN would say nothing), cut short in case it is long.
    const given =
      options.cacheMaxEntries !== undefined
        ? String(maxRaw)
        : JSON.stringify(fromEnv?.slice(0, 40));
    throw configError(
      `invalid cache size ${given}`,
      'NAVWORLD_CACHE_MAX_ENTRIES (or cacheMaxEntries) must be a whole number of at least 1',
    );
  }
  switch (chosen) {
    case 'none':
      return createNoCache();
    case 'memory':
      return createMemoryCache({ clock, ...(maxRaw !== undefined ? { maxEntries: maxRaw } : {}) });
    case 'sqlite':
      return createSqliteCache({
        path: options.cachePath ?? defaultCachePath(env),
        clock,
        ...(maxRaw !== undefined ? { maxEntries: maxRaw } : {}),
        ...(options.logger !== undefined ? { logger: options.logger } : {}),
      });
    default:
      throw configError(
        `unknown cache kind "${String(chosen)}"`,
        `use ${CACHE_KINDS.slice(0, -1).join(', ')} or ${CACHE_KINDS.at(-1)!}`,
      );
  }
}

/**
 * Builds the context every tool call runs in: world, epoch, logical time, cache. Throws `CONFIG_ERROR` or
 * `MISSING_API_KEY` for unusable configuration (this is the only place that may throw).
 */
export function createToolContext(options: ToolContextOptions = {}): ToolContext {
  const env = options.env ?? process.env;
  const clock = options.clock ?? Date.now;
  const named: string = options.world ?? (env['NAVWORLD_WORLD']?.trim() || 'offline');
  if (!isWorldName(named)) {
    throw configError(`unknown world "${named}"`, `use one of ${WORLD_NAMES.join(', ')}`);
  }
  const world: WorldName = named;
  const now =
    options.now ?? (options.epoch !== undefined ? options.epoch.startsAt * 1000 : clock());
  const salt = saltFromEnv(env);
  const epoch = options.epoch ?? epochAt(now, salt === undefined ? {} : { salt });
  const cassettePath = options.cassettePath ?? env['NAVWORLD_CASSETTE'];
  let provider = options.provider;
  if (provider === undefined) {
    if (world === 'offline') provider = createOfflineProvider();
    else if (world === 'amap') provider = amapProvider(options, env);
    else {
      if (cassettePath === undefined || cassettePath === '') {
        throw configError(
          `the ${world} world needs a cassette file`,
          'pass cassettePath or set NAVWORLD_CASSETTE',
        );
      }
      if (world === 'replay') {
        // A cassette that is not there would turn every call into a miss: say so now, not per call.
        if (!existsSync(cassettePath)) {
          throw configError(
            `the replay cassette ${cassettePath} does not exist`,
            'record one with world "record" first, or point cassettePath / NAVWORLD_CASSETTE at it',
          );
        }
        provider = createReplayProvider({ path: cassettePath });
      } else {
        const recordWorld =
          options.recordWorld ??
          (parseAmapKeys(env['AMAP_MAPS_API_KEY']).length > 0 || options.amapKeys
            ? 'amap'
            : 'offline');
        const inner = recordWorld === 'amap' ? amapProvider(options, env) : createOfflineProvider();
        provider = createRecordingProvider(inner, { path: cassettePath });
      }
    }
  }
  const cache = resolveCache(
    options.cache ?? ((env['NAVWORLD_CACHE']?.trim() || undefined) as CacheKind | undefined),
    world,
    options,
    env,
    clock,
  );
  const logger = options.logger ?? { warn: () => undefined };
  return {
    world,
    epoch,
    now,
    provider,
    cache,
    logger,
    clock,
    close: () => cache.close(),
  };
}
