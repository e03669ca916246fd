import {
  HARD_CONSTRAINT_NAMES,
  PROBLEM_TYPES,
  sha256Hex,
  type EpisodeResult,
  type HardConstraintName,
  type ScoreBreakdown,
  type TravelProblem,
  type Versions,
} from '@navworld/core-types';

/** Versions stamped on synthetic results. */
export const TEST_VERSIONS: Versions = {
  navworld: '0.1.0',
  scorer: 's1',
  taskgen: 't1',
  world: 'w1',
};

/** A schema-valid problem for a task id (type and difficulty follow the task-id rule). */
export function syntheticProblem(taskId: number, city = '北京'): TravelProblem {
  const problemType = PROBLEM_TYPES[taskId % 7] ?? 'intercity';
  const difficulty = ((Math.floor(taskId / 7) % 3) + 1) as 1 | 2 | 3;
  return {
    schemaVersion: 1,
    taskId,
    problemType,
    difficulty,
    difficultyProfile: {
      constraintTightness: 0.5,
      constraintConflicts: 0,
      timePressure: 'no',
      maxDays: 3,
    },
    originCity: null,
    destinationCity: city,
    distanceCategory: null,
    travelDate: '2025-05-01',
    numDays: 2,
    budget: 3000,
    budgetScope: 'group_total',
    budgetLevel: 'economy',
    arrivalConstraint: null,
    preference: null,
    groupType: 'solo',
    groupSize: 1,
    interests: [],
    constraints: [],
    conflictingPairs: [],
    timePressure: false,
    targetPoi: null,
    foodTheme: null,
    requiredTools: ['poi_search'],
    prompt: `请帮我规划${city}之旅`,
    problemHash: sha256Hex(`problem-${taskId}`),
    versions: { taskgen: 't1' },
  };
}

/** Options of {@link syntheticResult}. */
export interface SyntheticOptions {
  taskId: number;
  repeat?: number;
  total?: number;
  valid?: boolean;
  city?: string;
  failed?: HardConstraintName[];
  tools?: Array<{ name: string; ok: boolean; errorCode?: string }>;
  judgeStatus?: 'ok' | 'unavailable' | 'skipped' | 'disabled';
  judgeTokens?: number;
  judgeCost?: number;
  answer?: string;
  versions?: Versions;
  error?: string | null;
}

function breakdownFor(o: SyntheticOptions, total: number, problem: TravelProblem): ScoreBreakdown {
  const failed = new Set(o.failed ?? []);
  const hc = Object.fromEntries(
    HARD_CONSTRAINT_NAMES.map((name) => [
      name,
      { passed: !failed.has(name), multiplier: failed.has(name) ? 0.5 : 1, details: {} },
    ]),
  ) as ScoreBreakdown['hardConstraints'];
  const judgeStatus = o.judgeStatus ?? 'ok';
  const judgeTotal = judgeStatus === 'ok' ? total / 2 : 0;
  return {
    scorerVersion: 's1',
    taskId: o.taskId,
    problemType: problem.problemType,
    total,
    infoConsistency: total / 4,
    completeness: total / 4,
    fabricationPenalty: 0,
    diversityMultiplier: 1,
    codeTotal: total / 2,
    judgeTotal,
    judgeCoupled: judgeTotal,
    codeCoupled: total / 2,
    hardConstraintMultiplier: failed.size === 0 ? 1 : 0.5,
    hardConstraints: hc,
    icCategories: {},
    completenessDimensions: {},
    fabrication: {},
    judgeStatus,
    ...(judgeStatus === 'ok'
      ? {
          judge: {
            available: true,
            total: judgeTotal,
            usage: {
              promptTokens: o.judgeTokens ?? 1000,
              completionTokens: 100,
              totalTokens: (o.judgeTokens ?? 1000) + 100,
            },
            ...(o.judgeCost === undefined ? {} : { costUsd: o.judgeCost }),
          },
        }
      : {}),
    defenses: [],
    parseSuccess: true,
    parseErrors: [],
  };
}

/** A schema-valid finished episode with the given score and features. */
export function syntheticResult(o: SyntheticOptions): EpisodeResult {
  const valid = o.valid ?? true;
  const total = valid ? (o.total ?? 50) : 0;
  const problem = syntheticProblem(o.taskId, o.city);
  const tools = o.tools ?? [{ name: 'poi_search', ok: true }];
  const answer = o.answer ?? `第1天：游览${problem.destinationCity}`;
  return {
    schemaVersion: 1,
    episodeId: `ep-${o.taskId}-${o.repeat ?? 0}`,
    taskId: o.taskId,
    repeat: o.repeat ?? 0,
    agent: 'reference',
    model: null,
    epoch: {
      id: 2900,
      salt: '2900',
      startsAt: 2900 * 604_800,
      endsAt: 2901 * 604_800,
      pinned: false,
    },
    score: total / 100,
    total,
    success: total >= 60,
    validForScoring: valid,
    outcome: valid ? 'completed' : 'infra_error',
    error: valid ? (o.error ?? null) : (o.error ?? 'PROVIDER_TIMEOUT: tool provider timed out'),
    problem,
    messages: [
      { role: 'system', content: 'system prompt' },
      { role: 'user', content: problem.prompt },
      {
        role: 'assistant',
        content: null,
        tool_calls: tools.map((t, i) => ({
          id: `call_${i}`,
          type: 'function' as const,
          function: { name: t.name, arguments: '{"keywords":"故宫"}' },
        })),
      },
      ...tools.map((t, i) => ({
        role: 'tool' as const,
        tool_call_id: `call_${i}`,
        content: `${t.name} 结果`,
      })),
      { role: 'assistant', content: answer },
    ],
    trace: tools.map((t, i) => ({
      callId: `call_${i}`,
      name: t.name,
      arguments: { keywords: '故宫' },
      rawArguments: '{"keywords":"故宫"}',
      resultText: `${t.name} 结果`,
      ok: t.ok,
      ...(t.errorCode === undefined ? {} : { errorCode: t.errorCode }),
      durationMs: 1,
      step: 1,
    })),
    answer,
    breakdown: valid ? breakdownFor(o, total, problem) : null,
    stepRewards: tools.map(() => 0.5),
    usage: { promptTokens: 200, completionTokens: 50, totalTokens: 250 },
    timings: { startedAt: '2025-05-01T00:00:00.000Z', durationMs: 1000 },
    versions: o.versions ?? TEST_VERSIONS,
  };
}
