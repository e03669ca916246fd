import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cityPairs } from '@navworld/knowledge-graph';
import { renderFlights, renderTrains, searchFlights, searchTrains } from '../src/index';
import { pinned, sampleDates } from './helpers';

const query = { date: '2025-06-22', fromCity: '杭州', toCity: '厦门' };

describe('determinism', () => {
  it('the same query and salt give identical records on every call', () => {
    const epoch = pinned('s42');
    expect(searchFlights(query, { epoch })).toEqual(searchFlights(query, { epoch }));
    expect(searchTrains(query, { epoch })).toEqual(searchTrains(query, { epoch }));
  });

  it('only the salt of the epoch matters, not its week', () => {
    const a = { ...pinned('s42'), id: 1, startsAt: 604800, endsAt: 1209600 };
    const b = { ...pinned('s42'), id: 2000, startsAt: 2000 * 604800, endsAt: 2001 * 604800 };
    expect(renderFlights(searchFlights(query, { epoch: a }))).toBe(
      renderFlights(searchFlights(query, { epoch: b })),
    );
  });

  it('a different salt, date or direction changes the records', () => {
    const base = renderTrains(searchTrains(query, { epoch: pinned('s42') }));
    expect(renderTrains(searchTrains(query, { epoch: pinned('s43') }))).not.toBe(base);
    expect(
      renderTrains(searchTrains({ ...query, date: '2025-06-23' }, { epoch: pinned('s42') })),
    ).not.toBe(base);
    expect(
      renderTrains(
        searchTrains({ ...query, fromCity: '厦门', toCity: '杭州' }, { epoch: pinned('s42') }),
      ),
    ).not.toBe(base);
  });

  it('city aliases resolve to the same seed as the canonical name', () => {
    const epoch = pinned('s42');
    expect(searchFlights({ ...query, fromCity: '杭州市' }, { epoch })).toEqual(
      searchFlights(query, { epoch }),
    );
    expect(searchFlights({ ...query, date: ' 2025-06-22 ' }, { epoch })).toEqual(
      searchFlights(query, { epoch }),
    );
  });

  it('distance is symmetric', () => {
    const epoch = pinned('sym');
    for (const category of ['short', 'medium', 'long'] as const) {
      for (const [a, b] of cityPairs(category)) {
        const there = searchTrains({ date: '2025-07-01', fromCity: a, toCity: b }, { epoch });
        const back = searchTrains({ date: '2025-07-01', fromCity: b, toCity: a }, { epoch });
        expect(there[0]!.distanceKm).toBe(back[0]!.distanceKm);
      }
    }
  });

  it('matches the digest recorded by an earlier process (cross-process determinism)', async () => {
    // Fixed queries: every listed city pair on two dates under two salts. The digest in the fixture was
    // written by a separate run; any hidden state or platform dependence would change it.
    const hash = createHash('sha256');
    for (const salt of ['golden-1', 'golden-2']) {
      const epoch = pinned(salt);
      for (const date of sampleDates(2)) {
        for (const category of ['short', 'medium', 'long'] as const) {
          for (const [a, b] of cityPairs(category)) {
            const q = { date, fromCity: a, toCity: b };
            try {
              hash.update(renderFlights(searchFlights(q, { epoch })));
            } catch {
              hash.update('no-flights');
            }
            hash.update(renderTrains(searchTrains(q, { epoch })));
          }
        }
      }
    }
    await expect(hash.digest('hex') + '\n').toMatchFileSnapshot(
      './__snapshots__/listed-pairs.sha256',
    );
  });
});
