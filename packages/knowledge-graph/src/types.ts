// Schemas and types of the city knowledge graph.

import { z } from 'zod';

/** A `[lng, lat]` pair in GCJ-02, the datum AMap uses. */
export const LngLatSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
/** See {@link LngLatSchema}. */
export type LngLat = z.infer<typeof LngLatSchema>;

/** One landmark of a city. */
export const LandmarkProfileSchema = z.object({
  /** Name as travellers and maps know it. */
  name: z.string().min(1),
  /** `[lng, lat]`, GCJ-02. */
  location: LngLatSchema,
  /** Kind of place: 景点, 博物馆, 公园, 古镇, 寺庙, 街区, 山岳, 湖泊 … */
  kind: z.string().min(1),
  /** Typical adult ticket in CNY; 0 means free entry. */
  ticket: z.number().int().nonnegative(),
});
/** See {@link LandmarkProfileSchema}. */
export type LandmarkProfile = z.infer<typeof LandmarkProfileSchema>;

/** Typical weather of one calendar month. */
export const ClimateMonthSchema = z.object({
  /** Month 1–12. */
  month: z.number().int().min(1).max(12),
  /** Typical daytime high, °C. */
  high: z.number(),
  /** Typical night low, °C. */
  low: z.number(),
  /** Typical weather words, most frequent first (晴, 多云, 小雨 …). */
  weather: z.array(z.string().min(1)).min(1),
});
/** See {@link ClimateMonthSchema}. */
export type ClimateMonth = z.infer<typeof ClimateMonthSchema>;

/** Everything the graph knows about one city. */
export const CityProfileSchema = z.object({
  /** Canonical name without the 市 suffix, e.g. `北京`. */
  name: z.string().min(1),
  /** Lower-case pinyin without tones or spaces, e.g. `beijing`. */
  pinyin: z.string().regex(/^[a-z]+$/),
  /** Province-level unit, e.g. `广东省`, `北京市`. */
  province: z.string().min(1),
  /** City-centre `[lng, lat]`, GCJ-02, 3 decimals. */
  center: LngLatSchema,
  /** AMap adcode (6 digits). */
  adcode: z.string().regex(/^\d{6}$/),
  /** AMap citycode (telephone area code). */
  citycode: z.string().regex(/^\d{3,4}$/),
  /** What the city is known for (entries of the interest list). */
  specialties: z.array(z.string().min(1)).min(1),
  /** 2–6 real attractions, in data order. */
  landmarks: z.array(z.string().min(1)).min(2).max(6),
  /** Details of each landmark, same order as `landmarks`. */
  landmarkDetails: z.array(LandmarkProfileSchema).min(2).max(6),
  /** Food themes the city is good for. */
  foodThemes: z.array(z.string().min(1)).min(1),
  /** Months (1–12) to avoid: typhoons, heat, deep winter. */
  seasonalAvoid: z.array(z.number().int().min(1).max(12)),
  /** The main airport and the main railway station, or null where the city has none. */
  transportHub: z.object({ airport: z.string().nullable(), station: z.string().nullable() }),
  /** Other cities of the graph within a short trip, nearest first. */
  nearbyCities: z.array(z.string().min(1)),
  /** Airports by full name; empty when the city has none. */
  airports: z.array(z.string().min(1)),
  /** Railway stations by full name; empty when the city has none. */
  trainStations: z.array(z.string().min(1)),
  /** A few districts or towns (administrative names, never POIs). */
  districts: z.array(z.string().min(1)).min(1),
  /** At least 8 road names of the city. */
  roads: z.array(z.string().min(1)).min(8),
  /** Twelve months of typical weather, January first. */
  climate: z.array(ClimateMonthSchema).length(12),
});
/** See {@link CityProfileSchema}. */
export type CityProfile = z.infer<typeof CityProfileSchema>;
