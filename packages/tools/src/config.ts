// Every tunable constant of @navworld/tools lives here, so each number has one home.

/** Version of the offline world and the renderers; part of every cache key, so a change invalidates old entries. */
export const WORLD_VERSION = 'world-1.0.0';

/** Per-episode call budgets of the map tools (transport tools are unlimited). Enforced by the environment. */
export const TOOL_BUDGETS: Readonly<
  Record<'direction' | 'poi_search' | 'around_search' | 'weather', number>
> = Object.freeze({ direction: 10, poi_search: 10, around_search: 6, weather: 3 });

/** Largest accepted argument payload, in UTF-8 bytes. */
export const MAX_ARGUMENT_BYTES = 16 * 1024;

/**
 * Deepest accepted nesting of argument objects and arrays (`{"city": "杭州"}` is one level). The six tools
 * take flat objects, so this only refuses junk, before anything walks it.
 */
export const MAX_ARGUMENT_DEPTH = 64;

/** Longest accepted poi_search keyword, in characters (AMap's own limit). */
export const MAX_ADDRESS_CHARS = 80;

/** around_search radius bounds and default, in metres. */
export const RADIUS = { min: 0, max: 50_000, default: 5_000 } as const;

/** Most waypoints a driving route accepts. */
export const MAX_WAYPOINTS = 16;

/** Rough bounding box of mainland China and its islands (GCJ-02 degrees). */
export const CHINA_BOUNDS = { minLng: 73, maxLng: 136, minLat: 3, maxLat: 54 } as const;

/** Decimal places kept in normalised coordinates. */
export const COORDINATE_DECIMALS = 6;

/** Longest rendered result (characters) before head/tail truncation. */
export const MAX_RESULT_CHARS = 5000;

/** POIs returned by poi_search: at least this many when anything matches, at most `max`. */
export const POI_SEARCH_LIMITS = { min: 5, max: 10 } as const;

/** POIs returned by around_search at most. */
export const AROUND_SEARCH_LIMIT = 10;

/** A location farther than this from every known city centre is outside the offline world (km). */
export const OFFLINE_WORLD_REACH_KM = 120;

/** Route shape per travel mode: detour over the straight line, average speed, fixed overhead. */
export const MODE_PROFILES = {
  driving: { label: '驾车', detour: 1.32, speedKmh: 32, overheadMin: 3, maxKm: 3000 },
  walking: { label: '步行', detour: 1.22, speedKmh: 4.8, overheadMin: 0, maxKm: 100 },
  bicycling: { label: '骑行', detour: 1.25, speedKmh: 13, overheadMin: 1, maxKm: 200 },
  electrobike: { label: '电动车', detour: 1.25, speedKmh: 20, overheadMin: 1, maxKm: 200 },
  transit: { label: '公共交通', detour: 1.38, speedKmh: 22, overheadMin: 10, maxKm: 150 },
} as const;

/** Taxi fare model: flag-fall covering the first kilometres, then a per-kilometre price. */
export const TAXI_FARE = {
  flagFall: 13,
  includedKm: 3,
  perKm: 2.5,
  longDistanceKm: 15,
  longDistanceFactor: 1.5,
} as const;

/** Days in a weather forecast. */
export const FORECAST_DAYS = 4;

/** China Standard Time offset, for the calendar date of a timestamp. */
export const CHINA_UTC_OFFSET_MS = 8 * 3600 * 1000;

/** AMap REST settings. */
export const AMAP = {
  baseUrl: 'https://restapi.amap.com',
  timeoutMs: 10_000,
  quotaInfos: [
    'OVER_LIMIT',
    'USER_DAILY_QUERY_OVER_LIMIT',
    'DAILY_QUERY_OVER_LIMIT',
    'QPS_OVER_LIMIT',
    'INVALID_USER_KEY',
    'INVALID_USER_SCODE',
  ],
  quotaInfocodes: ['10004', '10005', '30001'],
} as const;

/** Persistent cache defaults. */
export const CACHE_DEFAULTS = {
  fileName: 'cache.sqlite',
  maxEntries: 200_000,
  memoryMaxEntries: 50_000,
} as const;

/** Offline POI tables kept in memory at once (one per city and salt). */
export const POI_TABLE_MEMO_SIZE = 256;
