import {
  ERROR_CODES,
  NavworldError,
  type DistanceCategory,
  type Epoch,
} from '@navworld/core-types';
import {
  MIN_TRANSPORT_COST,
  distanceCategoryOf,
  distanceKm,
  getCity,
  listCities,
} from '@navworld/knowledge-graph';
import { TRAIN_RULES, TRAIN_TYPES, TRAIN_TYPES_BY_CATEGORY, type TrainType } from '../config';
import { TransportQuerySchema } from '../schemas';
import { typicalTrainMinutes } from './timing';

/** Transport facts of one city, precomputed once. */
export interface CityEntry {
  readonly name: string;
  readonly airports: readonly string[];
  readonly stations: readonly string[];
}

/** Everything about an ordered city pair that does not depend on date or salt. */
export interface RouteInfo {
  readonly from: CityEntry;
  readonly to: CityEntry;
  readonly km: number;
  readonly category: DistanceCategory;
  /** Lowest price any record on this route may carry (the category's transport minimum). */
  readonly floor: number;
  /** Train types that can serve the route (high-speed types only when they arrive the same day). */
  readonly trainTypes: readonly TrainType[];
}

const MAX_ALIAS_CACHE = 4096;

// Canonical names first; aliases ('北京市', 'beijing') are added as they are met.
const cityCache = new Map<string, CityEntry>();
for (const city of listCities()) {
  cityCache.set(city.name, {
    name: city.name,
    airports: city.airports,
    stations: city.trainStations,
  });
}
const routeCache = new Map<string, RouteInfo>();

/** The city entry for a name the knowledge graph accepts; unknown names throw UNKNOWN_CITY. */
export function resolveCity(input: string): CityEntry {
  const cached = cityCache.get(input);
  if (cached !== undefined) return cached;
  const trimmed = input.trim();
  const city = getCity(trimmed);
  const entry = cityCache.get(city.name) ?? {
    name: city.name,
    airports: city.airports,
    stations: city.trainStations,
  };
  if (cityCache.size < MAX_ALIAS_CACHE) cityCache.set(input, entry);
  return entry;
}

/** Train types for a distance category, dropping daytime-only types that cannot arrive the same day. */
export function trainTypesForRoute(category: DistanceCategory, km: number): TrainType[] {
  const window = TRAIN_RULES.highSpeedLastArrival - TRAIN_RULES.firstDeparture;
  return TRAIN_TYPES_BY_CATEGORY[category].filter(
    (type) =>
      !TRAIN_TYPES[type].daytimeOnly ||
      typicalTrainMinutes(type, km) * TRAIN_RULES.jitter[1] <= window,
  );
}

/** The route between two resolved cities (cached; symmetric distance, direction kept). */
export function routeBetween(from: CityEntry, to: CityEntry): RouteInfo {
  const key = `${from.name}|${to.name}`;
  const cached = routeCache.get(key);
  if (cached !== undefined) return cached;
  const km = distanceKm(from.name, to.name);
  const category = distanceCategoryOf(from.name, to.name);
  const route: RouteInfo = {
    from,
    to,
    km,
    category,
    floor: MIN_TRANSPORT_COST[category],
    trainTypes: trainTypesForRoute(category, km),
  };
  routeCache.set(key, route);
  return route;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

// Valid dates seen so far (bounded): most searches repeat a handful of dates.
const validDates = new Set<string>();

/** Checks a `YYYY-MM-DD` date that exists on the calendar; returns it trimmed. Throws INVALID_DATE. */
export function validateDate(input: string): string {
  if (validDates.has(input)) return input;
  const date = input.trim();
  const match = DATE_RE.exec(date);
  if (match === null) {
    throw new NavworldError(ERROR_CODES.INVALID_DATE, `date "${input}" is not in YYYY-MM-DD form`, {
      hint: 'write the travel date like 2025-06-01',
      details: { date: input },
    });
  }
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const monthDays = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > monthDays) {
    throw new NavworldError(ERROR_CODES.INVALID_DATE, `date "${input}" does not exist`, {
      hint: 'check the month (01–12) and the day of the month',
      details: { date: input },
    });
  }
  if (date === input && validDates.size < MAX_ALIAS_CACHE) validDates.add(date);
  return date;
}

/** A validated query: canonical cities, the route and the seed key. */
export interface ResolvedQuery {
  readonly date: string;
  readonly route: RouteInfo;
  /** `${salt}|${date}|${from}|${to}` with canonical city names. */
  readonly seedKey: string;
}

/** The salt of the options' epoch; throws INVALID_ARGUMENT when it is missing. */
function saltOf(options: { epoch: Epoch }): string {
  const salt = (options as { epoch?: { salt?: unknown } } | undefined)?.epoch?.salt;
  if (typeof salt !== 'string' || salt === '') {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      'transport searches need an epoch with a salt',
      {
        hint: "pass { epoch: epochAt(now, { salt: saltFromEnv(process.env) }) } from '@navworld/core-types'",
      },
    );
  }
  return salt;
}

/**
 * Validates a query (shape, date, cities, distinct cities) and resolves its route. The shape check runs zod
 * only when the cheap check fails, to keep the hot path fast while giving zod's messages on bad input.
 */
export function resolveQuery(query: unknown, options: { epoch: Epoch }): ResolvedQuery {
  const salt = saltOf(options);
  const q = query as { date?: unknown; fromCity?: unknown; toCity?: unknown } | null | undefined;
  if (
    q === null ||
    typeof q !== 'object' ||
    typeof q.date !== 'string' ||
    typeof q.fromCity !== 'string' ||
    typeof q.toCity !== 'string' ||
    q.fromCity === '' ||
    q.toCity === ''
  ) {
    const parsed = TransportQuerySchema.safeParse(query);
    const issues = parsed.success
      ? []
      : parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      'a transport search needs date, fromCity and toCity',
      {
        hint: 'call with { date: "2025-06-01", fromCity: "北京", toCity: "上海" }',
        details: { issues },
      },
    );
  }
  const date = validateDate(q.date);
  const from = resolveCity(q.fromCity);
  const to = resolveCity(q.toCity);
  if (from === to || from.name === to.name) {
    throw new NavworldError(ERROR_CODES.SAME_CITY, `origin and destination are both ${from.name}`, {
      hint: 'search between two different cities',
      details: { fromCity: q.fromCity, toCity: q.toCity },
    });
  }
  return {
    date,
    route: routeBetween(from, to),
    seedKey: `${salt}|${date}|${from.name}|${to.name}`,
  };
}
