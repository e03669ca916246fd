// Every constant of the knowledge graph in one place. Task generation and the transport world both read these,
// so a budget floor and the cheapest fare can never drift apart.

import type { DistanceCategory, ProblemType } from '@navworld/core-types';

/** Version of the city data and look-up rules; bump it whenever any fact or distance changes. */
export const KNOWLEDGE_GRAPH_VERSION = '1.0.0';

/**
 * Distance-category thresholds in km: a pair is short below `shortMax`, long above `longMin`, medium in
 * between (both ends inclusive).
 */
export const DISTANCE_THRESHOLDS_KM: Readonly<{ shortMax: number; longMin: number }> =
  Object.freeze({
    shortMax: 450,
    longMin: 1000,
  });

/**
 * Cheapest one-way transport fare per person (CNY) for each distance category. The transport world must never
 * price a ticket below this, so that budgets derived from it are always feasible.
 */
export const MIN_TRANSPORT_COST: Readonly<Record<DistanceCategory, number>> = Object.freeze({
  short: 50,
  medium: 150,
  long: 300,
});

/**
 * Smallest credible spend per traveller and day (CNY) by problem type, used for budget floors; `default`
 * covers any other kind of trip.
 */
export const MIN_BUDGET_PER_PERSON_DAY: Readonly<Record<ProblemType | 'default', number>> =
  Object.freeze({
    intercity: 200,
    multiday: 150,
    hybrid: 200,
    single_poi: 50,
    food_tour: 80,
    business: 300,
    family_study: 100,
    default: 100,
  });

/**
 * Ratio of road/rail distance to great-circle distance used for pairs without a tabled distance. Chinese
 * intercity routes typically run 1.2–1.35 times the straight line.
 */
export const DETOUR_FACTOR = 1.3;

/** Largest number of nearby cities listed per city. */
export const MAX_NEARBY_CITIES = 4;

/** Cities within this road distance (km) count as nearby (same bound as a short pair). */
export const NEARBY_MAX_KM = 450;

/** Mainland China bounding box used to sanity-check coordinates: [minLng, minLat, maxLng, maxLat]. */
export const CHINA_BBOX: readonly [number, number, number, number] = [73, 18, 135.1, 53.6];

/** A landmark may lie at most this far (km, straight line) from its city centre. */
export const MAX_LANDMARK_OFFSET_KM = 350;

/**
 * The most the cheapest one-way ticket of any route may cost per person (CNY): `max(min, ceil to roundTo of
 * base + perKm × km)`, i.e. a full-price economy air fare. The transport world must always offer at least one
 * ticket at or below it in every mode a task requires; budgets count on it to stay feasible for any salt.
 */
export const FARE_CEILING: Readonly<{ base: number; perKm: number; min: number; roundTo: number }> =
  Object.freeze({ base: 150, perKm: 0.75, min: 200, roundTo: 10 });
