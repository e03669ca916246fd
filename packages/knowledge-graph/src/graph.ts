// The loaded graph and name look-ups.

import { ERROR_CODES, NavworldError } from '@navworld/core-types';
import { buildGraph } from './internal/build';
import type { CityProfile } from './types';

/** The graph, built and checked once at module load. */
export const GRAPH = buildGraph();

/** Extra spellings travellers use for a few cities. */
const ALIASES: Readonly<Record<string, string>> = {
  凤凰: '凤凰古城',
  凤凰县: '凤凰古城',
  "xi'an": '西安',
  九寨: '九寨沟',
  亚丁: '稻城',
};

const SUFFIXES = ['特别行政区', '自治州', '地区', '市', '县', '区'];

const LOOKUP: ReadonlyMap<string, CityProfile> = (() => {
  const map = new Map<string, CityProfile>();
  for (const city of GRAPH.cities) {
    map.set(city.name, city);
    map.set(city.pinyin, city);
    map.set(`${city.name}市`, city);
  }
  for (const [alias, name] of Object.entries(ALIASES)) {
    const city = GRAPH.byName.get(name);
    if (city !== undefined && !map.has(alias)) map.set(alias, city);
  }
  return map;
})();

function normalizeQuery(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, '').toLowerCase();
}

/**
 * Finds a city by name, `…市` / `…县` form, alias or pinyin (`北京`, `北京市`, `beijing`); undefined when
 * unknown. Never throws.
 */
export function findCity(name: string): CityProfile | undefined {
  if (typeof name !== 'string') return undefined;
  const direct = LOOKUP.get(name);
  if (direct !== undefined) return direct;
  const query = normalizeQuery(name);
  if (query === '') return undefined;
  const exact = LOOKUP.get(query);
  if (exact !== undefined) return exact;
  for (const suffix of SUFFIXES) {
    if (query.length > suffix.length && query.endsWith(suffix)) {
      const hit = LOOKUP.get(query.slice(0, -suffix.length));
      if (hit !== undefined) return hit;
    }
  }
  return undefined;
}

function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[y.length]!;
}

/** Up to three known city names closest to an unknown one. */
export function suggestCities(name: string): string[] {
  const query = normalizeQuery(String(name));
  if (query === '') return GRAPH.cities.slice(0, 3).map((c) => c.name);
  return GRAPH.cities
    .map((city, index) => {
      const byName =
        editDistance(query, city.name) -
        (city.name.includes(query) || query.includes(city.name) ? 2 : 0);
      const byPinyin = editDistance(query, city.pinyin) / 2;
      return { name: city.name, score: Math.min(byName, byPinyin), index };
    })
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .slice(0, 3)
    .map((s) => s.name);
}

/**
 * The profile of a city. Accepts the canonical name, the `…市` / `…县` form, a few aliases and the pinyin.
 *
 * @throws NavworldError `UNKNOWN_CITY` (with the closest known names in `hint`) when the name is unknown.
 */
export function getCity(name: string): CityProfile {
  const city = findCity(name);
  if (city !== undefined) return city;
  const suggestions = suggestCities(typeof name === 'string' ? name : '');
  throw new NavworldError(ERROR_CODES.UNKNOWN_CITY, `unknown city: ${JSON.stringify(name)}`, {
    hint: `Known cities close to it: ${suggestions.join('、')}. listCities() lists all ${GRAPH.cities.length}.`,
    details: { name: typeof name === 'string' ? name : String(name), suggestions },
  });
}

/** Every city, in canonical data order. The array and its profiles are frozen. */
export function listCities(): readonly CityProfile[] {
  return GRAPH.cities;
}

/** True when the city is known and has at least one airport. Unknown names give false. */
export function hasAirport(name: string): boolean {
  return (findCity(name)?.airports.length ?? 0) > 0;
}

/** True when the city is known and has at least one railway station. Unknown names give false. */
export function hasTrainStation(name: string): boolean {
  return (findCity(name)?.trainStations.length ?? 0) > 0;
}

const PROVINCES = [
  '北京市',
  '天津市',
  '上海市',
  '重庆市',
  '河北省',
  '山西省',
  '辽宁省',
  '吉林省',
  '黑龙江省',
  '江苏省',
  '浙江省',
  '安徽省',
  '福建省',
  '江西省',
  '山东省',
  '河南省',
  '湖北省',
  '湖南省',
  '广东省',
  '海南省',
  '四川省',
  '贵州省',
  '云南省',
  '陕西省',
  '甘肃省',
  '青海省',
  '台湾省',
  '内蒙古自治区',
  '广西壮族自治区',
  '西藏自治区',
  '宁夏回族自治区',
  '新疆维吾尔自治区',
  '香港特别行政区',
  '澳门特别行政区',
];

function shortProvince(name: string): string {
  return name.replace(/(省|市|特别行政区|壮族自治区|回族自治区|维吾尔自治区|自治区)$/, '');
}

const ADMIN_NAMES: ReadonlySet<string> = (() => {
  const set = new Set<string>(['中国', '中华人民共和国']);
  for (const province of PROVINCES) {
    set.add(province);
    set.add(shortProvince(province));
  }
  for (const city of GRAPH.cities) {
    set.add(city.name);
    set.add(`${city.name}市`);
    set.add(city.province);
    set.add(shortProvince(city.province));
    for (const district of city.districts) set.add(district);
  }
  // A few cities share their name with their best-known sight; those names stay usable as POIs.
  for (const city of GRAPH.cities) {
    for (const landmark of city.landmarks) {
      if (landmark === city.name) set.delete(landmark);
    }
  }
  return set;
})();

/**
 * True for province, city and district names of the graph (with or without 省/市 suffixes). POI extraction uses
 * it to ignore administrative fields. Cities named after their main sight (九寨沟, 黄山, 峨眉山 …) are not
 * counted as administrative, so that the sight stays recognisable.
 */
export function isAdministrativeName(name: string): boolean {
  if (typeof name !== 'string') return false;
  return ADMIN_NAMES.has(name.trim());
}
