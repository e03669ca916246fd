// Every constant of the judge lives here, so one change of policy is one edit.
import type { JudgeDimension } from '@navworld/core-types';
import { GapPattern } from './gap-pattern';

/** Version of the rubric, prompt and summary format; part of every judge cache key. */
export const RUBRIC_VERSION = 'navworld-rubric-1';

/** Fixed order of the five dimensions (the JSON template always uses it). */
export const DIMENSION_ORDER: readonly JudgeDimension[] = [
  'practicality',
  'analysis_depth',
  'logic',
  'user_experience',
  'factual_grounding',
];

/** Chinese display names of the dimensions. */
export const DIMENSION_NAMES: Readonly<Record<JudgeDimension, string>> = {
  practicality: '实用性',
  analysis_depth: '分析深度',
  logic: '逻辑性',
  user_experience: '用户体验',
  factual_grounding: '事实依据',
};

/** Inclusive integer ranges the rubric penalties are drawn from, in draw order. */
export const PENALTY_RANGES = {
  no_transport_mode: [2, 4],
  no_time_slots: [1, 3],
  time_conflict: [3, 5],
  cross_city_no_transport: [3, 5],
  cross_district: [2, 4],
  backtracking: [1, 3],
  no_order_reason: [1, 3],
  bad_geography: [3, 5],
  ungrounded_transport: [3, 5],
  ungrounded_time_distance: [2, 4],
  fabricated_price: [2, 4],
  ungrounded_poi: [1, 3],
} as const satisfies Record<string, readonly [number, number]>;

/** Name of a randomised rubric penalty. */
export type PenaltyKey = keyof typeof PENALTY_RANGES;

/** Penalty for grouping sights by geography when the sights are not from the tools (not randomised). */
export const UNGROUNDED_POI_LOGIC_PENALTY = 3;
/** Penalty for routing built on fabricated distances or times (not randomised). */
export const FABRICATED_ROUTING_PENALTY = 2;

/** The calibration anchors, one of which the rubric RNG picks per task. */
export const CALIBRATION_ANCHORS: readonly string[] = [
  '这类行程方案通常落在4–6分；任何维度给到7分以上都要有充分的依据。',
  '一份中等水平的方案，每个维度大约5分。',
  '请让分数分布保持合理，不要集中在高分段。',
];

/** Default judge models, tried in order (the second one cross-validates). */
export const DEFAULT_JUDGE_MODELS: readonly string[] = [
  'Qwen/Qwen3.6-27B-TEE',
  'Qwen/Qwen3.6-35B-TEE',
];
/** Default OpenAI-compatible endpoint of the judge. */
export const DEFAULT_JUDGE_BASE_URL = 'https://llm.chutes.ai/v1';
/** Environment variable names. */
export const JUDGE_ENV = {
  baseUrl: 'NAVWORLD_JUDGE_BASE_URL',
  apiKey: 'NAVWORLD_JUDGE_API_KEY',
  models: 'NAVWORLD_JUDGE_MODELS',
} as const;

/** Per-attempt timeout of a judge call (reasoning models can be slow). */
export const DEFAULT_TIMEOUT_MS = 180_000;
/** Completion budget: reasoning models spend tokens before they print the JSON. */
export const DEFAULT_MAX_TOKENS = 8000;
/** Sleeps between attempts; the number of attempts is one more than the number of sleeps. */
export const DEFAULT_BACKOFF_MS: readonly number[] = [1000, 2000];
/** A first verdict above this total (of 50) is re-scored by a second model. */
export const CROSS_VALIDATION_THRESHOLD = 36;
/** When factual grounding is at most this, logic and analysis depth are capped at grounding + 2. */
export const GROUNDING_COUPLING_MAX = 3;
/** Headroom of the grounding coupling cap. */
export const GROUNDING_COUPLING_MARGIN = 2;

/** Reasoning snippets: minimum answer length to look for them. */
export const SNIPPET_MIN_ANSWER = 50;
/** Reasoning snippets: accepted sentence lengths (code points). */
export const SNIPPET_MIN_LENGTH = 10;
/** See {@link SNIPPET_MIN_LENGTH}. */
export const SNIPPET_MAX_LENGTH = 200;
/** Reasoning snippets are cut to this many code points. */
export const SNIPPET_EXCERPT = 80;
/** At most this many snippets reach the judge. */
export const SNIPPET_MAX_COUNT = 8;
/** The sanitiser cuts any text to this many code points first. */
export const SANITIZE_MAX_LENGTH = 15_000;
/** Answers shorter than this are flagged as too short to judge. */
export const SHORT_ANSWER = 200;
/** A transport price within this relative distance of the tool price counts as matching. */
export const PRICE_TOLERANCE = 0.2;
/** Hollow comparison: at least this many comparison claims … */
export const HOLLOW_MIN_CLAIMS = 3;
/** … against at most this many comparable option pairs. */
export const HOLLOW_MAX_OPTIONS = 1;
/** Price sums are built from at most this many distinct tool prices (3-term sums are cubic). */
export const PRICE_SUM_MAX_TERMS = 40;

/** List caps of the summaries. */
export const LIMITS = {
  factsPois: 15,
  factsIds: 10,
  factsTransportPrices: 8,
  factsTimes: 8,
  factsWeather: 6,
  factsDurations: 6,
  factsDistances: 6,
  summaryTransportPrices: 8,
  summaryTimes: 10,
  summaryPrices: 10,
  summaryDistances: 8,
  /** Flight or train numbers listed per line (the line states how many there are when it cuts). */
  summaryIds: 20,
  /** POI names listed per line (the line's count covers them all). */
  summaryPois: 40,
  /**
   * Distinct POI-like names of the answer looked at: each is compared with every name listed before it, so an
   * answer of thousands of invented places would take quadratic time.
   */
  summaryPoiCandidates: 500,
} as const;

/** Connectors that mark a sentence as reasoning rather than listing. */
export const REASONING_CONNECTORS =
  /(因为|由于|所以|因此|考虑到|综合|权衡|对比|相比|虽然|但是|不过|优势|劣势|利弊|取舍|优先|适合|兼顾|平衡|推荐.*因|选择.*因|之所以|这样.*可以|从而|避免|节省)/;
/** Comparison claims. */
export const COMPARISON_CLAIM = new GapPattern([
  ...['对比', '相比', '比较', '优于', '不如'].map((head) => ({ head })),
  { head: '虽然', tails: ['但'] },
  ...['权衡', '取舍', '利弊'].map((head) => ({ head })),
]);
/** Personalised wording. */
export const PERSONALISATION =
  /(根据您|根据你|您的需求|你的需求|您的偏好|你的偏好|您的预算|你的预算)/g;
/** Admissions of data limits or remedies. */
export const LIMITATION_AWARENESS = new GapPattern([
  ...[
    '仅返回',
    String.raw`只有\s*\d`,
    '有限',
    '不足',
    '缺少',
    '缺乏',
    '无法确认',
    '待确认',
    '不够',
    '工具未',
  ].map((head) => ({ head })),
  { head: '需要', tails: ['更多'] },
  ...['搜索', '查询', '补充', '扩充'].map((tail) => ({ head: '建议', tails: [tail] })),
  { head: '到达后', tails: ['查'] },
]);
// The budget and transport-note patterns read the spaces around an optional colon or 约 one way only: two
// `\s*` beside an optional word split a long run of spaces every way before failing.
/** A stated budget figure. */
export const BUDGET_MENTION = /(预算|费用|花费|总计|合计)\s*(?:[:：]\s*)?\d+/;
/** Geographic grouping wording. */
export const GEOGRAPHIC_GROUPING = /(同一?区域|按区域|地理位置|就近|相邻|顺路|环线|单向)/;
/** Clock times `H:MM` / `HH:MM`. */
export const TIME_POINT = /(\d{1,2})[：:]\s*(\d{2})/g;
/**
 * A price in the answer (1,200元, 850.5元). It is read from where its digits start, or from the last three
 * digits before a thousands comma (the only place the pattern matched from inside a run), so a long run of
 * digits is not tried again from each of its digits.
 */
export const PRICE_IN_TEXT =
  /(?:(?<!\d)|(?=\d{1,3},\d{3}))(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*元/g;
/** Transport notes between sights. */
export const INTER_SITE_TRANSPORT =
  /(步行|打车|地铁|公交|骑行|驾车)\s*(?:(约|大约)\s*)?\d+\s*(分钟|小时|公里|米)/g;
/** Suffixes of place-like names (for POIs the answer names). */
export const POI_SUFFIX =
  /[\u4e00-\u9fff]{2,8}(?:森林公园|风景区|度假区|游乐场|海洋馆|植物园|动物园|体育馆|图书馆|美术馆|纪念馆|步行街|博物馆|城墙|故居|遗址|古镇|老街|公园|景区|广场|湿地|寺|庙|塔|楼|湖|山|园|宫|陵)/gu;
/** Verbs the greedy POI pattern swallows in front of a name. */
export const POI_LEADING_VERBS =
  /^(?:然后再去|然后去|接着去|再去|游览|参观|前往|来到|抵达|到达|打卡|漫步|逛逛|因为|由于|对比|相比|比较|登上|经过|途经|沿着|分钟|小时|公里|逛|去|到|在|从|游|看|登|沿|和|与|及|往)/u;
