// Every constant of the task generator in one place: lists the generator draws from (their order matters),
// the difficulty table and the day/budget rules.

import type { Difficulty, DifficultyProfile, ProblemType } from '@navworld/core-types';

/** Version of the generation rules and prompt templates; bump it whenever any generated problem changes. */
export const TASKGEN_VERSION = '1.0.0';

/** Prefix of the seed string: the generator for task `n` is seeded with `${SEED_PREFIX}${n}`. */
export const SEED_PREFIX = 'taskgen:';

/** First travel date; task `n` travels on this date plus `n mod 365` days. */
export const BASE_TRAVEL_DATE = '2025-03-01';

/** Number of distinct travel dates. */
export const TRAVEL_DATE_CYCLE = 365;

/** The difficulty table: tightness, conflicts, time pressure and longest trip per level. */
export const DIFFICULTY_PROFILES: Readonly<Record<Difficulty, DifficultyProfile>> = Object.freeze({
  1: Object.freeze({
    constraintTightness: 0.5,
    constraintConflicts: 1,
    timePressure: 'no',
    maxDays: 1,
  }),
  2: Object.freeze({
    constraintTightness: 0.75,
    constraintConflicts: 2,
    timePressure: 'possible',
    maxDays: 3,
  }),
  3: Object.freeze({
    constraintTightness: 0.95,
    constraintConflicts: 3,
    timePressure: 'yes',
    maxDays: 5,
  }),
});

/** Probability of time pressure on a level whose mode is `possible`. */
export const POSSIBLE_TIME_PRESSURE_RATE = 0.5;

/**
 * Budget tightening: the drawn budget is multiplied by `TIGHTENING_BASE − tightness` (×1.0 / ×0.75 / ×0.55 for
 * the three levels), then raised to the feasibility floor.
 */
export const TIGHTENING_BASE = 1.5;

/** Budgets are rounded up to a multiple of this many CNY. */
export const BUDGET_ROUND_TO = 10;

/**
 * Trip length. Single-day types always take 1 day. Multi-day types take between `MULTI_DAY_MIN[level]` and
 * `max(MULTI_DAY_MIN[level], profile.maxDays)` days, capped per type.
 */
export const MULTI_DAY_MIN: Readonly<Record<Difficulty, number>> = Object.freeze({
  1: 2,
  2: 2,
  3: 3,
});

/** Longest trip per multi-day type (food tours and business trips stay short). */
export const MULTI_DAY_CAP: Readonly<Partial<Record<ProblemType, number>>> = Object.freeze({
  food_tour: 4,
  business: 4,
});

/** Types that always last one day. */
export const SINGLE_DAY_TYPES: ReadonlySet<ProblemType> = new Set(['intercity', 'single_poi']);

/** The 15 interests, in draw order. */
export const INTERESTS = [
  '自然风光',
  '文化历史',
  '美食探店',
  '购物血拼',
  '休闲度假',
  '摄影打卡',
  '亲子游乐',
  '户外运动',
  '民俗体验',
  '博物馆',
  '古镇古村',
  '温泉养生',
  '海滨度假',
  '登山徒步',
  '赏花观鸟',
] as const;

/** Ordinary constraints of sightseeing trips. */
export const TRIP_CONSTRAINTS = [
  '避开人群',
  '预算优先',
  '轻松休闲',
  '深度体验',
  '公共交通优先',
  '无障碍通道',
  '素食要求',
  '宠物友好',
  '不乘坐红眼航班',
  '优先景区免费开放日',
] as const;

/** Constraints that only make sense when flights are part of the trip. */
export const FLIGHT_ONLY_CONSTRAINTS: ReadonlySet<string> = new Set(['不乘坐红眼航班']);

/** Group types of leisure trips, and how the prompt describes each. */
export const GROUP_TYPES = ['solo', 'couple', 'family', 'friends', 'elderly'] as const;

/** Inclusive traveller-count range per group type. */
export const GROUP_SIZE_RANGE: Readonly<
  Record<(typeof GROUP_TYPES)[number], readonly [number, number]>
> = {
  solo: [1, 1],
  couple: [2, 2],
  family: [3, 5],
  friends: [3, 6],
  elderly: [2, 4],
};

/** Budget levels and their daily range per person (CNY, inclusive). */
export const BUDGET_LEVELS = {
  budget: [100, 300],
  economy: [300, 600],
  comfort: [600, 1200],
  luxury: [1200, 2500],
} as const;

/** A budget level name. */
export type BudgetLevel = keyof typeof BUDGET_LEVELS;

/** Level order for draws over all four levels. */
export const BUDGET_LEVEL_ORDER: readonly BudgetLevel[] = [
  'budget',
  'economy',
  'comfort',
  'luxury',
];

/** Conflicting constraint pairs: each asks the plan to trade one wish off against the other. */
export const CONFLICT_PAIRS: readonly (readonly [string, string])[] = [
  Object.freeze(['深度体验', '轻松休闲'] as const),
  Object.freeze(['预算优先', '舒适优先'] as const),
  Object.freeze(['速度优先', '经济优先'] as const),
  Object.freeze(['避开人群', '热门景点打卡'] as const),
  Object.freeze(['公共交通优先', '速度优先'] as const),
  Object.freeze(['素食要求', '美食探店'] as const),
  Object.freeze(['不乘坐红眼航班', '经济优先'] as const),
];

/** Which conflict pairs (by index in {@link CONFLICT_PAIRS}) suit each type. */
export const CONFLICTS_BY_TYPE: Readonly<Record<ProblemType, readonly number[]>> = {
  intercity: [1, 2, 6],
  multiday: [0, 1, 3, 4, 5],
  hybrid: [0, 1, 2, 3, 4, 5, 6],
  single_poi: [0, 1, 3, 4, 5],
  food_tour: [0, 1, 3, 4],
  business: [1, 2, 4, 6],
  family_study: [0, 1, 3, 4],
};

/** Conflict pairs that need flights among the required tools. */
export const FLIGHT_CONFLICTS: ReadonlySet<number> = new Set([6]);

/** Transport preferences of an intercity trip. */
export const INTERCITY_PREFERENCES = ['舒适优先', '经济优先', '速度优先', '无特殊要求'] as const;

/** Arrival wishes without time pressure. */
export const ARRIVAL_CHOICES = [
  '上午10点前到达',
  '中午12点前到达',
  '下午3点前到达',
  '晚上8点前到达',
  '无时间限制',
] as const;

/** Arrival wishes under time pressure. */
export const URGENT_ARRIVAL_CHOICES = ['上午9点前到达', '上午10点前到达'] as const;

/** The value meaning "no arrival wish". */
export const NO_TIME_LIMIT = '无时间限制';

/** The value meaning "no transport preference". */
export const NO_PREFERENCE = '无特殊要求';

/** Hybrid preference under time pressure. */
export const HYBRID_URGENT_PREFERENCES = ['速度优先', '舒适优先'] as const;

/** Business purposes. */
export const BUSINESS_PURPOSES = [
  '商务会议',
  '客户拜访',
  '行业展会',
  '公司年会',
  '商务考察',
  '项目洽谈',
] as const;

/** Business preferences without time pressure. */
export const BUSINESS_PREFERENCES = ['舒适优先', '速度优先'] as const;

/** Business arrival wishes without time pressure. */
export const BUSINESS_ARRIVAL_CHOICES = ['上午10点前到达', '中午12点前到达', '无时间限制'] as const;

/** Business budget levels. */
export const BUSINESS_BUDGET_LEVELS: readonly BudgetLevel[] = ['comfort', 'luxury'];

/** Extra business constraint from level 2 on. */
export const BUSINESS_EXTRA_CONSTRAINTS = ['不乘坐红眼航班', '公共交通优先'] as const;

/** Food themes, in draw order. */
export const FOOD_THEMES = [
  '地方特色小吃',
  '火锅美食',
  '海鲜大餐',
  '早茶文化',
  '夜市美食',
  '老字号探访',
  '米其林餐厅',
  '街头小吃',
  '素食禅意料理',
  '特色饮品甜品',
] as const;

/** First interest of every food tour. */
export const FOOD_TOUR_FIRST_INTEREST = '美食探店';
/** Group types of food tours. */
export const FOOD_TOUR_GROUP_TYPES = ['solo', 'couple', 'friends'] as const;
/** Third interest of a food tour. */
export const FOOD_TOUR_THIRD_INTERESTS = ['摄影打卡', '民俗体验', '购物血拼'] as const;
/** Extra food-tour interest from level 2 on. */
export const FOOD_TOUR_EXTRA_INTERESTS = ['文化历史', '古镇古村', '夜市美食'] as const;
/** Probability that a food tour carries one ordinary constraint. */
export const FOOD_TOUR_CONSTRAINT_RATE = 0.3;
/** That constraint (素食要求 only on the vegetarian theme, where it fits). */
export const FOOD_TOUR_CONSTRAINTS = ['预算优先', '避开人群'] as const;
/** The vegetarian theme and its natural constraint. */
export const VEGETARIAN_THEME = '素食禅意料理';
/** Constraint added to vegetarian food tours. */
export const VEGETARIAN_CONSTRAINT = '素食要求';

/** Study themes of family trips. */
export const STUDY_THEMES = [
  '科技馆探索',
  '博物馆研学',
  '自然科学考察',
  '历史文化体验',
  '非遗手工体验',
  '天文观测',
  '动植物园探索',
  '古建筑鉴赏',
] as const;
/** Second interest of every family study trip. */
export const FAMILY_SECOND_INTEREST = '亲子游乐';
/** Third interest when the city's specialty is already present. */
export const FAMILY_FALLBACK_INTERESTS = ['文化历史', '自然风光', '博物馆'] as const;
/** Extra family interest from level 2 on. */
export const FAMILY_EXTRA_INTERESTS = ['民俗体验', '美食探店', '户外运动'] as const;
/** Constraint of every family study trip. */
export const FAMILY_BASE_CONSTRAINT = '无障碍通道';
/** Extra family constraint on level 3. */
export const FAMILY_EXTRA_CONSTRAINTS = ['轻松休闲', '预算优先'] as const;
/** Family budget levels. */
export const FAMILY_BUDGET_LEVELS: readonly BudgetLevel[] = ['economy', 'comfort'];

/** single_poi budget levels. */
export const SINGLE_POI_BUDGET_LEVELS: readonly BudgetLevel[] = ['budget', 'economy', 'comfort'];
/** Second interest of a single_poi trip. */
export const SINGLE_POI_SECOND_INTERESTS = [
  '摄影打卡',
  '深度体验',
  '文化历史',
  '自然风光',
] as const;
/** Optional single_poi constraint from level 2 on. */
export const SINGLE_POI_CONSTRAINTS = ['避开人群', '无障碍通道', '轻松休闲'] as const;

/**
 * Share of the fare ceiling that a drawn budget sets aside for each transport leg (a typical fare sits well
 * below the ceiling). The floor still counts the whole ceiling.
 */
export const TYPICAL_FARE_SHARE: readonly [number, number] = [0.5, 1.1];
