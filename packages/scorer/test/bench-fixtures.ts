// Realistic large episodes for the benchmark and the linear-time sanity check.
import type { ToolTraceEntry, TravelProblem } from '@navworld/core-types';
import { call, makeProblem, poiText, routeText, weatherText } from './helpers';

const NAMES = [
  '外滩',
  '豫园',
  '南京路步行街',
  '上海博物馆',
  '田子坊',
  '新天地',
  '武康路',
  '朱家角古镇',
  '静安寺',
  '陆家嘴',
  '城隍庙',
  '多伦路文化名人街',
  '世纪公园',
  '上海科技馆',
  '思南公馆',
  '复兴公园',
];
const FOOD = [
  '南翔馒头店',
  '老正兴菜馆',
  '沈大成',
  '小杨生煎',
  '佳家汤包',
  '德兴馆',
  '光明邨大酒家',
  '绿波廊',
];

function flights(n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const h = 6 + i;
    lines.push(
      `航班 MU${5100 + i}（中国东方航空），价格${700 + i * 35}元，${String(h).padStart(2, '0')}:10从北京首都国际机场出发，${String(h + 2).padStart(2, '0')}:25到达上海虹桥国际机场，飞行时长2小时15分，经济舱`,
    );
  }
  return lines.join('\n');
}

function trains(n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const h = 6 + i;
    lines.push(
      `车次 G${100 + i * 2}（高铁），二等座价格${550 + i * 10}元，${String(h).padStart(2, '0')}:00从北京南站出发，${String(h + 4).padStart(2, '0')}:40到达上海虹桥站，全程约4小时40分`,
    );
  }
  return lines.join('\n');
}

function dayBlock(d: number, variant: number): string {
  const ai = (d + variant) % NAMES.length;
  const a = NAMES[ai]!;
  // Ticket prices are the tool's (the first ten sights carry one); meals quote the around_search prices.
  const ticket = ai < 10 ? `门票${30 + ai}元` : '免费参观';
  const b = NAMES[(d + variant + 5) % NAMES.length]!;
  const f = FOOD[(d + variant) % FOOD.length]!;
  return (
    `第${d}天：上午游览${a}，${ticket}，因为上午人少更适合拍照；建议从酒店打车前往，距离约3.2公里，耗时15分钟，沿中山东一路行驶。` +
    `中午在${f}用餐，人均${50 + ((d + variant) % FOOD.length)}元，推荐招牌菜。下午参观${b}，考虑到步行距离适中，可以沿南京东路慢慢走，全程约1.2公里。` +
    `晚上回到酒店休息，当天天气多云，气温16度，东南风3级，建议携带外套。\n`
  );
}

/**
 * A plan of exactly `chars` code points (all in the BMP) with transport, days, budget and tips. `variant`
 * rotates the sights and restaurants of the days: two variants of one length are different texts of the same
 * shape, so a benchmark alternating them reuses nothing computed for the previous answer.
 */
export function bigPlan(chars: number, variant = 0): string {
  const head =
    '北京到上海多日行程方案\n交通：推荐航班 MU5100，价格700元，06:10起飞，08:25到达上海虹桥国际机场；备选高铁 G100，二等座价格550元，06:00出发，10:40到达上海虹桥站，相比航班更准点。\n';
  const tail =
    '预算：交通700元，住宿每晚450元，餐饮每天200元，门票合计约150元，总计约3000元。\n小贴士：热门景点建议提前预约，周末人多，注意天气变化。';
  let body = head;
  for (let d = 1; body.length + tail.length < chars; d++) body += dayBlock(d, variant);
  // The last day is cut where the budget and tips must start.
  const room = Math.max(0, chars - tail.length - 1);
  return `${body.slice(0, room)}\n${tail}`.slice(0, chars);
}

/** A trace of `calls` calls covering all six tools. */
export function bigTrace(calls: number): ToolTraceEntry[] {
  const out: ToolTraceEntry[] = [
    call('search_flights', { date: '2025-03-01', from_city: '北京', to_city: '上海' }, flights(12)),
    call(
      'search_train_tickets',
      { date: '2025-03-01', from_city: '北京', to_city: '上海' },
      trains(12),
    ),
    call(
      'poi_search',
      { address: '上海景点', region: '上海' },
      poiText(
        NAMES.slice(0, 10).map((name, i) => ({
          name,
          address: `中山东一路${i + 1}号`,
          price: ['门票', 30 + i] as [string, number],
        })),
      ),
    ),
    call(
      'weather',
      { city: '上海' },
      weatherText(
        '上海',
        [1, 2, 3, 4].map((i) => ({
          date: `2025-03-0${i}`,
          day: i % 2 ? '多云' : '晴',
          night: '阴',
          high: 15 + i,
          low: 8 + i,
          wind: '东南风',
          power: '3级',
        })),
      ),
    ),
    call(
      'direction',
      { origin: '121.47,31.23', destination: '121.49,31.24' },
      routeText('3.2公里', '15分钟', ['中山东一路', '南京东路', '延安东路'], 18),
    ),
  ];
  let i = 0;
  while (out.length < calls) {
    const k = i++ % 3;
    if (k === 0)
      out.push(
        call(
          'around_search',
          { location: `121.4${i},31.2${i}`, keywords: '美食' },
          poiText(
            FOOD.map((name, j) => ({
              name: `${name}${i}`,
              address: `南京东路${j + 1}号`,
              price: ['人均', 50 + j] as [string, number],
            })),
          ),
        ),
      );
    else if (k === 1)
      out.push(
        call(
          'poi_search',
          { address: `上海景点${i}`, region: '上海' },
          poiText(NAMES.slice(6).map((name, j) => ({ name, address: `淮海中路${j + 1}号` }))),
        ),
      );
    else
      out.push(
        call(
          'direction',
          { origin: `121.4${i},31.23`, destination: '121.49,31.24' },
          routeText(`${i}.5公里`, `${10 + i}分钟`, ['淮海中路', '西藏中路']),
        ),
      );
  }
  return out;
}

/** The problem of the big episodes (hybrid: every tool, every dimension). */
export const bigProblem: TravelProblem = makeProblem('hybrid', { numDays: 5 });

/**
 * Traces whose result texts were never seen before: each carries a line with a new query number. Built per
 * iteration (about a microsecond, counted in the benchmark's figures) rather than kept in a large pool, whose retained
 * strings made the garbage collector's share of the figure vary from run to run.
 */
export function freshTraces(calls: number): () => ToolTraceEntry[] {
  return partlySharedTraces(calls, 0);
}

/**
 * Rollouts that share part of their task's results, as a sampling model's do: they repeat a task's first
 * searches and then go their own ways. Every `perTask` traces a new task starts, whose results were never
 * seen; each rollout has its task's first `shared` result texts and new texts for the rest (the query number
 * of the rollout, as {@link freshTraces} numbers its traces). Shared texts are equal strings, not the same
 * objects, as when each rollout's tool calls return their own copies.
 */
export function partlySharedTraces(
  calls: number,
  shared: number,
  perTask = 8,
): () => ToolTraceEntry[] {
  const base = bigTrace(calls);
  let task = 0;
  let rollout = 0;
  return () => {
    if (rollout % perTask === 0) task++;
    rollout++;
    return base.map((e, i) => ({
      ...e,
      resultText:
        i < shared
          ? `${e.resultText}\n（查询编号 T${task}）`
          : `${e.resultText}\n（查询编号 Q${rollout}）`,
    }));
  };
}

/**
 * A pointer chase through a 64 KiB table: the time of cache reads and the clock, with no allocation and no
 * scorer code. The benchmark host slows down for stretches of seconds (docs/scorer-performance.md, "The
 * machine"); timed beside the scorer, it tells a calm stretch from a slow one. Calm on the benchmark host in
 * December 2026: 2.2–2.8 ns a step (depending on how the loop is compiled where it is called), 1.3–1.5× that
 * in a slow stretch. `steps` steps are taken per call.
 */
export function pointerChase(steps: number): () => void {
  const n = 1 << 14;
  const order = Array.from({ length: n }, (_, i) => i);
  // A fixed shuffle (xorshift), so every run follows the same cycle.
  let s = 0x2545f491;
  for (let i = n - 1; i > 0; i--) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const j = (s >>> 0) % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const next = new Int32Array(n);
  for (let i = 0; i < n; i++) next[order[i]!] = order[(i + 1) % n]!;
  let sink = 0;
  return () => {
    let p = sink & (n - 1);
    for (let i = 0; i < steps; i++) p = next[p]!;
    sink = p;
  };
}
