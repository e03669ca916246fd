import { listCities, type CityProfile } from '@navworld/knowledge-graph';
import { AROUND_SEARCH_LIMIT, OFFLINE_WORLD_REACH_KM, POI_SEARCH_LIMITS } from '../../config';
import type { PoiRecord } from '../../types';
import { KM_PER_DEGREE, flatDistanceSq, haversineKm, type LngLat } from '../geo';
import { CELL_DEGREES, cellPois, type OfflinePoi, type PoiCategory } from './poi-table';

/** Query words that stand for a category (美食 → 餐厅, 住宿 → 酒店 …). */
const SYNONYMS: ReadonlyArray<{ words: readonly string[]; tag: string }> = [
  {
    words: [
      '美食',
      '餐厅',
      '餐馆',
      '饭店',
      '饭馆',
      '吃饭',
      '好吃',
      '餐饮',
      '吃的',
      '特色菜',
      '本地菜',
    ],
    tag: '餐厅',
  },
  { words: ['住宿', '酒店', '宾馆', '旅馆', '住的', '饭店住', '旅店'], tag: '酒店' },
  { words: ['民宿', '客栈'], tag: '民宿' },
  { words: ['景点', '景区', '名胜', '旅游', '游玩', '打卡', '必去', '好玩'], tag: '景点' },
  { words: ['亲子', '儿童', '孩子', '家庭', '小孩', '研学', '遛娃'], tag: '亲子' },
  { words: ['博物馆', '博物院', '展览', '展馆', '纪念馆'], tag: '博物馆' },
  { words: ['科技馆', '科学馆', '科普'], tag: '科技馆' },
  { words: ['公园', '植物园', '动物园', '绿地'], tag: '公园' },
  { words: ['商务', '会议', '会展', '写字楼', '办公', '展会', 'cbd', 'CBD'], tag: '商务' },
  { words: ['火车站', '高铁站', '车站', '高铁', '动车站', '火车'], tag: '火车站' },
  { words: ['机场', '航站楼', '飞机场'], tag: '机场' },
  { words: ['购物', '商场', '逛街', '商业街', '步行街', '商圈'], tag: '购物' },
  { words: ['夜市', '夜宵', '宵夜'], tag: '夜市' },
  { words: ['小吃', '街边', '地摊'], tag: '小吃' },
  { words: ['米其林', '高档餐厅', '高端餐厅', '黑珍珠', '精致餐厅', '私房菜'], tag: '高端餐厅' },
  { words: ['咖啡'], tag: '咖啡' },
  { words: ['茶馆', '喝茶'], tag: '茶馆' },
];

/** Words that say nothing about what is searched for. */
const FILLER = /(附近|周边|周围|推荐|有名|著名|有哪些|哪里有|的|最好|好的|一些|地方)/g;

const cityPrefixes = new Map<string, RegExp>();

/** A regex matching the city (optionally with its province and 市) at the start of a query. */
function cityPrefixOf(city: CityProfile): RegExp {
  let re = cityPrefixes.get(city.name);
  if (re === undefined) {
    re = new RegExp(`^(${city.province})?${city.name}(市)?`);
    cityPrefixes.set(city.name, re);
  }
  return re;
}

interface PreparedQuery {
  text: string;
  tags: Set<string>;
  bigrams: string[];
}

/** Strips the city name and filler words from a query and collects the category tags it implies. */
export function prepareQuery(query: string, city: CityProfile | undefined): PreparedQuery {
  let text = query.replace(/\s+/g, '');
  if (city !== undefined) {
    const stripped = text.replace(cityPrefixOf(city), '');
    if (stripped !== '') text = stripped;
  }
  const cleaned = text.replace(FILLER, '');
  if (cleaned !== '') text = cleaned;
  const tags = new Set<string>();
  for (const group of SYNONYMS) if (group.words.some((w) => text.includes(w))) tags.add(group.tag);
  const chars = Array.from(text);
  const bigrams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) bigrams.push(chars[i]! + chars[i + 1]!);
  return { text, tags, bigrams };
}

const CATEGORY_TAGS: Readonly<Record<PoiCategory, readonly string[]>> = {
  景点: ['景点'],
  餐厅: ['餐厅'],
  美食街: ['餐厅', '夜市', '小吃', '景点'],
  酒店: ['酒店'],
  博物馆: ['博物馆', '亲子', '景点'],
  科技馆: ['科技馆', '亲子'],
  公园: ['公园', '亲子', '景点'],
  亲子: ['亲子'],
  商务: ['商务'],
  会展: ['商务'],
  购物: ['购物'],
  休闲: [],
  火车站: ['火车站'],
  机场: ['机场'],
};

/** How well a POI answers a query; 0 = not at all. */
export function matchScore(poi: OfflinePoi, q: PreparedQuery): number {
  let score = nameScore(poi.name, q);
  for (const tag of CATEGORY_TAGS[poi.category]) if (q.tags.has(tag)) score = Math.max(score, 200);
  for (const tag of poi.tags) {
    if (q.tags.has(tag)) score = Math.max(score, 210);
    if (tag.length >= 2 && q.text.includes(tag)) score = Math.max(score, 230 + tag.length);
  }
  if (score === 0) score = bigramScore(poi.name, q);
  return score;
}

/** True when a POI answers a query at all (same as `matchScore > 0`, with early exits). */
export function matchesQuery(
  poi: OfflinePoi,
  q: PreparedQuery,
  tagMemo?: Map<string, boolean>,
): boolean {
  for (const tag of CATEGORY_TAGS[poi.category]) if (q.tags.has(tag)) return true;
  for (const tag of poi.tags) {
    // Neighbouring places share most tags, so a call remembers each tag's verdict.
    let hit = tagMemo?.get(tag);
    if (hit === undefined) {
      hit = q.tags.has(tag) || (tag.length >= 2 && q.text.includes(tag));
      tagMemo?.set(tag, hit);
    }
    if (hit) return true;
  }
  return nameScore(poi.name, q) > 0 || bigramScore(poi.name, q) > 0;
}

function nameScore(name: string, q: PreparedQuery): number {
  if (name === q.text) return 1000;
  let score = 0;
  if (name.includes(q.text)) score = 500 + (100 * q.text.length) / name.length;
  const paren = name.indexOf('(');
  const base = paren > 0 ? name.slice(0, paren) : name;
  if (base.length >= 2 && q.text.includes(base)) score = Math.max(score, 450);
  return score;
}

function bigramScore(name: string, q: PreparedQuery): number {
  if (q.bigrams.length === 0) return 0;
  let hits = 0;
  for (const b of q.bigrams) if (name.includes(b)) hits++;
  return hits > 0 && hits * 2 >= q.bigrams.length ? 40 * hits : 0;
}

interface TagIndex {
  /** Every tag (and category tag) → the best score a POI gets from it, per POI index. */
  tags: Map<string, number[]>;
  categoryTags: Map<string, number[]>;
}

const tagIndexes = new WeakMap<readonly OfflinePoi[], TagIndex>();

function tagIndexOf(pois: readonly OfflinePoi[]): TagIndex {
  let index = tagIndexes.get(pois);
  if (index === undefined) {
    index = { tags: new Map(), categoryTags: new Map() };
    pois.forEach((poi, i) => {
      for (const tag of poi.tags) {
        const list = index!.tags.get(tag) ?? [];
        if (list[list.length - 1] !== i) list.push(i);
        index!.tags.set(tag, list);
      }
      for (const tag of CATEGORY_TAGS[poi.category]) {
        const list = index!.categoryTags.get(tag) ?? [];
        list.push(i);
        index!.categoryTags.set(tag, list);
      }
    });
    tagIndexes.set(pois, index);
  }
  return index;
}

/** Scores of every POI of a table for a query (same values as {@link matchScore}, computed via a tag index). */
function scoreAll(pois: readonly OfflinePoi[], q: PreparedQuery): Float64Array {
  const scores = new Float64Array(pois.length);
  const index = tagIndexOf(pois);
  for (const tag of q.tags) {
    for (const i of index.categoryTags.get(tag) ?? []) scores[i] = Math.max(scores[i]!, 200);
    for (const i of index.tags.get(tag) ?? []) scores[i] = Math.max(scores[i]!, 210);
  }
  for (const [tag, list] of index.tags) {
    if (tag.length >= 2 && q.text.includes(tag))
      for (const i of list) scores[i] = Math.max(scores[i]!, 230 + tag.length);
  }
  for (let i = 0; i < pois.length; i++) {
    const name = pois[i]!.name;
    scores[i] = Math.max(scores[i]!, nameScore(name, q));
    if (scores[i] === 0) scores[i] = bigramScore(name, q);
  }
  return scores;
}

const publicRecords = new WeakMap<OfflinePoi, PoiRecord>();

function publicRecord(poi: OfflinePoi, distance?: number): PoiRecord {
  if (distance === undefined) {
    let record = publicRecords.get(poi);
    if (record === undefined) {
      record = toPublicRecord(poi);
      publicRecords.set(poi, record);
    }
    return record;
  }
  return toPublicRecord(poi, distance);
}

function toPublicRecord(poi: OfflinePoi, distance?: number): PoiRecord {
  const record: PoiRecord = {
    name: poi.name,
    id: poi.id,
    location: poi.location,
    type: poi.type,
    address: poi.address,
    pname: poi.pname,
    cityname: poi.cityname,
    adname: poi.adname,
    rating: poi.rating,
    tel: poi.tel,
    hours: poi.hours,
    cost: poi.cost,
  };
  if (distance !== undefined) record.distance = distance;
  return record;
}

/** Keyword search over a city's POIs: best matches first, 5–10 results when anything matches. */
export function searchPois(
  pois: readonly OfflinePoi[],
  query: string,
  city: CityProfile,
): PoiRecord[] {
  const q = prepareQuery(query, city);
  const scores = scoreAll(pois, q);
  const scored: Array<{ poi: OfflinePoi; score: number; index: number }> = [];
  pois.forEach((poi, index) => {
    const score = scores[index]!;
    if (score > 0) scored.push({ poi, score, index });
  });
  if (scored.length === 0) return [];
  scored.sort(
    (a, b) => b.score - a.score || (b.poi.rating ?? 0) - (a.poi.rating ?? 0) || a.index - b.index,
  );
  const picked = scored.slice(0, POI_SEARCH_LIMITS.max).map((s) => s.poi);
  if (picked.length < POI_SEARCH_LIMITS.min) {
    // Like a real map search, a precise hit is followed by related places nearby.
    const top = picked[0]!;
    const cosLat = Math.cos((top.point[1] * Math.PI) / 180);
    const cost = (p: OfflinePoi): number =>
      Math.sqrt(flatDistanceSq(top.point, p.point, cosLat)) +
      (p.category === top.category ? 0 : 50);
    while (picked.length < POI_SEARCH_LIMITS.min && picked.length < pois.length) {
      let best: OfflinePoi | undefined;
      let bestCost = Infinity;
      for (const p of pois) {
        if (picked.includes(p)) continue;
        const c = cost(p);
        if (c < bestCost) {
          bestCost = c;
          best = p;
        }
      }
      picked.push(best!);
    }
  }
  return picked.map((p) => publicRecord(p));
}

/** Neighbourhood cells are only consulted this far from the centre of an around search (metres). */
const CELL_REACH_M = 3000;

function neighbourhood(
  city: CityProfile,
  salt: string,
  centre: LngLat,
  radiusM: number,
): Array<readonly OfflinePoi[]> {
  const reachKm = Math.min(radiusM, CELL_REACH_M) / 1000;
  const dLat = reachKm / KM_PER_DEGREE;
  const dLng = reachKm / (KM_PER_DEGREE * Math.cos((centre[1] * Math.PI) / 180));
  const out: Array<readonly OfflinePoi[]> = [];
  for (
    let i = Math.floor((centre[0] - dLng) / CELL_DEGREES);
    i <= Math.floor((centre[0] + dLng) / CELL_DEGREES);
    i++
  ) {
    for (
      let j = Math.floor((centre[1] - dLat) / CELL_DEGREES);
      j <= Math.floor((centre[1] + dLat) / CELL_DEGREES);
      j++
    ) {
      out.push(cellPois(city, salt, i, j));
    }
  }
  return out;
}

/** POIs within `radiusM` metres of `centre`, nearest first, optionally filtered by a keyword. */
export function searchAround(
  pois: readonly OfflinePoi[],
  centre: LngLat,
  radiusM: number,
  keyword: string | undefined,
  city: CityProfile,
  salt: string,
): PoiRecord[] {
  const q = keyword === undefined ? undefined : prepareQuery(keyword, city);
  const found: Array<{ poi: OfflinePoi; d: number }> = [];
  const seen = new Set<string>();
  const tagMemo = new Map<string, boolean>();
  const cosLat = Math.cos((centre[1] * Math.PI) / 180);
  // A 2 % margin keeps the flat screen from dropping points the great-circle distance would keep.
  const screen = ((radiusM / 1000) * 1.02 + 0.01) ** 2;
  const consider = (poi: OfflinePoi): void => {
    if (flatDistanceSq(centre, poi.point, cosLat) > screen) return;
    const d = Math.round(haversineKm(centre, poi.point) * 1000);
    if (d > radiusM) return;
    if (q !== undefined && !matchesQuery(poi, q, tagMemo)) return;
    if (seen.has(poi.name)) return;
    seen.add(poi.name);
    found.push({ poi, d });
  };
  for (const poi of pois) consider(poi);
  for (const cell of neighbourhood(city, salt, centre, radiusM))
    for (const poi of cell) consider(poi);
  found.sort(
    (a, b) => a.d - b.d || (a.poi.name < b.poi.name ? -1 : a.poi.name > b.poi.name ? 1 : 0),
  );
  return found.slice(0, AROUND_SEARCH_LIMIT).map(({ poi, d }) => publicRecord(poi, d));
}

let placeIndex: Map<string, CityProfile> | undefined;

function placeIndexOf(): Map<string, CityProfile> {
  if (placeIndex === undefined) {
    placeIndex = new Map();
    for (const city of listCities()) {
      for (const name of [...city.landmarks, ...city.trainStations, ...city.airports]) {
        if (!placeIndex.has(name)) placeIndex.set(name, city);
      }
    }
  }
  return placeIndex;
}

/** The city a region-less query is about: a city named in it, else the city of a real place named in it. */
export function cityOfQuery(query: string): CityProfile | undefined {
  let best: CityProfile | undefined;
  for (const city of listCities()) {
    if (query.includes(city.name) && (best === undefined || city.name.length > best.name.length))
      best = city;
  }
  if (best !== undefined) return best;
  let bestPlace: [string, CityProfile] | undefined;
  for (const [name, city] of placeIndexOf()) {
    if (
      (query.includes(name) || (query.length >= 2 && name.includes(query))) &&
      (bestPlace === undefined || name.length > bestPlace[0].length)
    ) {
      bestPlace = [name, city];
    }
  }
  return bestPlace?.[1];
}

/** The city nearest to a point (by its centre or any of its landmarks), if within the offline world's reach. */
export function cityNear(point: LngLat): CityProfile | undefined {
  const [city, km] = nearestCity(point);
  return km <= OFFLINE_WORLD_REACH_KM ? city : undefined;
}

let cityPoints: Array<{ city: CityProfile; point: LngLat }> | undefined;

function cityPointsOf(): Array<{ city: CityProfile; point: LngLat }> {
  if (cityPoints === undefined) {
    cityPoints = [];
    for (const city of listCities()) {
      cityPoints.push({ city, point: city.center });
      for (const detail of city.landmarkDetails ?? [])
        cityPoints.push({ city, point: detail.location });
    }
  }
  return cityPoints;
}

const nearestMemo = new Map<number, { city: CityProfile; point: LngLat }>();
const NEAREST_MEMO_SIZE = 50_000;

function nearestPointTo(point: LngLat): { city: CityProfile; point: LngLat } {
  const cosLat = Math.cos((point[1] * Math.PI) / 180);
  let best = cityPointsOf()[0]!;
  let bestSq = Infinity;
  for (const candidate of cityPointsOf()) {
    const sq = flatDistanceSq(point, candidate.point, cosLat);
    if (sq < bestSq) {
      bestSq = sq;
      best = candidate;
    }
  }
  return best;
}

/**
 * The city nearest to a point (by its centre or any of its landmarks) and that distance in km, however far.
 * The city is decided for the ~1 km cell around the point (memoised), so the answer never depends on call order.
 */
export function nearestCity(point: LngLat): [CityProfile, number] {
  const i = Math.floor(point[0] / CELL_DEGREES);
  const j = Math.floor(point[1] / CELL_DEGREES);
  const key = i * 100_000 + j;
  let best = nearestMemo.get(key);
  if (best === undefined) {
    best = nearestPointTo([(i + 0.5) * CELL_DEGREES, (j + 0.5) * CELL_DEGREES]);
    nearestMemo.set(key, best);
    if (nearestMemo.size > NEAREST_MEMO_SIZE) nearestMemo.delete(nearestMemo.keys().next().value!);
  }
  return [best.city, haversineKm(point, best.point)];
}
