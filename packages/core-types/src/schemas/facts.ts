import { z } from 'zod';

/** The ten fact categories compared between tool results and the answer. */
export const FACT_CATEGORIES = [
  'flights',
  'trains',
  'pois',
  'weather',
  'distances',
  'times',
  'prices',
  'wind_info',
  'travel_durations',
  'road_names',
] as const;

/** One fact category. */
export const FactCategorySchema = z.enum(FACT_CATEGORIES);
/** See {@link FactCategorySchema}. */
export type FactCategory = z.infer<typeof FactCategorySchema>;

/** A flight or train with what a text says about it: price and departure / arrival times. */
export const TransportClaimSchema = z.object({
  /** Flight number (CA1501) or train number (G5). */
  id: z.string(),
  /** Flight or train. */
  kind: z.enum(['flight', 'train']),
  /** Price in CNY associated with the id, when stated. */
  price: z.number().nonnegative().optional(),
  /** Departure time `HH:MM`, when stated. */
  departure: z.string().optional(),
  /** Arrival time `HH:MM`, when stated. */
  arrival: z.string().optional(),
});
/** See {@link TransportClaimSchema}. */
export type TransportClaim = z.infer<typeof TransportClaimSchema>;

/**
 * Facts extracted from a tool trace or an answer. Each category is a sorted list of distinct normalised
 * strings (e.g. `"850"` for prices, `"2.5公里"` for distances, `"25度"` for temperatures).
 */
export const ExtractedFactsSchema = z.looseObject({
  flights: z.array(z.string()),
  trains: z.array(z.string()),
  pois: z.array(z.string()),
  weather: z.array(z.string()),
  distances: z.array(z.string()),
  times: z.array(z.string()),
  prices: z.array(z.string()),
  wind_info: z.array(z.string()),
  travel_durations: z.array(z.string()),
  road_names: z.array(z.string()),
  /** Transport ids with the prices and times stated next to them. */
  transport: z.array(TransportClaimSchema),
});
/** See {@link ExtractedFactsSchema}. */
export type ExtractedFacts = z.infer<typeof ExtractedFactsSchema>;

/** A transport option found in a plan. */
export const PlanTransportOptionSchema = TransportClaimSchema;

/** One day of a plan's itinerary. */
export const PlanDaySchema = z.object({
  /** 1-based day number. */
  day: z.number().int().positive(),
  /** The day's text. */
  text: z.string(),
  /** Place-like names mentioned that day. */
  locations: z.array(z.string()),
});
/** See {@link PlanDaySchema}. */
export type PlanDay = z.infer<typeof PlanDaySchema>;

/** One budget line. */
export const BudgetItemSchema = z.object({
  /** Category keyword (交通, 住宿, 餐饮, 门票 …). */
  category: z.string(),
  /** Amount in CNY. */
  amount: z.number().nonnegative(),
});

/** What the plan parser found in an answer. It never throws: failures are listed in `errors`. */
export const ParsedPlanSchema = z.looseObject({
  /** Whether any structure was found. */
  success: z.boolean(),
  /** Where the structure came from. */
  source: z.enum(['json', 'text', 'empty']),
  /** Transport options (ids with price / times). */
  transportOptions: z.array(PlanTransportOptionSchema),
  /** Day-by-day itinerary. */
  days: z.array(PlanDaySchema),
  /** Budget lines. */
  budgetItems: z.array(BudgetItemSchema),
  /** Stated total budget, when any. */
  budgetTotal: z.number().nonnegative().nullable(),
  /** Place-like names (POI suffixes). */
  locations: z.array(z.string()),
  /** Tips and notes. */
  tips: z.array(z.string()),
  /** Parse problems, in order. */
  errors: z.array(z.string()),
});
/** See {@link ParsedPlanSchema}. */
export type ParsedPlan = z.infer<typeof ParsedPlanSchema>;
