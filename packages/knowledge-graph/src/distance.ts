// Distances and distance categories between cities.

import type { DistanceCategory } from '@navworld/core-types';
import { FARE_CEILING } from './config';
import { categoryOfKm } from './internal/build';
import { GRAPH, getCity } from './graph';

export { haversineKm } from './internal/geo-math';

const N = GRAPH.cities.length;

/**
 * Road/rail distance in km between two cities (names as accepted by `getCity`). Listed pairs use the tabled
 * distance; any other pair uses the great-circle distance × the detour factor, rounded. Symmetric, independent
 * of any salt, 0 for the same city.
 *
 * @throws NavworldError `UNKNOWN_CITY` for an unknown name.
 */
export function distanceKm(a: string, b: string): number {
  const i = GRAPH.indexOf.get(getCity(a).name)!;
  const j = GRAPH.indexOf.get(getCity(b).name)!;
  return i === j ? 0 : GRAPH.distances[i * N + j]!;
}

/** True when the distance between the two cities comes from the distance table rather than the fallback. */
export function isTabledDistance(a: string, b: string): boolean {
  const i = GRAPH.indexOf.get(getCity(a).name)!;
  const j = GRAPH.indexOf.get(getCity(b).name)!;
  return GRAPH.tabled[i * N + j] === 1;
}

/**
 * Distance category of two cities by `DISTANCE_THRESHOLDS_KM`: short below 450 km, long above 1000 km.
 *
 * @throws NavworldError `UNKNOWN_CITY` for an unknown name.
 */
export function distanceCategoryOf(a: string, b: string): DistanceCategory {
  return categoryOfKm(distanceKm(a, b));
}

/** The directional `[origin, destination]` pairs of a category, in generation order (frozen). */
export function cityPairs(category: DistanceCategory): ReadonlyArray<readonly [string, string]> {
  const pairs = GRAPH.pairs[category] as ReadonlyArray<readonly [string, string]> | undefined;
  if (pairs === undefined) return [];
  return pairs;
}

/** The fare ceiling for a road distance in km; see `FARE_CEILING`. */
export function fareCeilingForKm(km: number): number {
  const raw = FARE_CEILING.base + FARE_CEILING.perKm * Math.max(0, km);
  return Math.max(FARE_CEILING.min, Math.ceil(raw / FARE_CEILING.roundTo) * FARE_CEILING.roundTo);
}

/**
 * Upper bound (CNY, per person, one way) on the cheapest ticket between two cities: the full economy air fare
 * of their distance, never below `FARE_CEILING.min`. Budget floors use it so that every generated budget can
 * pay for the cheapest ticket of its route, whatever the weekly salt.
 *
 * @throws NavworldError `UNKNOWN_CITY` for an unknown name.
 */
export function transportFareCeiling(a: string, b: string): number {
  return fareCeilingForKm(distanceKm(a, b));
}
