import { TRAIN_RULES, TRAIN_TYPES, type TrainType } from '../config';
import type { TrainRecord } from '../schemas';
import { clockOf } from './format';
import { cumulativeWeights, pickOne, uniqueNumber, weightedIndex } from './pick';
import type { Sfc32 } from './prng';
import type { RouteInfo } from './route';
import { typicalTrainMinutes } from './timing';

const STEP = TRAIN_RULES.stepMinutes;
/** Distinct small integers per type, so used ids can be tracked as numbers. */
const TYPE_CODE: Readonly<Record<TrainType, number>> = { G: 1, D: 2, C: 3, Z: 4, T: 5, K: 6 };
const CLASSIC_SLOTS = (TRAIN_RULES.lastClassicDeparture - TRAIN_RULES.firstDeparture) / STEP + 1;

/** Per route: the weighted type table and the cheapest type (the one that carries the guaranteed low fare). */
interface TypeTable {
  readonly types: readonly TrainType[];
  readonly cumulative: Float64Array;
  readonly budgetType: TrainType;
}
const typeTables = new WeakMap<RouteInfo, TypeTable>();

function typeTableOf(route: RouteInfo): TypeTable {
  let table = typeTables.get(route);
  if (table === undefined) {
    const types = route.trainTypes;
    let budgetType = types[0]!;
    for (const t of types)
      if (TRAIN_TYPES[t].farePerKm < TRAIN_TYPES[budgetType].farePerKm) budgetType = t;
    table = {
      types,
      cumulative: cumulativeWeights(types.map((t) => TRAIN_TYPES[t].weight)),
      budgetType,
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

/** Fare of one train: per-km rate of its type and seat, a small spread, never below the route's floor. */
export function trainPrice(
  route: RouteInfo,
  type: TrainType,
  upperSeat: boolean,
  rng: Sfc32,
): number {
  const info = TRAIN_TYPES[type];
  const spread = rng.range(TRAIN_RULES.fareJitter[0], TRAIN_RULES.fareJitter[1]);
  const raw =
    info.farePerKm * taperedKm(route.km) * (upperSeat ? info.upperSeatFactor : 1) * spread;
  return Math.max(Math.round(raw), route.floor);
}

/** Trip time of one train of `type`, in whole minutes. */
export function trainMinutes(type: TrainType, km: number, rng: Sfc32): number {
  const minutes =
    typicalTrainMinutes(type, km) * rng.range(TRAIN_RULES.jitter[0], TRAIN_RULES.jitter[1]);
  return Math.max(TRAIN_RULES.minMinutes, Math.round(minutes));
}

/** Departure minute: high-speed trains leave early enough to arrive the same evening; classic trains any time. */
export function trainDeparture(type: TrainType, minutes: number, rng: Sfc32): number {
  if (!TRAIN_TYPES[type].daytimeOnly)
    return TRAIN_RULES.firstDeparture + rng.int(0, CLASSIC_SLOTS - 1) * STEP;
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
    const type = budget ? table.budgetType : table.types[weightedIndex(rng, table.cumulative)]!;
    const info = TRAIN_TYPES[type];
    const durationMinutes = trainMinutes(type, route.km, rng);
    const departure = trainDeparture(type, durationMinutes, rng);
    const id = type + String(uniqueNumber(info.numberRange, TYPE_CODE[type], used, rng));
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
      price: trainPrice(route, type, upperSeat, rng),
      distanceKm: route.km,
    });
  }
  return out;
}
