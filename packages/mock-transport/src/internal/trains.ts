import {
  TRAIN_RULES as IMPORTED_TRAIN_RULES,
  TRAIN_TYPES as IMPORTED_TRAIN_TYPES,
  type TrainType,
  type TrainTypeInfo,
} from '../config';
import type { TrainRecord } from '../schemas';
import { clockOf as importedClockOf } from './format';
import {
  cumulativeWeights as importedCumulativeWeights,
  pickOne as importedPickOne,
  uniqueNumber as importedUniqueNumber,
  weightedIndex as importedWeightedIndex,
} from './pick';
import type { Sfc32 } from './prng';
import type { RouteInfo } from './route';
import { typicalTrainMinutes as importedTypicalTrainMinutes } from './timing';

// Imports are re-bound to module constants: the hot loops below then read plain locals instead of going
// through a module namespace (which costs about a third of the run time when the sources run untranspiled
// under a module runner, as in tests and benchmarks; bundled builds are unaffected).
const TRAIN_RULES = IMPORTED_TRAIN_RULES;
const TRAIN_TYPES = IMPORTED_TRAIN_TYPES;
const clockOf = importedClockOf;
const cumulativeWeights = importedCumulativeWeights;
const pickOne = importedPickOne;
const uniqueNumber = importedUniqueNumber;
const weightedIndex = importedWeightedIndex;
const typicalTrainMinutes = importedTypicalTrainMinutes;

const STEP = TRAIN_RULES.stepMinutes;
/** Distinct small integers per type, so used ids can be tracked as numbers. */
const TYPE_CODE: Readonly<Record<TrainType, number>> = { G: 1, D: 2, C: 3, Z: 4, T: 5, K: 6 };
const CLASSIC_SLOTS = (TRAIN_RULES.lastClassicDeparture - TRAIN_RULES.firstDeparture) / STEP + 1;

/**
 * Everything about a route's train types that does not depend on the date or salt, computed once per route:
 * the weighted type table, typical trip times, base fares and which type carries the guaranteed low fare.
 */
interface TypeTable {
  readonly infos: readonly TrainTypeInfo[];
  readonly families: readonly number[];
  readonly typicalMinutes: readonly number[];
  readonly baseFares: readonly number[];
  readonly cumulative: Float64Array;
  /** Index of the cheapest type per km. */
  readonly budget: number;
}
const typeTables = new WeakMap<RouteInfo, TypeTable>();

function typeTableOf(route: RouteInfo): TypeTable {
  let table = typeTables.get(route);
  if (table === undefined) {
    const infos = route.trainTypes.map((t) => TRAIN_TYPES[t]);
    let budget = 0;
    for (let i = 1; i < infos.length; i++) {
      if (infos[i]!.farePerKm < infos[budget]!.farePerKm) budget = i;
    }
    const fareKm = taperedKm(route.km);
    table = {
      infos,
      families: infos.map((info) => TYPE_CODE[info.type]),
      typicalMinutes: infos.map((info) => typicalTrainMinutes(info.type, route.km)),
      baseFares: infos.map((info) => info.farePerKm * fareKm),
      cumulative: cumulativeWeights(infos.map((info) => info.weight)),
      budget,
    };
    typeTables.set(route, table);
  }
  return table;
}

/** Fare distance: full per-km rate up to the taper point, a reduced rate beyond it. */
export function taperedKm(km: number): number {
  return km <= TRAIN_RULES.taperFromKm
    ? km
    : TRAIN_RULES.taperFromKm + (km - TRAIN_RULES.taperFromKm) * TRAIN_RULES.taperFactor;
}

/**
 * Fare of one train: the type's base fare for the route (per-km rate × tapered km), × the dearer seat's factor,
 * × a small spread, never below the route's floor.
 */
export function trainPrice(
  baseFare: number,
  info: TrainTypeInfo,
  upperSeat: boolean,
  floor: number,
  rng: Sfc32,
): number {
  const spread = rng.range(TRAIN_RULES.fareJitter[0], TRAIN_RULES.fareJitter[1]);
  const raw = baseFare * (upperSeat ? info.upperSeatFactor : 1) * spread;
  return Math.max(Math.round(raw), floor);
}

/** Trip time of one train from its type's typical time on the route, in whole minutes. */
export function trainMinutes(typical: number, rng: Sfc32): number {
  const minutes = typical * rng.range(TRAIN_RULES.jitter[0], TRAIN_RULES.jitter[1]);
  return Math.max(TRAIN_RULES.minMinutes, Math.round(minutes));
}

/** Departure minute: high-speed trains leave early enough to arrive the same evening; classic trains any time. */
export function trainDeparture(info: TrainTypeInfo, minutes: number, rng: Sfc32): number {
  if (!info.daytimeOnly) return TRAIN_RULES.firstDeparture + rng.int(0, CLASSIC_SLOTS - 1) * STEP;
  const latest = Math.max(
    TRAIN_RULES.firstDeparture,
    Math.min(TRAIN_RULES.lastHighSpeedDeparture, TRAIN_RULES.highSpeedLastArrival - minutes),
  );
  const slots = Math.floor((latest - TRAIN_RULES.firstDeparture) / STEP) + 1;
  return TRAIN_RULES.firstDeparture + rng.int(0, slots - 1) * STEP;
}

/**
 * The trains of one query, sorted by departure. The first generated train is always the route's cheapest type
 * in its cheaper seat, so every query offers a low fare. The route must have stations at both ends.
 */
export function generateTrains(route: RouteInfo, rng: Sfc32): TrainRecord[] {
  const table = typeTableOf(route);
  const count = rng.int(TRAIN_RULES.count[0], TRAIN_RULES.count[1]);
  const used: number[] = [];
  const out: TrainRecord[] = [];
  const departures: number[] = [];
  for (let i = 0; i < count; i++) {
    const budget = i === 0;
    const k = budget ? table.budget : weightedIndex(rng, table.cumulative);
    const info = table.infos[k]!;
    const type = info.type;
    const durationMinutes = trainMinutes(table.typicalMinutes[k]!, rng);
    const departure = trainDeparture(info, durationMinutes, rng);
    const id = type + String(uniqueNumber(info.numberRange, table.families[k]!, used, rng));
    const fromStation = pickOne(rng, route.from.stations);
    const toStation = pickOne(rng, route.to.stations);
    const arrivalMinute = departure + durationMinutes;
    const arrivalDayOffset = Math.floor(arrivalMinute / 1440);
    const upperShare = info.daytimeOnly
      ? TRAIN_RULES.upperSeatShareHighSpeed
      : arrivalDayOffset > 0 || durationMinutes >= TRAIN_RULES.sleeperTripMinutes
        ? TRAIN_RULES.sleeperShareOvernight
        : TRAIN_RULES.sleeperShareDay;
    const upperSeat = rng.next() < upperShare && !budget;
    // Insertion keeps the list ordered by departure (then id) without a comparator sort.
    let at = departures.length;
    while (
      at > 0 &&
      (departures[at - 1]! > departure ||
        (departures[at - 1] === departure && out[at - 1]!.id > id))
    )
      at--;
    departures.splice(at, 0, departure);
    out.splice(at, 0, {
      id,
      trainType: type,
      fromStation,
      toStation,
      departure: clockOf(departure),
      arrival: clockOf(arrivalMinute),
      nextDay: arrivalDayOffset > 0,
      arrivalDayOffset,
      durationMinutes,
      seatType: info.seats[upperSeat ? 1 : 0],
      price: trainPrice(table.baseFares[k]!, info, upperSeat, route.floor, rng),
      distanceKm: route.km,
    });
  }
  return out;
}
