// Public API of @navworld/mock-transport. Exports are named and explicit.
import { ERROR_CODES, NavworldError, type Epoch } from '@navworld/core-types';
import { GENERATOR_VERSION } from './config';
import { generateFlights } from './internal/flights';
import { generatorFromDigest, querySeed } from './internal/prng';
import { resolveQuery, type ResolvedQuery } from './internal/route';
import { generateTrains } from './internal/trains';
import type { FlightRecord, TrainRecord, TransportQuery } from './schemas';

export {
  TransportQuerySchema,
  FlightRecordSchema,
  TrainRecordSchema,
  type TransportQuery,
  type FlightRecord,
  type TrainRecord,
} from './schemas';
export {
  AIRLINES,
  TRAIN_TYPES,
  TRAIN_TYPES_BY_CATEGORY,
  FLIGHT_TIMING,
  FLIGHT_SCHEDULE,
  FLIGHT_FARES,
  TRAIN_RULES,
  MARKERS,
  type AirlineInfo,
  type TrainType,
  type TrainTypeInfo,
} from './config';
export {
  renderFlightRecord,
  renderTrainRecord,
  renderFlights,
  renderTrains,
} from './internal/render';
export { typicalFlightMinutes, typicalTrainMinutes } from './internal/timing';
export { durationText } from './internal/format';

/** Version of the generator rules: the same query gives the same records within one version. */
export const MOCK_TRANSPORT_VERSION = GENERATOR_VERSION;

/** Version of this package (alias of {@link MOCK_TRANSPORT_VERSION}). */
export const VERSION = GENERATOR_VERSION;

/** Options of every search: the epoch whose salt seeds the data. */
export interface TransportOptions {
  /** The weekly epoch (core-types `epochAt`); a pinned salt pins the data. */
  epoch: Epoch;
}

/** The search mode of {@link cheapestFare}. */
export type TransportMode = 'flight' | 'train';

function requireAirports(q: ResolvedQuery): void {
  const { from, to } = q.route;
  const missing = from.airports.length === 0 ? from : to.airports.length === 0 ? to : undefined;
  if (missing !== undefined) {
    throw new NavworldError(
      ERROR_CODES.NO_AIRPORT,
      `${missing.name} has no airport, so there are no flights`,
      {
        hint: `search trains instead, or fly from a nearby city with an airport`,
        details: { city: missing.name, fromCity: from.name, toCity: to.name },
      },
    );
  }
}

function requireStations(q: ResolvedQuery): void {
  const { from, to } = q.route;
  const missing = from.stations.length === 0 ? from : to.stations.length === 0 ? to : undefined;
  if (missing !== undefined) {
    throw new NavworldError(
      ERROR_CODES.NO_STATION,
      `${missing.name} has no railway station, so there are no trains`,
      {
        hint: 'search flights instead, or take the train to a nearby city with a station',
        details: { city: missing.name, fromCity: from.name, toCity: to.name },
      },
    );
  }
}

/**
 * Economy flights for one date and direction: 8–15 records sorted by departure, 1–2 discounted red-eyes last.
 * Same query and salt → identical records in any process.
 *
 * @throws NavworldError `INVALID_ARGUMENT`, `INVALID_DATE`, `UNKNOWN_CITY`, `SAME_CITY`, `NO_AIRPORT`.
 * @example
 * searchFlights({ date: '2025-06-01', fromCity: '北京', toCity: '上海' }, { epoch: epochAt(Date.now()) })
 */
export function searchFlights(query: TransportQuery, options: TransportOptions): FlightRecord[] {
  const q = resolveQuery(query, options);
  requireAirports(q);
  return generateFlights(q.route, generatorFromDigest(querySeed(q.seedKey), 0));
}

/**
 * Direct trains for one date and direction: 8–15 records sorted by departure, types by distance, one seat
 * class and fare per record. Same query and salt → identical records in any process.
 *
 * @throws NavworldError `INVALID_ARGUMENT`, `INVALID_DATE`, `UNKNOWN_CITY`, `SAME_CITY`, `NO_STATION`.
 */
export function searchTrains(query: TransportQuery, options: TransportOptions): TrainRecord[] {
  const q = resolveQuery(query, options);
  requireStations(q);
  return generateTrains(q.route, generatorFromDigest(querySeed(q.seedKey), 4));
}

/**
 * The lowest fare of one mode on a route and date, or null when the mode does not serve the route (no
 * airport / no station). Other bad input still throws.
 */
export function cheapestFare(
  mode: TransportMode,
  query: TransportQuery,
  options: TransportOptions,
): number | null {
  if (mode !== 'flight' && mode !== 'train') {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `unknown transport mode "${String(mode)}"`,
      {
        hint: "use 'flight' or 'train'",
      },
    );
  }
  let prices: number[];
  try {
    prices =
      mode === 'flight'
        ? searchFlights(query, options).map((r) => r.price)
        : searchTrains(query, options).map((r) => r.price);
  } catch (error) {
    if (
      NavworldError.isInstance(error) &&
      (error.code === ERROR_CODES.NO_AIRPORT || error.code === ERROR_CODES.NO_STATION)
    ) {
      return null;
    }
    throw error;
  }
  return Math.min(...prices);
}
