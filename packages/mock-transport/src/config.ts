// Every constant of the transport generator lives here, so one rule has one number in one place.
import { FARE_CEILING } from '@navworld/knowledge-graph';

/** A train type prefix, as printed at the start of a train number. */
export type TrainType = 'G' | 'D' | 'C' | 'Z' | 'T' | 'K';

/** A domestic carrier: IATA code, Chinese name and a relative frequency weight. */
export interface AirlineInfo {
  /** Two-character IATA designator (one carrier, 四川航空, starts with a digit). */
  readonly code: string;
  /** Chinese name as printed on tickets. */
  readonly name: string;
  /** Relative share of generated flights; the three big groups fly more routes. */
  readonly weight: number;
}

/** Real Chinese domestic carriers the generator draws from. */
export const AIRLINES: readonly AirlineInfo[] = [
  { code: 'CA', name: '中国国际航空', weight: 4 },
  { code: 'MU', name: '中国东方航空', weight: 4 },
  { code: 'CZ', name: '中国南方航空', weight: 4 },
  { code: 'HU', name: '海南航空', weight: 3 },
  { code: '3U', name: '四川航空', weight: 2 },
  { code: 'HO', name: '吉祥航空', weight: 2 },
  { code: 'ZH', name: '深圳航空', weight: 2 },
  { code: 'MF', name: '厦门航空', weight: 2 },
  { code: 'FM', name: '上海航空', weight: 1 },
  { code: 'GS', name: '天津航空', weight: 1 },
  { code: 'SC', name: '山东航空', weight: 2 },
  { code: 'KN', name: '中国联合航空', weight: 1 },
  { code: 'JD', name: '首都航空', weight: 1 },
  { code: 'EU', name: '成都航空', weight: 1 },
  { code: 'TV', name: '西藏航空', weight: 1 },
];

/** Per-type train facts: Chinese class name, average speed including stops, fares per km and numbering. */
export interface TrainTypeInfo {
  /** Prefix letter. */
  readonly type: TrainType;
  /** Chinese class name shown in the record, e.g. 高铁. */
  readonly name: string;
  /** Average speed over the whole trip including stops, km/h (below the cruise speed on purpose). */
  readonly averageKmh: number;
  /** The two seat classes this type sells: the cheaper first. */
  readonly seats: readonly [string, string];
  /** CNY per (tapered) km for the cheaper seat. */
  readonly farePerKm: number;
  /** Multiplier of the dearer seat over the cheaper one. */
  readonly upperSeatFactor: number;
  /** Inclusive range of train numbers. */
  readonly numberRange: readonly [number, number];
  /** Relative frequency when several types serve a route. */
  readonly weight: number;
  /** High-speed types never run overnight: they must arrive by `TRAIN_RULES.highSpeedLastArrival`. */
  readonly daytimeOnly: boolean;
}

/** The six train types. Fares follow the published per-km levels; speeds are door-to-door averages. */
export const TRAIN_TYPES: Readonly<Record<TrainType, TrainTypeInfo>> = {
  G: {
    type: 'G',
    name: '高铁',
    averageKmh: 250,
    seats: ['二等座', '一等座'],
    farePerKm: 0.46,
    upperSeatFactor: 1.6,
    numberRange: [1, 9999],
    weight: 4,
    daytimeOnly: true,
  },
  D: {
    type: 'D',
    name: '动车',
    averageKmh: 190,
    seats: ['二等座', '一等座'],
    farePerKm: 0.31,
    upperSeatFactor: 1.2,
    numberRange: [1, 9999],
    weight: 3,
    daytimeOnly: true,
  },
  C: {
    type: 'C',
    name: '城际',
    averageKmh: 160,
    seats: ['二等座', '一等座'],
    farePerKm: 0.46,
    upperSeatFactor: 1.6,
    numberRange: [1001, 9999],
    weight: 2,
    daytimeOnly: true,
  },
  Z: {
    type: 'Z',
    name: '直达特快',
    averageKmh: 120,
    seats: ['硬座', '硬卧'],
    farePerKm: 0.16,
    upperSeatFactor: 1.7,
    numberRange: [1, 399],
    weight: 1,
    daytimeOnly: false,
  },
  T: {
    type: 'T',
    name: '特快',
    averageKmh: 100,
    seats: ['硬座', '硬卧'],
    farePerKm: 0.14,
    upperSeatFactor: 1.7,
    numberRange: [1, 399],
    weight: 1,
    daytimeOnly: false,
  },
  K: {
    type: 'K',
    name: '快速',
    averageKmh: 75,
    seats: ['硬座', '硬卧'],
    farePerKm: 0.12,
    upperSeatFactor: 1.7,
    numberRange: [1, 1999],
    weight: 1,
    daytimeOnly: false,
  },
};

/**
 * Train types offered by distance band: short trips get only high-speed and intercity trains; from the medium
 * band on the classic Z/T trains appear; K trains only run on long routes. Bands match the knowledge graph's
 * distance categories (short < 450 km, long > 1000 km).
 */
export const TRAIN_TYPES_BY_CATEGORY = {
  short: ['G', 'D', 'C'],
  medium: ['G', 'D', 'Z', 'T'],
  long: ['G', 'D', 'Z', 'T', 'K'],
} as const satisfies Record<'short' | 'medium' | 'long', readonly TrainType[]>;

/** Flight timing: cruise speed plus a fixed block for taxi, climb and descent. */
export const FLIGHT_TIMING = {
  /** Typical cruise ground speed, km/h. */
  cruiseKmh: 800,
  /** Minutes added to every flight for taxi, climb and approach. */
  groundMinutes: 35,
  /** Random factor on the typical duration (winds, routing). */
  jitter: [0.92, 1.08],
  /** Schedules are published in 5-minute steps. */
  stepMinutes: 5,
  /** No flight is scheduled shorter than this. */
  minMinutes: 45,
} as const;

/** Flight schedule windows, in minutes after midnight (5-minute steps). */
export const FLIGHT_SCHEDULE = {
  /** Daytime departures: 06:30 – 21:55. */
  day: [390, 1315],
  /** Daytime flights land by 23:55 the same day; only red-eyes arrive after midnight. */
  lastDayArrival: 1435,
  /** Red-eye departures: 22:30 – 23:55. */
  redEye: [1350, 1435],
  /** Flights per query; busy routes (≥ 3 airports on the two ends) get the upper part of the range. */
  count: [8, 15],
  /** Lower bound of the count on busy routes. */
  busyMinCount: 10,
  /** Upper bound of the count on quiet routes. */
  quietMaxCount: 13,
  /** Red-eye flights per query. */
  redEyeCount: [1, 2],
  /** Flight numbers are four digits, as on domestic routes. */
  numberRange: [1001, 8999],
} as const;

/**
 * Economy fares: a full fare from distance, a booking discount, an extra red-eye discount and floors. The full
 * fare is the knowledge graph's fare ceiling, so no ticket is ever dearer than what budgets are built on.
 */
export const FLIGHT_FARES = {
  /** Full economy fare = base + perKm × km (the knowledge graph's `FARE_CEILING`). */
  fullFareBase: FARE_CEILING.base,
  /** CNY per km of the full economy fare. */
  fullFarePerKm: FARE_CEILING.perKm,
  /** Booking discount range (4折 to full fare). */
  discount: [0.4, 1.0],
  /** Extra factor for red-eye departures (6–8折 on top). */
  redEyeDiscount: [0.6, 0.8],
  /** No economy ticket is sold below this (before the category floor). */
  absoluteFloor: FARE_CEILING.min,
  /** Published fares end in 0. */
  roundTo: FARE_CEILING.roundTo,
} as const;

/** Train timing and fares. */
export const TRAIN_RULES = {
  /** Trains per query. */
  count: [8, 15],
  /** First departure of the day (06:00). */
  firstDeparture: 360,
  /** Last departure of high-speed trains (21:30). */
  lastHighSpeedDeparture: 1290,
  /** Last departure of classic trains (23:55). */
  lastClassicDeparture: 1435,
  /** High-speed trains must arrive by 23:50 the same day. */
  highSpeedLastArrival: 1430,
  /** Departures in 5-minute steps. */
  stepMinutes: 5,
  /** Random factor on the typical duration (stops differ per train). */
  jitter: [0.92, 1.1],
  /** No train trip is shorter than this. */
  minMinutes: 20,
  /** Fares taper beyond this distance (long-distance tariffs decrease per km). */
  taperFromKm: 1000,
  /** Share of the per-km fare charged beyond {@link TRAIN_RULES.taperFromKm}. */
  taperFactor: 0.75,
  /** Fare spread between trains of the same type (different station pairs and routings). */
  fareJitter: [0.97, 1.03],
  /** Probability of the dearer seat on high-speed trains. */
  upperSeatShareHighSpeed: 0.3,
  /** Probability of a sleeper on overnight or long (≥ 8 h) classic trains. */
  sleeperShareOvernight: 0.6,
  /** Probability of a sleeper on short daytime classic trains. */
  sleeperShareDay: 0.2,
  /** Classic trips at least this long count as sleeper trips. */
  sleeperTripMinutes: 480,
} as const;

/** Text markers used in records. */
export const MARKERS = {
  /** Arrival on the following day. */
  nextDay: '(次日)',
  /** Only cabin class sold by this generator. */
  cabin: '经济舱',
  /** Appended to red-eye flights so the model can honour "no red-eye" constraints. */
  redEye: '红眼航班',
} as const;

/** The version of the generator rules; bump it when any output for a given query changes. */
export const GENERATOR_VERSION = '1.0.0';
