// Safe (banded, noised) and debug views of a breakdown.
import {
  ERROR_CODES,
  HARD_CONSTRAINT_NAMES,
  NavworldError,
  sha256Hex,
  type DebugResult,
  type ExtractedFacts,
  type HardConstraintName,
  type ParsedPlan,
  type SafeResult,
  type ScoreBand,
  type ScoreBreakdown,
} from '@navworld/core-types';
import { SCORING_CONFIG } from './config';
import { round } from './internal/text';

/** Band of a score as a share of its maximum: < 0.1 very_low, < 0.35 low, < 0.6 medium, < 0.85 high. */
export function scoreBand(score: number, max: number): ScoreBand {
  if (!Number.isFinite(score) || !Number.isFinite(max)) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `scoreBand needs finite numbers (score ${score}, max ${max})`,
      { hint: 'pass a score and its maximum, e.g. scoreBand(breakdown.codeTotal, 50)' },
    );
  }
  const r = score / Math.max(max, 1e-6);
  for (const [limit, band] of SCORING_CONFIG.safeResult.bands) if (r < limit) return band;
  return 'very_high';
}

/**
 * Two standard normal draws seeded by a string: four 32-bit words of its SHA-256 feed two Box–Muller
 * transforms. Same seed, same draws, in any process.
 */
export function seededGaussians(seed: string): [number, number] {
  const hex = sha256Hex(seed);
  const u = (i: number) => (parseInt(hex.slice(i * 8, i * 8 + 8), 16) + 1) / 4294967297;
  const g = (a: number, b: number) => Math.sqrt(-2 * Math.log(u(a))) * Math.cos(2 * Math.PI * u(b));
  return [g(0, 1), g(2, 3)];
}

/** Options of {@link toSafeResult}. */
export interface SafeResultOptions {
  /** The epoch salt. */
  salt: string;
  /** The answer that was scored (its hash seeds the noise). */
  answer: string;
}

/**
 * A light check of {@link toSafeResult}'s input (the fields it reads), so a caller's mistake is a typed error
 * rather than a TypeError from inside; breakdowns come from the scorer, which validated their episode.
 */
function checkSafeResultInput(breakdown: unknown, options: unknown): void {
  const b = breakdown as Partial<ScoreBreakdown> | null;
  const o = options as Partial<SafeResultOptions> | null;
  const fine =
    b !== null &&
    typeof b === 'object' &&
    Number.isFinite(b.total) &&
    Number.isFinite(b.codeTotal) &&
    Number.isFinite(b.judgeCoupled) &&
    b.hardConstraints !== null &&
    typeof b.hardConstraints === 'object' &&
    HARD_CONSTRAINT_NAMES.every((n) => typeof b.hardConstraints?.[n]?.passed === 'boolean') &&
    o !== null &&
    typeof o === 'object' &&
    typeof o.salt === 'string' &&
    typeof o.answer === 'string';
  if (!fine) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      'toSafeResult needs a ScoreBreakdown and { salt: string, answer: string }',
      {
        hint: 'pass the breakdown scoreEpisode returned, the epoch salt and the answer that was scored',
      },
    );
  }
}

/**
 * The default result for external and RL consumers: the exact total, code and judge bands, pass/fail of each
 * hard constraint and noised aggregates (σ = 2), seeded from task id + salt + SHA-256 of the answer so the
 * same episode always gets the same noise.
 */
export function toSafeResult(breakdown: ScoreBreakdown, options: SafeResultOptions): SafeResult {
  checkSafeResultInput(breakdown, options);
  const sigma = SCORING_CONFIG.safeResult.noiseSigma;
  const seed = `${breakdown.taskId}\u0000${options.salt}\u0000${sha256Hex(options.answer)}`;
  const [n1, n2] = seededGaussians(seed);
  const hardConstraints = {} as Record<HardConstraintName, boolean>;
  for (const name of HARD_CONSTRAINT_NAMES)
    hardConstraints[name] = breakdown.hardConstraints[name].passed;
  return {
    total: breakdown.total,
    codeBand: scoreBand(breakdown.codeTotal, SCORING_CONFIG.weights.codeTotal),
    judgeBand: scoreBand(breakdown.judgeCoupled, SCORING_CONFIG.weights.judgeTotal),
    hardConstraints,
    noisyCode: round(Math.max(0, breakdown.codeTotal + sigma * n1), 2),
    noisyJudge: round(Math.max(0, breakdown.judgeCoupled + sigma * n2), 2),
    judgeAvailable: breakdown.judgeStatus === 'ok',
    scorerVersion: breakdown.scorerVersion,
  };
}

/** Optional extras of a debug result. */
export interface DebugExtras {
  /** Facts extracted from the tool results. */
  toolFacts?: ExtractedFacts;
  /** Facts extracted from the answer. */
  answerFacts?: ExtractedFacts;
  /** The parsed plan. */
  parsed?: ParsedPlan;
}

/**
 * The full result for debugging: the breakdown (every component, per-category IC, per-dimension
 * completeness, hard-constraint details, transport grounding, judge dimensions and reasons) plus, when given,
 * the extracted facts and the parsed plan.
 */
export function toDebugResult(breakdown: ScoreBreakdown, extras: DebugExtras = {}): DebugResult {
  return {
    breakdown,
    ...(extras.toolFacts ? { toolFacts: extras.toolFacts } : {}),
    ...(extras.answerFacts ? { answerFacts: extras.answerFacts } : {}),
    ...(extras.parsed ? { parsed: extras.parsed } : {}),
  };
}

/** Whether debug results are requested by the environment (`NAVWORLD_DEBUG=1`). */
export function debugRequested(env: Record<string, string | undefined>): boolean {
  const v = env['NAVWORLD_DEBUG'];
  return v === '1' || v === 'true';
}
