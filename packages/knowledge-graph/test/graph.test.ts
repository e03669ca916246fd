import { describe, expect, it } from 'vitest';
import { NavworldError } from '@navworld/core-types';
import {
  CHINA_BBOX,
  DISTANCE_THRESHOLDS_KM,
  MIN_BUDGET_PER_PERSON_DAY,
  MIN_TRANSPORT_COST,
  cityPairs,
  distanceCategoryOf,
  distanceKm,
  fareCeilingForKm,
  findCity,
  getCity,
  hasAirport,
  hasTrainStation,
  haversineKm,
  isAdministrativeName,
  isTabledDistance,
  listCities,
  transportFareCeiling,
} from '../src/index';

const cities = listCities();

describe('city profiles', () => {
  it('has the 71 cities in data order', () => {
    expect(cities).toHaveLength(71);
    expect(cities[0]!.name).toBe('北京');
    expect(cities[70]!.name).toBe('承德');
    expect(new Set(cities.map((c) => c.name)).size).toBe(71);
    expect(new Set(cities.map((c) => c.pinyin)).size).toBe(71);
  });

  it('fills every field of every city', () => {
    for (const city of cities) {
      expect(city.landmarks.length).toBeGreaterThanOrEqual(2);
      expect(city.landmarks.length).toBeLessThanOrEqual(6);
      expect(city.landmarkDetails.map((l) => l.name)).toEqual(city.landmarks);
      expect(city.roads.length).toBeGreaterThanOrEqual(8);
      expect(new Set(city.roads).size).toBe(city.roads.length);
      expect(city.districts.length).toBeGreaterThan(0);
      expect(city.climate.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      for (const m of city.climate) expect(m.high).toBeGreaterThan(m.low);
      expect(city.adcode).toMatch(/^\d{6}$/);
      expect(city.transportHub.airport).toBe(city.airports[0] ?? null);
      expect(city.transportHub.station).toBe(city.trainStations[0] ?? null);
    }
  });

  it('keeps every coordinate inside China with 3 decimals at most', () => {
    const [minLng, minLat, maxLng, maxLat] = CHINA_BBOX;
    for (const city of cities) {
      for (const [lng, lat] of [city.center, ...city.landmarkDetails.map((l) => l.location)]) {
        expect(lng).toBeGreaterThanOrEqual(minLng);
        expect(lng).toBeLessThanOrEqual(maxLng);
        expect(lat).toBeGreaterThanOrEqual(minLat);
        expect(lat).toBeLessThanOrEqual(maxLat);
        expect(Math.round(lng * 1000) / 1000).toBe(lng);
      }
    }
  });

  it('lists only known cities as nearby, nearest first', () => {
    for (const city of cities) {
      const kms = city.nearbyCities.map((n) => distanceKm(city.name, n));
      expect([...kms].sort((a, b) => a - b)).toEqual(kms);
      for (const name of city.nearbyCities) {
        expect(findCity(name)).toBeDefined();
        expect(name).not.toBe(city.name);
      }
    }
    expect(getCity('上海').nearbyCities).toContain('苏州');
  });

  it('knows the real airport names', () => {
    expect(getCity('北京').airports).toEqual(['北京首都国际机场', '北京大兴国际机场']);
    expect(getCity('嘉峪关').airports).toEqual(['嘉峪关酒钢机场']);
    expect(getCity('苏州').airports).toEqual([]);
    expect(getCity('凤凰古城').trainStations).toEqual([]);
    expect(hasAirport('苏州')).toBe(false);
    expect(hasTrainStation('九寨沟')).toBe(false);
    expect(hasAirport('成都')).toBe(true);
    expect(hasAirport('不存在')).toBe(false);
  });

  it('returns frozen profiles', () => {
    expect(Object.isFrozen(getCity('北京'))).toBe(true);
    expect(Object.isFrozen(getCity('北京').landmarks)).toBe(true);
  });
});

describe('getCity / findCity', () => {
  it('accepts names, suffixes, aliases and pinyin', () => {
    expect(getCity('北京市').name).toBe('北京');
    expect(getCity('beijing').name).toBe('北京');
    expect(getCity(' Shanghai ').name).toBe('上海');
    expect(getCity('九寨沟县').name).toBe('九寨沟');
    expect(getCity('凤凰').name).toBe('凤凰古城');
    expect(findCity('火星')).toBeUndefined();
    expect(findCity('')).toBeUndefined();
  });

  it('throws UNKNOWN_CITY with suggestions', () => {
    let error: unknown;
    try {
      getCity('北亰');
    } catch (e) {
      error = e;
    }
    expect(NavworldError.isInstance(error)).toBe(true);
    const e = error as NavworldError;
    expect(e.code).toBe('UNKNOWN_CITY');
    expect(e.hint).toContain('北京');
    expect((e.details as { suggestions: string[] }).suggestions).toContain('北京');
    expect(() => getCity(42 as unknown as string)).toThrow(/unknown city/);
  });
});

describe('distances and pairs', () => {
  it('uses tabled distances and is symmetric', () => {
    expect(distanceKm('北京', '上海')).toBe(1200);
    expect(distanceKm('上海', '北京')).toBe(1200);
    expect(distanceKm('北京', '北京')).toBe(0);
    expect(distanceKm('成都', '乐山')).toBe(140);
    expect(isTabledDistance('北京', '天津')).toBe(true);
    for (const a of cities) {
      for (const b of cities) {
        expect(distanceKm(a.name, b.name)).toBe(distanceKm(b.name, a.name));
      }
    }
  });

  it('falls back to haversine × 1.3 for unlisted pairs', () => {
    expect(isTabledDistance('拉萨', '三亚')).toBe(false);
    const straight = haversineKm(getCity('拉萨').center, getCity('三亚').center);
    expect(distanceKm('拉萨', '三亚')).toBe(Math.round(straight * 1.3));
    // hand-checked: 北京 (116.407, 39.904) to 天津 (117.201, 39.085) is about 114 km
    expect(haversineKm(getCity('北京').center, getCity('天津').center)).toBeCloseTo(114, 0);
  });

  it('keeps every pair in its category: short < 450 km, long > 1000 km', () => {
    expect(DISTANCE_THRESHOLDS_KM).toEqual({ shortMax: 450, longMin: 1000 });
    for (const category of ['short', 'medium', 'long'] as const) {
      const pairs = cityPairs(category);
      expect(pairs.length).toBeGreaterThan(15);
      for (const [a, b] of pairs) {
        expect(distanceCategoryOf(a, b)).toBe(category);
        const km = distanceKm(a, b);
        if (category === 'short') expect(km).toBeLessThan(450);
        if (category === 'long') expect(km).toBeGreaterThan(1000);
      }
    }
  });

  it('serves every pair with the modes its category requires', () => {
    for (const [a, b] of cityPairs('short')) {
      expect(hasTrainStation(a) && hasTrainStation(b)).toBe(true);
    }
    for (const [a, b] of cityPairs('medium')) {
      expect(hasTrainStation(a) && hasTrainStation(b) && hasAirport(a) && hasAirport(b)).toBe(true);
    }
    for (const [a, b] of cityPairs('long')) {
      expect(hasAirport(a) && hasAirport(b)).toBe(true);
    }
  });

  it('never tables a distance shorter than the straight line', () => {
    for (const a of cities) {
      for (const b of cities) {
        if (a === b || !isTabledDistance(a.name, b.name)) continue;
        expect(distanceKm(a.name, b.name)).toBeGreaterThanOrEqual(
          haversineKm(a.center, b.center) * 0.98,
        );
      }
    }
  });

  it('rejects unknown cities', () => {
    expect(() => distanceKm('北京', '火星')).toThrow(NavworldError);
    expect(cityPairs('nowhere' as 'short')).toEqual([]);
  });
});

describe('constants and admin names', () => {
  it('exposes the shared budget constants', () => {
    expect(MIN_TRANSPORT_COST).toEqual({ short: 50, medium: 150, long: 300 });
    expect(MIN_BUDGET_PER_PERSON_DAY.business).toBe(300);
    expect(MIN_BUDGET_PER_PERSON_DAY.default).toBe(100);
  });

  it('recognises administrative names but not sights', () => {
    for (const name of [
      '北京',
      '北京市',
      '广东省',
      '广东',
      '朝阳区',
      '西湖区',
      '新疆维吾尔自治区',
      '新疆',
    ]) {
      expect(isAdministrativeName(name)).toBe(true);
    }
    for (const name of ['故宫', '西湖', '黄山', '九寨沟', '峨眉山', '中山路']) {
      expect(isAdministrativeName(name)).toBe(false);
    }
  });
});

describe('fare ceiling', () => {
  it('is the full economy fare of the distance, rounded up to 10, at least 200', () => {
    // 北京–上海 1200 km: 150 + 0.75 × 1200 = 1050
    expect(transportFareCeiling('北京', '上海')).toBe(1050);
    // 无锡–常州 55 km: 150 + 41.25 = 191.25 → 200 (the minimum)
    expect(transportFareCeiling('无锡', '常州')).toBe(200);
    // 北京–天津 120 km: 150 + 90 = 240
    expect(transportFareCeiling('北京', '天津')).toBe(240);
    expect(fareCeilingForKm(1001)).toBe(910);
    for (const category of ['short', 'medium', 'long'] as const) {
      for (const [a, b] of cityPairs(category)) {
        expect(transportFareCeiling(a, b)).toBeGreaterThanOrEqual(MIN_TRANSPORT_COST[category]);
      }
    }
  });
});
