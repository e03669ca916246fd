import { describe, expect, it } from 'vitest';
import { TOOL_NAMES, epochAt } from '@navworld/core-types';
import {
  MAX_ARGUMENT_DEPTH,
  WORLD_NAMES,
  callTool,
  createToolContext,
  isWorldName,
  normalizeCityName,
  normalizeToolArguments,
  parseCoordinate,
  toolDefinitions,
} from '../src/index';

const ctx = createToolContext({
  epoch: epochAt(Date.UTC(2025, 4, 1), { salt: 'validation' }),
  cache: 'none',
});

function normalized(name: string, raw: unknown): Record<string, unknown> {
  const result = normalizeToolArguments(name, raw);
  if (!result.success) throw new Error(result.error.message);
  return result.value;
}

describe('worlds', () => {
  it('names the four worlds and refuses others, from options and from NAVWORLD_WORLD', () => {
    expect(WORLD_NAMES).toEqual(['offline', 'amap', 'replay', 'record']);
    for (const w of WORLD_NAMES) expect(isWorldName(w)).toBe(true);
    for (const w of ['', 'Offline', 'nope', 1, null, undefined]) expect(isWorldName(w)).toBe(false);
    expect(() => createToolContext({ world: 'nope' as never, cache: 'none' })).toThrow(
      expect.objectContaining({ code: 'CONFIG_ERROR', message: 'unknown world "nope"' }),
    );
    expect(() => createToolContext({ env: { NAVWORLD_WORLD: 'mars' }, cache: 'none' })).toThrow(
      expect.objectContaining({ code: 'CONFIG_ERROR', message: 'unknown world "mars"' }),
    );
  });
});

describe('toolDefinitions', () => {
  it('lists the six tools in OpenAI function format with Chinese descriptions', () => {
    const defs = toolDefinitions();
    expect(defs.map((d) => d.function.name)).toEqual([...TOOL_NAMES]);
    for (const d of defs) {
      expect(d.type).toBe('function');
      expect(d.function.description).toMatch(/[\u4e00-\u9fff]/);
      expect(d.function.parameters.type).toBe('object');
      for (const r of d.function.parameters.required)
        expect(d.function.parameters.properties[r]).toBeDefined();
    }
    const direction = defs.find((d) => d.function.name === 'direction')!;
    expect(direction.function.parameters.properties['mode']!['enum']).toEqual([
      'driving',
      'walking',
      'bicycling',
      'electrobike',
      'transit',
    ]);
  });

  it('returns copies that callers cannot corrupt', () => {
    toolDefinitions()[0]!.function.description = 'x';
    expect(toolDefinitions()[0]!.function.description).not.toBe('x');
  });
});

describe('normalisation', () => {
  it('strips one trailing 市/县/区 from names longer than two characters', () => {
    expect(normalizeCityName(' 杭州市 ')).toBe('杭州');
    expect(normalizeCityName('乌鲁木齐市')).toBe('乌鲁木齐');
    expect(normalizeCityName('沙市')).toBe('沙市');
    expect(normalizeCityName('北京')).toBe('北京');
  });

  it('rounds coordinates to six decimals and accepts full-width commas, spaces and pairs', () => {
    expect(parseCoordinate('120.1234567, 30.2', 'location')).toEqual({ value: '120.123457,30.2' });
    expect(parseCoordinate('120.15，30.28', 'location')).toEqual({ value: '120.15,30.28' });
    expect(parseCoordinate([120.15, 30.28], 'location')).toEqual({ value: '120.15,30.28' });
    const swapped = parseCoordinate('30.28,120.15', 'location');
    expect('error' in swapped && swapped.error).toContain("'纬度,经度'");
  });

  it('normalises each tool', () => {
    expect(normalized('poi_search', '{"address":" 西湖 ","region":"杭州市"}')).toEqual({
      address: '西湖',
      region: '杭州',
    });
    expect(normalized('poi_search', { address: '西湖', region: '' })).toEqual({ address: '西湖' });
    expect(normalized('around_search', { location: '120.15,30.28' })).toEqual({
      location: '120.15,30.28',
      radius: 5000,
    });
    expect(
      normalized('around_search', { location: '120.15,30.28', radius: 80_000 })['radius'],
    ).toBe(50_000);
    expect(
      normalized('around_search', { location: '120.15,30.28', radius: '1500.4' })['radius'],
    ).toBe(1500);
    expect(
      normalized('direction', { origin: '120.15,30.28', destination: '120.16,30.25' })['mode'],
    ).toBe('driving');
    expect(
      normalized('direction', {
        origin: '120.15,30.28',
        destination: '120.16,30.25',
        mode: ' Walking ',
      })['mode'],
    ).toBe('walking');
    expect(
      normalized('direction', {
        origin: '120.15,30.28',
        destination: '120.16,30.25',
        mode: '公交',
      })['mode'],
    ).toBe('transit');
    expect(
      normalized('direction', {
        origin: '120.15,30.28',
        destination: '120.16,30.25',
        waypoints: '120.151,30.27; 120.152,30.26',
      })['waypoints'],
    ).toBe('120.151,30.27;120.152,30.26');
    expect(normalized('weather', { city: '杭州市' })).toEqual({ city: '杭州' });
    expect(
      normalized('search_flights', { date: '2025/5/3', from_city: '北京市', to_city: '上海' }),
    ).toEqual({
      date: '2025-05-03',
      from_city: '北京',
      to_city: '上海',
    });
    expect(
      normalized('search_train_tickets', {
        date: '2025-05-03',
        from_city: '北京',
        to_city: '上海',
        from_city_adcode: '110000',
        from_lat: 39.9,
      }),
    ).toEqual({ date: '2025-05-03', from_city: '北京', to_city: '上海' });
  });
});

const LOC = '120.15,30.28';
const huge = JSON.stringify({ address: '西'.repeat(6000) });

/** [tool, raw arguments, expected code]. Every row must come back ok:false with that code, never a throw. */
const MALFORMED: Array<[string, unknown, string]> = [
  ['poi_search', '{address:"西湖"}', 'INVALID_JSON'],
  ['poi_search', '', 'INVALID_JSON'],
  ['poi_search', 'null', 'INVALID_JSON'],
  ['poi_search', '[1,2]', 'INVALID_JSON'],
  ['poi_search', '"西湖"', 'INVALID_JSON'],
  ['poi_search', '{"address": "西湖"', 'INVALID_JSON'],
  ['weather', 42, 'INVALID_JSON'],
  ['weather', null, 'INVALID_JSON'],
  ['weather', ['杭州'], 'INVALID_JSON'],
  ['unknown_tool', '{}', 'UNKNOWN_TOOL'],
  ['', '{}', 'UNKNOWN_TOOL'],
  ['POI_SEARCH', '{"address":"西湖"}', 'UNKNOWN_TOOL'],
  ['amap.poi_search', '{"address":"西湖"}', 'UNKNOWN_TOOL'],
  ['poi_search', huge, 'ARGUMENTS_TOO_LARGE'],
  ['weather', { city: '杭'.repeat(9000) }, 'ARGUMENTS_TOO_LARGE'],
  ['poi_search', '{}', 'MISSING_ARGUMENT'],
  ['poi_search', { address: '' }, 'MISSING_ARGUMENT'],
  ['poi_search', { address: '   ' }, 'MISSING_ARGUMENT'],
  ['poi_search', { address: null }, 'MISSING_ARGUMENT'],
  ['poi_search', { address: ['西湖'] }, 'INVALID_TOOL_ARGUMENT'],
  ['poi_search', { address: { name: '西湖' } }, 'INVALID_TOOL_ARGUMENT'],
  ['poi_search', { address: '西'.repeat(81) }, 'INVALID_TOOL_ARGUMENT'],
  ['poi_search', { address: '西湖', region: 123 }, 'INVALID_TOOL_ARGUMENT'],
  ['poi_search', { address: '🍜🍜🍜', region: '成都' }, 'NO_RESULTS'],
  ['poi_search', { address: '西湖', region: '火星' }, 'UNKNOWN_CITY'],
  ['poi_search', { address: 'qwertyuiop' }, 'NO_RESULTS'],
  ['around_search', {}, 'MISSING_ARGUMENT'],
  ['around_search', { location: '' }, 'MISSING_ARGUMENT'],
  ['around_search', { location: '120.15' }, 'INVALID_TOOL_ARGUMENT'],
  ['around_search', { location: 'abc,def' }, 'INVALID_TOOL_ARGUMENT'],
  ['around_search', { location: '200,30' }, 'INVALID_TOOL_ARGUMENT'],
  ['around_search', { location: '-74.0,40.7' }, 'INVALID_TOOL_ARGUMENT'],
  ['around_search', { location: '30.28,120.15' }, 'INVALID_TOOL_ARGUMENT'],
  ['around_search', { location: '120.15,30.28,5' }, 'INVALID_TOOL_ARGUMENT'],
  ['around_search', { location: 12015 }, 'INVALID_TOOL_ARGUMENT'],
  ['around_search', { location: LOC, radius: 'far' }, 'INVALID_TOOL_ARGUMENT'],
  ['around_search', { location: LOC, radius: -5, keyword: '博物馆' }, 'NO_RESULTS'],
  ['around_search', { location: LOC, radius: { m: 5 } }, 'INVALID_TOOL_ARGUMENT'],
  ['around_search', { location: LOC, keyword: 5 }, 'INVALID_TOOL_ARGUMENT'],
  ['around_search', { location: '🍜,🍜' }, 'INVALID_TOOL_ARGUMENT'],
  ['around_search', { location: '87.0,10.0' }, 'NO_RESULTS'],
  ['direction', {}, 'MISSING_ARGUMENT'],
  ['direction', { origin: LOC }, 'MISSING_ARGUMENT'],
  ['direction', { origin: LOC, destination: 'here' }, 'INVALID_TOOL_ARGUMENT'],
  [
    'direction',
    { origin: LOC, destination: '120.16,30.25', mode: 'flying' },
    'INVALID_TOOL_ARGUMENT',
  ],
  ['direction', { origin: LOC, destination: '120.16,30.25', mode: 3 }, 'INVALID_TOOL_ARGUMENT'],
  [
    'direction',
    { origin: LOC, destination: '120.16,30.25', waypoints: 'x;y' },
    'INVALID_TOOL_ARGUMENT',
  ],
  [
    'direction',
    {
      origin: LOC,
      destination: '120.16,30.25',
      waypoints: Array.from({ length: 17 }, () => LOC).join(';'),
    },
    'INVALID_TOOL_ARGUMENT',
  ],
  [
    'direction',
    { origin: '116.4,39.9', destination: '121.47,31.23', mode: 'walking' },
    'NO_RESULTS',
  ],
  ['weather', {}, 'MISSING_ARGUMENT'],
  ['weather', { city: '' }, 'MISSING_ARGUMENT'],
  ['weather', { city: true }, 'INVALID_TOOL_ARGUMENT'],
  ['weather', { city: '纽约' }, 'UNKNOWN_CITY'],
  ['weather', { city: '😀' }, 'UNKNOWN_CITY'],
  ['search_flights', {}, 'MISSING_ARGUMENT'],
  ['search_flights', { date: '2025-05-03', from_city: '北京' }, 'MISSING_ARGUMENT'],
  [
    'search_flights',
    { date: 'tomorrow', from_city: '北京', to_city: '上海' },
    'INVALID_TOOL_ARGUMENT',
  ],
  [
    'search_flights',
    { date: '2025-02-30', from_city: '北京', to_city: '上海' },
    'INVALID_TOOL_ARGUMENT',
  ],
  [
    'search_flights',
    { date: 20250503, from_city: '北京', to_city: '上海' },
    'INVALID_TOOL_ARGUMENT',
  ],
  ['search_flights', { date: '2025-05-03', from_city: '北京', to_city: '北京' }, 'SAME_CITY'],
  [
    'search_flights',
    { date: '2025-05-03', from_city: '亚特兰蒂斯', to_city: '上海' },
    'UNKNOWN_CITY',
  ],
  [
    'search_train_tickets',
    { date: '2025-05-03', from_city: '', to_city: '上海' },
    'MISSING_ARGUMENT',
  ],
  [
    'search_train_tickets',
    { date: '2025-13-01', from_city: '北京', to_city: '上海' },
    'INVALID_TOOL_ARGUMENT',
  ],
];

describe('malformed calls', () => {
  it('has at least forty cases', () => {
    expect(MALFORMED.length).toBeGreaterThanOrEqual(40);
  });

  it.each(MALFORMED.map(([name, raw, code], i) => [i, name, code, raw] as const))(
    '#%i %s → %s',
    async (_i, name, code, raw) => {
      const result = await callTool(name, raw as string, ctx);
      expect(result.ok).toBe(false);
      expect(result.errorCode).toBe(code);
      expect(result.text.length).toBeGreaterThan(0);
      expect(result.text.length).toBeLessThan(200);
      expect(result.text).toMatch(/[\u4e00-\u9fff]/);
      expect(result.cached).toBe(false);
    },
  );

  it('names the field and its format', async () => {
    const r = await callTool('around_search', { location: '120.15' }, ctx);
    expect(r.text).toContain("location 需要 '经度,纬度'");
    const unknown = await callTool('teleport', '{}', ctx);
    for (const name of TOOL_NAMES) expect(unknown.text).toContain(name);
  });
});

describe('deeply nested arguments', () => {
  /** `{"city": "杭州", "extra": [[…]]}` nesting `depth` levels in all. */
  const nestedText = (depth: number): string =>
    `{"city":"杭州","extra":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

  it('refuses arguments nested past the limit with INVALID_JSON naming the limit', async () => {
    for (const depth of [MAX_ARGUMENT_DEPTH + 1, 5_000]) {
      const text = nestedText(depth);
      for (const raw of [text, JSON.parse(text) as Record<string, unknown>]) {
        const result = await callTool('weather', raw, ctx);
        expect(result).toMatchObject({ ok: false, errorCode: 'INVALID_JSON', cached: false });
        expect(result.text).toContain(`${MAX_ARGUMENT_DEPTH} 层`);
      }
    }
  });

  it('accepts arguments nested up to the limit', async () => {
    const raw = nestedText(MAX_ARGUMENT_DEPTH);
    expect(normalized('weather', raw)).toEqual({ city: '杭州' });
    expect(normalized('weather', JSON.parse(raw))).toEqual({ city: '杭州' });
  });
});
