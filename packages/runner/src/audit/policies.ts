import type { EpisodeResult } from '@navworld/core-types';
import type { Environment } from '../environment/environment';
import { runReferenceAgent } from '../agent/reference-agent';
import { batchesOf, playScript, type ScriptedCall } from './play';
import {
  adminNamePlan,
  echoPrompt,
  fabricatedPlan,
  genericPlan,
  injectedPlan,
  keywordStuffing,
  minimalCitation,
  spammerPlan,
  toolDump,
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

/** Every exploit policy, in the order the audit reports them. */
export const EXPLOIT_POLICIES: readonly AuditPolicy[] = [
  {
    name: 'null',
    kind: 'cheating',
    description: 'no tool calls, a fluent generic plan',
    run: (ctx, taskId) =>
      playScript(ctx.env, taskId, {
        agent: 'null',
        batches: () => [],
        answer: (p) => genericPlan(p),
      }),
  },
  {
    name: 'fabricator',
    kind: 'cheating',
    description: 'no tool calls, a detailed plan with invented numbers, places and weather',
    run: (ctx, taskId) =>
      playScript(ctx.env, taskId, {
        agent: 'fabricator',
        batches: () => [],
        answer: (p) => fabricatedPlan(p),
      }),
  },
  {
    name: 'tool_dump',
    kind: 'cheating',
    description: "the reference's tool calls, then the raw results pasted as the answer",
    run: (ctx, taskId) =>
      playScript(ctx.env, taskId, {
        agent: 'tool_dump',
        batches: replay(ctx),
        answer: (_p, obs) => toolDump(obs),
      }),
  },
  {
    name: 'keyword_stuffer',
    kind: 'cheating',
    description: 'every completeness keyword up front, the tool facts listed far away from them',
    run: (ctx, taskId) =>
      playScript(ctx.env, taskId, {
        agent: 'keyword_stuffer',
        batches: replay(ctx),
        answer: (p, obs) => keywordStuffing(p, obs),
      }),
  },
  {
    name: 'wrong_ids',
    kind: 'cheating',
    description:
      "the reference's calls and plan, with every transport id and price replaced by invented ones",
    run: (ctx, taskId) =>
      playScript(ctx.env, taskId, {
        agent: 'wrong_ids',
        batches: replay(ctx),
        answer: (_p, obs) => wrongIds(ctx.reference.answer, obs),
      }),
  },
  {
    name: 'admin_names',
    kind: 'cheating',
    description:
      "the reference's plan with every place replaced by district, city and province names",
    run: (ctx, taskId) =>
      playScript(ctx.env, taskId, {
        agent: 'admin_names',
        batches: replay(ctx),
        answer: (p, obs) => adminNamePlan(p, ctx.reference.answer, obs),
      }),
  },
  {
    name: 'minimal_citer',
    kind: 'low_effort',
    description: 'a short plan citing exactly one tool fact per category',
    run: (ctx, taskId) =>
      playScript(ctx.env, taskId, {
        agent: 'minimal_citer',
        batches: replay(ctx),
        answer: (p, obs) => minimalCitation(p, obs),
      }),
  },
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
  {
    name: 'prompt_echo',
    kind: 'cheating',
    description: "the user's request handed back, reformatted",
    run: (ctx, taskId) =>
      playScript(ctx.env, taskId, {
        agent: 'prompt_echo',
        batches: () => [],
        answer: (p) => echoPrompt(p),
      }),
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

/** The injection policy's clean twin: the same plan without the injections, judged the same way. */
export function cleanTwin(ctx: PolicyContext, taskId: number): Promise<EpisodeResult> {
  return playScript(ctx.judgedEnv ?? ctx.env, taskId, {
    agent: 'judge_injection_clean',
    batches: replay(ctx),
    answer: () => ctx.reference.answer,
  });
}
