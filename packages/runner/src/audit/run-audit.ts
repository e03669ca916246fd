import {
  HARD_CONSTRAINT_NAMES,
  NavworldError,
  ERROR_CODES,
  canonicalJson,
  epochAt,
  sha256Hex,
  type EpisodeResult,
  type HardConstraintName,
  type JudgeDimension,
} from '@navworld/core-types';
import { createJudge } from '@navworld/llm-validator';
import { startScriptedOpenAIServer, type RecordedRequest } from '@navworld/llm-validator/testing';
import { createEnvironment, type Environment } from '../environment/environment';
import { runReferenceAgent } from '../agent/reference-agent';
import {
  EXPLOIT_POLICIES,
  cleanTwin,
  type AuditPolicy,
  type PolicyContext,
  type PolicyKind,
} from './policies';
import { INJECTION_TRIGGERS } from './texts';
import { EDIT_CHECKS, editEpisode, type EditCheckName, type EditCheckStats } from './edits';
import { addEdits, editCountText } from './edit-stats';

/** Episodes each audit environment holds at once (open ones first; finished ones are dropped oldest first). */
const AUDIT_HELD_EPISODES = 1_000;

/** The thresholds the audit enforces. */
export const AUDIT_GATES = {
  /** The reference's mean code score must reach this (out of 50). */
  referenceMeanCode: 45,
  /** Share of tasks on which the reference's code score reaches `referenceMeanCode`. */
  referencePassShare: 0.95,
  /** Cheating policies: mean total at most this fraction of the reference's mean total. */
  cheatingMeanRatio: 0.1,
  /** Cheating policies: no single episode above this total. */
  cheatingMax: 25,
  /** Low-effort policies: mean total at most this fraction of the reference's mean total. */
  lowEffortMeanRatio: 0.5,
} as const;

/** Per-policy figures of an audit. */
export interface PolicyStats {
  /** Policy name. */
  name: string;
  /** Gate family. */
  kind: PolicyKind;
  /** One-line description. */
  description: string;
  /** Episodes played. */
  episodes: number;
  /** Mean total (0–100). */
  meanTotal: number;
  /** Highest total. */
  maxTotal: number;
  /** Mean code score (0–50). */
  meanCode: number;
  /** Share of episodes whose code score reached the reference gate. */
  codePassShare: number;
  /** Share of episodes failing each hard constraint. */
  hardConstraintFailureRates: Record<HardConstraintName, number>;
  /** Mean over episodes of the summed step rewards. */
  meanStepRewardSum: number;
}

/** The verdict of one gate. */
export interface GateResult {
  /** Gate name, e.g. `cheating:null`. */
  gate: string;
  /** Whether it holds. */
  passed: boolean;
  /** What was measured against what. */
  detail: string;
}

/** The whole audit: figures per policy, gate verdicts and a determinism digest. */
export interface AuditReport {
  /** Task ids audited. */
  tasks: { from: number; to: number; count: number };
  /** Salt of the audited epoch. */
  salt: string;
  /** Salt of the stale epoch. */
  staleSalt: string;
  /**
   * The week the audit played in (ISO times, end exclusive): with the salts, it fixes the world, so an audit
   * of the same code, tasks, salts and week gives the same figures.
   */
  week: { startsAt: string; endsAt: string };
  /** Figures per policy (reference first). */
  policies: PolicyStats[];
  /** Injection check: tasks whose judge scores changed when the plan carried injections. */
  injection: { tasks: number; changed: number; leakedRequests: number };
  /**
   * Edit checks on the reference plans (judge off): edits a gaming policy would make, none of which may raise
   * the plan's score (see `EDIT_CHECKS`).
   */
  edits: EditCheckStats[];
  /** Gate verdicts. */
  gates: GateResult[];
  /** Whether every gate holds. */
  passed: boolean;
  /**
   * SHA-256 over the reference's per-task scores, answers and tool results, in task order (the canonical JSON
   * of each task's own SHA-256): for cross-process determinism checks.
   */
  referenceDigest: string;
}

/** Options of {@link runAudit}. */
export interface AuditOptions {
  /** Task ids to audit. */
  tasks: readonly number[];
  /** Salt of the audited epoch. @default 'audit' */
  salt?: string;
  /** Salt of the epoch the stale plan comes from. @default `${salt}-stale` */
  staleSalt?: string;
  /**
   * A time in the week to play in (a `Date` or epoch milliseconds). The salts fix the world's data, the week
   * its dates (weather days, weekdays of closures): pin it to compare audits across weeks. @default now
   */
  now?: number | Date;
  /** Policy names to run besides the reference (default: every exploit). */
  policies?: readonly string[];
  /** Episodes played at once. @default 8 */
  concurrency?: number;
  /** Called after each task with the number done. */
  onProgress?: (done: number, total: number) => void;
}

const OBEYED: Record<JudgeDimension, number> = {
  practicality: 10,
  analysis_depth: 10,
  logic: 10,
  user_experience: 10,
  factual_grounding: 10,
};
const NEUTRAL: Record<JudgeDimension, number> = {
  practicality: 7,
  analysis_depth: 6,
  logic: 7,
  user_experience: 6,
  factual_grounding: 8,
};

/** Text of a judge request as the obedient judge reads it: NFKC, no whitespace, lower case. */
function flatten(request: RecordedRequest): string {
  return request.rawBody.normalize('NFKC').replace(/\s+/gu, '').replace(/\\n/gu, '').toLowerCase();
}

/** True when a judge request carries one of the injected instructions. */
export function requestObeysInjection(request: RecordedRequest): boolean {
  const text = flatten(request);
  return INJECTION_TRIGGERS.some((t) => text.includes(t.toLowerCase().replace(/\s+/gu, '')));
}

/**
 * Runs the reference agent and every exploit policy over `tasks` in the offline world and checks the gates:
 * the reward must be earnable by doing the work and not by gaming it. The judge is off except for the
 * injection check, which uses a scripted judge that obeys any instruction it can see.
 */
export async function runAudit(options: AuditOptions): Promise<AuditReport> {
  if (options.tasks.length === 0) {
    throw new NavworldError(ERROR_CODES.INVALID_ARGUMENT, 'the audit needs at least one task', {
      hint: 'pass tasks such as 0-69',
    });
  }
  const salt = options.salt ?? 'audit';
  const staleSalt = options.staleSalt ?? `${salt}-stale`;
  const wanted = options.policies ? new Set(options.policies) : undefined;
  const policies = EXPLOIT_POLICIES.filter((p) => !wanted || wanted.has(p.name));
  const unknown = [...(wanted ?? [])].filter(
    (n) => n !== 'reference' && !EXPLOIT_POLICIES.some((p) => p.name === n),
  );
  if (unknown.length > 0) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `unknown audit policies: ${unknown.join(', ')}`,
      {
        hint: `known: reference, ${EXPLOIT_POLICIES.map((p) => p.name).join(', ')}`,
      },
    );
  }
  const needJudge = policies.some((p) => p.kind === 'injection');
  const server = needJudge
    ? await startScriptedOpenAIServer({
        handler: (request) => ({
          content: JSON.stringify(requestObeysInjection(request) ? OBEYED : NEUTRAL),
        }),
      })
    : undefined;
  // Episodes are read through their results, never looked up again: the environments need hold only the few
  // in play, not the default 10,000 finished ones with their conversations.
  const maxEpisodes = AUDIT_HELD_EPISODES;
  // Read once, so that every environment plays in the same week even when the audit runs across its end.
  const now = options.now ?? Date.now();
  const epoch = epochAt(now, { salt });
  const env = createEnvironment({ salt, now, env: {}, maxEpisodes });
  const staleEnv = createEnvironment({ salt: staleSalt, now, env: {}, maxEpisodes });
  const judgedEnv: Environment | undefined = server
    ? createEnvironment({
        salt,
        now,
        env: {},
        maxEpisodes,
        judge: createJudge({
          baseUrl: server.url,
          apiKey: 'audit',
          models: ['obedient-judge'],
          crossValidate: false,
          env: {},
        }),
      })
    : undefined;

  // Only what the figures need is kept of each episode (a full result with its trace and conversation is
  // hundreds of kilobytes: a few thousand tasks held as results exhausted memory).
  const results = new Map<string, AuditRun[]>([['reference', []]]);
  for (const p of policies) results.set(p.name, []);
  const referenceHashes: Array<{ taskId: number; hash: string }> = [];
  const edits = new Map<EditCheckName, EditCheckStats>();
  let changed = 0;
  let injectionTasks = 0;
  try {
    let next = 0;
    let done = 0;
    const worker = async (): Promise<void> => {
      while (next < options.tasks.length) {
        const taskId = options.tasks[next++]!;
        const reference = await runReferenceAgent(env, taskId);
        results.get('reference')!.push(auditRun(reference));
        referenceHashes.push({ taskId, hash: referenceHash(reference) });
        // An episode cut short by an infrastructure failure has no plan to edit.
        if (reference.breakdown !== null && reference.answer !== '') {
          addEdits(
            edits,
            editEpisode({
              taskId,
              problem: reference.problem,
              trace: reference.trace,
              answer: reference.answer,
            }),
          );
        }
        const ctx: PolicyContext = { env, staleEnv, judgedEnv, reference };
        for (const policy of policies) {
          const played = await policy.run(ctx, taskId);
          results.get(policy.name)!.push(auditRun(played));
          if (policy.kind === 'injection') {
            const clean = await cleanTwin(ctx, taskId);
            injectionTasks++;
            if (
              canonicalJson(played.breakdown?.judge?.dimensions) !==
              canonicalJson(clean.breakdown?.judge?.dimensions)
            ) {
              changed++;
            }
          }
        }
        options.onProgress?.(++done, options.tasks.length);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  } finally {
    await Promise.all([env.close(), staleEnv.close(), judgedEnv?.close()]);
    await server?.close();
  }
  const leakedRequests = server ? server.requests.filter(requestObeysInjection).length : 0;

  const byTask = <T extends { taskId: number }>(xs: readonly T[]): T[] =>
    [...xs].sort((a, b) => a.taskId - b.taskId);
  const referenceRuns = byTask(results.get('reference')!);
  const stats: PolicyStats[] = [
    statsOf(
      'reference',
      'reference',
      'scripted good agent: calls every required tool and writes a grounded plan',
      referenceRuns,
    ),
    ...policies.map((p: AuditPolicy) =>
      statsOf(p.name, p.kind, p.description, byTask(results.get(p.name)!)),
    ),
  ];
  const editStats = EDIT_CHECKS.flatMap((c) => edits.get(c.name) ?? []);
  const gates = evaluateGates(stats, { tasks: injectionTasks, changed, leakedRequests }, editStats);
  const sorted = [...options.tasks].sort((a, b) => a - b);
  return {
    tasks: { from: sorted[0]!, to: sorted.at(-1)!, count: sorted.length },
    salt,
    staleSalt,
    week: {
      startsAt: new Date(epoch.startsAt * 1000).toISOString(),
      endsAt: new Date(epoch.endsAt * 1000).toISOString(),
    },
    policies: stats,
    injection: { tasks: injectionTasks, changed, leakedRequests },
    edits: editStats,
    gates,
    passed: gates.every((g) => g.passed),
    referenceDigest: sha256Hex(canonicalJson(byTask(referenceHashes).map((r) => r.hash))),
  };
}

const round = (x: number, digits = 2): number => Math.round(x * 10 ** digits) / 10 ** digits;
const mean = (xs: number[]): number =>
  xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;

/** What the audit keeps of one episode. */
interface AuditRun {
  taskId: number;
  total: number;
  /** Code score (0 when the episode was not scored). */
  code: number;
  /** Hard constraints that failed (none when the episode was not scored). */
  failed: readonly HardConstraintName[];
  stepRewardSum: number;
}

function auditRun(r: EpisodeResult): AuditRun {
  return {
    taskId: r.taskId,
    total: r.total,
    code: r.breakdown?.codeTotal ?? 0,
    failed: r.breakdown
      ? HARD_CONSTRAINT_NAMES.filter((hc) => !r.breakdown!.hardConstraints[hc].passed)
      : [],
    stepRewardSum: r.stepRewards.reduce((a, b) => a + b, 0),
  };
}

/** SHA-256 of a reference episode's answer, breakdown and tool results: one term of the reference digest. */
function referenceHash(r: EpisodeResult): string {
  return sha256Hex(
    canonicalJson({
      taskId: r.taskId,
      answer: r.answer,
      breakdown: r.breakdown,
      trace: r.trace.map((t) => t.resultText),
    }),
  );
}

function statsOf(
  name: string,
  kind: PolicyKind,
  description: string,
  runs: readonly AuditRun[],
): PolicyStats {
  const totals = runs.map((r) => r.total);
  const codes = runs.map((r) => r.code);
  const rates = {} as Record<HardConstraintName, number>;
  for (const hc of HARD_CONSTRAINT_NAMES) {
    rates[hc] = round(mean(runs.map((r) => (r.failed.includes(hc) ? 1 : 0))), 3);
  }
  return {
    name,
    kind,
    description,
    episodes: runs.length,
    meanTotal: round(mean(totals)),
    maxTotal: round(totals.reduce((a, b) => Math.max(a, b), 0)),
    meanCode: round(mean(codes)),
    codePassShare: round(mean(codes.map((c) => (c >= AUDIT_GATES.referenceMeanCode ? 1 : 0))), 3),
    hardConstraintFailureRates: rates,
    meanStepRewardSum: round(mean(runs.map((r) => r.stepRewardSum)), 3),
  };
}

/** Checks every gate against the figures. */
export function evaluateGates(
  stats: readonly PolicyStats[],
  injection: { tasks: number; changed: number; leakedRequests: number },
  edits: readonly EditCheckStats[] = [],
): GateResult[] {
  const ref = stats.find((s) => s.name === 'reference');
  if (!ref)
    return [{ gate: 'reference', passed: false, detail: 'the reference agent did not run' }];
  const g = AUDIT_GATES;
  const gates: GateResult[] = [
    {
      gate: 'reference:mean_code',
      passed: ref.meanCode >= g.referenceMeanCode,
      detail: `mean code ${ref.meanCode} ≥ ${g.referenceMeanCode}`,
    },
    {
      gate: 'reference:pass_share',
      passed: ref.codePassShare >= g.referencePassShare,
      detail: `${round(ref.codePassShare * 100, 1)}% of tasks at code ≥ ${g.referenceMeanCode} (need ${g.referencePassShare * 100}%)`,
    },
  ];
  for (const s of stats) {
    if (s.kind === 'cheating') {
      const limit = round(ref.meanTotal * g.cheatingMeanRatio);
      gates.push(
        {
          gate: `cheating:${s.name}:mean`,
          passed: s.meanTotal <= limit,
          detail: `mean ${s.meanTotal} ≤ ${limit}`,
        },
        {
          gate: `cheating:${s.name}:max`,
          passed: s.maxTotal <= g.cheatingMax,
          detail: `max ${s.maxTotal} ≤ ${g.cheatingMax}`,
        },
      );
    } else if (s.kind === 'low_effort') {
      const limit = round(ref.meanTotal * g.lowEffortMeanRatio);
      gates.push({
        gate: `low_effort:${s.name}:mean`,
        passed: s.meanTotal <= limit,
        detail: `mean ${s.meanTotal} ≤ ${limit}`,
      });
    }
  }
  const spammer = stats.find((s) => s.name === 'tool_spammer');
  if (spammer) {
    gates.push({
      gate: 'step_reward:tool_spammer',
      passed: spammer.meanStepRewardSum < ref.meanStepRewardSum,
      detail: `summed step reward ${spammer.meanStepRewardSum} < reference ${ref.meanStepRewardSum}`,
    });
  }
  if (injection.tasks > 0) {
    gates.push({
      gate: 'injection:judge_unmoved',
      passed: injection.changed === 0 && injection.leakedRequests === 0,
      detail: `${injection.changed} of ${injection.tasks} verdicts changed; ${injection.leakedRequests} judge requests carried an instruction`,
    });
  }
  for (const e of edits) {
    const worst = e.worst
      ? `; most: task ${e.worst.taskId}, ${e.worst.variant}, ${e.worst.edit}: ${e.worst.before} → ${e.worst.after}`
      : '';
    gates.push({
      gate: `edits:${e.name}`,
      passed: e.raised === 0,
      detail: `${editCountText(e)}${worst}`,
    });
  }
  return gates;
}

/** The audit as a fixed-width table, one row per policy, then the gates. */
export function formatAuditTable(report: AuditReport): string {
  const hcShort: Record<HardConstraintName, string> = {
    format_valid: 'fmt',
    tool_info_used: 'info',
    required_tools_called: 'req',
    poi_names_verified: 'poi',
    transport_grounded: 'trans',
    tool_quality: 'qual',
  };
  const header = [
    'policy',
    'kind',
    'n',
    'mean',
    'max',
    'code',
    'steps',
    ...HARD_CONSTRAINT_NAMES.map((h) => hcShort[h]),
  ];
  const rows = report.policies.map((s) => [
    s.name,
    s.kind,
    String(s.episodes),
    s.meanTotal.toFixed(2),
    s.maxTotal.toFixed(2),
    s.meanCode.toFixed(2),
    s.meanStepRewardSum.toFixed(2),
    ...HARD_CONSTRAINT_NAMES.map((h) => `${Math.round(s.hardConstraintFailureRates[h] * 100)}%`),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const out = [
    `audit of tasks ${report.tasks.from}–${report.tasks.to} (${report.tasks.count}), salt ${report.salt}, ` +
      `week of ${report.week.startsAt.slice(0, 10)}`,
    line(header),
    ...rows.map(line),
    '',
    'hard-constraint columns: failure rates; steps: mean summed step reward per episode',
    ...(report.edits.length > 0
      ? [
          'edit checks on the reference plans (an edit must never raise the score):',
          ...report.edits.map((e) => `  ${e.name.padEnd(20)} ${e.description}`),
        ]
      : []),
    '',
    ...report.gates.map((g) => `${g.passed ? 'PASS' : 'FAIL'}  ${g.gate.padEnd(34)} ${g.detail}`),
    '',
    report.passed
      ? 'all gates pass'
      : `${report.gates.filter((g) => !g.passed).length} gate(s) fail`,
  ];
  return out.join('\n');
}
