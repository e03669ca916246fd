import { describe, expect, it } from 'vitest';
import {
  FARE_CEILING,
  MIN_TRANSPORT_COST,
  distanceCategoryOf,
  listCities,
} from '@navworld/knowledge-graph';
import {
  FlightRecordSchema,
  TrainRecordSchema,
  searchFlights,
  searchTrains,
  type FlightRecord,
  type TrainRecord,
} from '../src/index';
import { minutesOf, pinned, sampleDates } from './helpers';

// Independent restatement of the physical model (kept apart from src/config on purpose).
const CRUISE_KMH = 800;
const FLIGHT_GROUND_MINUTES = 35;
const TRAIN_AVERAGE_KMH = { G: 250, D: 190, C: 160, Z: 120, T: 100, K: 75 } as const;
const SHORT_TYPES = new Set(['G', 'D', 'C']);
const MEDIUM_TYPES = new Set(['G', 'D', 'Z', 'T']);
const LONG_TYPES = new Set(['G', 'D', 'Z', 'T', 'K']);

const salts = ['alpha', 'beta', '2999'];
const cities = listCities();
const dates = sampleDates(3);

/** Every ordered pair of distinct cities, each with one date from the sample. */
function* allQueries() {
  let k = 0;
  for (const a of cities) {
    for (const b of cities) {
      if (a.name === b.name) continue;
      yield { a, b, date: dates[k++ % dates.length]! };
    }
  }
}

/** The knowledge graph's promise: the cheapest ticket of a route never exceeds the full economy air fare. */
function fareCeiling(km: number): number {
  const raw = FARE_CEILING.base + FARE_CEILING.perKm * km;
  return Math.max(FARE_CEILING.min, Math.ceil(raw / FARE_CEILING.roundTo) * FARE_CEILING.roundTo);
}

function expectedFlightMinutes(km: number): number {
  return Math.max(45, (km / CRUISE_KMH) * 60 + FLIGHT_GROUND_MINUTES);
}

function expectedTrainMinutes(type: keyof typeof TRAIN_AVERAGE_KMH, km: number): number {
  return Math.max(20, (km / TRAIN_AVERAGE_KMH[type]) * 60);
}

/** Collects violations instead of asserting each one (hundreds of thousands of checks run here). */
function makeChecker() {
  const violations: string[] = [];
  const check = (ok: boolean, what: string, context: unknown): void => {
    if (!ok && violations.length < 20) violations.push(`${what}: ${JSON.stringify(context)}`);
  };
  return { violations, check };
}

function clockConsistent(r: FlightRecord | TrainRecord): boolean {
  const dep = minutesOf(r.departure);
  const arr = minutesOf(r.arrival);
  return (
    dep + r.durationMinutes === arr + 1440 * r.arrivalDayOffset &&
    r.nextDay === r.arrivalDayOffset > 0
  );
}

describe('flight properties over every city pair × 3 salts', () => {
  it('counts, ids, red-eyes, floors, durations and ordering hold', () => {
    const { violations, check } = makeChecker();
    let checked = 0;
    for (const salt of salts) {
      const epoch = pinned(salt);
      for (const { a, b, date } of allQueries()) {
        if (a.airports.length === 0 || b.airports.length === 0) continue;
        const records = searchFlights({ date, fromCity: a.name, toCity: b.name }, { epoch });
        const floor = MIN_TRANSPORT_COST[distanceCategoryOf(a.name, b.name)];
        check(records.length >= 8, 'records.length >= 8', records);
        check(records.length <= 15, 'records.length <= 15', records);
        check(new Set(records.map((x) => x.id)).size === records.length, 'unique ids', records);
        const redEyes = records.filter((r) => r.redEye);
        check(redEyes.length >= 1, 'redEyes.length >= 1', records);
        check(redEyes.length <= 2, 'redEyes.length <= 2', records);
        const ceiling = fareCeiling(records[0]!.distanceKm);
        check(
          Math.min(...records.map((x) => x.price)) <= ceiling,
          'cheapest flight within the fare ceiling',
          records,
        );
        let last = -1;
        for (const r of records) {
          check(r.price >= floor, 'r.price >= floor', r);
          check(r.price >= 200, 'r.price >= 200', r);
          check(Number.isInteger(r.price), 'integer price', r);
          const typical = expectedFlightMinutes(r.distanceKm);
          check(r.durationMinutes >= typical * 0.8, 'r.durationMinutes >= typical * 0.8', r);
          check(r.durationMinutes <= typical * 1.2, 'r.durationMinutes <= typical * 1.2', r);
          check(a.airports.includes(r.fromAirport), 'a.airports contains r.fromAirport', r);
          check(b.airports.includes(r.toAirport), 'b.airports contains r.toAirport', r);
          check(r.id.startsWith(r.airlineCode), 'id prefix', r);
          const dep = minutesOf(r.departure);
          check(dep >= last, 'dep >= last', r);
          last = dep;
          // Red-eyes leave late at night; day flights do not.
          check(r.redEye === dep >= 22 * 60 + 30, 'red-eye iff departure from 22:30', r);
          // Only red-eyes land after midnight.
          check(!r.nextDay || r.redEye, 'next-day arrival only for red-eyes', r);
          check(r.arrivalDayOffset <= 1, 'r.arrivalDayOffset <= 1', r);
          check(clockConsistent(r), 'clock', r);
        }
        if (checked++ % 500 === 0) for (const r of records) FlightRecordSchema.parse(r);
      }
    }
    expect(violations).toEqual([]);
    expect(checked).toBeGreaterThan(3 * 3000);
  });
});

describe('train properties over every city pair × 3 salts', () => {
  it('counts, ids, types by distance, seats, floors, durations and ordering hold', () => {
    const { violations, check } = makeChecker();
    let checked = 0;
    for (const salt of salts) {
      const epoch = pinned(salt);
      for (const { a, b, date } of allQueries()) {
        if (a.trainStations.length === 0 || b.trainStations.length === 0) continue;
        const records = searchTrains({ date, fromCity: a.name, toCity: b.name }, { epoch });
        const category = distanceCategoryOf(a.name, b.name);
        const allowed =
          category === 'short' ? SHORT_TYPES : category === 'medium' ? MEDIUM_TYPES : LONG_TYPES;
        const floor = MIN_TRANSPORT_COST[category];
        const ceiling = fareCeiling(records[0]!.distanceKm);
        check(
          Math.min(...records.map((x) => x.price)) <= ceiling,
          'cheapest train within the fare ceiling',
          records,
        );
        check(records.length >= 8, 'records.length >= 8', records);
        check(records.length <= 15, 'records.length <= 15', records);
        check(new Set(records.map((x) => x.id)).size === records.length, 'unique ids', records);
        let last = -1;
        for (const r of records) {
          check(allowed.has(r.trainType), 'type allowed by distance', r);
          check(r.id.startsWith(r.trainType), 'id prefix', r);
          check(r.price >= floor, 'r.price >= floor', r);
          check(Number.isInteger(r.price), 'integer price', r);
          const typical = expectedTrainMinutes(r.trainType, r.distanceKm);
          check(r.durationMinutes >= typical * 0.8, 'r.durationMinutes >= typical * 0.8', r);
          check(r.durationMinutes <= typical * 1.2, 'r.durationMinutes <= typical * 1.2', r);
          const highSpeed = SHORT_TYPES.has(r.trainType);
          check((highSpeed ? /^(二等座|一等座)$/ : /^(硬座|硬卧)$/).test(r.seatType), 'seat', r);
          // High-speed trains arrive the same day, by 23:50.
          if (highSpeed) {
            check(r.arrivalDayOffset === 0, 'r.arrivalDayOffset === 0', r);
            check(minutesOf(r.arrival) <= 23 * 60 + 50, 'minutesOf(r.arrival) <= 23 * 60 + 50', r);
          }
          check(
            a.trainStations.includes(r.fromStation),
            'a.trainStations contains r.fromStation',
            r,
          );
          check(b.trainStations.includes(r.toStation), 'b.trainStations contains r.toStation', r);
          const dep = minutesOf(r.departure);
          check(dep >= Math.max(last, 6 * 60), 'dep >= Math.max(last, 6 * 60)', r);
          last = dep;
          check(clockConsistent(r), 'clock', r);
        }
        if (checked++ % 500 === 0) for (const r of records) TrainRecordSchema.parse(r);
      }
    }
    expect(violations).toEqual([]);
    expect(checked).toBeGreaterThan(3 * 3000);
  });

  it('a short trip is quick and a long high-speed trip is never cheap', () => {
    const epoch = pinned('sanity');
    for (const date of sampleDates(20)) {
      for (const r of searchTrains({ date, fromCity: '上海', toCity: '苏州' }, { epoch })) {
        expect(r.durationMinutes).toBeLessThanOrEqual(60);
      }
      for (const r of searchTrains({ date, fromCity: '北京', toCity: '广州' }, { epoch })) {
        if (r.trainType === 'G') expect(r.price).toBeGreaterThanOrEqual(700);
        if (r.trainType === 'G') expect(r.durationMinutes).toBeLessThanOrEqual(10 * 60);
      }
    }
  });
});
