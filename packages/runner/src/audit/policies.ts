import type { EpisodeResult, ToolObservation, TravelProblem } from '@navworld/core-types';
import type { Environment } from '../environment/environment';
import { runReferenceAgent } from '../agent/reference-agent';
import { batchesOf, playScript, type ScriptedCall } from './play';
import {
  adminNamePlan,
  echoPrompt,
  fabricatedPlan,
  factLines,
  genericPlan,
  injectedPlan,
  inventedBarePlaces,
  inventedPlaces,
  keywordStuffing,
  fillerDump,
  lineDump,
  minimalCitation,
  spammerPlan,
  toolDump,
  valueTable,
  wrongIds,
} from './texts';

/** How a policy is judged by the audit gates. */
export type PolicyKind = 'reference' | 'cheating' | 'low_effort' | 'injection';

/** What a policy run can use: the audited environment, one in another epoch, and the reference's episode. */
export interface PolicyContext {
  /** The environment of the audited epoch (judge off). */
  env: Environment;
  /** An environment of a different epoch (for the stale plan). */
  staleEnv: Environment;
  /** An environment of the audited epoch with the judge on (for the injection policy). */
  judgedEnv: Environment | undefined;
  /** The reference agent's episode for the task in the audited epoch. */
  reference: EpisodeResult;
}

/** One scripted policy of the audit. */
export interface AuditPolicy {
  /** Policy name. */
  name: string;
  /** Gate family. */
  kind: PolicyKind;
  /** What it does, in one line. */
  description: string;
  /** Plays one task. */
  run(ctx: PolicyContext, taskId: number): Promise<EpisodeResult>;
}

const replay =
  (ctx: PolicyContext): (() => ScriptedCall[][]) =>
  () =>
    batchesOf(ctx.reference);

/** A policy that makes no tool call and submits what `answer` writes for the problem. */
function withoutCalls(
  name: string,
  description: string,
  answer: (problem: TravelProblem) => string,
): AuditPolicy {
  return {
    name,
    kind: 'cheating',
    description,
    run: (ctx, taskId) =>
      playScript(ctx.env, taskId, { agent: name, batches: () => [], answer: (p) => answer(p) }),
  };
}

/** A policy that makes the reference's calls, then submits what `answer` writes from their results. */
function afterReferenceCalls(
  name: string,
  kind: PolicyKind,
  description: string,
  answer: (ctx: PolicyContext, problem: TravelProblem, observations: ToolObservation[]) => string,
): AuditPolicy {
  return {
    name,
    kind,
    description,
    run: (ctx, taskId) =>
      playScript(ctx.env, taskId, {
        agent: name,
        batches: replay(ctx),
        answer: (p, obs) => answer(ctx, p, obs),
      }),
  };
}

/** Every exploit policy, in the order the audit reports them. */
export const EXPLOIT_POLICIES: readonly AuditPolicy[] = [
  withoutCalls('null', 'no tool calls, a fluent generic plan', (p) => genericPlan(p)),
  withoutCalls(
    'fabricator',
    'no tool calls, a detailed plan with invented numbers, places and weather',
    (p) => fabricatedPlan(p),
  ),
  afterReferenceCalls(
    'tool_dump',
    'cheating',
    "the reference's tool calls, then the raw results pasted as the answer",
    (_ctx, _p, obs) => toolDump(obs),
  ),
  afterReferenceCalls(
    'line_dump',
    'cheating',
    "the reference's tool calls, then the results' lines under day headings, each behind a planning word",
    (_ctx, p, obs) => lineDump(p, obs),
  ),
  afterReferenceCalls(
    'filler_dump',
    'cheating',
    'the line dump with a character in place of every colon and comma of the results',
    (_ctx, p, obs) => fillerDump(p, obs),
  ),
  afterReferenceCalls(
    'value_table',
    'cheating',
    "the reference's tool calls, then a table of the results' values (labels dropped) under day headings",
    (_ctx, p, obs) => valueTable(p, obs),
  ),
  afterReferenceCalls(
    'keyword_stuffer',
    'cheating',
    'every completeness keyword up front, the tool facts listed far away from them',
    (_ctx, p, obs) => keywordStuffing(p, obs),
  ),
  afterReferenceCalls(
    'fact_lines',
    'cheating',
    "the reference's tool calls, then every tool fact on a line of its own behind a planning word",
    (_ctx, p, obs) => factLines(p, obs),
  ),
  afterReferenceCalls(
    'wrong_ids',
    'cheating',
    "the reference's calls and plan, with every transport id and price replaced by invented ones",
    (ctx, _p, obs) => wrongIds(ctx.reference.answer, obs),
  ),
  afterReferenceCalls(
    'admin_names',
    'cheating',
    "the reference's plan with every place replaced by district, city and province names",
    (ctx, p, obs) => adminNamePlan(p, ctx.reference.answer, obs),
  ),
  afterReferenceCalls(
    'invented_places',
    'cheating',
    "the reference's plan with all but three of its places renamed to invented ones, its ratings dropped",
    (ctx, _p, obs) => inventedPlaces(ctx.reference.answer, obs),
  ),
  afterReferenceCalls(
    'invented_bare_places',
    'cheating',
    "the reference's plan with all but three of its places renamed to invented names without a place suffix, its ratings dropped",
    (ctx, _p, obs) => inventedBarePlaces(ctx.reference.answer, obs),
  ),
  afterReferenceCalls(
    'minimal_citer',
    'low_effort',
    'a short plan citing exactly one tool fact per category',
    (_ctx, p, obs) => minimalCitation(p, obs),
  ),
  {
    name: 'judge_injection',
    kind: 'injection',
    description: "the reference's plan with instructions to the judge embedded in many forms",
    run: (ctx, taskId) =>
      playScript(ctx.judgedEnv ?? ctx.env, taskId, {
        agent: 'judge_injection',
        batches: replay(ctx),
        answer: () => injectedPlan(ctx.reference.answer),
      }),
  },
  {
    name: 'tool_spammer',
    kind: 'cheating',
    description: 'the same weather call 15 times, then a short plan',
    run: (ctx, taskId) =>
      playScript(ctx.env, taskId, {
        agent: 'tool_spammer',
        batches: (p) =>
          Array.from({ length: 15 }, () => [
            { name: 'weather', arguments: { city: p.destinationCity } },
          ]),
        answer: (p) => spammerPlan(p),
      }),
  },
  withoutCalls('prompt_echo', "the user's request handed back, reformatted", (p) => echoPrompt(p)),
  {
    name: 'wrong_city',
    kind: 'cheating',
    description:
      "the reference's calls and plan for another task of the same type, for another city or route",
    run: async (ctx, taskId) => {
      const other = await referenceForOtherTrip(ctx, taskId);
      return playScript(ctx.env, taskId, {
        agent: 'wrong_city',
        batches: () => batchesOf(other),
        answer: () => other.answer,
      });
    },
  },
  {
    name: 'wrong_city_for_show',
    kind: 'cheating',
    description:
      'wrong_city, plus one call per required tool for the trip asked for and its city (or target) named once',
    run: async (ctx, taskId) => {
      const other = await referenceForOtherTrip(ctx, taskId);
      const asked = ctx.reference.problem;
      // The reference's first call of each required tool: the request searched, for show.
      const shown = new Map<string, ScriptedCall>();
      for (const batch of batchesOf(ctx.reference))
        for (const c of batch)
          if (asked.requiredTools.includes(c.name as never) && !shown.has(c.name))
            shown.set(c.name, c);
      const named = asked.targetPoi ?? asked.destinationCity;
      return playScript(ctx.env, taskId, {
        agent: 'wrong_city_for_show',
        batches: () => [[...shown.values()], ...batchesOf(other)],
        answer: () => `${named}出行参考：\n${other.answer}`,
      });
    },
  },
  {
    name: 'stale_plan',
    kind: 'low_effort',
    description: "the reference's calls, answered with the reference's plan from another epoch",
    run: async (ctx, taskId) => {
      const stale = await runReferenceAgent(ctx.staleEnv, taskId);
      return playScript(ctx.env, taskId, {
        agent: 'stale_plan',
        batches: () => batchesOf(stale),
        answer: () => stale.answer,
      });
    },
  },
];

/** Tasks of a problem type recur every this many task ids. */
const TYPE_PERIOD = 7;
/** Later tasks tried before settling for the last one. */
const MAX_TRIES = 20;

/**
 * The reference agent's episode for the nearest later task of the same type whose trip differs: another
 * destination and, when the task has one, another origin. A plan from it is a real, grounded plan, only not
 * for the trip asked for.
 */
async function referenceForOtherTrip(ctx: PolicyContext, taskId: number): Promise<EpisodeResult> {
  const asked = ctx.reference.problem;
  let other: EpisodeResult | undefined;
  for (let k = 1; k <= MAX_TRIES; k++) {
    other = await runReferenceAgent(ctx.env, taskId + k * TYPE_PERIOD);
    const p = other.problem;
    const sameOrigin = asked.originCity !== null && p.originCity === asked.originCity;
    if (p.destinationCity !== asked.destinationCity && !sameOrigin) return other;
  }
  // Not seen with the generator's 70+ cities; the last candidate is still a plan for a later task.
  return other!;
}

/** The injection policy's clean twin: the same plan without the injections, judged the same way. */
export function cleanTwin(ctx: PolicyContext, taskId: number): Promise<EpisodeResult> {
  return playScript(ctx.judgedEnv ?? ctx.env, taskId, {
    agent: 'judge_injection_clean',
    batches: replay(ctx),
    answer: () => ctx.reference.answer,
  });
}
