/**
 * Every constant the scorer uses, in one typed and documented object. Rules read their numbers and regexes
 * from here only, so a reviewer can audit the whole reward in one file and a change of any value shows up in
 * one diff. Regexes are compiled once, when this module loads.
 */
import type { ProblemType, ToolName } from '@navworld/core-types';

/** Which verification a completeness dimension uses. */
export type DimensionKind = 'grounded' | 'verified' | 'day_structure';

/** Where a completeness dimension finds its grounding facts. */
export type FactSource =
  | 'pois'
  | 'prices'
  | 'times'
  | 'weather'
  | 'distances_durations'
  | 'transport_ids'
  | 'flights'
  | 'trains'
  | 'prices_times'
  | 'pois_weather'
  | 'pois_distances';

/** Tools a problem type should call (penalised when never called) and would gain from (bonus). */
export interface DiversityTier {
  /** Tools whose absence costs diversity. */
  shouldCall: readonly ToolName[];
  /** Tools whose successful use adds a bonus. */
  niceToHave: readonly ToolName[];
}

/** What a POI record's price is: a meal per person, a ticket, or a room per night. */
export type PoiPriceKind = 'meal' | 'ticket' | 'room';

/** Target count of grounded facts for a dimension: a number, or a rule on the trip length `d`. */
export type TargetRule = number | 'pois_per_day' | 'dining_per_day' | 'nights';

/** One completeness dimension of one problem type. */
export interface DimensionSpec {
  /** Key in `completenessDimensions`. */
  key: string;
  /** Verification function. */
  kind: DimensionKind;
  /** Points available (integers; each type's dimensions sum to 25). */
  points: number;
  /** Keyword that must appear (searched case-insensitively on the lower-cased answer). */
  keyword?: RegExp;
  /** Context that must appear near the keyword for full credit. */
  context?: RegExp;
  /** Grounding facts. */
  facts?: FactSource;
  /** Facts used instead when the primary source is empty (e.g. POIs + distances when there are no prices). */
  fallback?: FactSource;
  /** Target count for quantity scaling. */
  target?: TargetRule;
}

const CJK2 = '[\\u4e00-\\u9fa5]{2,}';
/**
 * A place word (one of `alternatives`, as a capture group) preceded by at least two CJK characters: a named
 * place such as 老正兴菜馆. The word is matched first and the two characters checked by a lookbehind after it,
 * which scans several times faster than a leading lookbehind (tried at every position) and stays linear on
 * long CJK runs. Equivalent to `(?<=[\u4e00-\u9fa5]{2})(alternatives)` because no two alternatives end
 * with the same character, so the lookbehind can only re-read the word just matched (a test checks both forms
 * agree on every regex built here).
 */
export function namedPlace(alternatives: string): string {
  const last = alternatives.split('|').map((w) => w.at(-1));
  if (new Set(last).size !== last.length)
    throw new Error(`namedPlace: two alternatives of ${alternatives} end with the same character`);
  return `(${alternatives})(?<=[\\u4e00-\\u9fa5]{2}(?:${alternatives}))`;
}
// A number in these patterns is read from where its digits start, `(?<!\d)`: the matches are the same, but a
// long run of digits is no longer tried again from each of its digits (quadratic time).
const kw = (source: string): RegExp => new RegExp(source, 'giu');
/** An amount of money as plans write it: 120元, 120 元, ¥120, ￥120. */
const AMOUNT = '(?:(?<!\\d)\\d+\\s*元|[¥￥]\\s*\\d+)';

/** The scoring configuration. Numbers carry their unit in the name or the TSDoc. */
export const SCORING_CONFIG = {
  /** Points of the two code components; the code score is out of their sum. */
  weights: {
    /** Maximum info-consistency points. */
    infoConsistency: 25,
    /** Maximum completeness points. */
    completeness: 25,
    /** Maximum code score. */
    codeTotal: 50,
    /** Maximum judge score. */
    judgeTotal: 50,
  },

  /** Minimum trimmed answer length (code points) for format_valid and for fabrication checks. */
  formatMinLength: 200,

  /** Per-type regexes for format_valid. */
  formatPatterns: {
    /** Transport words (intercity, hybrid). */
    transport: /(航班|火车|高铁|飞机|车次)/u,
    /** Day markers (multiday, hybrid). */
    day: /(?:第\s*(?:\d+|[一二三四五六七八九十]+)\s*天|day\s*\d+)/iu,
    /** Visit words (single_poi). */
    single_poi: /(景点|游览|路线|门票|开放)/u,
    /** Food words (food_tour). */
    food_tour: /(美食|餐厅|小吃|特色|推荐)/u,
    /** Travel and hotel words (business). */
    business: /(航班|火车|高铁|酒店|商务)/u,
    /** Family and learning words (family_study). */
    family_study: /(亲子|儿童|学习|博物馆|科技馆|体验)/u,
  },

  /** Hard-constraint multipliers applied to the total when a constraint fails. */
  hardConstraintPenalties: {
    /** Too short or without the type's structure. */
    format_valid: 0.15,
    /** Required tools missing. */
    required_tools_called: 0.5,
    /** Too few tool POIs named. */
    poi_names_verified: 0.7,
    /** Low coverage or call validity. */
    tool_quality: 0.5,
    /** tool_info_used for transport types (intercity, hybrid, business): the total is zeroed. */
    tool_info_used_transport: 0,
    /** tool_info_used for the other types: softened so RL still sees a gradient. */
    tool_info_used_other: 0.05,
  },

  /** Types whose plan must include intercity transport. */
  transportTypes: ['intercity', 'hybrid', 'business'] as readonly ProblemType[],

  /** required_tools_called: coverage threshold per type, and tools that must always be called. */
  requiredTools: {
    /** Share of the required tools that must be called. */
    coverageThreshold: 0.6,
    /** Tools each type must always call. */
    coreTools: {
      intercity: [],
      multiday: ['poi_search'],
      hybrid: ['poi_search'],
      single_poi: ['poi_search'],
      food_tour: ['poi_search'],
      business: ['poi_search'],
      family_study: ['poi_search'],
    } as Record<ProblemType, readonly ToolName[]>,
  },

  /** poi_names_verified: tool POIs the answer must name (fewer when the tools returned fewer). */
  minPoiMatches: 2,

  /** Arguments each tool needs (aliases accepted: any one name of an inner list satisfies the slot). */
  requiredArguments: {
    poi_search: [['address', 'keywords', 'keyword', 'query']],
    around_search: [['location']],
    direction: [['origin'], ['destination']],
    weather: [['city']],
    search_flights: [['date'], ['from_city'], ['to_city']],
    search_train_tickets: [['date'], ['from_city'], ['to_city']],
  } as Record<ToolName, readonly (readonly string[])[]>,

  /** tool_quality: both ratios must reach this. Validity credit of a call with arguments but a failed result. */
  toolQuality: {
    /** Required-tool coverage needed. */
    minCoverage: 0.5,
    /** Mean call validity needed. */
    minValidity: 0.5,
    /** Validity credit of a call with arguments and a failed result. */
    failedResultCredit: 0.5,
  },

  /** transport_grounded: tolerances and the progressive multiplier. */
  transport: {
    /** Relative price error still counted as verified. */
    priceTolerance: 0.15,
    /** Share of ID claims that must verify. */
    idMatchRatio: 1,
    /** Share of price claims that must verify. */
    priceMatchRatio: 0.7,
    /** Share of time claims that must verify. */
    timeMatchRatio: 0.7,
    /** Fabrication ratio up to which the multiplier stays 1. */
    freeFabricationRatio: 0.2,
    /** Multiplier at a fabrication ratio of 1. */
    minMultiplier: 0.3,
    /** Any failure (a fabricated ID, < 70 % of prices or times) costs at least this: multiplier = min(progressive, this). */
    strictFailMultiplier: 0.9,
  },

  /** tool_info_used gate on the info-consistency score. */
  toolInfoUsed: {
    /** IC needed by transport types (below it the total is 0). */
    transportThreshold: 6,
    /** IC needed by the other types (below it the total is × 0.05). */
    otherThreshold: 8,
  },

  /**
   * How a tool fact that is a measurement (8.5公里, 1小时59分钟, -3度, 3级) is found in the answer: also with up
   * to `maxUnitGap` of the `unitGap` spaces between each of its numbers and units (8.5 公里), as the fact
   * extractor reads such facts. Line breaks, which the extractor skips too, are left out: a number ending a line
   * measures nothing on the next.
   */
  factSearch: {
    /** A measurement's first number (captured), followed by a letter (CJK included) that starts its unit. */
    numberThenUnit: /^(-?\d+(?:\.\d+)?)(?=\p{L})/u,
    /** Spaces that may stand between a number and a unit (UTF-16 units). */
    unitGap: ' \t\u3000',
    /** Most spaces at one place. */
    maxUnitGap: 2,
  },

  /** Info consistency. */
  ic: {
    /** Overlap ratio that earns a full category. */
    ratioDivisor: 0.6,
    /** Floor of the per-category denominator, so that citing one fact is not a full category. */
    denominatorFloor: 3,
    /** Minimum quantity: categories with at least this many tool facts … */
    minQuantityThreshold: 5,
    /** … need ceil(ratio × n) matches, at most `minQuantityCap` … */
    minQuantityRatio: 0.2,
    /** Most matches ever required by the minimum-quantity rule. */
    minQuantityCap: 3,
    /** … else the category score is capped here. */
    belowMinimumCap: 0.65,
    /** Weight of a flight / train match that is not near a transport word. */
    outOfContextWeight: 0.5,
    /** Code points around a transport fact searched for a context word. */
    contextWindow: 200,
    /**
     * Most code points between a transport word and an id after it for the word to name that id (航班 ZH9876,
     * 航班号：ZH9876); a word naming an id no tool returned puts no other id in context.
     */
    inventedIdGap: 3,
    /** Words that put a flight id in context. */
    flightContext: /(航班|飞机|机票|起飞|降落)/iu,
    /** Words that put a train id in context. */
    trainContext: /(火车|高铁|动车|车次|列车)/iu,
    /** Tool POI count used as a denominator is capped here. */
    poiDenominatorCap: 30,
    /** Above this many matched POIs the POI score decays (dump defence) … */
    poiDensityThreshold: 20,
    /** … by this much per extra POI … */
    poiDensityDecay: 0.02,
    /** … down to this factor. */
    poiDensityFloor: 0.5,
    /** Largest share of the category count any one category may contribute (binds when ≤ 2 categories). */
    categoryMaxShare: 0.35,
    /** Categories counted only when they match (they can only help). */
    bonusCategories: ['distances', 'times', 'travel_durations', 'road_names'] as const,
    /** Breadth penalty: with at least this many regular categories … */
    minBreadthTotal: 4,
    /** … fewer than max(2, floor((n + 1) / 2)) matched categories multiplies IC by this. */
    breadthPenaltyMultiplier: 0.5,
    /** IC when tools answered with text but nothing was extractable (a parser gap is not the agent's fault). */
    noExtractableFactsScore: 12.5,
    /** Minimum length (code points) of a successful result for the fallback above. */
    substantialResultLength: 50,
  },

  /** Completeness. */
  completeness: {
    /** Code points around a keyword occurrence searched for context and facts. */
    proximity: 500,
    /** Tier shares of a dimension's points. */
    tiers: {
      /** Keyword, context and a tool fact near the same keyword. */
      full: 1,
      /** Keyword and a near tool fact, no context. */
      keywordAndFact: 0.5,
      /** Keyword and a tool fact anywhere. */
      distantFact: 0.2,
      /** No tool data for the dimension: keyword and context only. */
      structural: 0.1,
    },
    /** Floor of the verified-ID quantity scaling. */
    verifiedFloor: 0.25,
    /** Keyword occurrences examined per dimension (bounds the work on long answers). */
    maxKeywordOccurrences: 64,
    /** Template detector. */
    template: {
      /** Fewer words than this skip the detector. */
      minWords: 50,
      /** Distinct 4-gram share below which … */
      uniqueLow: 0.5,
      /** … completeness is multiplied by this. */
      uniqueLowFactor: 0.4,
      /** Distinct 4-gram share below which (and above `uniqueLow`) … */
      uniqueMid: 0.7,
      /** … completeness is multiplied by this. */
      uniqueMidFactor: 0.6,
      /** Fewer reasoning connectors than this on a long answer … */
      minReasoning: 5,
      /** … (longer than this many code points) … */
      longTextLength: 500,
      /** … multiply completeness by this. */
      fewReasoningFactor: 0.7,
      /** Lines needed before uniform line lengths count. */
      minLinesForCv: 10,
      /** Line-length coefficient of variation below which … */
      lowCv: 0.15,
      /** … completeness is multiplied by this. */
      lowCvFactor: 0.8,
      /** The detector never multiplies by less than this. */
      floor: 0.3,
    },
    /** Reasoning connectors (template detector and fact integration). */
    reasoning: /(因为|由于|所以|因此|建议|推荐|考虑到|综合|权衡|对比|相比|优先|适合)/gu,
    /** Fact integration: connectors within this many code points of a cited tool fact … */
    integrationWindow: 200,
    /** … fewer than this many on a long answer … */
    integrationMinReasoning: 3,
    /** … multiplies completeness by this. */
    integrationPenalty: 0.6,
    /** Day markers (Arabic, Chinese numerals, Day N). */
    dayArabic: /第\s*(\p{Nd}+)\s*天/gu,
    /** Day markers with Chinese numerals. */
    dayChinese: /第\s*([一二三四五六七八九十]+)\s*天/gu,
    /** Day markers in English. */
    dayEnglish: /day\s*(\p{Nd}+)/giu,
  },

  /** Completeness dimension tables per problem type (points are integers summing to 25). */
  dimensions: {
    intercity: [
      {
        key: 'flights',
        kind: 'verified',
        points: 5,
        keyword: kw('(航班|飞机|机票)'),
        facts: 'flights',
        target: 2,
      },
      {
        key: 'trains',
        kind: 'verified',
        points: 5,
        keyword: kw('(火车|高铁|动车|车次)'),
        facts: 'trains',
        target: 2,
      },
      {
        key: 'times',
        kind: 'grounded',
        points: 5,
        keyword: kw('(出发|到达|发车|起飞)'),
        context: kw('\\d{2}:\\d{2}'),
        facts: 'times',
        target: 3,
      },
      {
        key: 'prices',
        kind: 'grounded',
        points: 5,
        keyword: kw('(价格|费用|票价)'),
        context: kw(AMOUNT),
        facts: 'prices',
        target: 3,
      },
      {
        key: 'pois',
        kind: 'grounded',
        points: 5,
        keyword: kw('(推荐|建议|最佳)'),
        context: kw('(推荐|建议|最佳).{5,}'),
        facts: 'pois',
        target: 2,
      },
    ],
    multiday: [
      { key: 'day_structure', kind: 'day_structure', points: 5 },
      {
        key: 'attractions',
        kind: 'grounded',
        points: 5,
        keyword: kw('(景点|游览|参观)'),
        context: kw(namedPlace('景区|公园|博物馆|古镇|广场|寺|庙|塔|楼|湖|山')),
        facts: 'pois',
        target: 'pois_per_day',
      },
      {
        key: 'dining',
        kind: 'grounded',
        points: 4,
        keyword: kw('(餐|吃|美食)'),
        context: kw(namedPlace('餐厅|饭店|小吃|菜|面|粉|饭')),
        facts: 'pois',
        target: 'dining_per_day',
      },
      {
        key: 'lodging',
        kind: 'grounded',
        points: 4,
        keyword: kw('(住宿|酒店|宾馆)'),
        context: kw(`(${namedPlace('酒店|宾馆|民宿|客栈')}|[三四五]星)`),
        facts: 'pois',
        target: 'nights',
      },
      {
        key: 'transport_info',
        kind: 'grounded',
        points: 4,
        keyword: kw('(交通|出行)'),
        context: kw('(打车|地铁|公交|步行|骑行|(?<!\\d)\\d+路|(?<!\\d)\\d+号线)'),
        facts: 'distances_durations',
        target: 2,
      },
      {
        key: 'budget',
        kind: 'grounded',
        points: 3,
        keyword: kw('(预算|费用|花费)'),
        context: kw(AMOUNT),
        facts: 'prices',
        target: 2,
      },
    ],
    hybrid: [
      {
        key: 'transport',
        kind: 'verified',
        points: 6,
        keyword: kw('(航班|火车|高铁)'),
        facts: 'transport_ids',
        target: 2,
      },
      { key: 'day_structure', kind: 'day_structure', points: 5 },
      {
        key: 'attractions',
        kind: 'grounded',
        points: 4,
        keyword: kw('(景点|游览)'),
        context: kw(namedPlace('景区|公园|博物馆|古镇|广场|寺|庙')),
        facts: 'pois',
        target: 'pois_per_day',
      },
      {
        key: 'dining',
        kind: 'grounded',
        points: 4,
        keyword: kw('(餐|吃)'),
        context: kw(namedPlace('餐厅|饭店|小吃|菜')),
        facts: 'pois',
        target: 'dining_per_day',
      },
      {
        key: 'budget',
        kind: 'grounded',
        points: 3,
        keyword: kw('(预算|费用|总计)'),
        context: kw(AMOUNT),
        facts: 'prices',
        target: 2,
      },
      {
        key: 'weather',
        kind: 'grounded',
        points: 3,
        keyword: kw('(天气|气温|穿衣)'),
        context: kw('(晴|阴|多云|雨|雪|度)'),
        facts: 'weather',
        target: 1,
      },
    ],
    single_poi: [
      {
        key: 'visit_plan',
        kind: 'grounded',
        points: 6,
        keyword: kw('(游览|路线|安排)'),
        context: kw('(上午|下午|时间|小时)'),
        facts: 'pois',
        target: 2,
      },
      {
        key: 'nearby',
        kind: 'grounded',
        points: 5,
        keyword: kw('(周边|附近)'),
        context: kw(namedPlace('餐厅|咖啡|店|馆')),
        facts: 'pois',
        target: 3,
      },
      {
        key: 'transport_info',
        kind: 'grounded',
        points: 5,
        keyword: kw('(交通|距离|步行)'),
        context: kw('((?<!\\d)\\d+\\s*(米|公里|分钟))'),
        facts: 'distances_durations',
        target: 2,
      },
      {
        key: 'tips',
        kind: 'grounded',
        points: 5,
        keyword: kw('(门票|开放|注意|建议)'),
        context: kw('(元|[¥￥]|(?<!\\d)\\d+:\\d+|提前|携带)'),
        facts: 'prices_times',
        fallback: 'pois_distances',
        target: 2,
      },
      {
        key: 'budget',
        kind: 'grounded',
        points: 4,
        keyword: kw('(预算|费用|花费)'),
        context: kw(AMOUNT),
        facts: 'prices',
        target: 1,
      },
    ],
    food_tour: [
      {
        key: 'restaurants',
        kind: 'grounded',
        points: 6,
        keyword: kw('(美食|特色|小吃)'),
        context: kw(namedPlace('店|馆|摊|铺|坊')),
        facts: 'pois',
        target: 5,
      },
      {
        key: 'dishes',
        kind: 'grounded',
        points: 5,
        keyword: kw('(推荐|必吃|招牌)'),
        context: kw(CJK2),
        facts: 'pois',
        target: 3,
      },
      {
        key: 'route',
        kind: 'grounded',
        points: 5,
        keyword: kw('(路线|顺序|区域)'),
        context: kw('(先|然后|接着|最后|步行|打车)'),
        facts: 'distances_durations',
        target: 2,
      },
      {
        key: 'cost',
        kind: 'grounded',
        points: 5,
        keyword: kw('(花费|人均|价格)'),
        context: kw(AMOUNT),
        facts: 'prices',
        fallback: 'pois_distances',
        target: 2,
      },
      {
        key: 'tips',
        kind: 'grounded',
        points: 4,
        keyword: kw('(建议|注意|小贴士)'),
        context: kw('(时间|排队|预约|人多|季节)'),
        facts: 'pois_weather',
        target: 1,
      },
    ],
    business: [
      {
        key: 'transport',
        kind: 'verified',
        points: 6,
        keyword: kw('(航班|高铁|火车)'),
        facts: 'transport_ids',
        target: 2,
      },
      {
        key: 'hotels',
        kind: 'grounded',
        points: 5,
        keyword: kw('(酒店|住宿)'),
        context: kw(namedPlace('酒店|宾馆|商务')),
        facts: 'pois',
        target: 2,
      },
      {
        key: 'dining',
        kind: 'grounded',
        points: 4,
        keyword: kw('(餐饮|餐厅)'),
        context: kw(namedPlace('餐厅|饭店')),
        facts: 'pois',
        target: 2,
      },
      {
        key: 'costs',
        kind: 'grounded',
        points: 5,
        keyword: kw('(费用|预算|差旅)'),
        context: kw(AMOUNT),
        facts: 'prices',
        target: 2,
      },
      {
        key: 'business',
        kind: 'grounded',
        points: 5,
        keyword: kw('(商务|会议|配套)'),
        context: kw(namedPlace('中心|酒店|厅|室')),
        facts: 'pois',
        target: 2,
      },
    ],
    family_study: [
      { key: 'day_structure', kind: 'day_structure', points: 5 },
      {
        key: 'child_friendly',
        kind: 'grounded',
        points: 5,
        keyword: kw('(亲子|儿童|孩子)'),
        context: kw('(适合|体力|休息|互动)'),
        facts: 'pois',
        target: 2,
      },
      {
        key: 'education',
        kind: 'grounded',
        points: 5,
        keyword: kw('(学习|教育|体验)'),
        context: kw(namedPlace('馆|园|基地|中心')),
        facts: 'pois',
        target: 2,
      },
      {
        key: 'dining',
        kind: 'grounded',
        points: 5,
        keyword: kw('(餐厅|住宿)'),
        context: kw('(亲子|家庭|儿童)'),
        facts: 'pois',
        target: 'nights',
      },
      {
        key: 'budget',
        kind: 'grounded',
        points: 5,
        keyword: kw('(预算|费用|花费)'),
        context: kw(AMOUNT),
        facts: 'prices',
        fallback: 'pois_distances',
        target: 2,
      },
    ],
  } as Record<ProblemType, readonly DimensionSpec[]>,

  /** Day structure: share of tool POIs (out of min(4, max(2, days))) the itinerary must name. */
  dayGrounding: {
    /** Fewest tool POIs required. */
    minPois: 2,
    /** Most tool POIs required. */
    maxPois: 4,
  },

  /**
   * Duplicated days: a day of the parsed itinerary that opens as another day does is not a day of its own for
   * day structure. Openings are compared by their letters only (digits, punctuation and spaces dropped), as
   * sets of `shingle`-letter runs.
   */
  dayDuplicates: {
    /** Letters per compared run. */
    shingle: 4,
    /** Runs read from the start of each day (its first 67 letters). */
    openingRuns: 64,
    /** Days with fewer runs (自由活动, 返程), repeats counted, are never judged copies. */
    minShingles: 12,
    /** Share of the shorter opening's runs found in the other that makes a copy. */
    share: 0.9,
    /** Sections judged at most (a month of days; keeps the pairwise comparison small). */
    maxJudged: 31,
  },

  /** Tool diversity tiers and adjustments. */
  diversity: {
    /** Should-call and nice-to-have tools per type. */
    tiers: {
      food_tour: { shouldCall: ['direction'], niceToHave: ['around_search'] },
      multiday: { shouldCall: ['direction'], niceToHave: ['around_search'] },
      single_poi: { shouldCall: ['around_search'], niceToHave: ['direction'] },
      family_study: { shouldCall: ['direction'], niceToHave: ['around_search'] },
      intercity: { shouldCall: [], niceToHave: ['direction'] },
      hybrid: { shouldCall: ['direction'], niceToHave: ['around_search'] },
      business: { shouldCall: [], niceToHave: ['direction'] },
    } as Record<ProblemType, DiversityTier>,
    /** Cost of a should-call tool never called. */
    shouldCallPenalty: 0.25,
    /** Part of that cost given back when the tool was only called without success. */
    attemptedRecovery: 0.15,
    /** Bonus per nice-to-have tool used successfully. */
    niceToHaveBonus: 0.05,
    /** Lowest multiplier. */
    floor: 0.3,
    /** Highest multiplier. */
    ceiling: 1.1,
  },

  /** Unsourced route claims: distances / durations stated without ever calling direction. */
  routeClaims: {
    /** A distance claim. */
    distance:
      /(?:距离|相距|路程|全程|单程|往返)[约大概]*\s*(\p{Nd}+(?:\.\p{Nd}+)?)\s*(公里|km|千米|米)/giu,
    /**
     * A travel-time claim. At most six of 需约大概 follow the lead word: 约 and 需 are lead words themselves,
     * so a long run of them was read to its end from each of its characters (quadratic time).
     */
    time: /(?:打车|驾车|开车|乘车|坐车|步行|骑行|公交|地铁|出租车|耗时|用时|需要?|约需?|大约需?|大概需?|预计需?|仅需|车程|路程|全程|约|大概|预计)[需约大概]{0,6}\s*(\p{Nd}+)(?:\s*[-~至到]\s*\p{Nd}+)?\s*(分钟|小时|min)/giu,
    /** Multipliers by claim count when direction should have been called: [max claims, multiplier]. */
    shouldCallScale: [
      [3, 0.95],
      [6, 0.85],
      [10, 0.75],
    ] as readonly (readonly [number, number])[],
    /** Multiplier beyond the last should-call tier. */
    shouldCallRest: 0.65,
    /** … and when direction was only nice to have. */
    otherScale: [
      [2, 0.85],
      [4, 0.7],
      [7, 0.55],
    ] as readonly (readonly [number, number])[],
    /** Multiplier beyond the last other tier. */
    otherRest: 0.4,
  },

  /**
   * Echo defence: answers dominated by tool-result text copied in long runs. Reference-agent plans, which
   * restate every transport option, copy at most 25 % (700 audit tasks); dumps with a word put in every line
   * 70–85 %.
   */
  echo: {
    /** Fewest copied code points (letters and digits) in one run of tool text that counts as copied. */
    minSpan: 24,
    /** Answer code points that may stand between two copied pieces of one run (a word put between fields). */
    maxInserted: 3,
    /** Copied share of the answer where the scaling starts … */
    start: 0.4,
    /** … and where it reaches its floor. */
    full: 0.7,
    /** Multiplier at and beyond `full`. */
    floor: 0.1,
  },

  /**
   * Clause echo (named defence `clause_echo`): answers made of tool-result clauses (lines, or the fields
   * between commas) pasted whole, with a word or a bullet added around each, scale the code score. Clauses are
   * compared in the echo defence's form (letters and digits, full-width folded, ASCII lower-cased), so neither
   * punctuation, spacing nor line order hides them.
   */
  clauseEcho: {
    /** Line breaks and these separate clauses, on both sides. */
    separators: '，。；;|、,',
    /** Shortest tool clause that counts (compared code points). */
    minClause: 4,
    /** Compared code points around a tool clause that an answer clause may add (both ends together). */
    maxAdded: 4,
    /** Share of the answer's compared code points in copied clauses where the scaling starts … */
    start: 0.5,
    /** … and where it reaches its floor. */
    full: 0.8,
    /** Multiplier on the code score at and beyond `full`. */
    floor: 0.05,
  },

  /**
   * The price lines of poi_search / around_search records, read alike by the fabrication penalty and by price
   * grounding. The tools write `人均: 66元` (restaurants), `门票: 60元` (sights and museums) and
   * `价格: 678元/晚` (hotels); AMap's raw records write `cost: 75.00`.
   */
  poiRecordPrices: {
    /** A price line: its label, its amount and, when written, the per-night unit after the 元. */
    line: /^\s*(人均|门票|票价|房价|价格|cost)\s*[:：]\s*(\p{Nd}+(?:\.\p{Nd}+)?)\s*(?:元\s*([/／]\s*晚))?/iu,
    /**
     * What each label (lower-cased) prices. `cost` prices whatever the POI is (its kind is the POI type's), so
     * it has none: price grounding, which binds prices by kind, skips it.
     */
    kinds: {
      人均: 'meal',
      门票: 'ticket',
      票价: 'ticket',
      房价: 'room',
      价格: 'room',
      cost: null,
    } as Readonly<Record<string, PoiPriceKind | null>>,
    /**
     * Labels that are a POI's price only with the per-night unit: `价格` is the tools' label of a hotel's
     * nightly price, and a generic price label elsewhere.
     */
    perNightOnly: ['价格'] as readonly string[],
  },

  /**
   * Price grounding (named defence `price_grounding`): prices the answer states must be traceable to tool
   * prices, to the user's numbers or to arithmetic over them; the untraceable share scales the code score.
   */
  priceGrounding: {
    /** Labels (in the few code points before an amount) that make it a POI's price … */
    poiLabel: /(人均|门票|票价|房价|每晚)[^\p{Nd}]{0,3}$/u,
    /** A POI-labelled price binds only within its clause (these end one). */
    clauseEnd: /[。；;！？!?]/u,
    /** … or a per-night price right after it. */
    perNight: /^\s*[/／每]\s*晚/u,
    /** Labels that make an amount a taxi fare (checked against the route tool's fares). */
    taxiLabel: /(打车|出租车|车费|taxi)[^\p{Nd}]{0,4}$/iu,
    /** Labels of a fare difference (checked against differences of two tool fares). */
    differenceLabel: /(贵|便宜|差价|相差|省)[^\p{Nd}]{0,2}$/u,
    /** Code points before an amount searched for its label. */
    labelWindow: 8,
    /** Code points between a POI-labelled price and the tool POI it is bound to (same line). */
    bindWindow: 40,
    /** Relative tolerance of a POI-bound price. */
    poiTolerance: 0.1,
    /** Relative tolerance of arithmetic (sums, products, splits, differences). */
    derivedTolerance: 0.01,
    /** Absolute tolerance (rounding), CNY. */
    absoluteTolerance: 1,
    /** Largest number of the line taken as a count (people, nights, rooms). */
    maxCount: 30,
    /** Round amounts not bound to a POI (a plan's own allocations and estimates) are not counted. */
    allocationStep: 50,
    /**
     * Traced prices before a claim (earlier lines included) whose latest ones may sum to it: the total of the
     * items just listed, one per line.
     */
    runTerms: 12,
    /**
     * The traced prices right before a claim that the rest of its arithmetic may use from earlier lines (any
     * run, 2- and 3-term sums, a count's multiple or share, differences). Kept short: from a dozen earlier
     * amounts these forms reach about half of all amounts, so they traced invented prices by chance.
     */
    recentTerms: 4,
    /**
     * Numbers right before a claim on its line that its arithmetic may use as operands: a budget line sums
     * a dozen terms, and the bound keeps a line of thousands of amounts from costing quadratic time.
     */
    operandWindow: 32,
    /** Fewer counted prices than this never trigger the defence. */
    minClaims: 3,
    /** Untraceable share up to which the multiplier stays 1 … */
    freeRatio: 0.2,
    /** … and where it reaches the floor. */
    floorRatio: 0.7,
    /** Multiplier at and beyond `floorRatio`. */
    floor: 0.1,
    /**
     * Untraceable prices a plan may state whatever their share. Past this many the multiplier falls too:
     * the share alone can be diluted by repeating the tools' own prices …
     */
    freeCount: 8,
    /** … down to `floor` at this many. */
    floorCount: 24,
    /** Untraceable prices listed in the breakdown. */
    maxExamples: 8,
  },

  /**
   * Placeless plan (named defence `placeless_plan`): the POI tools returned places, the plan names none of
   * them.
   */
  placelessPlan: {
    /** Distinct tool POIs from which the defence applies. */
    minToolPois: 3,
    /** Multiplier when no tool POI is named. */
    floor: 0.1,
  },

  /**
   * Off-request plan (named defence `off_request`): the tools were asked about other places than the request's,
   * or the plan never names the place it is for.
   */
  offRequest: {
    /** Tools whose calls name the city they are about, in their arguments or in their result. */
    cityTools: [
      'weather',
      'search_flights',
      'search_train_tickets',
      'poi_search',
    ] as readonly ToolName[],
    /** Transport tools, whose calls must search the request's route, from the origin to the destination. */
    routeTools: ['search_flights', 'search_train_tickets'] as readonly ToolName[],
    /** The transport searches' argument names of the two ends of the route. */
    routeArguments: { from: 'from_city', to: 'to_city' },
    /** Multiplier when a required city tool succeeded only for other places. */
    toolFloor: 0.1,
    /** Multiplier when the plan names neither request city (or, for single_poi, not the target place). */
    answerFloor: 0.5,
    /**
     * Multiplier when more of the places and transport ids the plan names come only from searches about
     * another city than from searches about the request: a plan for another trip, with the request's
     * searches made for show.
     */
    foreignFloor: 0.05,
  },

  /**
   * Context-free facts (named defence `context_free_facts`): info consistency counts a cited tool fact only
   * where it is used in a plan, near a planning keyword and outside bare lists of facts.
   */
  factContext: {
    /** Code points between a fact mention and a planning keyword. */
    window: 200,
    /** Weight of a fact mentioned only far from every planning keyword. */
    farWeight: 0.25,
    /** Separators of a bare list (punctuation and whitespace only). */
    listSeparators: /[、,，;；/|·\s]+/u,
    /** A line with at least this many items … */
    minListItems: 3,
    /** … of which at least this share are tool facts verbatim is a bare list (its facts weigh 0). */
    bareShare: 0.8,
    /**
     * A bullet or number that may start a line of a vertical list. At least `minListItems` consecutive lines
     * that are one tool fact or value each, after it and an `itemLabel`, are a bare list too.
     */
    itemMark: /^(?:[-*•·+]|\p{Nd}{1,3}[.、)）])\s*/u,
    /** A short label before a vertical list's item (建议：, 推荐: …). */
    itemLabel: /^[^\s:：]{1,4}[:：]\s*/u,
    /** Punctuation that may close a vertical list's item. */
    // Tried only where a run starts: from inside a run that does not reach the end, every start failed again.
    itemEnd: /(?<![。，,.;；!！])[。，,.;；!！]+$/u,
    /** General planning words that anchor facts besides the type's completeness keywords. */
    planningWords:
      /(第\s*\p{Nd}+\s*天|上午|中午|下午|晚上|早餐|午餐|晚餐|出发|到达|入住|游览|参观|推荐|建议|路线|交通|门票|人均)/gu,
    /** Keyword occurrences examined per regex. */
    maxAnchors: 1024,
  },

  /**
   * Fact precision (named defence `fact_precision`): the share of the answer's checkable facts (prices, dated
   * weather, stated ratings) that this episode's tools did not return, and the share of its named places
   * found nowhere in the tool results.
   */
  factPrecision: {
    /** A forecast day in the weather tool's result. */
    toolDate: /^\s*日期\s*[:：]\s*\p{Nd}{4}[-/.](\p{Nd}{1,2})[-/.](\p{Nd}{1,2})/u,
    /** A forecast field (conditions, temperatures, wind directions). */
    toolField: /^\s*((?:白天|夜间)?(?:天气|温度|风向))\s*[:：]\s*(\S+)/u,
    /** A date in the answer (2025-03-04 or 3月4日). */
    answerDate:
      /(?:19|20)\p{Nd}{2}[-/.](\p{Nd}{1,2})[-/.](\p{Nd}{1,2})|(\p{Nd}{1,2})月(\p{Nd}{1,2})[日号]/gu,
    /** Weather facts checked on a dated line. */
    // A number is read from where its digits start (its first digit not after another): tried inside a long run
    // of digits, every start failed again. The check comes after that digit, so the pattern still begins with
    // a minus or a digit, which the engine finds fast (a check in front made it slower on every line).
    temperature: /(-?\p{Nd}(?<!\p{Nd}\p{Nd})\p{Nd}*)\s*(?:度|℃|°C)/gu,
    /** Weather conditions. */
    condition: /(雷阵雨|阵雨|小雨|中雨|大雨|暴雨|雨夹雪|小雪|中雪|大雪|多云|晴|阴|雾|霾|沙尘)/gu,
    /** Wind directions. */
    wind: /(?:[东南西北]{1,2}风|无持续风向)/gu,
    /** A POI record's rating line in a tool result. */
    toolRating: /^\s*(?:评分|rating)\s*[:：]\s*([0-9](?:\.[0-9]+)?)/u,
    /** A rating the answer states (in its search form, digits folded to ASCII): 评分4.7, 评分：4.5. */
    // One way to read the spaces around the colon (two `\s*` beside an optional colon split a long run of
    // spaces every way before failing).
    answerRating: /评分\s*(?:[:：]\s*)?([0-9](?:\.[0-9]+)?)(?![0-9.])/gu,
    /**
     * A stated rating is supported when a tool POI with that rating is named at most this many code points
     * before it, after the previous rating (its record: the name, then an address or price, then the rating).
     */
    ratingWindow: 200,
    /** … or when its name starts at most this many code points after the rating (评分4.8的…). */
    ratingAfter: 4,
    /**
     * For a rating, a tool place of at least `abbreviatedFrom` code points is also named by its first
     * `abbreviation` code points (老德记 for 老德记老火锅, 琼兴坊 for 琼兴坊甜品): plans shorten a shop to its
     * brand. Not when those are an administrative name or one of the trip's cities (北京市…).
     */
    abbreviation: 3,
    abbreviatedFrom: 5,
    /** Ratings checked per answer (bounds the work on long answers). */
    maxRatings: 64,
    /** The top of the tools' rating scale: a stated value above it is no place's rating (not checked). */
    maxRating: 5,
    /**
     * A named place of the plan: an answer POI of the fact extractor that ends in one of these suffixes
     * (bracketed labels such as 【经济优先】 do not).
     */
    placeSuffix:
      /(?:风景名胜区|风景区|景区|博物馆|博物院|纪念馆|美术馆|科技馆|公园|古镇|古城|老街|步行街|夜市|广场|大酒店|酒店|宾馆|餐厅|饭店|酒楼|菜馆|中心|寺|庙|塔|山|湖)$/u,
    /** Words before a place that are not part of its name (位于雁塔区 → 雁塔). */
    placeLead: /^(?:位于|地处|坐落于)/u,
    /**
     * A branch label of a restaurant or hotel (粤盛阁家常菜(珠海大道店)): the label is group 1. Found by its
     * bracket and read backwards (`branchRun`), which is far cheaper than a pattern led by the name.
     */
    branchLabel: /[（(]([^（）()\n]{1,12}店)[)）]/gu,
    /** The name a branch label belongs to: the run of Han characters just before it. */
    branchRun: /\p{Script=Han}{2,16}$/u,
    /** Branch-labelled names checked per answer. */
    maxBranchNames: 64,
    /**
     * Places a plan names without a place suffix (天涯海角, 老德记老火锅) are read where only a place can stand.
     * The first such slot, or place slot: a name in 【】 right after a visiting verb (游览【天涯海角】), group 1.
     */
    placeVisit: /(?:游览|参观|前往|打卡|游玩|探访|到访|夜游|逛)\s*【([^【】\n]{2,16})】/gu,
    /**
     * The second: the head of a list item or labelled line — after its bullet, one of a few labels and a
     * bracketed price — followed by a place's address, location or hours, at most one short clause between
     * (- （人均82元）老德记老火锅，地址：…; - 天涯海角，门票80元，地址：…), group 1.
     */
    placeItem:
      /^[ \t]*(?:[-*•·+]|\d{1,2}[.、)）])?[ \t]*(?:(?:首选|备选|推荐|住宿|酒店|早餐|午餐|晚餐|餐厅|美食|景点)[：:])?[ \t]*(?:[（(][^（）()\n]{0,16}[)）])?[ \t]*([^\s，,。；;：:、（）()【】]{2,16})[，,][ \t]*(?:[^，,。；;\n]{1,12}[，,][ \t]*)?(?:地址[：:]|位于|营业时间|开放时间)/gmu,
    /**
     * Names at a slot that are no particular place (- 早餐，人均20元，地址：酒店内): not counted. Route arrows
     * are no slot: a plan walks 午门→太和殿→乾清宫 inside a sight whose parts no tool lists.
     */
    genericPlace:
      /^(?:酒店|宾馆|民宿|住处|住所|机场|火车站|高铁站|车站|地铁站|市区|市中心|城区|老城区|景区|景点|餐厅|饭店|目的地|附近|周边|早餐|午餐|晚餐|住宿|交通)$/u,
    /** Names read at slots per answer. */
    maxSlotPlaces: 128,
    /**
     * Occurrences of a sourced place looked up to tell whether it is written only in bare lists of facts
     * (it is then left out of the named places' count); past this many, the rest are not looked at.
     */
    maxListedLookups: 64,
    /**
     * Share of a plan's named places found nowhere in the tool results (nor in the request) up to which the
     * places' multiplier stays 1: more lenient than for prices, since a plan may name a few well-known sights
     * the tools did not list …
     */
    placeFreeRatio: 0.3,
    /** … and where it reaches `placeFloor`. */
    placeFloorRatio: 0.8,
    /**
     * The places' multiplier at and beyond `placeFloorRatio`: lower than `floor`, since a plan whose places
     * are mostly no tool's is not a plan from this episode's results at all.
     */
    placeFloor: 0.05,
    /**
     * Unsourced named places a plan may have whatever its share: a few well-known sights, not a plan's worth.
     * Past this many the places' multiplier falls too (the share alone can be diluted by naming many tool
     * places in passing) …
     */
    placeFreeCount: 8,
    /** … down to `placeFloor` at this many. */
    placeFloorCount: 24,
    /**
     * Fewer checkable facts than this never trigger the defence (counted once for all facts pooled, and once
     * for the ratings, which are also held to the share on their own).
     */
    minChecked: 5,
    /** Unsupported share up to which the multiplier stays 1 … */
    freeRatio: 0.2,
    /** … and where it reaches the floor. */
    floorRatio: 0.6,
    /** Multiplier at and beyond `floorRatio`. */
    floor: 0.2,
  },

  /** Fabrication penalty. */
  fabrication: {
    /** Per POI price stated more than `priceTolerance` away from the tool's price. */
    pricePenalty: -3,
    /** Relative price error tolerated. */
    priceTolerance: 0.1,
    /** Code points after a POI name searched for its stated price. */
    poiPriceWindow: 24,
    /**
     * A price the answer states after a price label, in the window after the name of a POI other than a hotel:
     * an amount in 元 (group 1) or after ¥ / ￥ (group 2).
     */
    answerPrice:
      /(?:门票|人均|票价|价格|房价|每晚|消费)[^\p{Nd}\n。]{0,4}(?:(\p{Nd}+(?:\.\p{Nd}+)?)\s*元|[¥￥]\s*(\p{Nd}+(?:\.\p{Nd}+)?))/u,
    /**
     * A nightly price the answer states in the window after a hotel's name: after a room-price label (groups 1
     * and 2: 元 or ¥) or as an amount per night (398元/晚, ¥398/晚: groups 3 and 4). 人均, 门票 and 消费 after a
     * hotel's name are the next meal's or sight's (住宿：和平饭店。晚餐：人均120元), not the room's.
     */
    answerRoomPrice:
      /(?:房价|每晚|价格)[^\p{Nd}\n。]{0,4}(?:(\p{Nd}+(?:\.\p{Nd}+)?)\s*元|[¥￥]\s*(\p{Nd}+(?:\.\p{Nd}+)?))|(\p{Nd}+(?:\.\p{Nd}+)?)\s*元\s*[/／每]\s*晚|[¥￥]\s*(\p{Nd}+(?:\.\p{Nd}+)?)\s*[/／每]\s*晚/u,
    /**
     * Free admission stated in words right after a sight's name (at most a few punctuation marks or spaces
     * between), read as a 0元 ticket: 免费参观, 免费开放, 免费入园, 门票免费, 免门票, 免票, 无需门票. Narrow on
     * purpose: only admission words count (免费WiFi, 免费停车, 免费讲解 do not), any word between the name and
     * the claim (儿童免费参观, 周一免费开放, 停车场免费开放) voids it, and so do the words after it that make it a
     * condition (免费开放日, 免票政策, 免费参观时间).
     */
    freeAdmission:
      /^[^\p{L}\p{Nd}\n]{0,4}(?:门票\s*[:：]?\s*(?:免费|全免)|免费(?:参观|开放|入园|入场|游览)|免门票|免票|(?:无需|无须|不需|不收)门票)(?!日|时|政策|对象|人群|条件|范围)/u,
    /** Once, when the answer's weather conditions are not the tool's. */
    weatherPenalty: -2,
    /** When POI tools returned at least `poiNonUseMinPois` POIs and the answer names none. */
    poiNonUsePenalty: -3,
    /** Tool POIs needed before naming none of them costs anything. */
    poiNonUseMinPois: 3,
    /** Transport: extra −5 × fabrication ratio when the ratio exceeds this. */
    transportRatioThreshold: 0.1,
    /** Penalty per unit of transport fabrication ratio. */
    transportPenaltyScale: -5,
    /** Low-IC amplification: IC / 25 below this and penalty below `amplifyTrigger` → at most `amplifiedPenalty`. */
    lowIcRatio: 0.4,
    /** Penalty below which a low IC amplifies it … */
    amplifyTrigger: -3,
    /** … to this. */
    amplifiedPenalty: -10,
    /** The penalty never goes below this. */
    max: -12.5,
  },

  /** Judge coupling. */
  coupling: {
    /** Code score at which the judge keeps its full score: 50 × 0.6. */
    codeFullCredit: 30,
    /** Judge score at which the code keeps its full score: 50 × 0.4. */
    judgeFullCredit: 20,
    /** Share of the code score kept when the judge gives 0. */
    codeMinShare: 0.7,
    /** The coupled sum is never below this share of the raw sum. */
    monotonicityShare: 0.5,
  },

  /** Defense in depth: a judge factual-grounding score below this compresses IC and completeness. */
  defenseInDepth: {
    /** Factual-grounding score (0–10) below which the defence applies. */
    threshold: 4,
    /** Multiplier at a factual-grounding score of 0 … */
    base: 0.3,
    /** … rising by this times fg / threshold. */
    slope: 0.7,
  },

  /** Safe-result bands (ratio of the maximum) and noise. */
  safeResult: {
    /** Upper limits (share of the maximum) of the bands; above the last, very_high. */
    bands: [
      [0.1, 'very_low'],
      [0.35, 'low'],
      [0.6, 'medium'],
      [0.85, 'high'],
    ] as readonly (readonly [number, 'very_low' | 'low' | 'medium' | 'high'])[],
    /** Standard deviation of the noise on the safe aggregates. */
    noiseSigma: 2,
  },

  /** Step rewards. */
  stepReward: {
    /** Weights of the three components. */
    weights: {
      /** Tool selection. */
      selection: 0.4,
      /** Argument quality. */
      arguments: 0.3,
      /** Result usefulness. */
      usefulness: 0.3,
    },
    /** Tool-selection scoring. */
    selection: {
      /** A required tool. */
      required: 0.6,
      /** A known tool that is not required. */
      optional: 0.2,
      /** First use of a tool. */
      firstUse: 0.2,
      /** A transport tool on a transport type. */
      transportBonus: 0.2,
      /** Repetition penalties apply from this step on. */
      repeatFromStep: 4,
      /** Repetition penalty while required tools are still missing … */
      missingBase: 0.3,
      /** … growing by this per step … */
      missingPerStep: 0.05,
      /** … from this step … */
      missingFromStep: 5,
      /** … up to this. */
      missingMax: 0.5,
      /** Otherwise a late-call penalty from this step … */
      lateFromStep: 6,
      /** … growing by this per step … */
      latePerStep: 0.05,
      /** … up to this. */
      lateMax: 0.2,
    },
    /** A "lng,lat" coordinate argument. */
    coordinate: /^\p{Nd}+\.\p{Nd}+\s*,\s*\p{Nd}+\.\p{Nd}+$/u,
    /** A plausible city name argument. */
    cityName: /^[\u4e00-\u9fa5]{2,10}$/u,
    /** Any CJK character. */
    cjk: /[\u4e00-\u9fa5]/u,
    /** A YYYY-MM-DD date argument. */
    date: /^\p{Nd}{4}-\p{Nd}{2}-\p{Nd}{2}$/u,
    /** Words of an error result. */
    errorWords: /(error|failed|失败|错误|无效|无法)/iu,
    /** Result usefulness by length (code points). */
    usefulness: {
      /** Result shorter than `minLength`. */
      empty: 0,
      /** Failed or error result. */
      error: 0.1,
      /** Up to `mediumFrom` code points. */
      short: 0.5,
      /** Up to `longFrom` code points. */
      medium: 0.8,
      /** Longer. */
      long: 1,
      /** Shortest useful result. */
      minLength: 10,
      /** Start of the medium band. */
      mediumFrom: 100,
      /** Start of the long band. */
      longFrom: 500,
    },
    /** Extra episode allowance on top of the number of required tools. */
    episodeAllowance: 1,
    /** Most reward one tool name can earn in an episode. */
    perToolCap: 2,
  },
} as const;

/** The type of {@link SCORING_CONFIG}. */
export type ScoringConfig = typeof SCORING_CONFIG;
