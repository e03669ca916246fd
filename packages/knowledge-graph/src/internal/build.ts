// Assembles the city profiles, the distance matrix and the pair lists once at module load, and checks the
// graph's invariants so that a data mistake fails loudly at import rather than producing unsolvable tasks.

import { ERROR_CODES, NavworldError, type DistanceCategory } from '@navworld/core-types';
import {
  CHINA_BBOX,
  DETOUR_FACTOR,
  DISTANCE_THRESHOLDS_KM,
  MAX_LANDMARK_OFFSET_KM,
  MAX_NEARBY_CITIES,
  NEARBY_MAX_KM,
} from '../config';
import { CityProfileSchema, type CityProfile, type LandmarkProfile } from '../types';
import { CITY_CLIMATE, ZONE_WEATHER } from './data/city-climate';
import { CITY_GEO } from './data/city-geo';
import { CITY_LANDMARKS } from './data/city-landmarks';
import { DISTANCE_TABLE, PAIRS_BY_CATEGORY } from './data/city-pairs';
import { CITY_SOURCE } from './data/city-source';
import { haversineKm } from './geo-math';

/** The assembled graph. */
export interface BuiltGraph {
  readonly cities: readonly CityProfile[];
  readonly byName: ReadonlyMap<string, CityProfile>;
  /** Index of each canonical name in `cities`. */
  readonly indexOf: ReadonlyMap<string, number>;
  /** Row-major symmetric distance matrix, km (integers). */
  readonly distances: Int32Array;
  /** Which distances come from the table (1) rather than the fallback (0). */
  readonly tabled: Uint8Array;
  readonly pairs: Readonly<Record<DistanceCategory, ReadonlyArray<readonly [string, string]>>>;
}

function invariant(condition: boolean, message: string): asserts condition {
  if (!condition) {
    throw new NavworldError(ERROR_CODES.INTERNAL, `knowledge graph invariant broken: ${message}`, {
      hint: 'Fix the city data in packages/knowledge-graph/src/internal/data.',
    });
  }
}

function splitList(text: string): string[] {
  return text === '' ? [] : text.split('|');
}

function parseLandmark(city: string, entry: string): LandmarkProfile {
  const [name, lng, lat, kind, ticket] = entry.split('|');
  invariant(
    name !== undefined &&
      lng !== undefined &&
      lat !== undefined &&
      kind !== undefined &&
      ticket !== undefined,
    `malformed landmark entry '${entry}' of ${city}`,
  );
  return { name, location: [Number(lng), Number(lat)], kind, ticket: Number(ticket) };
}

function parseTemperatures(city: string, text: string): number[] {
  const values = text.split('|').map(Number);
  invariant(
    values.length === 12 && values.every(Number.isFinite),
    `climate of ${city} needs 12 numbers`,
  );
  return values;
}

function inChina(point: readonly [number, number]): boolean {
  const [minLng, minLat, maxLng, maxLat] = CHINA_BBOX;
  return point[0] >= minLng && point[0] <= maxLng && point[1] >= minLat && point[1] <= maxLat;
}

/** Distance category of a road distance. */
export function categoryOfKm(km: number): DistanceCategory {
  if (km < DISTANCE_THRESHOLDS_KM.shortMax) return 'short';
  if (km > DISTANCE_THRESHOLDS_KM.longMin) return 'long';
  return 'medium';
}

function assembleCity(row: (typeof CITY_SOURCE)[number]): Omit<CityProfile, 'nearbyCities'> {
  const geo = CITY_GEO[row.name];
  const climate = CITY_CLIMATE[row.name];
  const landmarkEntries = CITY_LANDMARKS[row.name];
  invariant(geo !== undefined, `no geography for ${row.name}`);
  invariant(climate !== undefined, `no climate for ${row.name}`);
  invariant(landmarkEntries !== undefined, `no landmark details for ${row.name}`);
  const [pinyin, lng, lat, adcode, citycode, airports, districts, roads] = geo;
  const [zone, highText, lowText] = climate;
  const highs = parseTemperatures(row.name, highText);
  const lows = parseTemperatures(row.name, lowText);
  const airportList = splitList(airports);
  return {
    name: row.name,
    pinyin,
    province: row.province,
    center: [lng, lat],
    adcode,
    citycode,
    specialties: [...row.specialties],
    landmarks: [...row.landmarks],
    landmarkDetails: landmarkEntries.map((entry) => parseLandmark(row.name, entry)),
    foodThemes: [...row.foodThemes],
    seasonalAvoid: [...row.seasonalAvoid],
    transportHub: { airport: airportList[0] ?? null, station: row.trainStations[0] ?? null },
    airports: airportList,
    trainStations: [...row.trainStations],
    districts: splitList(districts),
    roads: splitList(roads),
    climate: highs.map((high, i) => ({
      month: i + 1,
      high,
      low: lows[i] ?? high,
      weather: [...(ZONE_WEATHER[zone][i] ?? ['多云'])],
    })),
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}

/** Builds and checks the graph. */
export function buildGraph(): BuiltGraph {
  const partial = CITY_SOURCE.map(assembleCity);
  const n = partial.length;
  const indexOf = new Map<string, number>();
  const pinyins = new Set<string>();
  partial.forEach((city, i) => {
    invariant(!indexOf.has(city.name), `duplicate city name ${city.name}`);
    invariant(!pinyins.has(city.pinyin), `duplicate pinyin ${city.pinyin}`);
    indexOf.set(city.name, i);
    pinyins.add(city.pinyin);
    invariant(inChina(city.center), `centre of ${city.name} lies outside China`);
    invariant(
      city.landmarkDetails.map((l) => l.name).join('|') === city.landmarks.join('|'),
      `landmark details of ${city.name} do not match its landmark list`,
    );
    for (const landmark of city.landmarkDetails) {
      invariant(inChina(landmark.location), `${landmark.name} (${city.name}) lies outside China`);
      invariant(
        haversineKm(city.center, landmark.location) <= MAX_LANDMARK_OFFSET_KM,
        `${landmark.name} lies too far from ${city.name}`,
      );
    }
  });
  invariant(Object.keys(CITY_GEO).length === n, 'geography rows and cities differ');
  invariant(Object.keys(CITY_CLIMATE).length === n, 'climate rows and cities differ');
  invariant(Object.keys(CITY_LANDMARKS).length === n, 'landmark rows and cities differ');

  const distances = new Int32Array(n * n);
  const tabled = new Uint8Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = partial[i]!;
      const b = partial[j]!;
      const km = Math.max(1, Math.round(haversineKm(a.center, b.center) * DETOUR_FACTOR));
      distances[i * n + j] = km;
      distances[j * n + i] = km;
    }
  }
  const seen = new Set<string>();
  for (const [a, b, km] of DISTANCE_TABLE) {
    const i = indexOf.get(a);
    const j = indexOf.get(b);
    invariant(i !== undefined && j !== undefined, `distance row ${a}–${b} names an unknown city`);
    invariant(i !== j, `distance row ${a}–${b} pairs a city with itself`);
    const key = i < j ? `${i}|${j}` : `${j}|${i}`;
    invariant(!seen.has(key), `distance row ${a}–${b} is listed twice`);
    seen.add(key);
    const straight = haversineKm(partial[i]!.center, partial[j]!.center);
    invariant(
      km >= straight * 0.98 && km <= straight * 2.2,
      `distance ${a}–${b} ${km} km is implausible`,
    );
    distances[i * n + j] = km;
    distances[j * n + i] = km;
    tabled[i * n + j] = 1;
    tabled[j * n + i] = 1;
  }

  const pairs = {} as Record<DistanceCategory, ReadonlyArray<readonly [string, string]>>;
  const pairKeys = new Set<string>();
  for (const category of ['short', 'medium', 'long'] as const) {
    pairs[category] = PAIRS_BY_CATEGORY[category].map(([a, b]) => {
      const i = indexOf.get(a);
      const j = indexOf.get(b);
      invariant(i !== undefined && j !== undefined, `pair ${a}→${b} names an unknown city`);
      invariant(!pairKeys.has(`${a}|${b}`), `pair ${a}→${b} is listed twice`);
      pairKeys.add(`${a}|${b}`);
      invariant(tabled[i * n + j] === 1, `pair ${a}→${b} has no tabled distance`);
      const km = distances[i * n + j]!;
      invariant(categoryOfKm(km) === category, `pair ${a}→${b} (${km} km) is not ${category}`);
      const ca = partial[i]!;
      const cb = partial[j]!;
      for (const c of [ca, cb]) {
        invariant(
          c.airports.length + c.trainStations.length > 0,
          `${c.name} has neither airport nor station`,
        );
        // Generated intercity tasks need trains for short, flights for long and both for medium pairs.
        if (category !== 'long')
          invariant(c.trainStations.length > 0, `${c.name} (${category} pair) lacks a station`);
        if (category !== 'short')
          invariant(c.airports.length > 0, `${c.name} (${category} pair) lacks an airport`);
      }
      return Object.freeze([a, b] as const);
    });
  }

  const cities: CityProfile[] = partial.map((city, i) => {
    const nearby = partial
      .map((other, j) => ({ name: other.name, km: distances[i * n + j]!, j }))
      .filter((o) => o.j !== i && o.km <= NEARBY_MAX_KM)
      .sort((x, y) => x.km - y.km || x.j - y.j)
      .slice(0, MAX_NEARBY_CITIES)
      .map((o) => o.name);
    return CityProfileSchema.parse({ ...city, nearbyCities: nearby });
  });
  deepFreeze(cities);
  deepFreeze(pairs);
  return {
    cities: Object.freeze(cities),
    byName: new Map(cities.map((c) => [c.name, c])),
    indexOf,
    distances,
    tabled,
    pairs: Object.freeze(pairs),
  };
}
