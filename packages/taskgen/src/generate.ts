// The problem generator: a pure function of the task id.

import {
  ERROR_CODES,
  NavworldError,
  PROBLEM_TYPES,
  TOOL_NAMES,
  type Difficulty,
  type DifficultyProfile,
  type DistanceCategory,
  type ProblemType,
  type ToolName,
  type TravelProblem,
} from '@navworld/core-types';
import { transportFareCeiling } from '@navworld/knowledge-graph';
import { budgetFloor, tightenBudget } from './budget';
import {
  ARRIVAL_CHOICES,
  BUDGET_LEVELS,
  BUDGET_LEVEL_ORDER,
  BUSINESS_ARRIVAL_CHOICES,
  BUSINESS_BUDGET_LEVELS,
  BUSINESS_EXTRA_CONSTRAINTS,
  BUSINESS_PREFERENCES,
  BUSINESS_PURPOSES,
  CONFLICTS_BY_TYPE,
  CONFLICT_PAIRS,
  DIFFICULTY_PROFILES,
  FAMILY_BASE_CONSTRAINT,
  FAMILY_BUDGET_LEVELS,
  FAMILY_EXTRA_CONSTRAINTS,
  FAMILY_EXTRA_INTERESTS,
  FAMILY_FALLBACK_INTERESTS,
  FAMILY_SECOND_INTEREST,
  FLIGHT_CONFLICTS,
  FLIGHT_ONLY_CONSTRAINTS,
  FOOD_THEMES,
  FOOD_TOUR_CONSTRAINTS,
  FOOD_TOUR_CONSTRAINT_RATE,
  FOOD_TOUR_EXTRA_INTERESTS,
  FOOD_TOUR_FIRST_INTEREST,
  FOOD_TOUR_GROUP_TYPES,
  FOOD_TOUR_THIRD_INTERESTS,
  GROUP_SIZE_RANGE,
  GROUP_TYPES,
  HYBRID_URGENT_PREFERENCES,
  INTERCITY_PREFERENCES,
  MULTI_DAY_CAP,
  MULTI_DAY_MIN,
  POSSIBLE_TIME_PRESSURE_RATE,
  SEED_PREFIX,
  SINGLE_DAY_TYPES,
  SINGLE_POI_BUDGET_LEVELS,
  SINGLE_POI_CONSTRAINTS,
  SINGLE_POI_SECOND_INTERESTS,
  STUDY_THEMES,
  TASKGEN_VERSION,
  TRAVEL_DATE_CYCLE,
  TRIP_CONSTRAINTS,
  TYPICAL_FARE_SHARE,
  URGENT_ARRIVAL_CHOICES,
  VEGETARIAN_CONSTRAINT,
  VEGETARIAN_THEME,
  type BudgetLevel,
} from './config';
import { generatedProblemHash, problemHash } from './hash';
import { createRng, sample, type Rng } from './internal/rng';
import {
  ALL_CITY_NAMES,
  CITIES_IN_SEASON,
  CITY_SPECIALTIES,
  CITY_SPECIALTIES_ADULTS,
  FOOD_THEME_CITIES,
  FOOD_THEME_CITIES_IN_SEASON,
  INTERESTS_WITHOUT,
  INTERESTS_WITHOUT_ADULTS,
  PAIRS,
  PAIRS_IN_SEASON,
  POI_POOL,
  POI_POOL_IN_SEASON,
  TRAVEL_DAYS,
  cityOf,
  inSeason,
} from './internal/tables';
import { renderPrompt, type PromptInput } from './prompt';

const BASE_TOOLS: readonly ToolName[] = Object.freeze([
  'poi_search',
  'around_search',
  'direction',
  'weather',
]);
/** Every tool, in the contract's order. */
const ALL_TOOLS: readonly ToolName[] = Object.freeze([...TOOL_NAMES]);
const BUSINESS_TOOLS: readonly ToolName[] = Object.freeze([
  'poi_search',
  'direction',
  'weather',
  'search_flights',
  'search_train_tickets',
]);
const INTERCITY_TOOLS: Readonly<Record<DistanceCategory, readonly ToolName[]>> = {
  short: Object.freeze(['poi_search', 'direction', 'weather', 'search_train_tickets']),
  medium: Object.freeze([
    'poi_search',
    'direction',
    'weather',
    'search_flights',
    'search_train_tickets',
  ]),
  long: Object.freeze(['poi_search', 'direction', 'weather', 'search_flights']),
};
const CATEGORIES: readonly DistanceCategory[] = ['short', 'medium', 'long'];
const FAR_CATEGORIES: readonly DistanceCategory[] = ['medium', 'long'];
const TRIP_CONSTRAINTS_NO_FLIGHTS = TRIP_CONSTRAINTS.filter((c) => !FLIGHT_ONLY_CONSTRAINTS.has(c));

/** What every type generator decides; the common steps fill in the rest. */
interface Draft {
  originCity: string | null;
  destinationCity: string;
  distanceCategory: DistanceCategory | null;
  numDays: number;
  groupType: string;
  groupSize: number;
  budgetLevel: BudgetLevel;
  rawBudget: number;
  budgetScope: 'per_person' | 'group_total' | 'dining';
  arrivalConstraint: string | null;
  preference: string | null;
  interests: string[];
  constraints: string[];
  targetPoi: string | null;
  foodTheme: string | null;
  requiredTools: readonly ToolName[];
}

interface Context {
  readonly rng: Rng;
  readonly type: ProblemType;
  readonly difficulty: Difficulty;
  readonly profile: DifficultyProfile;
  readonly month: number;
  readonly timePressure: boolean;
}

/** Throws INVALID_TASK_ID unless `taskId` is an integer in [0, 2^31). */
export function validateTaskId(taskId: unknown): asserts taskId is number {
  if (
    typeof taskId !== 'number' ||
    !Number.isInteger(taskId) ||
    taskId < 0 ||
    taskId > 2 ** 31 - 1
  ) {
    throw new NavworldError(ERROR_CODES.INVALID_TASK_ID, `invalid task id: ${String(taskId)}`, {
      hint: 'A task id is an integer from 0 to 2147483647.',
      details: { taskId: typeof taskId === 'number' ? taskId : String(taskId) },
    });
  }
}

/** Problem type of a task id: `taskId mod 7` in the order of `PROBLEM_TYPES`. */
export function problemTypeOf(taskId: number): ProblemType {
  validateTaskId(taskId);
  return PROBLEM_TYPES[taskId % 7]!;
}

/** Difficulty of a task id: `floor(taskId / 7) mod 3 + 1`. */
export function difficultyOf(taskId: number): Difficulty {
  validateTaskId(taskId);
  return ((Math.floor(taskId / 7) % 3) + 1) as Difficulty;
}

/** Travel date of a task id: the base date plus `taskId mod 365` days. */
export function travelDateOf(taskId: number): string {
  validateTaskId(taskId);
  return TRAVEL_DAYS[taskId % TRAVEL_DATE_CYCLE]!.date;
}

function drawDays(ctx: Context): number {
  if (SINGLE_DAY_TYPES.has(ctx.type)) return 1;
  const lo = MULTI_DAY_MIN[ctx.difficulty];
  const hi = Math.min(MULTI_DAY_CAP[ctx.type] ?? Infinity, Math.max(lo, ctx.profile.maxDays));
  return ctx.rng.int(lo, hi);
}

function drawGroup(rng: Rng, types: readonly (keyof typeof GROUP_SIZE_RANGE)[]): [string, number] {
  const type = rng.pick(types);
  const [lo, hi] = GROUP_SIZE_RANGE[type];
  return [type, lo === hi ? lo : rng.int(lo, hi)];
}

function drawPerDay(rng: Rng, levels: readonly BudgetLevel[]): [BudgetLevel, number] {
  const level = rng.pick(levels);
  const [lo, hi] = BUDGET_LEVELS[level];
  return [level, rng.int(lo, hi)];
}

function typicalFare(rng: Rng, origin: string, destination: string): number {
  return (
    transportFareCeiling(origin, destination) *
    rng.uniform(TYPICAL_FARE_SHARE[0], TYPICAL_FARE_SHARE[1])
  );
}

/** A pair of the category; a destination out of season is swapped for an in-season pair of the same category. */
function drawPair(ctx: Context, category: DistanceCategory): readonly [string, string] {
  const pair = ctx.rng.pick(PAIRS[category]);
  if (inSeason(cityOf(pair[1]), ctx.month)) return pair;
  const safe = PAIRS_IN_SEASON[category][ctx.month]!;
  return safe.length > 0 ? ctx.rng.pick(safe) : pair;
}

function drawCity(ctx: Context): string {
  const city = ctx.rng.pick(ALL_CITY_NAMES);
  if (inSeason(cityOf(city), ctx.month)) return city;
  const safe = CITIES_IN_SEASON[ctx.month]!;
  return safe.length > 0 ? ctx.rng.pick(safe) : city;
}

/** 3–5 interests, the first one a specialty of the city; children's interests only for families. */
function drawInterests(rng: Rng, city: string, groupType: string): string[] {
  const n = rng.int(3, 5);
  const family = groupType === 'family';
  const specialty = rng.pick((family ? CITY_SPECIALTIES : CITY_SPECIALTIES_ADULTS).get(city)!);
  const rest = (family ? INTERESTS_WITHOUT : INTERESTS_WITHOUT_ADULTS).get(specialty)!;
  return [specialty, ...sample(rng, rest, n - 1)];
}

function intercity(ctx: Context): Draft {
  const { rng } = ctx;
  const category = rng.pick(CATEGORIES);
  const [origin, destination] = drawPair(ctx, category);
  const [level, perDay] = drawPerDay(rng, BUDGET_LEVEL_ORDER);
  const arrival = ctx.timePressure ? rng.pick(URGENT_ARRIVAL_CHOICES) : rng.pick(ARRIVAL_CHOICES);
  return {
    originCity: origin,
    destinationCity: destination,
    distanceCategory: category,
    numDays: 1,
    groupType: 'solo',
    groupSize: 1,
    budgetLevel: level,
    rawBudget: perDay + typicalFare(rng, origin, destination),
    budgetScope: 'per_person',
    arrivalConstraint: arrival,
    preference: rng.pick(INTERCITY_PREFERENCES),
    interests: [],
    constraints: [],
    targetPoi: null,
    foodTheme: null,
    requiredTools: INTERCITY_TOOLS[category],
  };
}

function multiday(ctx: Context): Draft {
  const { rng } = ctx;
  const destination = drawCity(ctx);
  const days = drawDays(ctx);
  const [groupType, size] = drawGroup(rng, GROUP_TYPES);
  const [level, perDay] = drawPerDay(rng, BUDGET_LEVEL_ORDER);
  const interests = drawInterests(rng, destination, groupType);
  const k = rng.int(0, Math.min(ctx.difficulty, 2));
  return {
    originCity: null,
    destinationCity: destination,
    distanceCategory: null,
    numDays: days,
    groupType,
    groupSize: size,
    budgetLevel: level,
    rawBudget: perDay * days * size,
    budgetScope: 'group_total',
    arrivalConstraint: null,
    preference: null,
    interests,
    constraints: sample(rng, TRIP_CONSTRAINTS_NO_FLIGHTS, k),
    targetPoi: null,
    foodTheme: null,
    requiredTools: BASE_TOOLS,
  };
}

function hybrid(ctx: Context): Draft {
  const { rng } = ctx;
  const category = rng.pick(FAR_CATEGORIES);
  const [origin, destination] = drawPair(ctx, category);
  const days = drawDays(ctx);
  const [groupType, size] = drawGroup(rng, GROUP_TYPES);
  const [level, perDay] = drawPerDay(rng, BUDGET_LEVEL_ORDER);
  const fare = typicalFare(rng, origin, destination);
  const interests = drawInterests(rng, destination, groupType);
  const k = rng.int(0, Math.min(ctx.difficulty, 2));
  const constraints = sample(rng, TRIP_CONSTRAINTS, k);
  const preference = ctx.timePressure
    ? rng.pick(HYBRID_URGENT_PREFERENCES)
    : rng.pick(INTERCITY_PREFERENCES);
  return {
    originCity: origin,
    destinationCity: destination,
    distanceCategory: category,
    numDays: days,
    groupType,
    groupSize: size,
    budgetLevel: level,
    rawBudget: (perDay * days + fare * 2) * size,
    budgetScope: 'group_total',
    arrivalConstraint: null,
    preference,
    interests,
    constraints,
    targetPoi: null,
    foodTheme: null,
    requiredTools: ALL_TOOLS,
  };
}

function singlePoi(ctx: Context): Draft {
  const { rng } = ctx;
  let entry = rng.pick(POI_POOL);
  let destination = rng.pick(entry.cities);
  if (!inSeason(cityOf(destination), ctx.month)) {
    const safe = POI_POOL_IN_SEASON[ctx.month]!;
    if (safe.length > 0) {
      entry = rng.pick(safe);
      destination = rng.pick(entry.cities);
    }
  }
  const [groupType, size] = drawGroup(rng, GROUP_TYPES);
  const [level, perDay] = drawPerDay(rng, SINGLE_POI_BUDGET_LEVELS);
  const second = rng.pick(SINGLE_POI_SECOND_INTERESTS);
  const constraints = ctx.difficulty >= 2 ? sample(rng, SINGLE_POI_CONSTRAINTS, rng.int(0, 1)) : [];
  return {
    originCity: null,
    destinationCity: destination,
    distanceCategory: null,
    numDays: 1,
    groupType,
    groupSize: size,
    budgetLevel: level,
    rawBudget: perDay * size,
    budgetScope: 'group_total',
    arrivalConstraint: null,
    preference: null,
    interests: [entry.poi, second],
    constraints,
    targetPoi: entry.poi,
    foodTheme: null,
    requiredTools: BASE_TOOLS,
  };
}

function foodTour(ctx: Context): Draft {
  const { rng } = ctx;
  const theme = rng.pick(FOOD_THEMES);
  let destination = rng.pick(FOOD_THEME_CITIES.get(theme)!);
  if (!inSeason(cityOf(destination), ctx.month)) {
    const safe = FOOD_THEME_CITIES_IN_SEASON.get(theme)![ctx.month]!;
    if (safe.length > 0) destination = rng.pick(safe);
  }
  const days = drawDays(ctx);
  const [groupType, size] = drawGroup(rng, FOOD_TOUR_GROUP_TYPES);
  const [level, perDay] = drawPerDay(rng, BUDGET_LEVEL_ORDER);
  const interests = [FOOD_TOUR_FIRST_INTEREST, theme, rng.pick(FOOD_TOUR_THIRD_INTERESTS)];
  if (ctx.difficulty >= 2) {
    const extra = rng.pick(FOOD_TOUR_EXTRA_INTERESTS);
    if (!interests.includes(extra)) interests.push(extra);
  }
  let constraints: string[] = [];
  if (theme === VEGETARIAN_THEME) constraints = [VEGETARIAN_CONSTRAINT];
  else if (rng.chance(FOOD_TOUR_CONSTRAINT_RATE)) constraints = [rng.pick(FOOD_TOUR_CONSTRAINTS)];
  return {
    originCity: null,
    destinationCity: destination,
    distanceCategory: null,
    numDays: days,
    groupType,
    groupSize: size,
    budgetLevel: level,
    // dining takes about half of a day's spend
    rawBudget: (perDay * days * size) / 2,
    budgetScope: 'dining',
    arrivalConstraint: null,
    preference: null,
    interests,
    constraints,
    targetPoi: null,
    foodTheme: theme,
    requiredTools: BASE_TOOLS,
  };
}

function business(ctx: Context): Draft {
  const { rng } = ctx;
  const category = rng.pick(FAR_CATEGORIES);
  const [origin, destination] = drawPair(ctx, category);
  const days = drawDays(ctx);
  const purpose = rng.pick(BUSINESS_PURPOSES);
  let preference: string;
  let arrival: string;
  if (ctx.timePressure) {
    preference = '速度优先';
    arrival = rng.pick(URGENT_ARRIVAL_CHOICES);
  } else {
    preference = rng.pick(BUSINESS_PREFERENCES);
    arrival = rng.pick(BUSINESS_ARRIVAL_CHOICES);
  }
  const [level, perDay] = drawPerDay(rng, BUSINESS_BUDGET_LEVELS);
  const fare = typicalFare(rng, origin, destination);
  return {
    originCity: origin,
    destinationCity: destination,
    distanceCategory: category,
    numDays: days,
    groupType: 'business',
    groupSize: 1,
    budgetLevel: level,
    rawBudget: perDay * days + fare * 2,
    budgetScope: 'group_total',
    arrivalConstraint: arrival,
    preference,
    interests: [purpose],
    constraints: ctx.difficulty >= 2 ? [rng.pick(BUSINESS_EXTRA_CONSTRAINTS)] : [],
    targetPoi: null,
    foodTheme: null,
    requiredTools: BUSINESS_TOOLS,
  };
}

function familyStudy(ctx: Context): Draft {
  const { rng } = ctx;
  const destination = drawCity(ctx);
  const days = drawDays(ctx);
  const size = rng.int(GROUP_SIZE_RANGE.family[0], GROUP_SIZE_RANGE.family[1]);
  const [level, perDay] = drawPerDay(rng, FAMILY_BUDGET_LEVELS);
  const theme = rng.pick(STUDY_THEMES);
  const interests = [theme, FAMILY_SECOND_INTEREST];
  const specialty = rng.pick(CITY_SPECIALTIES.get(destination)!);
  interests.push(interests.includes(specialty) ? rng.pick(FAMILY_FALLBACK_INTERESTS) : specialty);
  if (ctx.difficulty >= 2) {
    const extra = rng.pick(FAMILY_EXTRA_INTERESTS);
    if (!interests.includes(extra)) interests.push(extra);
  }
  const constraints = [FAMILY_BASE_CONSTRAINT];
  if (ctx.difficulty >= 3) constraints.push(rng.pick(FAMILY_EXTRA_CONSTRAINTS));
  return {
    originCity: null,
    destinationCity: destination,
    distanceCategory: null,
    numDays: days,
    groupType: 'family',
    groupSize: size,
    budgetLevel: level,
    rawBudget: perDay * days * size,
    budgetScope: 'group_total',
    arrivalConstraint: null,
    preference: null,
    interests,
    constraints,
    targetPoi: null,
    foodTheme: null,
    requiredTools: BASE_TOOLS,
  };
}

const GENERATORS: Readonly<Record<ProblemType, (ctx: Context) => Draft>> = {
  intercity,
  multiday,
  hybrid,
  single_poi: singlePoi,
  food_tour: foodTour,
  business,
  family_study: familyStudy,
};

/**
 * For each conflict pair, the words that rule it out: its own members and every word either member conflicts
 * with. A pair is skipped when the preference or a constraint so far is among them.
 */
const PAIR_BLOCKERS: readonly ReadonlySet<string>[] = CONFLICT_PAIRS.map(([a, b]) => {
  const words = new Set([a, b]);
  for (const [x, y] of CONFLICT_PAIRS) {
    if (x === a || x === b) words.add(y);
    if (y === a || y === b) words.add(x);
  }
  return words;
});

/**
 * True when the pair shares a member with, or conflicts with, the preference or a constraint so far, or repeats
 * an interest.
 */
function blocked(index: number, draft: Draft): boolean {
  const blockers = PAIR_BLOCKERS[index]!;
  if (draft.preference !== null && blockers.has(draft.preference)) return true;
  for (const c of draft.constraints) if (blockers.has(c)) return true;
  // A wish already stated as an interest is not repeated as a constraint.
  const [a, b] = CONFLICT_PAIRS[index]!;
  return draft.interests.includes(a) || draft.interests.includes(b);
}

/**
 * Appends up to `count` conflicting pairs that suit the type: pairs needing flights only when flights are
 * required, never a pair sharing a member with (or conflicting with) the constraints so far or the transport
 * preference, so no constraint appears twice and every declared conflict is the only tension it introduces.
 */
function injectConflicts(ctx: Context, draft: Draft): Array<readonly [string, string]> {
  const candidates = CONFLICTS_BY_TYPE[ctx.type];
  const hasFlights = draft.requiredTools.includes('search_flights');
  const chosen: Array<readonly [string, string]> = [];
  // Two ordinary constraints that happen to form a conflict are declared as such.
  for (const pair of CONFLICT_PAIRS) {
    if (draft.constraints.includes(pair[0]) && draft.constraints.includes(pair[1]))
      chosen.push(pair);
  }
  // Partial Fisher–Yates over a scratch copy: draws only as many candidates as it inspects.
  const n = candidates.length;
  for (let i = 0; i < n; i++) SCRATCH[i] = candidates[i]!;
  for (let i = 0; i < n && chosen.length < ctx.profile.constraintConflicts; i++) {
    const j = i + Math.floor(ctx.rng.next() * (n - i));
    const index = SCRATCH[j]!;
    SCRATCH[j] = SCRATCH[i]!;
    if (!hasFlights && FLIGHT_CONFLICTS.has(index)) continue;
    if (blocked(index, draft)) continue;
    const pair = CONFLICT_PAIRS[index]!;
    draft.constraints.push(pair[0], pair[1]);
    chosen.push(pair);
  }
  return chosen;
}

/** Scratch space for the conflict shuffle (generation is synchronous, so one buffer suffices). */
const SCRATCH = new Int8Array(CONFLICT_PAIRS.length);

/**
 * Generates the problem of a task id. Pure: the same id always gives a deep-equal problem (and the same
 * canonical JSON and hash) in any process. The returned problem is frozen; its `prompt` and `problemHash` are
 * computed on first read and behave as ordinary enumerable fields.
 *
 * @throws NavworldError `INVALID_TASK_ID` for a negative, fractional, non-numeric or too large id.
 */
export function generateProblem(taskId: number): TravelProblem {
  validateTaskId(taskId);
  const type = PROBLEM_TYPES[taskId % 7]!;
  const difficulty = ((Math.floor(taskId / 7) % 3) + 1) as Difficulty;
  const profile = DIFFICULTY_PROFILES[difficulty];
  const rng = createRng(SEED_PREFIX + taskId);
  const timePressure =
    profile.timePressure === 'yes' ||
    (profile.timePressure === 'possible' && rng.chance(POSSIBLE_TIME_PRESSURE_RATE));
  const day = TRAVEL_DAYS[taskId % TRAVEL_DATE_CYCLE]!;
  const ctx: Context = { rng, type, difficulty, profile, month: day.month, timePressure };
  const draft = GENERATORS[type](ctx);
  const conflictingPairs = injectConflicts(ctx, draft);
  const floor = budgetFloor({
    problemType: type,
    numDays: draft.numDays,
    groupSize: draft.groupSize,
    originCity: draft.originCity,
    destinationCity: draft.destinationCity,
    budgetScope: draft.budgetScope,
  });
  const budget = tightenBudget(draft.rawBudget, profile.constraintTightness, floor);

  const fields = {
    schemaVersion: 1 as const,
    taskId,
    problemType: type,
    difficulty,
    difficultyProfile: profile,
    originCity: draft.originCity,
    destinationCity: draft.destinationCity,
    distanceCategory: draft.distanceCategory,
    travelDate: day.date,
    numDays: draft.numDays,
    budget,
    budgetScope: draft.budgetScope,
    budgetLevel: draft.budgetLevel,
    arrivalConstraint: draft.arrivalConstraint,
    preference: draft.preference,
    groupType: draft.groupType,
    groupSize: draft.groupSize,
    interests: draft.interests,
    constraints: draft.constraints,
    conflictingPairs: conflictingPairs as Array<[string, string]>,
    timePressure,
    targetPoi: draft.targetPoi,
    foodTheme: draft.foodTheme,
    requiredTools: draft.requiredTools as ToolName[],
    versions: VERSIONS,
  };
  return withLazyFields(fields);
}

/** The version stamp shared by every problem (frozen, like the other shared parts). */
const VERSIONS: TravelProblem['versions'] = Object.freeze({ taskgen: TASKGEN_VERSION });

/** Returns the object it is given, so that a subclass can add private slots to an existing object. */
class Stamp {
  constructor(target: object) {
    return target;
  }
}

/**
 * Private memo slots for the lazily computed `prompt` and `problemHash` of a generated problem. Private fields
 * stay invisible to JSON, spread, `Object.keys`, `structuredClone` and equality checks, cost no more than ordinary
 * fields (unlike a WeakMap, whose entries burden the garbage collector) and remain writable after freezing.
 */
class LazySlots extends Stamp {
  #prompt: string | undefined = undefined;
  #hash: string | undefined = undefined;

  /** The prompt of a problem, rendered on first call. */
  static promptOf(problem: object): string {
    const input = problem as PromptInput;
    if (!(#prompt in problem)) return renderPrompt(input);
    return (problem.#prompt ??= renderPrompt(input));
  }

  /** The hash of a problem, computed on first call. */
  static hashOf(problem: object): string {
    if (!(#hash in problem)) return problemHash(problem);
    return (problem.#hash ??= generatedProblemHash(problem));
  }
}

/*
 * `prompt` and `problemHash` are enumerable own accessors computed on first read and then kept. A reset reads the
 * prompt once, so generating it lazily costs nothing overall, while a caller that only needs the facts (or calls
 * renderPrompt itself) does not pay twice; hashing the canonical JSON costs more than generating the problem and
 * many callers never read it. JSON, spread, structuredClone and schema parsing all see ordinary string fields.
 * Shared descriptors keep installing them cheap.
 */
const PROMPT_DESCRIPTOR: PropertyDescriptor = {
  enumerable: true,
  configurable: false,
  get(this: object): string {
    return LazySlots.promptOf(this);
  },
};

const HASH_DESCRIPTOR: PropertyDescriptor = {
  enumerable: true,
  configurable: false,
  get(this: object): string {
    return LazySlots.hashOf(this);
  },
};

function withLazyFields(fields: Omit<TravelProblem, 'prompt' | 'problemHash'>): TravelProblem {
  new LazySlots(fields);
  Object.defineProperty(fields, 'prompt', PROMPT_DESCRIPTOR);
  Object.defineProperty(fields, 'problemHash', HASH_DESCRIPTOR);
  return Object.freeze(fields) as TravelProblem;
}
