import type { ScoreBreakdown, ToolTraceEntry, TravelProblem } from '../src/index';

/** A realistic valid problem used across the core-types tests. */
export const problem: TravelProblem = {
  schemaVersion: 1,
  taskId: 131,
  problemType: 'hybrid',
  difficulty: 1,
  difficultyProfile: {
    constraintTightness: 0.5,
    constraintConflicts: 1,
    timePressure: 'no',
    maxDays: 1,
  },
  originCity: '北京',
  destinationCity: '上海',
  distanceCategory: 'long',
  travelDate: '2025-07-10',
  numDays: 1,
  budget: 3000,
  budgetScope: 'group_total',
  budgetLevel: 'economy',
  arrivalConstraint: null,
  preference: '性价比优先',
  groupType: 'couple',
  groupSize: 2,
  interests: ['美食探店', '文化历史'],
  constraints: ['预算有限'],
  conflictingPairs: [['预算有限', '舒适优先']],
  timePressure: false,
  targetPoi: null,
  foodTheme: null,
  requiredTools: [
    'poi_search',
    'around_search',
    'direction',
    'weather',
    'search_flights',
    'search_train_tickets',
  ],
  prompt: '我和伴侣想从北京去上海玩一天……',
  problemHash: 'a'.repeat(64),
  versions: { taskgen: '0.1.0' },
};

/** Builds a trace of `n` entries shaped like real tool calls. */
export function makeTrace(n: number): ToolTraceEntry[] {
  const names = ['poi_search', 'around_search', 'direction', 'weather', 'search_flights'];
  return Array.from({ length: n }, (_, i) => ({
    callId: `call_${i.toString(16).padStart(24, '0')}`,
    name: names[i % names.length]!,
    arguments: { address: '外滩', region: '上海', index: i },
    rawArguments: JSON.stringify({ address: '外滩', region: '上海', index: i }),
    resultText: `1. 名称: 外滩\n   地址: 中山东一路\n   location: 121.490,31.240\n   评分: 4.${i % 10}`,
    ok: i % 7 !== 6,
    ...(i % 7 === 6 ? { errorCode: 'PROVIDER_ERROR' } : {}),
    durationMs: 0.25 * i,
    cached: i % 2 === 0,
    step: i + 1,
  }));
}

const hc = (passed: boolean, multiplier: number) => ({
  passed,
  multiplier,
  details: { ratio: 0.8 },
});

/** A complete, valid breakdown. */
export const breakdown: ScoreBreakdown = {
  scorerVersion: '0.1.0',
  taskId: 131,
  problemType: 'hybrid',
  total: 71.25,
  infoConsistency: 20.5,
  completeness: 22,
  fabricationPenalty: -1.5,
  diversityMultiplier: 1,
  codeTotal: 39.7,
  judgeTotal: 33,
  judgeCoupled: 33,
  codeCoupled: 39.7,
  hardConstraintMultiplier: 1,
  hardConstraints: {
    format_valid: hc(true, 1),
    tool_info_used: hc(true, 1),
    required_tools_called: hc(true, 1),
    poi_names_verified: hc(true, 1),
    transport_grounded: hc(true, 1),
    tool_quality: hc(true, 1),
  },
  icCategories: { pois: { toolCount: 12, answerCount: 8, matched: 6, score: 0.83, notes: [] } },
  completenessDimensions: { transport: { points: 4, max: 4, tier: 'grounded', notes: [] } },
  fabrication: { prices: -1.5 },
  judgeStatus: 'ok',
  judge: {
    available: true,
    dimensions: {
      practicality: 7,
      analysis_depth: 6,
      logic: 7,
      user_experience: 6,
      factual_grounding: 7,
    },
    total: 33,
  },
  defenses: [],
  parseSuccess: true,
  parseErrors: [],
};
