import { z } from 'zod';
import { ExtractedFactsSchema, ParsedPlanSchema } from './facts';
import { ChatMessageSchema, UsageSchema } from './messages';
import { ProblemTypeSchema, TravelProblemSchema, VersionsSchema } from './problem';
import type { TravelProblem } from './problem';
import type { ExtractedFacts, ParsedPlan } from './facts';
import type { ToolTraceEntry } from './trace';
import { ToolTraceSchema } from './trace';
import { EpochSchema } from '../epoch';

/** The hard constraints, in the order their multipliers apply. */
export const HARD_CONSTRAINT_NAMES = [
  'format_valid',
  'tool_info_used',
  'required_tools_called',
  'poi_names_verified',
  'transport_grounded',
  'tool_quality',
] as const;

/** One hard-constraint name. */
export const HardConstraintNameSchema = z.enum(HARD_CONSTRAINT_NAMES);
/** See {@link HardConstraintNameSchema}. */
export type HardConstraintName = z.infer<typeof HardConstraintNameSchema>;

/** The verdict of one hard constraint. */
export const HardConstraintResultSchema = z.looseObject({
  /** Whether the constraint holds. */
  passed: z.boolean(),
  /** Multiplier applied to the total (1 when passed). */
  multiplier: z.number().min(0).max(1),
  /** Why, in numbers (ratios, counts, matched names …). */
  details: z.record(z.string(), z.unknown()).default({}),
});
/** See {@link HardConstraintResultSchema}. */
export type HardConstraintResult = z.infer<typeof HardConstraintResultSchema>;

/** Every hard constraint's verdict. */
export const HardConstraintResultsSchema = z.object({
  format_valid: HardConstraintResultSchema,
  tool_info_used: HardConstraintResultSchema,
  required_tools_called: HardConstraintResultSchema,
  poi_names_verified: HardConstraintResultSchema,
  transport_grounded: HardConstraintResultSchema,
  tool_quality: HardConstraintResultSchema,
});
/** See {@link HardConstraintResultsSchema}. */
export type HardConstraintResults = z.infer<typeof HardConstraintResultsSchema>;

/** The five judge dimensions, 0–10 each. */
export const JUDGE_DIMENSIONS = [
  'practicality',
  'analysis_depth',
  'logic',
  'user_experience',
  'factual_grounding',
] as const;

/** One judge dimension. */
export const JudgeDimensionSchema = z.enum(JUDGE_DIMENSIONS);
/** See {@link JudgeDimensionSchema}. */
export type JudgeDimension = z.infer<typeof JudgeDimensionSchema>;

const dimensionScore = z.number().min(0).max(10);

/** The judge's verdict, or why there is none. */
export const JudgeResultSchema = z.looseObject({
  /** Whether a verdict is available. */
  available: z.boolean(),
  /** Dimension scores 0–10 (absent when unavailable). */
  dimensions: z
    .object({
      practicality: dimensionScore,
      analysis_depth: dimensionScore,
      logic: dimensionScore,
      user_experience: dimensionScore,
      factual_grounding: dimensionScore,
    })
    .optional(),
  /** Sum of the dimensions, 0–50. */
  total: z.number().min(0).max(50).optional(),
  /** Short reasons per dimension. */
  reasons: z.record(z.string(), z.string()).optional(),
  /** Models that contributed. */
  models: z.array(z.string()).optional(),
  /** Whether a second model re-scored (cross-validation). */
  crossValidated: z.boolean().optional(),
  /** Whether the verdict came from the judge cache. */
  cached: z.boolean().optional(),
  /** Rubric version. */
  rubricVersion: z.string().optional(),
  /** Token usage of the judge calls. */
  usage: UsageSchema.optional(),
  /** Why the verdict is unavailable. */
  error: z.string().optional(),
});
/** See {@link JudgeResultSchema}. */
export type JudgeResult = z.infer<typeof JudgeResultSchema>;

/** State of the judge in one score. */
export const JudgeStatusSchema = z.enum(['ok', 'unavailable', 'skipped', 'disabled']);
/** See {@link JudgeStatusSchema}. */
export type JudgeStatus = z.infer<typeof JudgeStatusSchema>;

/** Score of one info-consistency category. */
export const IcCategoryScoreSchema = z.looseObject({
  /** Distinct facts the tools returned. */
  toolCount: z.number().int().nonnegative(),
  /** Distinct facts the answer stated. */
  answerCount: z.number().int().nonnegative(),
  /** Tool facts the answer matched (after context weighting, may be fractional). */
  matched: z.number().nonnegative(),
  /** Normalised category score 0–1. */
  score: z.number().min(0).max(1),
  /** Rules that changed the score (e.g. `min_quantity_cap`). */
  notes: z.array(z.string()).default([]),
});
/** See {@link IcCategoryScoreSchema}. */
export type IcCategoryScore = z.infer<typeof IcCategoryScoreSchema>;

/** Score of one completeness dimension. */
export const CompletenessDimensionScoreSchema = z.looseObject({
  /** Points earned. */
  points: z.number().nonnegative(),
  /** Points available. */
  max: z.number().nonnegative(),
  /** How the points were earned (tier name). */
  tier: z.string().optional(),
  /** Rules that changed the score. */
  notes: z.array(z.string()).default([]),
});
/** See {@link CompletenessDimensionScoreSchema}. */
export type CompletenessDimensionScore = z.infer<typeof CompletenessDimensionScoreSchema>;

/**
 * The complete score of one episode: every component, multiplier and verdict, in the order the scorer
 * computed them. `total` is 0–100; `codeTotal` 0–50; `judgeTotal` 0–50.
 */
export const ScoreBreakdownSchema = z.looseObject({
  /** Scorer version that produced this breakdown. */
  scorerVersion: z.string(),
  /** Task id of the problem. */
  taskId: z.number().int().nonnegative(),
  /** Problem type. */
  problemType: ProblemTypeSchema,
  /** Final score 0–100. */
  total: z.number().min(0).max(100),
  /** Info consistency 0–25. */
  infoConsistency: z.number().min(0).max(25),
  /** Completeness 0–25. */
  completeness: z.number().min(0).max(25),
  /** Fabrication penalty, −12.5 to 0. */
  fabricationPenalty: z.number().min(-12.5).max(0),
  /** Tool-diversity multiplier. */
  diversityMultiplier: z.number().min(0).max(2),
  /** Code score 0–50. */
  codeTotal: z.number().min(0).max(50),
  /** Raw judge score 0–50 (0 when unavailable). */
  judgeTotal: z.number().min(0).max(50),
  /** Judge score after coupling with the code score. */
  judgeCoupled: z.number().min(0).max(50),
  /** Code score after coupling with the judge score. */
  codeCoupled: z.number().min(0).max(50),
  /** Product of the failed hard constraints' multipliers. */
  hardConstraintMultiplier: z.number().min(0).max(1),
  /** Every hard constraint's verdict. */
  hardConstraints: HardConstraintResultsSchema,
  /** Per-category info consistency. */
  icCategories: z.record(z.string(), IcCategoryScoreSchema),
  /** Per-dimension completeness. */
  completenessDimensions: z.record(z.string(), CompletenessDimensionScoreSchema),
  /** Fabrication penalty parts (prices, weather, transport, poi_non_use, amplification …). */
  fabrication: z.record(z.string(), z.number()).default({}),
  /** Judge state. */
  judgeStatus: JudgeStatusSchema,
  /** Judge verdict when one was requested. */
  judge: JudgeResultSchema.optional(),
  /** Names of anti-gaming defences that changed this score. */
  defenses: z.array(z.string()).default([]),
  /** Whether the plan parser found structure. */
  parseSuccess: z.boolean(),
  /** Parser problems. */
  parseErrors: z.array(z.string()).default([]),
});
/** See {@link ScoreBreakdownSchema}. */
export type ScoreBreakdown = z.infer<typeof ScoreBreakdownSchema>;

/** Five-tier score bands used by the safe result. */
export const ScoreBandSchema = z.enum(['very_low', 'low', 'medium', 'high', 'very_high']);
/** See {@link ScoreBandSchema}. */
export type ScoreBand = z.infer<typeof ScoreBandSchema>;

/**
 * The default result for external and RL consumers: the exact total, coarse bands and reproducibly noised
 * aggregates, so per-rule details cannot be reverse-engineered.
 */
export const SafeResultSchema = z.object({
  total: z.number().min(0).max(100),
  codeBand: ScoreBandSchema,
  judgeBand: ScoreBandSchema,
  hardConstraints: z.record(HardConstraintNameSchema, z.boolean()),
  noisyCode: z.number().min(0),
  noisyJudge: z.number().min(0),
  judgeAvailable: z.boolean(),
  scorerVersion: z.string(),
});
/** See {@link SafeResultSchema}. */
export type SafeResult = z.infer<typeof SafeResultSchema>;

/** The full result for debugging: the breakdown plus the extracted facts and parsed plan. */
export const DebugResultSchema = z.looseObject({
  breakdown: ScoreBreakdownSchema,
  toolFacts: ExtractedFactsSchema.optional(),
  answerFacts: ExtractedFactsSchema.optional(),
  parsed: ParsedPlanSchema.optional(),
});
/** See {@link DebugResultSchema}. */
export type DebugResult = z.infer<typeof DebugResultSchema>;

/** Everything a judge needs; the judge never receives anything else. */
export interface JudgeInput {
  /** The problem. */
  problem: TravelProblem;
  /** The tool trace. */
  trace: readonly ToolTraceEntry[];
  /** The final answer (used only to build the code-extracted summary; never sent raw). */
  answer: string;
  /** Facts from the tools. */
  toolFacts: ExtractedFacts;
  /** Facts from the answer. */
  answerFacts: ExtractedFacts;
  /** The parsed plan. */
  parsed: ParsedPlan;
  /** The epoch salt (rubric randomisation seed). */
  salt: string;
  /**
   * The tool POIs the code score counts as named in the answer, after its defences (a half match on an
   * administrative name or inside a road name does not count). When given, the judge summary lists these as the
   * plan's grounded POIs instead of matching names itself, so code and judge agree on what the plan names.
   */
  namedToolPois?: readonly string[];
  /**
   * The answer's places (as the fact extractor read them) that are no tool POI but that the code score found in
   * this episode's tool results or in the request, such as a place the user asked about or a shortened name
   * whose stem a result holds. When given, the judge summary does not list them as places without a tool
   * source.
   */
  sourcedPlaces?: readonly string[];
}

/** The interface the scorer calls to get a judge verdict; `@navworld/llm-validator` implements it. */
export interface Judge {
  /** Scores one answer. Must not throw: failures are `{ available: false, error }`. */
  judge(input: JudgeInput): Promise<JudgeResult>;
}

/** Outcome of one episode's agent run. */
export const EpisodeOutcomeSchema = z.enum([
  'completed',
  'no_final_answer',
  'model_failure',
  'infra_error',
  'timeout',
]);
/** See {@link EpisodeOutcomeSchema}. */
export type EpisodeOutcome = z.infer<typeof EpisodeOutcomeSchema>;

/**
 * One finished episode as saved in a results file: enough to re-score it (problem, messages, trace, answer)
 * plus the score, usage, timings and versions.
 */
export const EpisodeResultSchema = z.looseObject({
  /** Schema version of this record. */
  schemaVersion: z.literal(1).default(1),
  /** Episode id. */
  episodeId: z.string(),
  /** Task id. */
  taskId: z.number().int().nonnegative(),
  /** Repeat index (0-based) when a task is run several times. */
  repeat: z.number().int().nonnegative().default(0),
  /** Agent: `reference`, `openai`, or an exploit policy name. */
  agent: z.string(),
  /** Model name for model agents. */
  model: z.string().nullable().default(null),
  /** The epoch the episode ran in. */
  epoch: EpochSchema,
  /** Reward 0–1 (`total / 100`). */
  score: z.number().min(0).max(1),
  /** Total 0–100. */
  total: z.number().min(0).max(100),
  /** `total ≥ 60`. */
  success: z.boolean(),
  /** False for infrastructure failures: such episodes are not charged to the model. */
  validForScoring: z.boolean(),
  /** How the run ended. */
  outcome: EpisodeOutcomeSchema,
  /** Infrastructure error (code: message), when any. */
  error: z.string().nullable().default(null),
  /** The problem. */
  problem: TravelProblemSchema,
  /** The conversation. */
  messages: z.array(ChatMessageSchema),
  /** The tool trace. */
  trace: ToolTraceSchema,
  /** The final answer ('' when none). */
  answer: z.string(),
  /** The score breakdown (null when the episode could not be scored). */
  breakdown: ScoreBreakdownSchema.nullable(),
  /** Step rewards, one per tool call. */
  stepRewards: z.array(z.number().min(0).max(1)),
  /** Token usage of the model under test. */
  usage: UsageSchema,
  /** Timings in milliseconds. */
  timings: z.looseObject({ startedAt: z.string(), durationMs: z.number().nonnegative() }),
  /** Component versions. */
  versions: VersionsSchema,
});
/** See {@link EpisodeResultSchema}. */
export type EpisodeResult = z.infer<typeof EpisodeResultSchema>;

/** The observation of one tool call in a step. */
export const ToolObservationSchema = z.object({
  toolCallId: z.string(),
  name: z.string(),
  ok: z.boolean(),
  errorCode: z.string().optional(),
  text: z.string(),
  reward: z.number().min(0).max(1),
});
/** See {@link ToolObservationSchema}. */
export type ToolObservation = z.infer<typeof ToolObservationSchema>;

/** What `step` returns. */
export const StepResultSchema = z.looseObject({
  /** Episode id. */
  episodeId: z.string(),
  /** 1-based step number. */
  step: z.number().int().positive(),
  /** Tool observations (empty on the final step). */
  observations: z.array(ToolObservationSchema),
  /** Step reward: mean of this step's tool rewards, or the final reward `total / 100` when done. */
  reward: z.number().min(0).max(1),
  /** Whether the episode is finished. */
  done: z.boolean(),
  /** True when the step limit forced the final-answer phase. */
  truncated: z.boolean(),
  /** On the final step: the safe (or debug) result. */
  info: z.record(z.string(), z.unknown()).optional(),
});
/** See {@link StepResultSchema}. */
export type StepResult = z.infer<typeof StepResultSchema>;
