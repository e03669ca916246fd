import { ERROR_CODES, type NavworldErrorCode } from '@navworld/core-types';
import { findCity, type CityProfile } from '@navworld/knowledge-graph';
import { parseLngLat } from '../internal/geo';
import { poiTableFor } from '../internal/offline/poi-table';
import { planRoute } from '../internal/offline/route';
import {
  cityNear,
  cityOfQuery,
  nearestCity,
  searchAround,
  searchPois,
} from '../internal/offline/search';
import { forecastFor } from '../internal/offline/weather';
import type {
  MapProvider,
  MapToolName,
  ProviderCallContext,
  ProviderOutcome,
  TravelMode,
} from '../types';

function failure(code: NavworldErrorCode, message: string): ProviderOutcome {
  return { ok: false, code, message };
}

function unknownCity(name: string): ProviderOutcome {
  return failure(
    ERROR_CODES.UNKNOWN_CITY,
    `未找到城市「${name}」，仅支持国内主要旅游城市，请使用中文城市名，例如 '杭州'`,
  );
}

function cityArg(name: unknown): CityProfile | undefined {
  return typeof name === 'string' ? findCity(name) : undefined;
}

function poiSearch(args: Record<string, unknown>, ctx: ProviderCallContext): ProviderOutcome {
  const address = String(args['address']);
  const region = args['region'] as string | undefined;
  const city = region === undefined ? cityOfQuery(address) : cityArg(region);
  if (city === undefined) {
    if (region !== undefined) return unknownCity(region);
    return failure(
      ERROR_CODES.NO_RESULTS,
      `未找到与「${address}」相关的地点，请补充城市（region），例如 '杭州'`,
    );
  }
  const pois = searchPois(poiTableFor(city, ctx.epoch.salt).pois, address, city);
  if (pois.length === 0)
    return failure(
      ERROR_CODES.NO_RESULTS,
      `在${city.name}未找到与「${address}」相关的地点，请换个关键词`,
    );
  return { ok: true, data: { tool: 'poi_search', pois } };
}

function aroundSearch(args: Record<string, unknown>, ctx: ProviderCallContext): ProviderOutcome {
  const centre = parseLngLat(String(args['location']));
  const region = args['region'] as string | undefined;
  const keyword = args['keyword'] as string | undefined;
  const radius = Number(args['radius']);
  const city = region === undefined ? cityNear(centre) : cityArg(region);
  if (city === undefined) {
    if (region !== undefined) return unknownCity(region);
    return failure(ERROR_CODES.NO_RESULTS, '该坐标附近暂无地点数据，请确认坐标位于支持的城市内');
  }
  const pois = searchAround(
    poiTableFor(city, ctx.epoch.salt).pois,
    centre,
    radius,
    keyword,
    city,
    ctx.epoch.salt,
  );
  if (pois.length === 0) {
    return failure(
      ERROR_CODES.NO_RESULTS,
      `半径${radius}米内未找到${keyword === undefined ? '地点' : `与「${keyword}」相关的地点`}，可扩大半径后重试`,
    );
  }
  return { ok: true, data: { tool: 'around_search', pois } };
}

function direction(args: Record<string, unknown>, ctx: ProviderCallContext): ProviderOutcome {
  const origin = String(args['origin']);
  const destination = String(args['destination']);
  const mode = args['mode'] as TravelMode;
  const waypoints =
    mode === 'driving' && typeof args['waypoints'] === 'string' ? args['waypoints'].split(';') : [];
  const points = [origin, ...waypoints, destination].map(parseLngLat);
  const [fromCity] = nearestCity(points[0]!);
  const [toCity] = nearestCity(points[points.length - 1]!);
  const route = planRoute({
    mode,
    origin,
    destination,
    points,
    fromCity,
    toCity,
    salt: ctx.epoch.salt,
  });
  if ('error' in route) return failure(ERROR_CODES.NO_RESULTS, route.error);
  return { ok: true, data: { tool: 'direction', route } };
}

function weather(args: Record<string, unknown>, ctx: ProviderCallContext): ProviderOutcome {
  const name = String(args['city']);
  const city = cityArg(name);
  if (city === undefined) return unknownCity(name);
  return {
    ok: true,
    data: { tool: 'weather', forecast: forecastFor(city, ctx.now, ctx.epoch.salt) },
  };
}

/**
 * The deterministic offline world: a synthetic map built from the knowledge graph and salted by the epoch.
 * Same (tool, normalised arguments, epoch, China-time date for weather) → same data in any process.
 */
export function createOfflineProvider(): MapProvider {
  return {
    name: 'offline',
    salted: true,
    call(
      tool: MapToolName,
      args: Record<string, unknown>,
      ctx: ProviderCallContext,
    ): Promise<ProviderOutcome> {
      return Promise.resolve(callOfflineSync(tool, args, ctx));
    },
  };
}

/** The offline world's answer, synchronously (used by the fast path of `callTool`). */
export function callOfflineSync(
  tool: MapToolName,
  args: Record<string, unknown>,
  ctx: ProviderCallContext,
): ProviderOutcome {
  switch (tool) {
    case 'poi_search':
      return poiSearch(args, ctx);
    case 'around_search':
      return aroundSearch(args, ctx);
    case 'direction':
      return direction(args, ctx);
    case 'weather':
      return weather(args, ctx);
  }
}
