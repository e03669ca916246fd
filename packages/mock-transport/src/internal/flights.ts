import {
  AIRLINES as IMPORTED_AIRLINES,
  FLIGHT_FARES as IMPORTED_FLIGHT_FARES,
  FLIGHT_SCHEDULE as IMPORTED_FLIGHT_SCHEDULE,
  FLIGHT_TIMING as IMPORTED_FLIGHT_TIMING,
  MARKERS as IMPORTED_MARKERS,
} from '../config';
import type { FlightRecord } from '../schemas';
import { clockOf as importedClockOf } from './format';
import {
  cumulativeWeights as importedCumulativeWeights,
  distinctSlots as importedDistinctSlots,
  pickOne as importedPickOne,
  uniqueNumber as importedUniqueNumber,
  weightedIndex as importedWeightedIndex,
} from './pick';
import type { Sfc32 } from './prng';
import type { RouteInfo } from './route';
import { typicalFlightMinutes as importedTypicalFlightMinutes } from './timing';

// Imports are re-bound to module constants: the hot loops below then read plain locals instead of going
// through a module namespace (which costs about a third of the run time when the sources run untranspiled
// under a module runner, as in tests and benchmarks; bundled builds are unaffected).
const AIRLINES = IMPORTED_AIRLINES;
const FLIGHT_FARES = IMPORTED_FLIGHT_FARES;
const FLIGHT_SCHEDULE = IMPORTED_FLIGHT_SCHEDULE;
const FLIGHT_TIMING = IMPORTED_FLIGHT_TIMING;
const MARKERS = IMPORTED_MARKERS;
const clockOf = importedClockOf;
const cumulativeWeights = importedCumulativeWeights;
const distinctSlots = importedDistinctSlots;
const pickOne = importedPickOne;
const uniqueNumber = importedUniqueNumber;
const weightedIndex = importedWeightedIndex;
const typicalFlightMinutes = importedTypicalFlightMinutes;

const AIRLINE_CUMULATIVE = cumulativeWeights(AIRLINES.map((a) => a.weight));
const STEP = FLIGHT_TIMING.stepMinutes;
const RED_EYE_SLOTS = (FLIGHT_SCHEDULE.redEye[1] - FLIGHT_SCHEDULE.redEye[0]) / STEP + 1;

/** How many flights a route gets: busy routes (three or more airports on the two ends) get more. */
export function flightCountRange(route: RouteInfo): readonly [number, number] {
  const busy = route.from.airports.length + route.to.airports.length >= 3;
  return busy
    ? [FLIGHT_SCHEDULE.busyMinCount, FLIGHT_SCHEDULE.count[1]]
    : [FLIGHT_SCHEDULE.count[0], FLIGHT_SCHEDULE.quietMaxCount];
}

/** Full economy fare of a route: a fixed part plus a per-km part. */
export function fullEconomyFare(km: number): number {
  return FLIGHT_FARES.fullFareBase + FLIGHT_FARES.fullFarePerKm * km;
}

/** Lowest economy fare a flight on the route may show: the category minimum, and never below the airline floor. */
export function flightFareFloor(route: RouteInfo): number {
  return Math.max(route.floor, FLIGHT_FARES.absoluteFloor);
}

/**
 * Economy price of one flight: full fare × booking discount (× red-eye discount), raised to the floor and
 * rounded up to the fare step (rounding up keeps the floor a true lower bound).
 */
export function flightPrice(route: RouteInfo, redEye: boolean, rng: Sfc32): number {
  let factor = rng.range(FLIGHT_FARES.discount[0], FLIGHT_FARES.discount[1]);
  if (redEye) factor *= rng.range(FLIGHT_FARES.redEyeDiscount[0], FLIGHT_FARES.redEyeDiscount[1]);
  const raw = Math.max(fullEconomyFare(route.km) * factor, flightFareFloor(route));
  return Math.ceil(raw / FLIGHT_FARES.roundTo) * FLIGHT_FARES.roundTo;
}

/**
 * Number of 5-minute departure slots for daytime flights: from 06:30 up to 21:55, or earlier when the longest
 * possible block time would carry the flight past midnight (only red-eyes arrive on the next day).
 */
export function daySlotCount(km: number): number {
  const longest = Math.ceil((typicalFlightMinutes(km) * FLIGHT_TIMING.jitter[1]) / STEP) * STEP;
  const latest = Math.min(FLIGHT_SCHEDULE.day[1], FLIGHT_SCHEDULE.lastDayArrival - longest);
  return Math.max(
    FLIGHT_SCHEDULE.count[1],
    Math.floor((latest - FLIGHT_SCHEDULE.day[0]) / STEP) + 1,
  );
}

/** Block time of one flight, on the 5-minute schedule grid. */
export function flightMinutes(km: number, rng: Sfc32): number {
  const minutes =
    typicalFlightMinutes(km) * rng.range(FLIGHT_TIMING.jitter[0], FLIGHT_TIMING.jitter[1]);
  return Math.max(FLIGHT_TIMING.minMinutes, Math.round(minutes / STEP) * STEP);
}

/** The flights of one query, sorted by departure (red-eyes last). The route must have airports at both ends. */
export function generateFlights(route: RouteInfo, rng: Sfc32): FlightRecord[] {
  const [minCount, maxCount] = flightCountRange(route);
  const count = rng.int(minCount, maxCount);
  const redEyes = rng.int(FLIGHT_SCHEDULE.redEyeCount[0], FLIGHT_SCHEDULE.redEyeCount[1]);

  const daySlots: number[] = [];
  distinctSlots(rng, daySlotCount(route.km), count - redEyes, daySlots);
  daySlots.sort((a, b) => a - b);
  const redEyeSlots: number[] = [];
  distinctSlots(rng, RED_EYE_SLOTS, redEyes, redEyeSlots);
  redEyeSlots.sort((a, b) => a - b);

  const used: number[] = [];
  const out: FlightRecord[] = [];
  const total = daySlots.length + redEyeSlots.length;
  for (let i = 0; i < total; i++) {
    const redEye = i >= daySlots.length;
    const departure = redEye
      ? FLIGHT_SCHEDULE.redEye[0] + redEyeSlots[i - daySlots.length]! * STEP
      : FLIGHT_SCHEDULE.day[0] + daySlots[i]! * STEP;
    const airlineIndex = weightedIndex(rng, AIRLINE_CUMULATIVE);
    const airline = AIRLINES[airlineIndex]!;
    const id =
      airline.code + String(uniqueNumber(FLIGHT_SCHEDULE.numberRange, airlineIndex + 1, used, rng));
    const fromAirport = pickOne(rng, route.from.airports);
    const toAirport = pickOne(rng, route.to.airports);
    const durationMinutes = flightMinutes(route.km, rng);
    const arrivalMinute = departure + durationMinutes;
    const arrivalDayOffset = Math.floor(arrivalMinute / 1440);
    out.push({
      id,
      airline: airline.name,
      airlineCode: airline.code,
      fromAirport,
      toAirport,
      departure: clockOf(departure),
      arrival: clockOf(arrivalMinute),
      nextDay: arrivalDayOffset > 0,
      arrivalDayOffset,
      durationMinutes,
      price: flightPrice(route, redEye, rng),
      cabin: MARKERS.cabin,
      redEye,
      distanceKm: route.km,
    });
  }
  return out;
}
