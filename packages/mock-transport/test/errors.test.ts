import { describe, expect, it } from 'vitest';
import { NavworldError, type Epoch } from '@navworld/core-types';
import { cheapestFare, searchFlights, searchTrains } from '../src/index';
import { pinned } from './helpers';

const epoch = pinned('errors');

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    expect(NavworldError.isInstance(error)).toBe(true);
    const e = error as NavworldError;
    expect(e.message.length).toBeGreaterThan(0);
    expect(e.hint).toBeTruthy();
    return e.code;
  }
  return undefined;
}

describe('bad input', () => {
  it.each([
    ['2025/06/01'],
    ['2025-6-1'],
    ['20250601'],
    ['tomorrow'],
    [''],
    ['2025-02-30'],
    ['2025-02-29'],
    ['2100-02-29'],
    ['2025-13-01'],
    ['2025-00-10'],
    ['2025-04-31'],
    ['2025-06-00'],
  ])('rejects the date %j with INVALID_DATE', (date) => {
    expect(codeOf(() => searchFlights({ date, fromCity: '北京', toCity: '上海' }, { epoch }))).toBe(
      'INVALID_DATE',
    );
    expect(codeOf(() => searchTrains({ date, fromCity: '北京', toCity: '上海' }, { epoch }))).toBe(
      'INVALID_DATE',
    );
  });

  it('accepts leap days that exist', () => {
    expect(
      searchTrains({ date: '2024-02-29', fromCity: '北京', toCity: '天津' }, { epoch }).length,
    ).toBeGreaterThan(0);
    expect(
      searchTrains({ date: '2000-02-29', fromCity: '北京', toCity: '天津' }, { epoch }).length,
    ).toBeGreaterThan(0);
  });

  it('rejects unknown cities with UNKNOWN_CITY', () => {
    expect(
      codeOf(() =>
        searchFlights({ date: '2025-06-01', fromCity: '北京', toCity: '亚特兰蒂斯' }, { epoch }),
      ),
    ).toBe('UNKNOWN_CITY');
    expect(
      codeOf(() =>
        searchTrains({ date: '2025-06-01', fromCity: 'Gotham', toCity: '上海' }, { epoch }),
      ),
    ).toBe('UNKNOWN_CITY');
  });

  it('rejects flights to or from a city without an airport with NO_AIRPORT', () => {
    expect(
      codeOf(() =>
        searchFlights({ date: '2025-06-01', fromCity: '上海', toCity: '苏州' }, { epoch }),
      ),
    ).toBe('NO_AIRPORT');
    expect(
      codeOf(() =>
        searchFlights({ date: '2025-06-01', fromCity: '阳朔', toCity: '北京' }, { epoch }),
      ),
    ).toBe('NO_AIRPORT');
    // Trains still run there.
    expect(
      searchTrains({ date: '2025-06-01', fromCity: '上海', toCity: '苏州' }, { epoch }).length,
    ).toBeGreaterThan(0);
  });

  it('rejects trains to or from a city without a station with NO_STATION', () => {
    expect(
      codeOf(() =>
        searchTrains({ date: '2025-06-01', fromCity: '成都', toCity: '九寨沟' }, { epoch }),
      ),
    ).toBe('NO_STATION');
    expect(
      codeOf(() =>
        searchTrains({ date: '2025-06-01', fromCity: '稻城', toCity: '成都' }, { epoch }),
      ),
    ).toBe('NO_STATION');
  });

  it('rejects the same city on both ends with SAME_CITY, including aliases', () => {
    expect(
      codeOf(() =>
        searchFlights({ date: '2025-06-01', fromCity: '北京', toCity: '北京' }, { epoch }),
      ),
    ).toBe('SAME_CITY');
    expect(
      codeOf(() =>
        searchTrains({ date: '2025-06-01', fromCity: '北京', toCity: '北京市' }, { epoch }),
      ),
    ).toBe('SAME_CITY');
  });

  it('rejects malformed queries and options with INVALID_ARGUMENT', () => {
    const bad = [
      null,
      undefined,
      42,
      {},
      { date: '2025-06-01', fromCity: '北京' },
      { date: 1, fromCity: '北京', toCity: '上海' },
    ];
    for (const query of bad) {
      expect(codeOf(() => searchFlights(query as never, { epoch }))).toBe('INVALID_ARGUMENT');
    }
    const q = { date: '2025-06-01', fromCity: '北京', toCity: '上海' };
    expect(codeOf(() => searchFlights(q, {} as { epoch: Epoch }))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => searchTrains(q, undefined as unknown as { epoch: Epoch }))).toBe(
      'INVALID_ARGUMENT',
    );
    expect(codeOf(() => cheapestFare('bus' as never, q, { epoch }))).toBe('INVALID_ARGUMENT');
  });

  it('cheapestFare returns null when the mode does not serve the route, and throws on other errors', () => {
    expect(
      cheapestFare('flight', { date: '2025-06-01', fromCity: '上海', toCity: '苏州' }, { epoch }),
    ).toBeNull();
    expect(
      cheapestFare('train', { date: '2025-06-01', fromCity: '成都', toCity: '九寨沟' }, { epoch }),
    ).toBeNull();
    expect(
      codeOf(() =>
        cheapestFare('train', { date: '2025-02-30', fromCity: '北京', toCity: '上海' }, { epoch }),
      ),
    ).toBe('INVALID_DATE');
  });
});
