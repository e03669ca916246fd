// Builders for hand-written problems and traces in the tools' text formats.
import type { ProblemType, ToolName, ToolTraceEntry, TravelProblem } from '@navworld/core-types';

const REQUIRED: Record<ProblemType, ToolName[]> = {
  intercity: ['poi_search', 'direction', 'weather', 'search_flights', 'search_train_tickets'],
  multiday: ['poi_search', 'around_search', 'direction', 'weather'],
  hybrid: [
    'poi_search',
    'around_search',
    'direction',
    'weather',
    'search_flights',
    'search_train_tickets',
  ],
  single_poi: ['poi_search', 'around_search', 'direction', 'weather'],
  food_tour: ['poi_search', 'around_search', 'direction', 'weather'],
  business: ['poi_search', 'direction', 'weather', 'search_flights', 'search_train_tickets'],
  family_study: ['poi_search', 'around_search', 'direction', 'weather'],
};

const TRANSPORT: ProblemType[] = ['intercity', 'hybrid', 'business'];

/** A valid TravelProblem with the fields scoring reads set from `overrides`. */
export function makeProblem(
  problemType: ProblemType,
  overrides: Partial<TravelProblem> = {},
): TravelProblem {
  const transport = TRANSPORT.includes(problemType);
  return {
    schemaVersion: 1,
    taskId: overrides.taskId ?? 7,
    problemType,
    difficulty: 1,
    difficultyProfile: {
      constraintTightness: 0.5,
      constraintConflicts: 0,
      timePressure: 'no',
      maxDays: 7,
    },
    originCity: transport ? '北京' : null,
    destinationCity: '上海',
    distanceCategory: transport ? 'medium' : null,
    travelDate: '2025-03-01',
    numDays: 1,
    budget: 3000,
    budgetScope: 'group_total',
    budgetLevel: 'economy',
    arrivalConstraint: null,
    preference: null,
    groupType: 'couple',
    groupSize: 2,
    interests: [],
    constraints: [],
    conflictingPairs: [],
    timePressure: false,
    targetPoi: null,
    foodTheme: null,
    requiredTools: REQUIRED[problemType],
    prompt: '测试任务',
    problemHash: '0'.repeat(64),
    versions: { taskgen: 'test' },
    ...overrides,
  };
}

let counter = 0;

/** One trace entry. */
export function call(
  name: string,
  args: Record<string, unknown>,
  resultText: string,
  ok = true,
): ToolTraceEntry {
  counter++;
  return {
    callId: `call_${counter}`,
    name,
    arguments: args,
    rawArguments: JSON.stringify(args),
    resultText,
    ok,
    ...(ok ? {} : { errorCode: 'PROVIDER_ERROR' }),
    durationMs: 1,
  };
}

/** POI records in the tools' markdown list format. */
export function poiText(
  pois: Array<{ name: string; address?: string; price?: [string, number]; rating?: number }>,
): string {
  return pois
    .map((p, i) => {
      const lines = [`## ${i + 1}`, '', `名称: ${p.name}`];
      if (p.address) lines.push(`地址: ${p.address}`);
      lines.push(`location: 121.4${i},31.2${i}`);
      // As the tools print it: one decimal.
      if (p.rating !== undefined) lines.push(`评分: ${p.rating.toFixed(1)}`);
      if (p.price) lines.push(`${p.price[0]}: ${p.price[1]}元`);
      return lines.join('\n');
    })
    .join('\n\n');
}

/** A one-day forecast in the weather tool's format. */
export function weatherText(
  city: string,
  casts: Array<{
    date: string;
    day: string;
    night: string;
    high: number;
    low: number;
    wind: string;
    power: string;
  }>,
): string {
  const out = ['## 1', '', `城市: ${city}`, '', '### 预报', ''];
  casts.forEach((c, i) => {
    out.push(
      `#### ${i + 1}`,
      '',
      `日期: ${c.date}`,
      `白天天气: ${c.day}`,
      `夜间天气: ${c.night}`,
      `白天温度: ${c.high}度`,
      `夜间温度: ${c.low}度`,
      `风向: ${c.wind}`,
      `风力: ${c.power}`,
      '',
    );
  });
  return out.join('\n').trim();
}

/** A route in the direction tool's format. */
export function routeText(
  distance: string,
  duration: string,
  roads: string[],
  taxi?: number,
): string {
  const out = [
    '起点: 121.47,31.23',
    '终点: 121.49,31.24',
    '出行方式: 驾车',
    `距离: ${distance}`,
    `耗时: ${duration}`,
  ];
  if (taxi !== undefined) out.push(`打车费用约: ${taxi}元`);
  out.push('', '## 路线步骤', '');
  roads.forEach((r, i) => out.push(`### ${i + 1}`, '', `导航: 沿${r}直行`, ''));
  return out.join('\n').trim();
}

/**
 * A seeded pseudo-random source for generated test inputs: `next(n)` is an integer in [0, n), the same
 * sequence for the same seed on every run (a linear congruential generator).
 */
export function seededInts(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % n;
  };
}

/** A food tour's tool calls: three restaurants and a hotel with record prices, and a route with a taxi fare. */
export const foodTrace: ToolTraceEntry[] = [
  call(
    'poi_search',
    { address: '美食', region: '上海' },
    poiText([
      { name: '老正兴菜馆', address: '福州路556号', price: ['人均', 120] },
      { name: '小杨生煎(黄河路店)', address: '黄河路97号', price: ['人均', 28] },
      { name: '南翔馒头店', address: '豫园路85号', price: ['人均', 60] },
    ]),
  ),
  call(
    'poi_search',
    { address: '酒店', region: '上海' },
    poiText([{ name: '锦江之星(人民广场店)', address: '西藏中路88号', price: ['房价', 328] }]),
  ),
  call(
    'direction',
    { origin: 'a', destination: 'b' },
    routeText('5.2公里', '18分钟', ['福州路'], 25),
  ),
];

/** CPU time of this process so far (ms): the linear-time tests bound it generously, not wall time. */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
