import { z } from 'zod';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A flight or train search: travel date and the two cities (names as the knowledge graph accepts them). */
export const TransportQuerySchema = z.object({
  /** Travel date, `YYYY-MM-DD`. */
  date: z.string(),
  /** Departure city, e.g. `北京`, `北京市` or `beijing`. */
  fromCity: z.string().min(1),
  /** Arrival city. */
  toCity: z.string().min(1),
});
/** See {@link TransportQuerySchema}. */
export type TransportQuery = z.infer<typeof TransportQuerySchema>;

/** One economy flight as the generator produces it. */
export const FlightRecordSchema = z.object({
  /** Flight number: airline code + 4 digits, e.g. `CA1501` or `3U8881`. */
  id: z.string().regex(/^[A-Z0-9]{2}\d{4}$/),
  /** Chinese airline name, e.g. 中国国际航空. */
  airline: z.string().min(1),
  /** IATA airline code, e.g. `CA`. */
  airlineCode: z.string().length(2),
  /** Departure airport (real name). */
  fromAirport: z.string().min(1),
  /** Arrival airport (real name). */
  toAirport: z.string().min(1),
  /** Departure time `HH:MM` on the travel date. */
  departure: z.string().regex(HHMM),
  /** Arrival time `HH:MM` (local clock; see `nextDay`). */
  arrival: z.string().regex(HHMM),
  /** True when the arrival is after midnight. */
  nextDay: z.boolean(),
  /** Days between departure and arrival dates (0 or 1 for flights). */
  arrivalDayOffset: z.number().int().min(0),
  /** Block time in minutes. */
  durationMinutes: z.number().int().positive(),
  /** Economy fare in CNY (integer). */
  price: z.number().int().positive(),
  /** Cabin class; only economy is sold. */
  cabin: z.literal('经济舱'),
  /** Late-night departure sold at a discount. */
  redEye: z.boolean(),
  /** Route distance in km used for timing and fares. */
  distanceKm: z.number().positive(),
});
/** See {@link FlightRecordSchema}. */
export type FlightRecord = z.infer<typeof FlightRecordSchema>;

/** One direct train as the generator produces it. */
export const TrainRecordSchema = z.object({
  /** Train number, e.g. `G5`, `K1159`. */
  id: z.string().regex(/^[GDCZTK]\d{1,4}$/),
  /** Train type (the id's prefix). */
  trainType: z.enum(['G', 'D', 'C', 'Z', 'T', 'K']),
  /** Departure station (real name). */
  fromStation: z.string().min(1),
  /** Arrival station (real name). */
  toStation: z.string().min(1),
  /** Departure time `HH:MM` on the travel date. */
  departure: z.string().regex(HHMM),
  /** Arrival time `HH:MM` (local clock; see `nextDay` / `arrivalDayOffset`). */
  arrival: z.string().regex(HHMM),
  /** True when the arrival is on a later day than the departure. */
  nextDay: z.boolean(),
  /** Days between departure and arrival dates (0, 1, 2 …). */
  arrivalDayOffset: z.number().int().min(0),
  /** Trip time in minutes. */
  durationMinutes: z.number().int().positive(),
  /** Seat class the price is for: 二等座 / 一等座 (G, D, C) or 硬座 / 硬卧 (Z, T, K). */
  seatType: z.string().min(1),
  /** Fare in CNY (integer). */
  price: z.number().int().positive(),
  /** Route distance in km used for timing and fares. */
  distanceKm: z.number().positive(),
});
/** See {@link TrainRecordSchema}. */
export type TrainRecord = z.infer<typeof TrainRecordSchema>;
