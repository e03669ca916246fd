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
import { buildContext, type ScoringContext } from './context';
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
import { factPrecision, type FactPrecisionResult } from './rules/fact-precision';
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

const InputSchema = z.object({
  problem: TravelProblemSchema,
  trace: ToolTraceSchema,
  answer: z.string(),
  salt: z.string().optional(),
});

function validate(input: unknown): {
  problem: TravelProblem;
  trace: ToolTraceEntry[];
  answer: string;
  salt: string;
} {
  const parsed = InputSchema.safeParse(input);
  if (!parsed.success) {
    const issues = formatZodIssues(parsed.error);
    throw new NavworldError(
      ERROR_CODES.VALIDATION_FAILED,
      `invalid score input: ${issues.join('; ')}`,
      {
        hint: 'pass { problem: TravelProblem, trace: ToolTraceEntry[], answer: string }',
        details: { issues },
      },
    );
  }
  return { ...parsed.data, salt: parsed.data.salt ?? '' };
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

function codeStage(
  problem: TravelProblem,
  trace: readonly ToolTraceEntry[],
  answer: string,
): CodeStage {
  const ctx = buildContext(problem, trace, answer);
  const defenses: string[] = [];
  if (ctx.toolFacts.pois.some((p) => ctx.poiHalfRejected(p))) defenses.push('admin_half_match');
  // Hard constraints.
  const format = formatValid(ctx);
  const required = requiredToolsCalled(ctx);
  const pois = poiNamesVerified(ctx);
  const transport = verifyTransport(ctx);
  const grounded = transportGrounded(ctx, transport);
  const quality = toolQuality(ctx, requiredCoverage(ctx));
  // Info consistency and completeness, with the echo defence on both.
  const ic = infoConsistency(ctx);
  const comp = completeness(ctx);
  const fraction = echoFraction(ctx);
  const echoMult = echoDefence(fraction);
  if (echoMult < 1) defenses.push('echo_defence');
  const icGated = round(ic.score * echoMult, 4);
  const compEcho = round(comp.score * echoMult, 4);
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
    Object.values(comp.dimensions).some((d) => d.notes.some((n) => n.startsWith('duplicate_days_')))
  )
    defenses.push('duplicate_days');
  // Gate on IC (code only), then the route-claim multiplier.
  const gate = toolInfoUsed(ctx, icGated);
  const routeClaims = unsourcedRouteClaims(ctx);
  if (routeClaims.multiplier < 1) defenses.push('unsourced_route_claims');
  const icFinal = round(icGated * routeClaims.multiplier, 4);
  const fabrication = fabricationPenalty(ctx, icFinal, transport);
  if (fabrication.parts['amplification'] !== undefined) defenses.push('low_ic_amplification');
  const diversity = diversityMultiplier(ctx);
  // Grounding defences: multipliers on the code score.
  const prices = priceGrounding(ctx);
  if (prices.multiplier < 1) defenses.push('price_grounding');
  const placeless = placelessPlan(ctx);
  if (placeless.multiplier < 1) defenses.push('placeless_plan');
  const request = offRequest(ctx);
  if (request.multiplier < 1) defenses.push('off_request');
  const precision = factPrecision(ctx, prices);
  if (precision.multiplier < 1) defenses.push('fact_precision');
  const clauses = clauseEcho(ctx);
  if (clauses.multiplier < 1) defenses.push('clause_echo');
  const grounding =
    prices.multiplier *
    placeless.multiplier *
    precision.multiplier *
    clauses.multiplier *
    request.multiplier;
  const hardConstraints: HardConstraintResults = {
    format_valid: format,
    tool_info_used: gate,
    required_tools_called: required,
    poi_names_verified: pois,
    transport_grounded: grounded,
    tool_quality: quality,
  };
  return {
    ctx,
    hardConstraints,
    transport,
    ic,
    comp,
    icGated,
    icFinal,
    compFinal: compEcho,
    echo: { fraction, multiplier: echoMult },
    routeClaims,
    fabrication,
    diversity,
    prices,
    placeless,
    request,
    clauses,
    precision,
    grounding,
    defenses,
  };
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
    offRequest: { offTools: stage.request.offTools, anchored: stage.request.anchored },
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
  const stage = codeStage(problem, trace, answer);
  return details(stage, finish(stage, undefined, 'disabled'));
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
  const stage = codeStage(problem, trace, answer);
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
