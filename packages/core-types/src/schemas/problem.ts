import { z } from 'zod';

/** The seven problem types, in the order `taskId % 7` indexes them. */
export const PROBLEM_TYPES = [
  'intercity',
  'multiday',
  'hybrid',
  'single_poi',
  'food_tour',
  'business',
  'family_study',
] as const;

/** A travel-planning problem type. */
export const ProblemTypeSchema = z.enum(PROBLEM_TYPES);
/** A travel-planning problem type; see {@link ProblemTypeSchema}. */
export type ProblemType = z.infer<typeof ProblemTypeSchema>;

/** Difficulty level: 1 beginner, 2 intermediate, 3 advanced. */
export const DifficultySchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/** Difficulty level; see {@link DifficultySchema}. */
export type Difficulty = z.infer<typeof DifficultySchema>;

/** Time pressure of a difficulty level: never, sometimes (decided per task), always. */
export const TimePressureModeSchema = z.enum(['no', 'possible', 'yes']);
/** See {@link TimePressureModeSchema}. */
export type TimePressureMode = z.infer<typeof TimePressureModeSchema>;

/** How hard a level squeezes the problem. */
export const DifficultyProfileSchema = z.object({
  /** Budget tightening factor, 0.5 / 0.75 / 0.95 (higher is tighter). */
  constraintTightness: z.number().min(0).max(1),
  /** Number of injected conflicting constraint pairs. */
  constraintConflicts: z.number().int().min(0).max(5),
  /** Whether the level imposes time pressure. */
  timePressure: TimePressureModeSchema,
  /** Longest trip of the level in days. */
  maxDays: z.number().int().min(1),
});
/** See {@link DifficultyProfileSchema}. */
export type DifficultyProfile = z.infer<typeof DifficultyProfileSchema>;

/** Distance category of a city pair. */
export const DistanceCategorySchema = z.enum(['short', 'medium', 'long']);
/** See {@link DistanceCategorySchema}. */
export type DistanceCategory = z.infer<typeof DistanceCategorySchema>;

/** The six tool names, in definition order. */
export const TOOL_NAMES = [
  'poi_search',
  'around_search',
  'direction',
  'weather',
  'search_flights',
  'search_train_tickets',
] as const;

/** One of the six tools. */
export const ToolNameSchema = z.enum(TOOL_NAMES);
/** See {@link ToolNameSchema}. */
export type ToolName = z.infer<typeof ToolNameSchema>;

/** The two transport tools. */
export const TRANSPORT_TOOLS: readonly ToolName[] = ['search_flights', 'search_train_tickets'];

/**
 * Versions of every component that shapes a score. Results whose versions differ are not compared or merged.
 * All fields are optional so that a record stamped by one component still parses.
 */
export const VersionsSchema = z.looseObject({
  /** The navworld runner package. */
  navworld: z.string().optional(),
  /** The task generator (problems and prompts). */
  taskgen: z.string().optional(),
  /** The tool world (offline world version, or `amap`/`replay:<hash>`). */
  world: z.string().optional(),
  /** The scorer rules. */
  scorer: z.string().optional(),
  /** The judge rubric. */
  rubric: z.string().optional(),
});
/** See {@link VersionsSchema}. */
export type Versions = z.infer<typeof VersionsSchema>;

/** A conflicting pair of constraints the plan must trade off explicitly. */
export const ConflictPairSchema = z.tuple([z.string(), z.string()]);

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Everything the task generator decides for one task. A pure function of the task id (and the generator
 * version); unknown extra fields are kept so that problems recorded by a newer generator still parse.
 */
export const TravelProblemSchema = z.looseObject({
  /** Schema version of this record. */
  schemaVersion: z.literal(1).default(1),
  /** The task id it was generated from (0 ≤ id < 2^31). */
  taskId: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  /** Problem type (`taskId % 7`). */
  problemType: ProblemTypeSchema,
  /** Difficulty level (`floor(taskId / 7) % 3 + 1`). */
  difficulty: DifficultySchema,
  /** The level's profile. */
  difficultyProfile: DifficultyProfileSchema,
  /** Departure city for intercity / hybrid / business; null for the others. */
  originCity: z.string().nullable(),
  /** Destination city (always set). */
  destinationCity: z.string().min(1),
  /** Distance category of origin → destination; null without an origin. */
  distanceCategory: DistanceCategorySchema.nullable(),
  /** Travel date `YYYY-MM-DD`. */
  travelDate: z.string().regex(DATE_RE, 'travelDate must be YYYY-MM-DD'),
  /** Trip length in days. */
  numDays: z.number().int().min(1).max(14),
  /** Budget in CNY; what it covers is stated by `budgetScope`. */
  budget: z.number().int().nonnegative(),
  /** What the budget covers. */
  budgetScope: z.enum(['per_person', 'group_total', 'dining']).default('group_total'),
  /** budget / economy / comfort / luxury. */
  budgetLevel: z.string(),
  /** Latest arrival wish (intercity, business), or null. */
  arrivalConstraint: z.string().nullable(),
  /** Transport preference (intercity, hybrid, business), or null. */
  preference: z.string().nullable(),
  /** solo / couple / family / friends / business … */
  groupType: z.string(),
  /** Number of travellers. */
  groupSize: z.number().int().min(1).max(20),
  /** Interests (type-specific: target POI, food theme, business purpose, study theme …). */
  interests: z.array(z.string()),
  /** Hard constraints, no duplicates. */
  constraints: z.array(z.string()),
  /** Conflicting constraint pairs the plan must trade off. */
  conflictingPairs: z.array(ConflictPairSchema),
  /** Whether this task has an urgent time window. */
  timePressure: z.boolean(),
  /** The landmark a single_poi task is about. */
  targetPoi: z.string().nullable().default(null),
  /** The food theme of a food_tour task. */
  foodTheme: z.string().nullable().default(null),
  /** Tools the plan is expected to use. */
  requiredTools: z.array(ToolNameSchema).min(1),
  /** The Chinese user prompt. */
  prompt: z.string().min(1),
  /** SHA-256 of the canonical JSON of the problem without this field. */
  problemHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** Component versions (at least `taskgen`). */
  versions: VersionsSchema,
});
/** See {@link TravelProblemSchema}. */
export type TravelProblem = z.infer<typeof TravelProblemSchema>;
