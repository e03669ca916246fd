import { bench, describe } from 'vitest';
import { epochAt } from '@navworld/core-types';
import { callTool, createToolContext } from '../src/index';

const epoch = epochAt(Date.UTC(2025, 4, 1), { salt: 'bench' });
const uncached = createToolContext({ epoch, cache: 'none' });
const cached = createToolContext({ epoch, cache: 'memory' });

const MAP_CALLS: Array<[string, string]> = [
  ['poi_search', JSON.stringify({ address: '西湖', region: '杭州' })],
  ['poi_search', JSON.stringify({ address: '美食', region: '成都' })],
  ['around_search', JSON.stringify({ location: '120.155,30.274', radius: 2000, keyword: '餐厅' })],
  [
    'direction',
    JSON.stringify({ origin: '120.155,30.274', destination: '120.1,30.24', mode: 'driving' }),
  ],
  [
    'direction',
    JSON.stringify({ origin: '104.066,30.573', destination: '104.05,30.66', mode: 'transit' }),
  ],
  ['weather', JSON.stringify({ city: '北京' })],
];
const TRANSPORT_CALL: [string, string] = [
  'search_flights',
  JSON.stringify({ date: '2025-05-03', from_city: '北京', to_city: '上海' }),
];

// Build the city tables and neighbourhood cells first: the benchmark measures calls, not world building.
for (const [name, args] of [...MAP_CALLS, TRANSPORT_CALL]) {
  await callTool(name, args, uncached);
  await callTool(name, args, cached);
}

function rotating(calls: Array<[string, string]>, ctx: typeof uncached): () => Promise<void> {
  let i = 0;
  return async () => {
    const [name, args] = calls[i++ % calls.length]!;
    await callTool(name, args, ctx);
  };
}

// Generous warm-up: the mixed workload needs a few thousand calls before V8 has optimised every path.
const OPTIONS = { time: 2000, warmupTime: 1500, warmupIterations: 6000 };

describe('offline callTool', () => {
  bench('uncached, map tools mixed', rotating(MAP_CALLS, uncached), OPTIONS);
  bench(
    'memory cache hit, all tools mixed',
    rotating([...MAP_CALLS, TRANSPORT_CALL], cached),
    OPTIONS,
  );
  for (const call of MAP_CALLS) {
    bench(`uncached ${call[0]} ${call[1].slice(0, 36)}`, rotating([call], uncached), OPTIONS);
  }
  bench('uncached search_flights (mock transport)', rotating([TRANSPORT_CALL], uncached), OPTIONS);
});
