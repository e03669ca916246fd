import { describe, expect, it } from 'vitest';
import { epochAt } from '@navworld/core-types';
import { findCity, listCities } from '@navworld/knowledge-graph';
import { callTool, createToolContext, type ToolContext } from '../src/index';
import { haversineKm } from '../src/internal/geo';
import { buildPoiTable } from '../src/internal/offline/poi-table';

const EPOCH = epochAt(Date.UTC(2025, 4, 1), { salt: 'golden' });
const NOW = Date.UTC(2025, 4, 1, 4);

function context(salt = 'golden', now = NOW): ToolContext {
  return createToolContext({ epoch: { ...EPOCH, salt }, now, cache: 'none' });
}

async function text(
  ctx: ToolContext,
  name: string,
  args: Record<string, unknown>,
): Promise<string> {
  const result = await callTool(name, args, ctx);
  if (!result.ok) throw new Error(`${name} failed: ${result.errorCode} ${result.text}`);
  return result.text;
}

function field(block: string, key: string): string[] {
  return [...block.matchAll(new RegExp(`^${key}: (.*)$`, 'gm'))].map((m) => m[1]!);
}

function point(lngLat: string): [number, number] {
  const [lng, lat] = lngLat.split(',').map(Number);
  return [lng!, lat!];
}

function km(distanceText: string): number {
  const m = /^([\d.]+)(公里|米)$/.exec(distanceText)!;
  return m[2] === '公里' ? Number(m[1]) : Number(m[1]) / 1000;
}

function minutes(durationText: string): number {
  const m = /^(?:(\d+)小时)?(?:(\d+)分钟)?$/.exec(durationText)!;
  return Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0);
}

describe('golden renders (offline world, salt "golden", 2025-05-01)', () => {
  const ctx = context();
  const CASES: Array<[string, Record<string, unknown>]> = [
    ['poi_search', { address: '西湖', region: '杭州' }],
    ['poi_search', { address: '美食', region: '成都' }],
    ['poi_search', { address: '酒店', region: '北京' }],
    ['poi_search', { address: '亲子博物馆', region: '上海' }],
    ['poi_search', { address: '会展中心', region: '深圳' }],
    ['poi_search', { address: '火车站', region: '西安' }],
    ['around_search', { location: '120.155,30.274', radius: 1500, keyword: '餐厅' }],
    ['around_search', { location: '116.397,39.918', radius: 3000, keyword: '酒店' }],
    ['direction', { origin: '120.155,30.274', destination: '120.101,30.241', mode: 'driving' }],
    ['direction', { origin: '120.155,30.274', destination: '120.101,30.241', mode: 'transit' }],
    ['direction', { origin: '120.155,30.274', destination: '120.148,30.243', mode: 'walking' }],
    ['direction', { origin: '116.407,39.904', destination: '117.201,39.085', mode: 'driving' }],
    ['weather', { city: '杭州' }],
    ['weather', { city: '哈尔滨' }],
  ];
  it.each(CASES)('%s %j', async (name, args) => {
    expect(await text(ctx, name, args)).toMatchSnapshot();
  });
});

describe('the POI world', () => {
  it('gives every city at least 60 POIs over every category a planner needs', () => {
    for (const city of listCities()) {
      const { pois } = buildPoiTable(city, 'golden');
      expect(pois.length, city.name).toBeGreaterThanOrEqual(60);
      const categories = new Set(pois.map((p) => p.category));
      for (const c of [
        '景点',
        '餐厅',
        '美食街',
        '酒店',
        '博物馆',
        '科技馆',
        '公园',
        '商务',
        '会展',
      ]) {
        if (c === '景点' && city.landmarks.length === 0) continue;
        expect(categories.has(c as never), `${city.name} ${c}`).toBe(true);
      }
      const hotelPrices = pois.filter((p) => p.category === '酒店').map((p) => p.cost!.value);
      expect(Math.min(...hotelPrices)).toBeLessThan(300);
      expect(Math.max(...hotelPrices)).toBeGreaterThan(900);
      for (const p of pois) {
        expect(p.address, p.name).toMatch(/号$/);
        expect(haversineKm(p.point, city.center), p.name).toBeLessThan(400);
      }
      const names = new Set(pois.map((p) => p.name));
      for (const s of [...city.trainStations, ...city.airports, ...city.landmarks])
        expect(names.has(s), s).toBe(true);
    }
  });

  it('finds every landmark of every city by its own name', async () => {
    const ctx = context();
    for (const city of listCities()) {
      for (const landmark of city.landmarks) {
        const out = await text(ctx, 'poi_search', { address: landmark, region: city.name });
        expect(field(out, '名称')[0], `${city.name} ${landmark}`).toBe(landmark);
      }
    }
  });

  it('keeps real places and rotates everything a memoriser could reuse with the salt', () => {
    const city = findCity('成都')!;
    const a = buildPoiTable(city, 'week-1').pois;
    const b = buildPoiTable(city, 'week-2').pois;
    const fixedA = a.filter((p) => p.fixed);
    const fixedB = b.filter((p) => p.fixed);
    expect(fixedA.map((p) => [p.name, p.location, p.address])).toEqual(
      fixedB.map((p) => [p.name, p.location, p.address]),
    );
    const generatedA = new Set(a.filter((p) => !p.fixed).map((p) => p.name));
    const shared = b.filter((p) => !p.fixed && generatedA.has(p.name)).length;
    expect(shared / generatedA.size).toBeLessThan(0.35);
    const ratingsDiffer = fixedA.some(
      (p, i) => p.rating !== fixedB[i]!.rating || p.hours !== fixedB[i]!.hours,
    );
    expect(ratingsDiffer).toBe(true);
  });

  it('matches synonyms to categories', async () => {
    const ctx = context();
    const food = await text(ctx, 'poi_search', { address: '美食', region: '广州' });
    expect(field(food, '类型').every((t) => t.startsWith('餐饮服务'))).toBe(true);
    const stay = await text(ctx, 'poi_search', { address: '住宿', region: '广州' });
    expect(field(stay, '类型').every((t) => t.startsWith('住宿服务'))).toBe(true);
    const named = await text(ctx, 'poi_search', { address: '杭州西湖' });
    expect(field(named, '名称')[0]).toBe('西湖');
    const count = field(food, '名称').length;
    expect(count).toBeGreaterThanOrEqual(5);
    expect(count).toBeLessThanOrEqual(20);
  });

  it('is deterministic for the same epoch and call', async () => {
    const args = { location: '104.066,30.573', radius: 3000 };
    expect(await text(context(), 'around_search', args)).toBe(
      await text(context(), 'around_search', args),
    );
  });
});

describe('around_search', () => {
  it('returns only places within the radius, nearest first, with their true distance', async () => {
    const ctx = context();
    const centres = [
      '120.155,30.274',
      '116.397,39.918',
      '104.066,30.573',
      '113.264,23.129',
      '121.473,31.23',
    ];
    for (const centre of centres) {
      for (const radius of [300, 800, 2000, 5000, 20_000]) {
        const result = await callTool('around_search', { location: centre, radius }, ctx);
        if (!result.ok) {
          expect(result.errorCode).toBe('NO_RESULTS');
          continue;
        }
        const locations = field(result.text, 'location').map(point);
        const distances = field(result.text, '距离').map(km);
        expect(locations.length).toBeGreaterThan(0);
        locations.forEach((p, i) => {
          const d = haversineKm(point(centre), p);
          expect(d * 1000).toBeLessThanOrEqual(radius + 0.5);
          expect(Math.abs(d - distances[i]!)).toBeLessThan(0.06);
        });
        for (let i = 1; i < distances.length; i++)
          expect(distances[i]!).toBeGreaterThanOrEqual(distances[i - 1]!);
      }
    }
  });

  it('finds restaurants near a city centre', async () => {
    const out = await text(context(), 'around_search', {
      location: '120.155,30.274',
      radius: 1000,
      keyword: '美食',
    });
    expect(field(out, '名称').length).toBeGreaterThanOrEqual(3);
  });
});

describe('direction', () => {
  const origin: [number, number] = [120.155, 30.274];
  const ctx = context();

  async function route(
    dest: [number, number],
    mode: string,
  ): Promise<{ km: number; min: number; text: string }> {
    const out = await text(ctx, 'direction', {
      origin: origin.join(','),
      destination: dest.join(','),
      mode,
    });
    return { km: km(field(out, '距离')[0]!), min: minutes(field(out, '耗时')[0]!), text: out };
  }

  it('is at least the straight line and grows with it', async () => {
    for (const mode of ['driving', 'walking', 'bicycling', 'electrobike', 'transit']) {
      let previous = 0;
      for (const step of [0.02, 0.05, 0.1, 0.2, 0.4]) {
        if (mode !== 'driving' && step > 0.2) continue;
        const dest: [number, number] = [origin[0] - step, origin[1] + step / 2];
        const r = await route(dest, mode);
        const straight = haversineKm(origin, dest);
        expect(r.km + 0.05, `${mode} ${step}`).toBeGreaterThanOrEqual(straight);
        expect(r.km, `${mode} ${step}`).toBeGreaterThan(previous);
        previous = r.km;
      }
    }
  });

  it('walks slower than it cycles, and cycles slower than it drives', async () => {
    for (const step of [0.01, 0.03, 0.08]) {
      const dest: [number, number] = [origin[0] + step, origin[1] - step];
      const walk = await route(dest, 'walking');
      const bike = await route(dest, 'bicycling');
      const drive = await route(dest, 'driving');
      expect(walk.min).toBeGreaterThan(bike.min);
      expect(bike.min).toBeGreaterThanOrEqual(drive.min);
    }
  });

  it('names roads in its steps, prices the taxi and names transit lines', async () => {
    const drive = await route([120.101, 30.241], 'driving');
    expect(drive.text).toMatch(/导航: 沿\S+?(路|街|道|大街)向\S+行驶[\d.]+(公里|米)/);
    expect(drive.text).toMatch(/打车费用约: \d+元/);
    const transit = await route([120.101, 30.241], 'transit');
    expect(transit.text).toMatch(/乘坐线路: (地铁\d+号线|\d+路)/);
  });
});

describe('weather', () => {
  it('stays within the city climate of each forecast month', async () => {
    for (const name of ['北京', '哈尔滨', '三亚', '拉萨', '成都', '乌鲁木齐']) {
      const city = findCity(name)!;
      for (const month of [0, 3, 6, 9, 11]) {
        const now = Date.UTC(2025, month, 28, 2);
        const out = await text(context('climate', now), 'weather', { city: name });
        const dates = field(out, '日期');
        const highs = field(out, '白天温度').map((t) => Number(t.replace('度', '')));
        const lows = field(out, '夜间温度').map((t) => Number(t.replace('度', '')));
        expect(dates).toHaveLength(4);
        dates.forEach((date, i) => {
          const climate = city.climate.find((c) => c.month === Number(date.slice(5, 7)))!;
          expect(highs[i]!).toBeLessThanOrEqual(climate.high);
          expect(lows[i]!).toBeGreaterThanOrEqual(climate.low);
          expect(lows[i]!).toBeLessThanOrEqual(highs[i]!);
        });
        for (const w of field(out, '风力')) expect(w).toMatch(/^[1-5]级$/);
        for (const w of field(out, '风向')) expect(w).toMatch(/风$|风向$/);
      }
    }
  });

  it('starts on the China-time date of now and agrees on shared days', async () => {
    const a = await text(context('w', Date.UTC(2025, 4, 1, 17)), 'weather', { city: '杭州' });
    expect(field(a, '日期')[0]).toBe('2025-05-02');
    const b = await text(context('w', Date.UTC(2025, 4, 2, 17)), 'weather', { city: '杭州' });
    expect(a.split('### 2')[1]!.split('### 3')[0]).toBe(b.split('### 1')[1]!.split('### 2')[0]);
  });
});
