import { bench, describe } from 'vitest';
import { epochAt } from '@navworld/core-types';
import { callTool, createToolContext } from '../src/index';

const epoch = epochAt(Date.UTC(2025, 4, 1), { salt: 'bench' });
const uncached = createToolContext({ epoch, cache: 'none' });
const cached = createToolContext({ epoch, cache: 'memory' });

const CALLS: Array<[string, string]> = [
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
  ['search_flights', JSON.stringify({ date: '2025-05-03', from_city: '北京', to_city: '上海' })],
];

// Build the city tables and neighbourhood cells once, so the benchmark measures calls, not world building.
for (const [name, args] of CALLS) {
  await callTool(name, args, uncached);
  await callTool(name, args, cached);
}

let i = 0;
let j = 0;

describe('offline callTool', () => {
  bench('uncached (mixed tools)', async () => {
    const [name, args] = CALLS[i++ % CALLS.length]!;
    await callTool(name, args, uncached);
  });
  bench('memory cache hit (mixed tools)', async () => {
    const [name, args] = CALLS[j++ % CALLS.length]!;
    await callTool(name, args, cached);
  });
});
