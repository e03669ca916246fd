// Per-call step rewards for RL: tool selection, argument quality and result usefulness, bounded per episode.
import {
  ERROR_CODES,
  NavworldError,
  TOOL_NAMES,
  TRANSPORT_TOOLS,
  canonicalJson,
  type ToolName,
  type TravelProblem,
} from '@navworld/core-types';
import { SCORING_CONFIG } from './config';
import { isRequestRoute, namesRequestCity, requestCities } from './internal/request';
import { clamp, cpLength, round, trimmedLength } from './internal/text';

const S = SCORING_CONFIG.stepReward;

/** A tool call as the step reward sees it. */
export interface StepCall {
  /** Tool name as sent. */
  name: string;
  /** Parsed arguments (when absent, `rawArguments` is parsed). */
  arguments?: Record<string, unknown> | undefined;
  /** Arguments exactly as sent. */
  rawArguments?: string | undefined;
}

/** An earlier call of the episode, with its result and (optionally) the reward it earned. */
export interface EarlierCall extends StepCall {
  /** Whether it produced data. */
  ok?: boolean | undefined;
  /** Its result text. */
  resultText?: string | undefined;
  /** The reward it earned; recomputed when absent. */
  reward?: number | undefined;
}

/** Input of {@link stepReward}. */
export interface StepRewardInput {
  /** The call being rewarded. */
  call: StepCall;
  /** The call's result (a core-types ToolResult or just `{ ok, text }`). */
  result: {
    /** Whether the tool succeeded. */
    ok: boolean;
    /** The result text the model saw. */
    text: string;
  };
  /** The episode's problem. */
  problem: TravelProblem;
  /** Calls made earlier in the episode, in order. */
  earlierCalls: readonly EarlierCall[];
  /** Environment step carrying the call (defaults to the call's 1-based index). */
  step?: number | undefined;
}

/** The three components and the final reward of one call. */
export interface StepRewardDetails {
  /** Tool selection S ∈ [0, 1]. */
  selection: number;
  /** Argument quality A ∈ [0, 1]. */
  argumentQuality: number;
  /** Result usefulness U ∈ [0, 1]. */
  usefulness: number;
  /** 0.4 S + 0.3 A + 0.3 U, before anti-farming. */
  raw: number;
  /** The reward after anti-farming (repeat → 0, per-tool and episode caps). */
  reward: number;
  /** Why the reward was reduced, if it was. */
  limitedBy?: 'exact_repeat' | 'tool_cap' | 'episode_cap';
}

/**
 * Upper bound of the summed step rewards of any episode: the most required tools of any problem (6) plus the
 * allowance (1). The bound of a given problem is {@link stepRewardCap}.
 */
export const STEP_REWARD_EPISODE_CAP = TOOL_NAMES.length + S.episodeAllowance;

/** Summed step-reward bound of one problem: its required tools + 1. */
export function stepRewardCap(problem: Pick<TravelProblem, 'requiredTools'>): number {
  return new Set(problem.requiredTools).size + S.episodeAllowance;
}

/** Parsed arguments of a call: the given object, else the raw JSON when it is an object, else null (malformed). */
export function callArguments(call: StepCall): Record<string, unknown> | null {
  if (
    call.arguments !== undefined &&
    call.arguments !== null &&
    typeof call.arguments === 'object'
  ) {
    if (Object.keys(call.arguments).length > 0 || call.rawArguments === undefined)
      return call.arguments;
  }
  if (call.rawArguments === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(call.rawArguments);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Identity of a call for repeat detection: tool name + canonical JSON of the parsed arguments. Keys are
 * remembered per call object (every later step of an episode asks again for the earlier calls' keys) and
 * recomputed when the object's name, raw arguments or arguments object changed; an arguments object edited
 * in place after a call was scored is not noticed, so pass calls as the immutable records they are.
 */
export function callKey(call: StepCall): string {
  const known = CALL_KEYS.get(call);
  if (
    known !== undefined &&
    known.name === call.name &&
    known.rawArguments === call.rawArguments &&
    known.args === call.arguments
  )
    return known.key;
  const args = callArguments(call);
  const key = `${call.name}\u0000${args === null ? `raw:${call.rawArguments ?? ''}` : canonicalJson(args)}`;
  CALL_KEYS.set(call, {
    name: call.name,
    rawArguments: call.rawArguments,
    args: call.arguments,
    key,
  });
  return key;
}

/** Keys of recent call objects (weakly held: they go with the episode). */
const CALL_KEYS = new WeakMap<
  StepCall,
  { name: string; rawArguments: string | undefined; args: unknown; key: string }
>();

function isTool(name: string): name is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(name);
}

/** Tool selection: required tools, first use and transport tools on transport types score; repeats cost. */
export function toolSelection(
  name: string,
  problem: TravelProblem,
  called: ReadonlySet<string>,
  step: number,
): number {
  if (!isTool(name)) return 0;
  const s = S.selection;
  const required = new Set<string>(problem.requiredTools);
  let score = required.has(name) ? s.required : s.optional;
  if (!called.has(name)) score += s.firstUse;
  if (
    SCORING_CONFIG.transportTypes.includes(problem.problemType) &&
    TRANSPORT_TOOLS.includes(name)
  ) {
    score += s.transportBonus;
  }
  if (step >= s.repeatFromStep && called.has(name)) {
    const missing = [...required].filter((t) => !called.has(t) && t !== name);
    if (missing.length > 0)
      score -= Math.min(
        s.missingMax,
        s.missingBase + s.missingPerStep * Math.max(0, step - s.missingFromStep),
      );
    else if (step > s.lateFromStep)
      score -= Math.min(s.lateMax, s.latePerStep * (step - s.lateFromStep));
  }
  return clamp(score, 0, 1);
}

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}

/**
 * Argument quality: coordinates, city names, dates and keywords in the form each tool expects. Given the
 * problem, a weather city must also be one of the request's cities, and a transport search on a request with
 * an origin must link the origin and the destination (either way), or the cities count as malformed: a
 * well-formed call about another trip should not shape the agent towards it.
 */
export function argumentQuality(
  name: string,
  args: Record<string, unknown> | null,
  problem?: Pick<TravelProblem, 'destinationCity' | 'originCity'>,
): number {
  if (args === null || Object.keys(args).length === 0 || !isTool(name)) return 0;
  const cities = problem === undefined ? undefined : requestCities(problem);
  switch (name) {
    case 'poi_search': {
      const address = str(args['address']);
      if (cpLength(address) < 2) return 0.2;
      return S.cjk.test(address) ? 1 : 0.5;
    }
    case 'direction': {
      const ok = [args['origin'], args['destination']].filter((v) =>
        S.coordinate.test(str(v)),
      ).length;
      return ok === 2 ? 1 : ok === 1 ? 0.5 : 0.2;
    }
    case 'around_search':
      return S.coordinate.test(str(args['location'])) ? 1 : 0.3;
    case 'weather': {
      const city = str(args['city']);
      const ok = S.cityName.test(city) && (cities === undefined || namesRequestCity(city, cities));
      return ok ? 1 : 0.3;
    }
    case 'search_flights':
    case 'search_train_tickets': {
      const dateOk = S.date.test(str(args['date']));
      const from = str(args['from_city']);
      const to = str(args['to_city']);
      const citiesOk =
        from !== '' &&
        to !== '' &&
        (cities?.origin == null || isRequestRoute(from, to, cities, true));
      return dateOk && citiesOk ? 1 : dateOk || citiesOk ? 0.5 : 0.2;
    }
  }
}

/** Result usefulness: failed or near-empty results earn little, longer data more. */
export function resultUsefulness(result: { ok: boolean; text: string }): number {
  const u = S.usefulness;
  const text = result.text ?? '';
  const length = cpLength(text);
  // trim removes only whitespace, each one UTF-16 unit and one code point: no second count needed.
  const trimmed = length - (text.length - trimmedLength(text));
  if (trimmed < u.minLength) return u.empty;
  if (!result.ok || (length < u.mediumFrom && S.errorWords.test(text))) return u.error;
  return length > u.longFrom ? u.long : length > u.mediumFrom ? u.medium : u.short;
}

function assertInput(input: StepRewardInput): void {
  if (
    input === null ||
    typeof input !== 'object' ||
    typeof input.call?.name !== 'string' ||
    !Array.isArray(input.earlierCalls)
  ) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      'stepReward needs { call: { name }, result, problem, earlierCalls }',
      {
        hint: 'earlierCalls is the list of calls made before this one ([] for the first)',
      },
    );
  }
  if (
    input.result === null ||
    typeof input.result !== 'object' ||
    typeof input.result.ok !== 'boolean'
  ) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      'stepReward result must be { ok: boolean, text: string }',
      { hint: 'pass the tool result as the tools return it, or just { ok, text }' },
    );
  }
}

interface Running {
  called: Set<string>;
  keys: Set<string>;
  perTool: Map<string, number>;
  sum: number;
}

function rewardAt(
  call: StepCall,
  result: { ok: boolean; text: string },
  problem: TravelProblem,
  step: number,
  state: Running,
  cap: number,
): StepRewardDetails {
  const selection = toolSelection(call.name, problem, state.called, step);
  const argumentQualityScore = argumentQuality(call.name, callArguments(call), problem);
  const usefulness = resultUsefulness(result);
  const w = S.weights;
  const raw = round(
    w.selection * selection + w.arguments * argumentQualityScore + w.usefulness * usefulness,
    4,
  );
  const details: StepRewardDetails = {
    selection,
    argumentQuality: argumentQualityScore,
    usefulness,
    raw,
    reward: raw,
  };
  const key = callKey(call);
  if (state.keys.has(key)) {
    details.reward = 0;
    details.limitedBy = 'exact_repeat';
  } else {
    const toolLeft = Math.max(0, S.perToolCap - (state.perTool.get(call.name) ?? 0));
    const episodeLeft = Math.max(0, cap - state.sum);
    if (details.reward > toolLeft) {
      details.reward = round(toolLeft, 4);
      details.limitedBy = 'tool_cap';
    }
    if (details.reward > episodeLeft) {
      details.reward = round(episodeLeft, 4);
      details.limitedBy = 'episode_cap';
    }
  }
  return details;
}

function advance(state: Running, call: StepCall, reward: number): void {
  state.called.add(call.name);
  state.keys.add(callKey(call));
  state.perTool.set(call.name, (state.perTool.get(call.name) ?? 0) + reward);
  state.sum += reward;
}

/**
 * Step reward of one call, with its components. Anti-farming: an exact repeat (same tool, same canonical
 * arguments) earns 0; one tool name earns at most 2 per episode; the episode sum never exceeds
 * {@link stepRewardCap} (required tools + 1). Earlier rewards are taken from `earlierCalls[i].reward` when
 * every call carries one, else recomputed.
 */
export function stepRewardDetails(input: StepRewardInput): StepRewardDetails {
  assertInput(input);
  const { problem, earlierCalls } = input;
  const cap = stepRewardCap(problem);
  const state: Running = { called: new Set(), keys: new Set(), perTool: new Map(), sum: 0 };
  const known = earlierCalls.every((c) => typeof c.reward === 'number');
  earlierCalls.forEach((c, i) => {
    const reward = known
      ? clamp(c.reward!, 0, 1)
      : rewardAt(c, { ok: c.ok ?? true, text: c.resultText ?? '' }, problem, i + 1, state, cap)
          .reward;
    advance(state, c, reward);
  });
  return rewardAt(
    input.call,
    input.result,
    problem,
    input.step ?? earlierCalls.length + 1,
    state,
    cap,
  );
}

/** Step reward of one call, in [0, 1]; see {@link stepRewardDetails}. */
export function stepReward(input: StepRewardInput): number {
  return stepRewardDetails(input).reward;
}

/** Clips a sequence of step rewards so that the running sum never exceeds `cap`. */
export function capStepRewards(
  rewards: readonly number[],
  cap: number = STEP_REWARD_EPISODE_CAP,
): number[] {
  let left = cap;
  return rewards.map((r) => {
    const v = round(Math.min(clamp(r, 0, 1), Math.max(0, left)), 4);
    left -= v;
    return v;
  });
}
