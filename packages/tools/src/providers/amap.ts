import { ERROR_CODES, type NavworldErrorCode } from '@navworld/core-types';
import { findCity } from '@navworld/knowledge-graph';
import { AMAP } from '../config';
import type {
  ForecastDay,
  MapProvider,
  MapToolName,
  PoiCost,
  PoiRecord,
  ProviderOutcome,
  RouteRecord,
  RouteStep,
  TravelMode,
} from '../types';

/** Options of {@link createAmapProvider}. */
export interface AmapProviderOptions {
  /** API keys; a call fails over to another key when one is over its quota. */
  keys: readonly string[];
  /** Base URL of the REST API (tests point it at a local server). Default `https://restapi.amap.com`. */
  baseUrl?: string;
  /** Per-request timeout in milliseconds. Default 10 000. */
  timeoutMs?: number;
}

/** Splits an `AMAP_MAPS_API_KEY` value (comma-separated) into trimmed, non-empty keys. */
export function parseAmapKeys(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

type Json = Record<string, unknown>;
type Fetched = { ok: true; body: Json } | { ok: false; code: NavworldErrorCode; message: string };

function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

function num(value: unknown): number | null {
  const text = str(value);
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function obj(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Json)
    : {};
}

function arr(value: unknown): Json[] {
  return Array.isArray(value) ? value.map(obj) : [];
}

/** True when an AMap error body means the key is over its quota (or unusable), so another key may help. */
export function isQuotaFailure(body: Record<string, unknown>): boolean {
  if (str(body['status']) === '1') return false;
  return (
    (AMAP.quotaInfos as readonly string[]).includes(str(body['info'])) ||
    (AMAP.quotaInfocodes as readonly string[]).includes(str(body['infocode']))
  );
}

/**
 * Whether a failed AMap answer blames the request (info codes 2xxxx: invalid, missing or illegal parameters),
 * so that the call's arguments, not the service, are at fault. Key, permission and service errors (1xxxx,
 * 3xxxx) are the service's.
 */
function isRequestFailure(body: Record<string, unknown>): boolean {
  return /^2\d{4}$/.test(str(body['infocode']));
}

function costOf(type: string, business: Json): PoiCost | null {
  const value = num(business['cost']);
  if (value === null) return null;
  const kind: PoiCost['kind'] = type.startsWith('住宿')
    ? '房价'
    : /^(风景名胜|科教文化)/.test(type)
      ? '门票'
      : '人均';
  return { kind, value: Math.round(value) };
}

/** Maps an AMap v5 place record to a {@link PoiRecord}. */
export function poiFromAmap(raw: Json): PoiRecord {
  const business = obj(raw['business']);
  const type = str(raw['type']);
  const record: PoiRecord = {
    name: str(raw['name']),
    id: str(raw['id']),
    location: str(raw['location']),
    type,
    address: str(raw['address']),
    pname: str(raw['pname']),
    cityname: str(raw['cityname']),
    adname: str(raw['adname']),
    rating: num(business['rating']),
    tel: str(business['tel']),
    hours: str(business['opentime_today']) || str(business['opentime_week']),
    cost: costOf(type, business),
  };
  const distance = num(raw['distance']);
  if (distance !== null) record.distance = distance;
  return record;
}

function movementRoute(
  mode: TravelMode,
  origin: string,
  destination: string,
  route: Json,
): RouteRecord | undefined {
  const path = arr(route['paths'])[0];
  if (path === undefined) return undefined;
  const steps: RouteStep[] = arr(path['steps']).map((s) => ({
    instruction: str(s['instruction']),
    road: str(s['road_name']),
    distance: num(s['step_distance']) ?? num(s['distance']) ?? 0,
  }));
  const duration = num(obj(path['cost'])['duration']) ?? num(path['duration']);
  return {
    mode,
    origin,
    destination,
    distance: num(path['distance']) ?? steps.reduce((a, s) => a + s.distance, 0),
    duration,
    taxiCost: mode === 'driving' ? num(route['taxi_cost']) : null,
    fare: null,
    lines: [],
    steps,
  };
}

function transitRoute(origin: string, destination: string, route: Json): RouteRecord | undefined {
  const transit = arr(route['transits'])[0];
  if (transit === undefined) return undefined;
  const lines: string[] = [];
  const steps: RouteStep[] = [];
  for (const segment of arr(transit['segments'])) {
    const walking = obj(segment['walking']);
    const walkM = num(walking['distance']);
    if (walkM !== null && walkM > 0)
      steps.push({ instruction: `步行${Math.round(walkM)}米`, road: '', distance: walkM });
    for (const line of arr(obj(segment['bus'])['buslines']).slice(0, 1)) {
      const name = str(line['name']).replace(/\(.*\)$/, '');
      lines.push(name);
      const from = str(obj(line['departure_stop'])['name']);
      const to = str(obj(line['arrival_stop'])['name']);
      const via = num(line['via_num']);
      steps.push({
        instruction: `乘坐${name}（${from}上车，${to}下车${via === null ? '' : `，途经${via}站`}）`,
        road: '',
        distance: num(line['distance']) ?? 0,
      });
    }
    const railway = obj(segment['railway']);
    if (str(railway['name']) !== '') {
      lines.push(str(railway['name']));
      steps.push({
        instruction: `乘坐${str(railway['name'])}`,
        road: '',
        distance: num(railway['distance']) ?? 0,
      });
    }
  }
  const cost = obj(transit['cost']);
  return {
    mode: 'transit',
    origin,
    destination,
    distance: num(transit['distance']) ?? num(route['distance']) ?? 0,
    duration: num(cost['duration']) ?? num(transit['duration']),
    taxiCost: null,
    fare: num(cost['transit_fee']) ?? num(transit['cost']),
    lines,
    steps,
  };
}

/** Maps an AMap v3 forecast cast to a {@link ForecastDay}. */
export function castFromAmap(raw: Json): ForecastDay {
  return {
    date: str(raw['date']),
    week: str(raw['week']),
    dayWeather: str(raw['dayweather']),
    nightWeather: str(raw['nightweather']),
    dayTemp: num(raw['daytemp']) ?? 0,
    nightTemp: num(raw['nighttemp']) ?? 0,
    dayWind: str(raw['daywind']),
    nightWind: str(raw['nightwind']),
    dayPower: str(raw['daypower']),
    nightPower: str(raw['nightpower']),
  };
}

const DIRECTION_PATHS: Readonly<Record<TravelMode, string>> = {
  driving: '/v5/direction/driving',
  walking: '/v5/direction/walking',
  bicycling: '/v5/direction/bicycling',
  electrobike: '/v5/direction/electrobike',
  transit: '/v5/direction/transit/integrated',
};

function round3(location: string): string {
  const [lng, lat] = location.split(',').map(Number);
  return `${Number((lng ?? 0).toFixed(3))},${Number((lat ?? 0).toFixed(3))}`;
}

/**
 * The real AMap REST API. Keys rotate round-robin; a quota answer marks its key exhausted for the life of
 * the provider and the request is retried once on another key. Failures become outcomes, never throws:
 * quota → `PROVIDER_QUOTA_EXHAUSTED` (its text keeps AMap's `info`, e.g. `USER_DAILY_QUERY_OVER_LIMIT`),
 * timeout → `PROVIDER_TIMEOUT`; unreachable, 5xx / 429, a broken body, or a key or service error →
 * `PROVIDER_UNAVAILABLE`; another 4xx or a parameter error (info code 2xxxx) → `PROVIDER_ERROR`; nothing
 * found → `NO_RESULTS`.
 */
export function createAmapProvider(options: AmapProviderOptions): MapProvider {
  const keys = options.keys.slice();
  const baseUrl = (options.baseUrl ?? AMAP.baseUrl).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? AMAP.timeoutMs;
  const exhausted = new Set<string>();
  const citycodes = new Map<string, string | null>();
  let cursor = 0;

  const nextKey = (avoid?: string): string => {
    const live = keys.filter((k) => !exhausted.has(k) && k !== avoid);
    const pool = live.length > 0 ? live : keys.filter((k) => k !== avoid);
    if (pool.length === 0) return avoid ?? '';
    return pool[cursor++ % pool.length]!;
  };

  const fetchOnce = async (
    path: string,
    params: Record<string, string>,
    key: string,
  ): Promise<Fetched> => {
    const query = new URLSearchParams({ key, ...params });
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}?${query.toString()}`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        return {
          ok: false,
          code: ERROR_CODES.PROVIDER_TIMEOUT,
          message: `地图服务响应超时（${Math.round(timeoutMs / 1000)}秒）`,
        };
      }
      return { ok: false, code: ERROR_CODES.PROVIDER_UNAVAILABLE, message: '地图服务连接失败' };
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      const name = (error as { name?: string }).name;
      const timeout = name === 'TimeoutError' || name === 'AbortError';
      return {
        ok: false,
        code: timeout ? ERROR_CODES.PROVIDER_TIMEOUT : ERROR_CODES.PROVIDER_UNAVAILABLE,
        message: timeout ? '地图服务响应超时' : '地图服务响应中断',
      };
    }
    if (!response.ok) {
      // A 5xx or 429 is the service's trouble; another 4xx answers the request itself.
      const serviceSide = response.status >= 500 || response.status === 429;
      return {
        ok: false,
        code: serviceSide ? ERROR_CODES.PROVIDER_UNAVAILABLE : ERROR_CODES.PROVIDER_ERROR,
        message: `地图服务HTTP错误 ${response.status}`,
      };
    }
    try {
      const body = JSON.parse(text) as unknown;
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        throw new Error('not an object');
      return { ok: true, body: body as Json };
    } catch {
      return {
        ok: false,
        code: ERROR_CODES.PROVIDER_UNAVAILABLE,
        message: '地图服务返回的数据无法解析',
      };
    }
  };

  const request = async (path: string, params: Record<string, string>): Promise<Fetched> => {
    const key = nextKey();
    let result = await fetchOnce(path, params, key);
    if (result.ok && isQuotaFailure(result.body)) {
      exhausted.add(key);
      const other = nextKey(key);
      if (other !== key && other !== '') result = await fetchOnce(path, params, other);
      if (result.ok && isQuotaFailure(result.body)) {
        exhausted.add(other);
        const info = str(result.body['info']) || str(result.body['infocode']);
        return {
          ok: false,
          code: ERROR_CODES.PROVIDER_QUOTA_EXHAUSTED,
          message: `地图服务配额已用尽（${info}），本次调用无效`,
        };
      }
    }
    if (result.ok && str(result.body['status']) !== '1') {
      return {
        ok: false,
        code: isRequestFailure(result.body)
          ? ERROR_CODES.PROVIDER_ERROR
          : ERROR_CODES.PROVIDER_UNAVAILABLE,
        message: `地图服务返回错误：${str(result.body['info']) || 'unknown error'}`,
      };
    }
    return result;
  };

  const citycodeOf = async (location: string): Promise<string | null> => {
    const cacheKey = round3(location);
    if (citycodes.has(cacheKey)) return citycodes.get(cacheKey)!;
    const result = await request('/v3/geocode/regeo', { location });
    const code = result.ok
      ? str(obj(obj(result.body['regeocode'])['addressComponent'])['citycode']) || null
      : null;
    citycodes.set(cacheKey, code);
    return code;
  };

  const call = async (
    tool: MapToolName,
    args: Record<string, unknown>,
  ): Promise<ProviderOutcome> => {
    const s = (k: string): string | undefined =>
      typeof args[k] === 'string' ? args[k] : undefined;
    switch (tool) {
      case 'poi_search':
      case 'around_search': {
        const params: Record<string, string> = { show_fields: 'business' };
        if (tool === 'poi_search') params['keywords'] = s('address') ?? '';
        else {
          params['location'] = s('location') ?? '';
          params['radius'] = typeof args['radius'] === 'number' ? String(args['radius']) : '5000';
          if (s('keyword') !== undefined) params['keywords'] = s('keyword')!;
        }
        if (s('region') !== undefined) params['region'] = s('region')!;
        const result = await request(
          tool === 'poi_search' ? '/v5/place/text' : '/v5/place/around',
          params,
        );
        if (!result.ok) return result;
        const pois = arr(result.body['pois']).map(poiFromAmap);
        if (pois.length === 0)
          return {
            ok: false,
            code: ERROR_CODES.NO_RESULTS,
            message: '未找到相关地点，请换个关键词或扩大范围',
          };
        return { ok: true, data: { tool, pois } };
      }
      case 'direction': {
        const mode = (s('mode') ?? 'driving') as TravelMode;
        const origin = s('origin') ?? '';
        const destination = s('destination') ?? '';
        const params: Record<string, string> = { origin, destination, show_fields: 'cost' };
        if (mode === 'driving' && s('waypoints') !== undefined)
          params['waypoints'] = s('waypoints')!;
        if (mode === 'transit') {
          const [city1, city2] = await Promise.all([citycodeOf(origin), citycodeOf(destination)]);
          if (city1 === null)
            return {
              ok: false,
              code: ERROR_CODES.NO_RESULTS,
              message: '无法确定起点所在城市，无法规划公共交通',
            };
          if (city2 === null)
            return {
              ok: false,
              code: ERROR_CODES.NO_RESULTS,
              message: '无法确定终点所在城市，无法规划公共交通',
            };
          params['city1'] = city1;
          params['city2'] = city2;
        }
        const result = await request(DIRECTION_PATHS[mode], params);
        if (!result.ok) return result;
        const routeJson = obj(result.body['route']);
        const route =
          mode === 'transit'
            ? transitRoute(origin, destination, routeJson)
            : movementRoute(mode, origin, destination, routeJson);
        if (route === undefined)
          return { ok: false, code: ERROR_CODES.NO_RESULTS, message: '未找到可用路线' };
        return { ok: true, data: { tool, route } };
      }
      case 'weather': {
        const name = s('city') ?? '';
        const known = findCity(name);
        const result = await request('/v3/weather/weatherInfo', {
          city: known?.adcode ?? name,
          extensions: 'all',
        });
        if (!result.ok) return result;
        const forecast = arr(result.body['forecasts'])[0];
        const casts = arr(forecast?.['casts']).map(castFromAmap);
        if (forecast === undefined || casts.length === 0) {
          return { ok: false, code: ERROR_CODES.NO_RESULTS, message: `暂无「${name}」的天气预报` };
        }
        return {
          ok: true,
          data: {
            tool,
            forecast: {
              city: str(forecast['city']) || name,
              province: str(forecast['province']),
              casts,
            },
          },
        };
      }
    }
  };

  return { name: 'amap', salted: false, call };
}
