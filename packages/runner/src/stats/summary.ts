import {
  ERROR_CODES,
  HARD_CONSTRAINT_NAMES,
  NavworldError,
  PROBLEM_TYPES,
  canonicalJson,
  type EpisodeOutcome,
  type EpisodeResult,
  type HardConstraintName,
  type Versions,
} from '@navworld/core-types';
import { STATS_CONFIG } from './config';
import { bootstrapMeanCi, mean, passAtK, passHatK, type MeanWithCi } from './estimators';

/** Options of {@link summarize}. */
export interface SummarizeOptions {
  /** A run passes when `total ≥ passThreshold`. @default 60 */
  passThreshold?: number;
  /** Seed of the bootstrap generator. @default 'navworld-summary' */
  seed?: string;
  /** Bootstrap resamples per interval. @default 2000 */
  resamples?: number;
  /** Judge prices in USD per million tokens, used when the judge records no cost itself. */
  judgePrice?: { promptPerMillion: number; completionPerMillion: number };
}

/** Score statistics of one group of valid episodes (a problem type, a difficulty, a city). */
export interface GroupSummary {
  /** Group key (`intercity`, `2`, `北京` …). */
  key: string;
  /** Valid episodes in the group. */
  episodes: number;
  /** Mean total 0–100 with its 95 % interval. */
  total: MeanWithCi;
  /** Share of episodes with total ≥ the pass threshold, with its 95 % interval. */
  passRate: MeanWithCi;
}

/** pass@k and pass^k for one k, averaged over the tasks with at least k valid attempts. */
export interface PassKSummary {
  /** Number of attempts drawn. */
  k: number;
  /** Tasks with at least k valid attempts (the ones averaged). */
  tasks: number;
  /** Mean unbiased pass@k: at least one of k attempts passes. */
  passAtK: number;
  /** Mean unbiased pass^k: all k attempts pass. */
  passHatK: number;
}

/** Failure rate of one hard constraint over valid scored episodes. */
export interface HardConstraintSummary {
  /** Constraint name. */
  name: HardConstraintName;
  /** Episodes in which it was evaluated. */
  evaluated: number;
  /** Episodes in which it failed. */
  failed: number;
  /** failed / evaluated (0 when none was evaluated). */
  failureRate: number;
}

/** Calls of one tool across all episodes. */
export interface ToolUsageSummary {
  /** Tool name as the agent sent it. */
  name: string;
  /** Calls. */
  calls: number;
  /** Calls that produced data. */
  ok: number;
  /** Failed calls by error code. */
  errors: Record<string, number>;
  /** Calls per episode (over every episode with a trace). */
  perEpisode: number;
}

/** Token totals. */
export interface TokenSummary {
  /** Prompt tokens. */
  promptTokens: number;
  /** Completion tokens. */
  completionTokens: number;
  /** All tokens. */
  totalTokens: number;
  /** Mean total tokens per episode (null without episodes). */
  perEpisode: number | null;
}

/** Judge usage and cost. */
export interface JudgeSummary {
  /** Scores by judge state (`ok`, `unavailable`, `skipped`, `disabled`). */
  status: Record<string, number>;
  /** Tokens the judge spent. */
  tokens: TokenSummary;
  /** Cost in USD: recorded by the judge, or computed from `judgePrice`; null when unknown. */
  costUsd: number | null;
}

/** Everything `navworld evaluate` and `navworld report` print about a batch. */
export interface BatchSummary {
  /** Lines (episodes) read. */
  episodes: number;
  /** Episodes that count toward the scores. */
  validEpisodes: number;
  /** Infrastructure failures, not charged to the model and left out of every score. */
  invalidEpisodes: number;
  /** Invalid episodes by error code (the part of `error` before the colon). */
  invalidByError: Record<string, number>;
  /** Episodes by outcome (valid and invalid). */
  outcomes: Partial<Record<EpisodeOutcome, number>>;
  /** Distinct task ids. */
  tasks: number;
  /** Smallest and largest number of valid attempts per task. */
  attemptsPerTask: { min: number; max: number };
  /** The pass threshold used. */
  passThreshold: number;
  /** Mean total 0–100. */
  total: MeanWithCi;
  /** Mean code score 0–50 (valid episodes with a breakdown). */
  codeTotal: MeanWithCi;
  /** Mean raw judge score 0–50 (episodes whose judge answered). */
  judgeTotal: MeanWithCi;
  /** Pass rate 0–1 over valid episodes (pass@1 on single attempts). */
  passRate: MeanWithCi;
  /** Mean step reward per episode 0–1 (valid episodes with step rewards). */
  stepReward: MeanWithCi;
  /** pass@k and pass^k for k = 1 … the largest attempt count. */
  passK: PassKSummary[];
  /** Counts of valid totals in bins of 10 points (last bin includes 100). */
  histogram: number[];
  /** By problem type (type order). */
  byType: GroupSummary[];
  /** By difficulty 1–3. */
  byDifficulty: GroupSummary[];
  /** By destination city (most episodes first). */
  byCity: GroupSummary[];
  /** Hard-constraint failure rates (constraint order). */
  hardConstraints: HardConstraintSummary[];
  /** Tool usage (most calls first). */
  toolUsage: ToolUsageSummary[];
  /** Tokens of the model under test. */
  tokens: TokenSummary;
  /** Judge state, tokens and cost. */
  judge: JudgeSummary;
  /** Distinct agents. */
  agents: string[];
  /** Distinct models. */
  models: string[];
  /** Distinct version stamps. */
  versions: Versions[];
  /** Mean episode wall time in ms (null without episodes). */
  meanDurationMs: number | null;
}

function passes(result: EpisodeResult, threshold: number): boolean {
  return result.total >= threshold;
}

function increment(record: Record<string, number>, key: string, by = 1): void {
  record[key] = (record[key] ?? 0) + by;
}

function errorCodeOf(error: string | null): string {
  if (error === null || error === '') return 'unknown';
  const colon = error.indexOf(':');
  return (colon > 0 ? error.slice(0, colon) : error).trim();
}

function groupSummary(
  key: string,
  group: readonly EpisodeResult[],
  threshold: number,
  seed: string,
  resamples: number | undefined,
): GroupSummary {
  return {
    key,
    episodes: group.length,
    total: bootstrapMeanCi(
      group.map((r) => r.total),
      { seed: `${seed}:mean:${key}`, resamples },
    ),
    passRate: bootstrapMeanCi(
      group.map((r) => (passes(r, threshold) ? 1 : 0)),
      { seed: `${seed}:mean:${key}`, resamples },
    ),
  };
}

function groupBy(
  results: readonly EpisodeResult[],
  keyOf: (r: EpisodeResult) => string,
): Map<string, EpisodeResult[]> {
  const map = new Map<string, EpisodeResult[]>();
  for (const r of results) {
    const key = keyOf(r);
    const list = map.get(key);
    if (list === undefined) map.set(key, [r]);
    else list.push(r);
  }
  return map;
}

/** pass@k and pass^k per k, each averaged over the tasks that have at least k valid attempts. */
function passKSummaries(valid: readonly EpisodeResult[], threshold: number): PassKSummary[] {
  const byTask = groupBy(valid, (r) => String(r.taskId));
  const counts = [...byTask.values()].map((list) => ({
    n: list.length,
    c: list.filter((r) => passes(r, threshold)).length,
  }));
  const maxN = counts.reduce((m, t) => Math.max(m, t.n), 0);
  const out: PassKSummary[] = [];
  for (let k = 1; k <= maxN; k += 1) {
    const eligible = counts.filter((t) => t.n >= k);
    out.push({
      k,
      tasks: eligible.length,
      passAtK: mean(eligible.map((t) => passAtK(t.n, t.c, k))) ?? 0,
      passHatK: mean(eligible.map((t) => passHatK(t.n, t.c, k))) ?? 0,
    });
  }
  return out;
}

function histogramOf(totals: readonly number[]): number[] {
  const width = STATS_CONFIG.histogramBinWidth;
  const bins = new Array<number>(Math.ceil(100 / width)).fill(0);
  for (const t of totals) {
    const index = Math.min(bins.length - 1, Math.max(0, Math.floor(t / width)));
    bins[index] = (bins[index] ?? 0) + 1;
  }
  return bins;
}

function hardConstraintSummaries(valid: readonly EpisodeResult[]): HardConstraintSummary[] {
  return HARD_CONSTRAINT_NAMES.map((name) => {
    let evaluated = 0;
    let failed = 0;
    for (const r of valid) {
      const verdict = r.breakdown?.hardConstraints[name];
      if (verdict === undefined) continue;
      evaluated += 1;
      if (!verdict.passed) failed += 1;
    }
    return { name, evaluated, failed, failureRate: evaluated === 0 ? 0 : failed / evaluated };
  });
}

function toolUsageSummaries(results: readonly EpisodeResult[]): ToolUsageSummary[] {
  const byTool = new Map<string, { calls: number; ok: number; errors: Record<string, number> }>();
  for (const r of results) {
    for (const entry of r.trace) {
      let usage = byTool.get(entry.name);
      if (usage === undefined) {
        usage = { calls: 0, ok: 0, errors: {} };
        byTool.set(entry.name, usage);
      }
      usage.calls += 1;
      if (entry.ok) usage.ok += 1;
      else increment(usage.errors, entry.errorCode ?? 'UNKNOWN');
    }
  }
  const episodes = results.length;
  return [...byTool.entries()]
    .map(([name, u]) => ({ name, ...u, perEpisode: episodes === 0 ? 0 : u.calls / episodes }))
    .sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name));
}

function tokenSummary(
  usages: ReadonlyArray<{ promptTokens: number; completionTokens: number; totalTokens: number }>,
  episodes: number,
): TokenSummary {
  let promptTokens = 0;
  let completionTokens = 0;
  let totalTokens = 0;
  for (const u of usages) {
    promptTokens += u.promptTokens;
    completionTokens += u.completionTokens;
    totalTokens += u.totalTokens;
  }
  return {
    promptTokens,
    completionTokens,
    totalTokens,
    perEpisode: episodes === 0 ? null : totalTokens / episodes,
  };
}

function judgeSummary(
  results: readonly EpisodeResult[],
  price: SummarizeOptions['judgePrice'],
): JudgeSummary {
  const status: Record<string, number> = {};
  const usages = [];
  let recordedCost = 0;
  let hasRecordedCost = false;
  for (const r of results) {
    const breakdown = r.breakdown;
    if (breakdown === null) continue;
    increment(status, breakdown.judgeStatus);
    const judge = breakdown.judge;
    if (judge?.usage !== undefined) usages.push(judge.usage);
    const cost = (judge as { costUsd?: unknown } | undefined)?.costUsd;
    if (typeof cost === 'number' && Number.isFinite(cost)) {
      recordedCost += cost;
      hasRecordedCost = true;
    }
  }
  const tokens = tokenSummary(usages, usages.length);
  let costUsd: number | null = null;
  if (hasRecordedCost) costUsd = recordedCost;
  else if (price !== undefined) {
    costUsd =
      (tokens.promptTokens * price.promptPerMillion +
        tokens.completionTokens * price.completionPerMillion) /
      1_000_000;
  }
  return { status, tokens, costUsd };
}

function distinct<T>(values: readonly T[]): T[] {
  const seen = new Map<string, T>();
  for (const v of values) seen.set(canonicalJson(v), v);
  return [...seen.values()];
}

/**
 * Summarises a batch of finished episodes. Invalid episodes (`validForScoring: false`, infrastructure
 * failures) are counted apart and left out of every score. Means carry percentile-bootstrap 95 %
 * intervals from a seeded generator, so the same results and seed always give the same summary.
 */
export function summarize(
  results: readonly EpisodeResult[],
  options: SummarizeOptions = {},
): BatchSummary {
  const threshold = options.passThreshold ?? STATS_CONFIG.passThreshold;
  if (!(threshold >= 0 && threshold <= 100)) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `passThreshold must be a number from 0 to 100 (got ${threshold})`,
      { hint: 'a run passes when its total (0–100) reaches the threshold; the default is 60' },
    );
  }
  const seed = options.seed ?? STATS_CONFIG.seed;
  const resamples = options.resamples;
  const valid = results.filter((r) => r.validForScoring);
  const invalid = results.filter((r) => !r.validForScoring);

  const invalidByError: Record<string, number> = {};
  for (const r of invalid) increment(invalidByError, errorCodeOf(r.error));
  const outcomes: Partial<Record<EpisodeOutcome, number>> = {};
  for (const r of results) outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;

  const attempts = [...groupBy(valid, (r) => String(r.taskId)).values()].map((l) => l.length);
  const scored = valid.filter((r) => r.breakdown !== null);
  const judged = scored.filter((r) => r.breakdown?.judgeStatus === 'ok');
  const withSteps = valid.filter((r) => r.stepRewards.length > 0);

  const byTypeMap = groupBy(valid, (r) => r.problem.problemType);
  const byDifficultyMap = groupBy(valid, (r) => String(r.problem.difficulty));
  const byCityMap = groupBy(valid, (r) => r.problem.destinationCity);

  return {
    episodes: results.length,
    validEpisodes: valid.length,
    invalidEpisodes: invalid.length,
    invalidByError,
    outcomes,
    tasks: new Set(results.map((r) => r.taskId)).size,
    attemptsPerTask: {
      // Folds, not spreads: a file may hold more tasks than one call takes arguments.
      min: attempts.length === 0 ? 0 : attempts.reduce((a, b) => Math.min(a, b)),
      max: attempts.length === 0 ? 0 : attempts.reduce((a, b) => Math.max(a, b)),
    },
    passThreshold: threshold,
    // One seed for every mean (a paired bootstrap): two measures with the same values, such as total and code
    // without a judge, get the same interval.
    total: bootstrapMeanCi(
      valid.map((r) => r.total),
      { seed: `${seed}:mean`, resamples },
    ),
    codeTotal: bootstrapMeanCi(
      scored.map((r) => r.breakdown?.codeTotal ?? 0),
      { seed: `${seed}:mean`, resamples },
    ),
    judgeTotal: bootstrapMeanCi(
      judged.map((r) => r.breakdown?.judgeTotal ?? 0),
      { seed: `${seed}:mean`, resamples },
    ),
    passRate: bootstrapMeanCi(
      valid.map((r) => (passes(r, threshold) ? 1 : 0)),
      { seed: `${seed}:mean`, resamples },
    ),
    stepReward: bootstrapMeanCi(
      withSteps.map((r) => mean(r.stepRewards) ?? 0),
      { seed: `${seed}:mean`, resamples },
    ),
    passK: passKSummaries(valid, threshold),
    histogram: histogramOf(valid.map((r) => r.total)),
    byType: PROBLEM_TYPES.filter((t) => byTypeMap.has(t)).map((t) =>
      groupSummary(t, byTypeMap.get(t) ?? [], threshold, `${seed}:type`, resamples),
    ),
    byDifficulty: ['1', '2', '3']
      .filter((d) => byDifficultyMap.has(d))
      .map((d) =>
        groupSummary(d, byDifficultyMap.get(d) ?? [], threshold, `${seed}:difficulty`, resamples),
      ),
    byCity: [...byCityMap.entries()]
      .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
      .map(([city, list]) => groupSummary(city, list, threshold, `${seed}:city`, resamples)),
    hardConstraints: hardConstraintSummaries(scored),
    toolUsage: toolUsageSummaries(results),
    tokens: tokenSummary(
      results.map((r) => r.usage),
      results.length,
    ),
    judge: judgeSummary(results, options.judgePrice),
    agents: distinct(results.map((r) => r.agent)).sort(),
    models: distinct(results.map((r) => r.model).filter((m): m is string => m !== null)).sort(),
    versions: distinct(results.map((r) => r.versions)),
    meanDurationMs: mean(results.map((r) => r.timings.durationMs)),
  };
}
export { formatSummaryTable } from './format';
