import { bench, describe } from 'vitest';
import { epochAt } from '@navworld/core-types';
import { renderFlights, renderTrains, searchFlights, searchTrains } from '../src/index';

const epoch = epochAt(Date.UTC(2025, 5, 1), { salt: 'bench' });
// Rotate dates and routes so no result could be cached between iterations.
const routes = [
  ['北京', '上海'],
  ['杭州', '厦门'],
  ['广州', '成都'],
  ['北京', '乌鲁木齐'],
  ['深圳', '西安'],
] as const;
const queries = Array.from({ length: 365 }, (_, i) => {
  const [fromCity, toCity] = routes[i % routes.length]!;
  return { date: new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10), fromCity, toCity };
});
let i = 0;
// Warm the JIT and the route caches before measuring, and sample long enough for a stable median.
const options = { time: 2000, warmupTime: 1000, warmupIterations: 5000 };

describe('one transport query', () => {
  bench(
    'flights + trains, records + render (target median ≤ 24 µs)',
    () => {
      const q = queries[i++ % queries.length]!;
      renderFlights(searchFlights(q, { epoch }));
      renderTrains(searchTrains(q, { epoch }));
    },
    options,
  );

  bench(
    'flights only, records + render',
    () => {
      const q = queries[i++ % queries.length]!;
      renderFlights(searchFlights(q, { epoch }));
    },
    options,
  );

  bench(
    'trains only, records + render',
    () => {
      const q = queries[i++ % queries.length]!;
      renderTrains(searchTrains(q, { epoch }));
    },
    options,
  );
});
