import type { Epoch, NavworldErrorCode } from '@navworld/core-types';

/** Names of the four map tools (served by a map provider). */
export type MapToolName = 'poi_search' | 'around_search' | 'direction' | 'weather';

/** Travel modes of the direction tool. */
export type TravelMode = 'driving' | 'walking' | 'bicycling' | 'electrobike' | 'transit';

/** Which world answers the map tools. */
export type WorldName = 'offline' | 'amap' | 'replay' | 'record';

/** Cost of a POI: per-person spend (餐饮), ticket (景点) or nightly room price (酒店). */
export interface PoiCost {
  /** Which kind of price it is. */
  kind: '人均' | '门票' | '房价';
  /** CNY, integer. */
  value: number;
}

/** One place as every provider returns it, before rendering. */
export interface PoiRecord {
  /** Display name. */
  name: string;
  /** Provider id. */
  id: string;
  /** `lng,lat`. */
  location: string;
  /** Category path, e.g. `餐饮服务;中餐厅;川菜`. */
  type: string;
  /** Street address. */
  address: string;
  /** Province, city and district (admin names, never POIs). */
  pname: string;
  /** City name with its suffix, e.g. `杭州市`. */
  cityname: string;
  /** District name. */
  adname: string;
  /** Rating 0–5, or null when unknown. */
  rating: number | null;
  /** Telephone, or '' when unknown. */
  tel: string;
  /** Opening hours, or '' when unknown. */
  hours: string;
  /** Cost, or null when unknown. */
  cost: PoiCost | null;
  /** Distance from the search centre in metres (around_search only). */
  distance?: number;
}

/** One step of a route. */
export interface RouteStep {
  /** Human instruction, e.g. `沿中山路向东行驶2.1公里，右转进入解放路`. */
  instruction: string;
  /** Road name ('' when none). */
  road: string;
  /** Metres. */
  distance: number;
}

/** One route between two points. */
export interface RouteRecord {
  /** Travel mode. */
  mode: TravelMode;
  /** `lng,lat`. */
  origin: string;
  /** `lng,lat`. */
  destination: string;
  /** Metres. */
  distance: number;
  /** Seconds, or null when the provider gave none. */
  duration: number | null;
  /** Taxi fare estimate in CNY (driving only), or null. */
  taxiCost: number | null;
  /** Public-transport fare in CNY (transit only), or null. */
  fare: number | null;
  /** Line names ridden (transit only). */
  lines: string[];
  /** Steps in order. */
  steps: RouteStep[];
}

/** One forecast day. */
export interface ForecastDay {
  /** `YYYY-MM-DD`. */
  date: string;
  /** Day of the week 1–7 (Monday = 1), as AMap gives it. */
  week: string;
  /** Daytime weather, e.g. `晴`. */
  dayWeather: string;
  /** Night weather. */
  nightWeather: string;
  /** Daytime temperature, °C. */
  dayTemp: number;
  /** Night temperature, °C. */
  nightTemp: number;
  /** Daytime wind direction, e.g. `东南`. */
  dayWind: string;
  /** Night wind direction. */
  nightWind: string;
  /** Daytime wind power, e.g. `3` or `1-3`. */
  dayPower: string;
  /** Night wind power. */
  nightPower: string;
}

/** A city's forecast. */
export interface ForecastRecord {
  /** City name as the provider gives it. */
  city: string;
  /** Province name. */
  province: string;
  /** Days in order. */
  casts: ForecastDay[];
}

/** What a map provider returns for one call, before rendering. */
export type ProviderData =
  | { tool: 'poi_search'; pois: PoiRecord[] }
  | { tool: 'around_search'; pois: PoiRecord[] }
  | { tool: 'direction'; route: RouteRecord }
  | { tool: 'weather'; forecast: ForecastRecord };

/** A provider's answer: data, or a failure with a stable code and a short Chinese message. */
export type ProviderOutcome =
  { ok: true; data: ProviderData } | { ok: false; code: NavworldErrorCode; message: string };

/** Everything a provider may read besides the arguments. */
export interface ProviderCallContext {
  /** The epoch of the call (salts the offline world). */
  epoch: Epoch;
  /** The time of the call, epoch milliseconds (weather dates). */
  now: number;
}

/**
 * A source of map data for the four map tools. Providers receive normalised arguments and must not throw for
 * anything a model can send; unexpected throws are still caught by `callTool`.
 */
export interface MapProvider {
  /** Short name used in cache keys (`offline`, `amap`, `replay`, …). */
  readonly name: string;
  /** Whether results depend on the epoch salt (then the salt is part of cache keys). */
  readonly salted: boolean;
  /** Answers one call. */
  call(
    tool: MapToolName,
    args: Record<string, unknown>,
    context: ProviderCallContext,
  ): Promise<ProviderOutcome>;
}

/** A result cache shared by the tools. Values are rendered result texts. */
export interface ToolCache {
  /** The cached text, or undefined on a miss or after expiry. */
  get(key: string): string | undefined;
  /** Stores a text for `ttlSeconds`. */
  set(key: string, value: string, ttlSeconds: number): void;
  /** Hit and miss counters since creation. */
  stats(): CacheStats;
  /** Releases resources (closes files). */
  close(): void;
}

/** Counters of a {@link ToolCache}. */
export interface CacheStats {
  /** Lookups answered from the cache. */
  hits: number;
  /** Lookups that missed. */
  misses: number;
  /** Entries currently stored (approximate for shared files). */
  entries: number;
  /** Entries dropped to respect the size cap. */
  evictions: number;
}

/** Where warnings go (a library never prints by itself). */
export interface ToolLogger {
  /** A recoverable problem, e.g. a corrupt cache file that was replaced. */
  warn(message: string): void;
}

/** Everything `callTool` needs: the provider, the epoch, the clock value and the cache. */
export interface ToolContext {
  /** The world answering the map tools. */
  readonly world: WorldName;
  /** The epoch every salted result belongs to. */
  readonly epoch: Epoch;
  /** The time of calls made with this context, epoch milliseconds. */
  readonly now: number;
  /** The map provider. */
  readonly provider: MapProvider;
  /** The result cache. */
  readonly cache: ToolCache;
  /** Warning sink. */
  readonly logger: ToolLogger;
  /** Wall-clock source for cache expiry and TTLs (never for data). */
  readonly clock: () => number;
  /** Releases the cache (closes a cache file). */
  close(): void;
}
