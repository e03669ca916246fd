// The scoring pipeline: parse → hard constraints → IC → completeness → gate → fabrication → diversity →
// judge → defense in depth → coupling → hard-constraint multipliers → total.
import {
  ERROR_CODES,
  JudgeResultSchema,
  NavworldError,
  ToolTraceSchema,
  TravelProblemSchema,
  formatZodIssues,
  type ExtractedFacts,
  type HardConstraintResults,
  type Judge,
  type JudgeResult,
  type JudgeStatus,
  type ParsedPlan,
  type ScoreBreakdown,
  type ToolTraceEntry,
  type TravelProblem,
} from '@navworld/core-types';
import { z } from 'zod';
import { contextWith, traceTools, type ScoringContext } from './context';
import { clamp, round } from './internal/text';
import { completeness, type CompletenessResult } from './rules/completeness';
import { applyHardConstraints, codeTotal, coupleScores, defenseInDepth } from './rules/coupling';
import { diversityMultiplier, unsourcedRouteClaims } from './rules/diversity';
import { echoDefence, echoFraction } from './rules/echo';
import { fabricationPenalty, type FabricationResult } from './rules/fabrication';
import {
  formatValid,
  poiNamesVerified,
  requiredCoverage,
  requiredToolsCalled,
  toolInfoUsed,
  toolQuality,
  transportGrounded,
  verifyTransport,
  type TransportGrounding,
} from './rules/hard-constraints';
import { infoConsistency, type InfoConsistencyResult } from './rules/info-consistency';
import {
  factPrecision,
  sourcedAnswerPlaces,
  type FactPrecisionResult,
} from './rules/fact-precision';
import { placelessPlan, type PlacelessPlanResult } from './rules/placeless-plan';
import { offRequest, type OffRequestResult } from './rules/off-request';
import { clauseEcho, type ClauseEchoResult } from './rules/clause-echo';
import { priceGrounding, type PriceGroundingResult } from './rules/price-grounding';
import { SCORER_VERSION } from './version';

/** Input of {@link scoreEpisode}. */
export interface ScoreEpisodeInput {
  /** The problem the answer solves. */
  problem: TravelProblem;
  /** The episode's tool trace, in call order. */
  trace: readonly ToolTraceEntry[];
  /** The final answer ('' when there is none). */
  answer: string;
  /** Optional judge; without one the score is code-only (max 50) and `judgeStatus` is `disabled`. */
  judge?: Judge | undefined;
  /** Epoch salt passed to the judge (rubric randomisation). */
  salt?: string | undefined;
}

/** The breakdown plus what the scorer extracted, for debug results. */
export interface ScoreDetails {
  /** The score breakdown. */
  breakdown: ScoreBreakdown;
  /** Facts extracted from the tool results. */
  toolFacts: ExtractedFacts;
  /** Facts extracted from the answer. */
  answerFacts: ExtractedFacts;
  /** The parsed plan. */
  parsed: ParsedPlan;
}

// Compiled: validating a problem and its trace through zod's generic parser took 20–35 µs of a 0.6 ms episode
// (its code and tables are cold after the rules run); the compiled parser takes a third of that. Invalid input
// falls back to the generic parser, so errors read the same; where code generation is not allowed the schema
// stays uncompiled.
const InputSchema = z.compile(
  z.object({
    problem: TravelProblemSchema,
    trace: ToolTraceSchema,
    answer: z.string(),
    salt: z.string().optional(),
  }),
);

/** Validates one score input; `index` is its place in a batch, named in the error. */
function validate(
  input: unknown,
  index?: number,
): {
  problem: TravelProblem;
  trace: ToolTraceEntry[];
  answer: string;
  salt: string;
} {
  const parsed = InputSchema.safeParse(input);
  if (!parsed.success) {
    const issues = formatZodIssues(parsed.error);
    const which = index === undefined ? '' : ` at index ${index}`;
    throw new NavworldError(
      ERROR_CODES.VALIDATION_FAILED,
      `invalid score input${which}: ${issues.join('; ')}`,
      {
        hint: 'pass { problem: TravelProblem, trace: ToolTraceEntry[], answer: string }',
        details: index === undefined ? { issues } : { index, issues },
      },
    );
  }
  const { problem, trace, answer, salt } = parsed.data;
  return { problem, trace, answer, salt: salt ?? '' };
}

/** Everything computed before the judge. */
interface CodeStage {
  ctx: ScoringContext;
  hardConstraints: HardConstraintResults;
  transport: TransportGrounding;
  ic: InfoConsistencyResult;
  comp: CompletenessResult;
  /** IC after the echo defence (the gate reads it). */
  icGated: number;
  /** IC after the route-claim multiplier. */
  icFinal: number;
  compFinal: number;
  echo: { fraction: number; multiplier: number };
  routeClaims: { multiplier: number; claims: number };
  fabrication: FabricationResult;
  diversity: number;
  /** Price grounding (named defence `price_grounding`). */
  prices: PriceGroundingResult;
  /** Placeless plan (named defence `placeless_plan`). */
  placeless: PlacelessPlanResult;
  /** Off-request plan (named defence `off_request`). */
  request: OffRequestResult;
  /** Clause echo (named defence `clause_echo`). */
  clauses: ClauseEchoResult;
  /** Fact precision (named defence `fact_precision`). */
  precision: FactPrecisionResult;
  /** Product of the grounding defences' multipliers on the code score. */
  grounding: number;
  defenses: string[];
}

/**
 * The code stage while it runs: the context, the defences fired so far and each step's results, filled in
 * step order (a field is set before any later step reads it).
 */
interface CodeState {
  ctx: ScoringContext;
  defenses: string[];
  format?: HardConstraintResults['format_valid'];
  required?: HardConstraintResults['required_tools_called'];
  pois?: HardConstraintResults['poi_names_verified'];
  transport?: TransportGrounding;
  grounded?: HardConstraintResults['transport_grounded'];
  quality?: HardConstraintResults['tool_quality'];
  ic?: InfoConsistencyResult;
  comp?: CompletenessResult;
  echo?: { fraction: number; multiplier: number };
  icGated?: number;
  compEcho?: number;
  gate?: HardConstraintResults['tool_info_used'];
  routeClaims?: { multiplier: number; claims: number };
  icFinal?: number;
  fabrication?: FabricationResult;
  diversity?: number;
  prices?: PriceGroundingResult;
  placeless?: PlacelessPlanResult;
  request?: OffRequestResult;
  precision?: FactPrecisionResult;
  clauses?: ClauseEchoResult;
}

/**
 * A fresh state for a built context. Every field is present from the start, so all states share one shape
 * and the steps' reads and writes stay monomorphic.
 */
function codeState(ctx: ScoringContext): CodeState {
  return {
    ctx,
    defenses: [],
    format: undefined,
    required: undefined,
    pois: undefined,
    transport: undefined,
    grounded: undefined,
    quality: undefined,
    ic: undefined,
    comp: undefined,
    echo: undefined,
    icGated: undefined,
    compEcho: undefined,
    gate: undefined,
    routeClaims: undefined,
    icFinal: undefined,
    fabrication: undefined,
    diversity: undefined,
    prices: undefined,
    placeless: undefined,
    request: undefined,
    precision: undefined,
    clauses: undefined,
  };
}

/** A step of the code stage: reads what earlier steps set in the state and adds its own results. */
type CodeStep = (s: CodeState) => void;

/**
 * The code stage after the context is built, in order; each step runs over a whole group of episodes before
 * the next (see {@link scoreEpisodesSync}; a single episode is a group of one). The order of the steps, and of
 * the defences each one records, is the order of the score's operations.
 */
const CODE_STEPS: readonly CodeStep[] = [
  function hardConstraintStep(s) {
    const { ctx } = s;
    if (ctx.toolFacts.pois.some((p) => ctx.poiHalfRejected(p))) s.defenses.push('admin_half_match');
    s.format = formatValid(ctx);
    s.required = requiredToolsCalled(ctx);
    s.pois = poiNamesVerified(ctx);
    s.transport = verifyTransport(ctx);
    s.grounded = transportGrounded(ctx, s.transport);
    s.quality = toolQuality(ctx, requiredCoverage(ctx));
  },
  function infoConsistencyStep(s) {
    s.ic = infoConsistency(s.ctx);
  },
  function completenessStep(s) {
    s.comp = completeness(s.ctx);
  },
  // The echo defence on IC and Comp, the notes of both as defences, the gate on IC, then the route claims.
  function echoAndGateStep(s) {
    const { ctx, defenses } = s;
    const ic = s.ic!;
    const comp = s.comp!;
    const fraction = echoFraction(ctx);
    const multiplier = echoDefence(fraction);
    s.echo = { fraction, multiplier };
    if (multiplier < 1) defenses.push('echo_defence');
    s.icGated = round(ic.score * multiplier, 4);
    s.compEcho = round(comp.score * multiplier, 4);
    if (ic.notes.includes('breadth_penalty')) defenses.push('breadth_penalty');
    if (ic.notes.includes('context_free_facts')) defenses.push('context_free_facts');
    if (Object.values(ic.categories).some((c) => c.notes.includes('min_quantity_cap')))
      defenses.push('min_quantity_cap');
    if (Object.values(ic.categories).some((c) => c.notes.includes('poi_density_decay')))
      defenses.push('poi_density_decay');
    if (Object.values(ic.categories).some((c) => c.notes.includes('category_share_cap')))
      defenses.push('category_share_cap');
    if (comp.templateMultiplier < 1) defenses.push('template_detector');
    if (comp.integrationMultiplier < 1) defenses.push('fact_integration');
    if (
      Object.values(comp.dimensions).some((d) =>
        d.notes.some((n) => n.startsWith('duplicate_days_')),
      )
    )
      defenses.push('duplicate_days');
    // Gate on IC (code only), then the route-claim multiplier.
    s.gate = toolInfoUsed(ctx, s.icGated);
    s.routeClaims = unsourcedRouteClaims(ctx);
    if (s.routeClaims.multiplier < 1) defenses.push('unsourced_route_claims');
    s.icFinal = round(s.icGated * s.routeClaims.multiplier, 4);
  },
  function fabricationStep(s) {
    s.fabrication = fabricationPenalty(s.ctx, s.icFinal!, s.transport!);
    if (s.fabrication.parts['amplification'] !== undefined) s.defenses.push('low_ic_amplification');
    s.diversity = diversityMultiplier(s.ctx);
  },
  // Grounding defences: multipliers on the code score.
  function priceGroundingStep(s) {
    s.prices = priceGrounding(s.ctx);
    if (s.prices.multiplier < 1) s.defenses.push('price_grounding');
  },
  function requestStep(s) {
    s.placeless = placelessPlan(s.ctx);
    if (s.placeless.multiplier < 1) s.defenses.push('placeless_plan');
    s.request = offRequest(s.ctx);
    if (s.request.multiplier < 1) s.defenses.push('off_request');
    s.precision = factPrecision(s.ctx, s.prices!);
    if (s.precision.multiplier < 1) s.defenses.push('fact_precision');
  },
  function clauseEchoStep(s) {
    s.clauses = clauseEcho(s.ctx);
    if (s.clauses.multiplier < 1) s.defenses.push('clause_echo');
  },
];

/** The code stage's results, once every step has run. */
function codeStageOf(s: CodeState): CodeStage {
  const prices = s.prices!;
  const placeless = s.placeless!;
  const precision = s.precision!;
  const clauses = s.clauses!;
  const request = s.request!;
  const grounding =
    prices.multiplier *
    placeless.multiplier *
    precision.multiplier *
    clauses.multiplier *
    request.multiplier;
  const hardConstraints: HardConstraintResults = {
    format_valid: s.format!,
    tool_info_used: s.gate!,
    required_tools_called: s.required!,
    poi_names_verified: s.pois!,
    transport_grounded: s.grounded!,
    tool_quality: s.quality!,
  };
  return {
    ctx: s.ctx,
    hardConstraints,
    transport: s.transport!,
    ic: s.ic!,
    comp: s.comp!,
    icGated: s.icGated!,
    icFinal: s.icFinal!,
    compFinal: s.compEcho!,
    echo: s.echo!,
    routeClaims: s.routeClaims!,
    fabrication: s.fabrication!,
    diversity: s.diversity!,
    prices,
    placeless,
    request,
    clauses,
    precision,
    grounding,
    defenses: s.defenses,
  };
}

/** A validated episode, as the code stage takes it. */
interface EpisodeInput {
  problem: TravelProblem;
  trace: readonly ToolTraceEntry[];
  answer: string;
}

/**
 * The code stage of a group of episodes, in order: the facts of every trace, then every context, then each
 * step over the whole group before the next. A single episode is a group of one.
 */
function codeStages(group: readonly EpisodeInput[]): CodeStage[] {
  const tools = group.map(({ trace }) => traceTools(trace));
  const states = group.map(({ problem, trace, answer }, i) =>
    codeState(contextWith(problem, trace, answer, tools[i]!)),
  );
  const order = byToolSide(states);
  for (const step of CODE_STEPS) for (const state of order) step(state);
  return states.map(codeStageOf);
}

/**
 * The states with those of one tool side next to each other (in their order, sides in order of first
 * appearance): the tables a rule builds from the tool results are then built once per side, not once per
 * change of side. The order of the episodes does not change their results.
 */
function byToolSide(states: readonly CodeState[]): readonly CodeState[] {
  if (states.length < 3) return states;
  const sides = new Map<object | undefined, CodeState[]>();
  for (const state of states) {
    const side = state.ctx.toolSide;
    const list = sides.get(side);
    if (list === undefined) sides.set(side, [state]);
    else list.push(state);
  }
  if (sides.size === 1 || sides.size === states.length) return states;
  const order: CodeState[] = [];
  for (const list of sides.values()) for (const state of list) order.push(state);
  return order;
}

function codeStage(input: EpisodeInput): CodeStage {
  return codeStages([input])[0]!;
}

function judgeTotalOf(result: JudgeResult): number {
  if (result.total !== undefined) return clamp(result.total, 0, 50);
  const d = result.dimensions;
  if (!d) return 0;
  return clamp(
    d.practicality + d.analysis_depth + d.logic + d.user_experience + d.factual_grounding,
    0,
    50,
  );
}

function finish(
  stage: CodeStage,
  judge: JudgeResult | undefined,
  status: JudgeStatus,
): ScoreBreakdown {
  const { ctx, hardConstraints } = stage;
  const available = status === 'ok' && judge !== undefined;
  const did = defenseInDepth(available ? judge : undefined, stage.routeClaims.multiplier);
  const defenses = [...stage.defenses];
  let ic = stage.icFinal;
  let comp = stage.compFinal;
  if (did < 1) {
    ic = round(ic * did, 4);
    comp = round(comp * did, 4);
    defenses.push('defense_in_depth');
  }
  const code = codeTotal(ic, comp, stage.diversity, stage.fabrication.penalty, stage.grounding);
  const judgeTotal = available ? round(judgeTotalOf(judge), 2) : 0;
  const coupled = coupleScores(code, judgeTotal, available);
  if (coupled.guardApplied) defenses.push('monotonicity_guarantee');
  const multiplier = applyHardConstraints(hardConstraints);
  const total = round(clamp(coupled.base * multiplier, 0, 100), 2);
  const breakdown: ScoreBreakdown = {
    scorerVersion: SCORER_VERSION,
    taskId: ctx.problem.taskId,
    problemType: ctx.problem.problemType,
    total,
    infoConsistency: round(clamp(ic, 0, 25), 4),
    completeness: round(clamp(comp, 0, 25), 4),
    fabricationPenalty: round(stage.fabrication.penalty, 4),
    diversityMultiplier: round(stage.diversity, 4),
    codeTotal: code,
    judgeTotal,
    judgeCoupled: round(clamp(coupled.judgeCoupled, 0, 50), 2),
    codeCoupled: round(clamp(coupled.codeCoupled, 0, 50), 2),
    hardConstraintMultiplier: round(multiplier, 6),
    hardConstraints,
    icCategories: stage.ic.categories,
    completenessDimensions: stage.comp.dimensions,
    fabrication: stage.fabrication.parts,
    judgeStatus: status,
    ...(judge !== undefined ? { judge } : {}),
    defenses,
    parseSuccess: ctx.parsed.success,
    parseErrors: ctx.parsed.errors,
    // Additional diagnostics (optional fields of the loose schema).
    infoConsistencyRaw: stage.ic.score,
    completenessRaw: stage.comp.raw,
    icNotes: stage.ic.notes,
    completenessNotes: stage.comp.notes,
    multipliers: {
      echo: round(stage.echo.multiplier, 4),
      echoFraction: round(stage.echo.fraction, 4),
      routeClaims: stage.routeClaims.multiplier,
      routeClaimCount: stage.routeClaims.claims,
      template: round(stage.comp.templateMultiplier, 4),
      factIntegration: stage.comp.integrationMultiplier,
      defenseInDepth: round(did, 4),
      priceGrounding: round(stage.prices.multiplier, 4),
      placelessPlan: round(stage.placeless.multiplier, 4),
      offRequest: round(stage.request.multiplier, 4),
      factPrecision: round(stage.precision.multiplier, 4),
      clauseEcho: round(stage.clauses.multiplier, 4),
      clauseEchoFraction: round(stage.clauses.fraction, 4),
      clauseEchoCount: stage.clauses.clauses,
    },
    factPrecision: {
      checked: stage.precision.checked,
      unsupported: stage.precision.unsupported,
      ratio: stage.precision.ratio,
      parts: stage.precision.parts,
    },
    priceGrounding: {
      counted: stage.prices.counted,
      ungrounded: stage.prices.ungrounded,
      ratio: stage.prices.ratio,
      examples: stage.prices.examples,
    },
    offRequest: {
      offTools: stage.request.offTools,
      anchored: stage.request.anchored,
      foreignCitations: stage.request.foreignCitations,
      requestCitations: stage.request.requestCitations,
    },
    fabricationFindings: stage.fabrication.findings,
    transportGrounding: hardConstraints.transport_grounded.details,
  };
  return breakdown;
}

function details(stage: CodeStage, breakdown: ScoreBreakdown): ScoreDetails {
  return {
    breakdown,
    toolFacts: stage.ctx.toolFacts,
    answerFacts: stage.ctx.answerFacts,
    parsed: stage.ctx.parsed,
  };
}

/** Scores an episode without a judge (code only, max 50; `judgeStatus: 'disabled'`). Throws on invalid input. */
export function scoreEpisodeSync(input: Omit<ScoreEpisodeInput, 'judge'>): ScoreBreakdown {
  return scoreEpisodeSyncDetailed(input).breakdown;
}

/** Like {@link scoreEpisodeSync}, also returning the extracted facts and parsed plan (for debug results). */
export function scoreEpisodeSyncDetailed(input: Omit<ScoreEpisodeInput, 'judge'>): ScoreDetails {
  const { problem, trace, answer } = validate(input);
  const stage = codeStage({ problem, trace, answer });
  return details(stage, finish(stage, undefined, 'disabled'));
}

/**
 * Episodes a batch scores together: each step of the code stage runs over the group before the next step.
 * Larger groups keep more contexts alive at once for a gain that flattens out (measured: 8 → 32 episodes).
 */
const BATCH_GROUP = 32;

/**
 * Scores many episodes without a judge, as {@link scoreEpisodeSync} scores each one (the same breakdowns, in
 * input order), but faster per episode: the episodes are taken in groups and each step of the scoring runs
 * over a whole group before the next step starts, so each rule's code and tables are still in the processor's
 * caches when it moves on to the next episode. For an evaluation sweep, a re-scoring of saved episodes or the
 * rollouts of one RL step. Every input is validated before any is scored: an invalid one throws
 * `VALIDATION_FAILED` naming its index, and nothing is returned.
 */
export function scoreEpisodesSync(
  inputs: ReadonlyArray<Omit<ScoreEpisodeInput, 'judge'>>,
): ScoreBreakdown[] {
  return scoreEpisodesSyncDetailed(inputs).map((d) => d.breakdown);
}

/** Like {@link scoreEpisodesSync}, also returning each episode's extracted facts and parsed plan. */
export function scoreEpisodesSyncDetailed(
  inputs: ReadonlyArray<Omit<ScoreEpisodeInput, 'judge'>>,
): ScoreDetails[] {
  if (!Array.isArray(inputs)) {
    throw new NavworldError(
      ERROR_CODES.VALIDATION_FAILED,
      'a batch of score inputs must be an array',
      {
        hint: 'pass [{ problem, trace, answer }, …]; score a single episode with scoreEpisodeSync',
      },
    );
  }
  // Array.from visits holes too (as undefined), so a sparse batch fails validation instead of skipping them.
  const valid = Array.from(inputs, (input: unknown, i) => validate(input, i));
  const out: ScoreDetails[] = [];
  for (let from = 0; from < valid.length; from += BATCH_GROUP) {
    for (const stage of codeStages(valid.slice(from, from + BATCH_GROUP))) {
      out.push(details(stage, finish(stage, undefined, 'disabled')));
    }
  }
  return out;
}

/**
 * Scores an episode. The judge, when given, is called once after the code stage, except when the
 * transport gate has already zeroed the total (`judgeStatus: 'skipped'`). A judge that fails or answers
 * `available: false` leaves a valid code-only score (`judgeStatus: 'unavailable'`). Throws `VALIDATION_FAILED`
 * on invalid input.
 */
export async function scoreEpisode(input: ScoreEpisodeInput): Promise<ScoreBreakdown> {
  return (await scoreEpisodeDetailed(input)).breakdown;
}

/** Like {@link scoreEpisode}, also returning the extracted facts and parsed plan (for debug results). */
export async function scoreEpisodeDetailed(input: ScoreEpisodeInput): Promise<ScoreDetails> {
  const { problem, trace, answer, salt } = validate(input);
  const stage = codeStage({ problem, trace, answer });
  const judge = input.judge;
  if (judge === undefined) return details(stage, finish(stage, undefined, 'disabled'));
  if (typeof judge.judge !== 'function') {
    throw new NavworldError(ERROR_CODES.INVALID_ARGUMENT, 'judge must have a judge(input) method', {
      hint: 'pass a Judge from @navworld/llm-validator createJudge(), or omit it',
    });
  }
  const gate = stage.hardConstraints.tool_info_used;
  if (!gate.passed && gate.multiplier === 0)
    return details(stage, finish(stage, undefined, 'skipped'));
  let result: JudgeResult;
  try {
    const raw = await judge.judge({
      problem,
      trace,
      answer,
      toolFacts: stage.ctx.toolFacts,
      answerFacts: stage.ctx.answerFacts,
      parsed: stage.ctx.parsed,
      salt,
      namedToolPois: stage.ctx.toolFacts.pois.filter((p) => stage.ctx.poiMatched(p)),
      sourcedPlaces: sourcedAnswerPlaces(stage.ctx),
    });
    const checked = JudgeResultSchema.safeParse(raw);
    result = checked.success
      ? checked.data
      : {
          available: false,
          error: `invalid judge result: ${formatZodIssues(checked.error).join('; ')}`,
        };
  } catch (error) {
    result = { available: false, error: error instanceof Error ? error.message : String(error) };
  }
  const ok = result.available && (result.dimensions !== undefined || result.total !== undefined);
  return details(stage, finish(stage, result, ok ? 'ok' : 'unavailable'));
}
