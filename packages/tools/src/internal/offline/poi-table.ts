import type { CityProfile } from '@navworld/knowledge-graph';
import { sha256Hex } from '@navworld/core-types';
import { POI_TABLE_MEMO_SIZE } from '../../config';
import type { PoiCost, PoiRecord } from '../../types';
import { formatLngLat, haversineKm, offsetKm, type LngLat } from '../geo';
import { Rng } from '../rng';
import {
  BRAND_FIRST,
  BRAND_SECOND,
  HOTEL_BRANDS,
  HOTEL_TIERS,
  LEISURE,
  PLACE_WORDS,
  PROVINCE_CHAR,
  PROVINCE_CUISINE,
  RESTAURANT_FORMATS,
  SHOP_ENDINGS,
  SURNAMES,
} from './words';

/** Search categories of the offline world. */
export type PoiCategory =
  | '景点'
  | '餐厅'
  | '美食街'
  | '酒店'
  | '博物馆'
  | '科技馆'
  | '公园'
  | '亲子'
  | '商务'
  | '会展'
  | '购物'
  | '休闲'
  | '火车站'
  | '机场';

/** A POI of the offline world: the rendered record plus what search needs. */
export interface OfflinePoi extends PoiRecord {
  /** Search category. */
  category: PoiCategory;
  /** Words the POI answers to besides its name. */
  tags: readonly string[];
  /** `[lng, lat]`. */
  point: LngLat;
  /** True for real places (landmarks, stations, airports) whose name and place never rotate. */
  fixed: boolean;
}

/** All POIs of one city in one epoch. */
export interface PoiTable {
  /** The city. */
  city: CityProfile;
  /** POIs in a stable order (fixed places first). */
  pois: readonly OfflinePoi[];
}

const ID_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function poiId(rng: Rng): string {
  let id = 'B0';
  for (let i = 0; i < 8; i++) id += ID_ALPHABET[rng.int(0, ID_ALPHABET.length - 1)];
  return id;
}

function telephone(rng: Rng, citycode: string): string {
  let digits = String(rng.int(5, 8));
  for (let i = 0; i < 7; i++) digits += String(rng.int(0, 9));
  return `${citycode}-${digits}`;
}

function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

interface PlaceDraft {
  name: string;
  category: PoiCategory;
  type: string;
  tags: readonly string[];
  point: LngLat;
  fixed: boolean;
  rating: number;
  hours: string;
  cost: PoiCost | null;
  /** The street of the address, when the name already mentions it. */
  road?: string;
}

/** Landmark kind → category path and search category. */
function landmarkType(kind: string): { type: string; category: PoiCategory; tags: string[] } {
  if (kind.includes('博物'))
    return {
      type: '科教文化服务;博物馆;博物馆',
      category: '博物馆',
      tags: ['博物馆', '景点', '展览', '亲子', '研学'],
    };
  if (kind.includes('公园') || kind.includes('湿地') || kind.includes('湖'))
    return {
      type: '风景名胜;公园广场;公园',
      category: '景点',
      tags: ['公园', '景点', '景区', '亲子'],
    };
  if (kind.includes('寺') || kind.includes('庙') || kind.includes('宗教'))
    return {
      type: '风景名胜;风景名胜相关;寺庙道观',
      category: '景点',
      tags: ['寺庙', '景点', '景区', '古迹'],
    };
  if (kind.includes('古镇') || kind.includes('街') || kind.includes('古城'))
    return {
      type: '风景名胜;风景名胜;古镇',
      category: '景点',
      tags: ['古镇', '古街', '景点', '景区', '历史'],
    };
  if (kind.includes('乐园') || kind.includes('主题'))
    return {
      type: '风景名胜;风景名胜;游乐园',
      category: '景点',
      tags: ['乐园', '游乐园', '景点', '亲子', '儿童'],
    };
  return {
    type: '风景名胜;风景名胜;国家级景点',
    category: '景点',
    tags: ['景点', '景区', '名胜', '旅游'],
  };
}

function stableRng(city: CityProfile, what: string): Rng {
  return new Rng(`navworld-place|${city.name}|${what}`);
}

function fixedPlaces(city: CityProfile, salted: Rng): PlaceDraft[] {
  const out: PlaceDraft[] = [];
  const centre: LngLat = city.center;
  const details = new Map((city.landmarkDetails ?? []).map((d) => [d.name, d]));
  for (const name of city.landmarks) {
    const detail = details.get(name);
    const stable = stableRng(city, `landmark|${name}`);
    const point: LngLat =
      detail?.location ?? offsetKm(centre, stable.range(1, 8), stable.range(0, 360));
    const kind = landmarkType(detail?.kind ?? '景点');
    const ticket = detail?.ticket ?? 0;
    out.push({
      name,
      ...kind,
      point,
      fixed: true,
      rating: Number(salted.range(4.5, 4.95).toFixed(1)),
      hours: salted.pick([
        '08:00-17:30',
        '08:30-17:00',
        '07:30-18:00',
        '09:00-17:00(周一闭馆)',
        '全天开放',
      ]),
      cost: {
        kind: '门票',
        value: ticket === 0 ? 0 : roundTo(ticket * salted.range(0.9, 1.12), 5),
      },
    });
  }
  city.trainStations.forEach((name, i) => {
    const stable = stableRng(city, `station|${name}`);
    out.push({
      name,
      category: '火车站',
      type: '交通设施服务;火车站;火车站',
      tags: ['火车站', '高铁站', '车站', '高铁', '动车', '交通'],
      point: offsetKm(
        centre,
        i === 0 ? stable.range(1.5, 5) : stable.range(3, 12),
        stable.range(0, 360),
      ),
      fixed: true,
      rating: Number(salted.range(4.1, 4.6).toFixed(1)),
      hours: '05:30-23:30',
      cost: null,
    });
  });
  city.airports.forEach((name) => {
    const stable = stableRng(city, `airport|${name}`);
    out.push({
      name,
      category: '机场',
      type: '交通设施服务;机场相关;飞机场',
      tags: ['机场', '航站楼', '飞机', '交通'],
      point: offsetKm(centre, stable.range(16, 34), stable.range(0, 360)),
      fixed: true,
      rating: Number(salted.range(4.2, 4.7).toFixed(1)),
      hours: '全天开放',
      cost: null,
    });
  });
  return out;
}

interface Generator {
  rng: Rng;
  city: CityProfile;
  anchors: LngLat[];
  used: Set<string>;
  out: PlaceDraft[];
}

function brand(g: Generator): string {
  const first = g.rng.chance(0.4)
    ? (PROVINCE_CHAR[g.city.province] ?? g.rng.pick(BRAND_FIRST))
    : g.rng.pick(BRAND_FIRST);
  return `${first}${g.rng.pick(BRAND_SECOND)}${g.rng.pick(SHOP_ENDINGS)}`;
}

function placePoint(g: Generator, nearAnchor: number): LngLat {
  if (g.rng.chance(nearAnchor) && g.anchors.length > 0) {
    return offsetKm(
      g.rng.pick(g.anchors),
      Math.sqrt(g.rng.float()) * 2.2 + 0.15,
      g.rng.range(0, 360),
    );
  }
  return offsetKm(g.city.center, g.rng.float() * 8 + 0.2, g.rng.range(0, 360));
}

/** A branch suffix: the shop's road, or a landmark within walking distance of it. */
function branch(g: Generator, road: string, point: LngLat): string {
  const near = (g.city.landmarkDetails ?? [])
    .filter((d) => haversineKm(d.location, point) < 3)
    .map((d) => d.name);
  return near.length > 0 && g.rng.chance(0.5) ? `(${g.rng.pick(near)}店)` : `(${road}店)`;
}

function add(g: Generator, draft: Omit<PlaceDraft, 'fixed'>): void {
  if (g.used.has(draft.name)) return;
  g.used.add(draft.name);
  g.out.push({ ...draft, fixed: false });
}

function localCuisine(city: CityProfile): { cuisine: string; dishes: readonly string[] } {
  return (
    PROVINCE_CUISINE[city.province] ?? { cuisine: '家常菜', dishes: ['面馆', '饺子', '家常菜'] }
  );
}

function restaurantDraft(g: Generator, theme: string, point: LngLat): Omit<PlaceDraft, 'fixed'> {
  const local = localCuisine(g.city);
  const format = RESTAURANT_FORMATS[theme] ?? RESTAURANT_FORMATS['local']!;
  const dish = g.rng.pick(local.dishes);
  const ending = g.rng
    .pick(format.ending)
    .replace('{cuisine}', local.cuisine)
    .replace('{dish}', dish);
  const road = g.rng.pick(g.city.roads);
  const head =
    theme === '老字号探访' || theme === '街头小吃' || theme === '地方特色小吃'
      ? `${g.rng.pick(SURNAMES)}记`
      : brand(g);
  const [lo, hi] = format.cost;
  return {
    name: `${head}${ending}${g.rng.chance(0.55) ? branch(g, road, point) : ''}`,
    road,
    category: '餐厅',
    type: format.type.replace('{cuisine}', local.cuisine),
    tags: ['餐厅', '美食', '餐饮', '饭店', local.cuisine, dish, theme, ...format.tags],
    point,
    rating: Number(g.rng.range(3.9, 4.9).toFixed(1)),
    hours: g.rng.pick(format.hours),
    cost: { kind: '人均', value: roundTo(g.rng.range(lo, hi), lo >= 100 ? 10 : 1) },
  };
}

function restaurantThemes(g: Generator, count: number): string[] {
  const themes = g.city.foodThemes.filter((t) => RESTAURANT_FORMATS[t] !== undefined);
  const plan: string[] = [];
  for (const theme of themes) for (let i = 0; i < 4; i++) plan.push(theme);
  while (plan.length < count)
    plan.push(
      g.rng.chance(0.7) ? 'local' : g.rng.pick(['火锅美食', '地方特色小吃', '特色饮品甜品']),
    );
  return plan;
}

function restaurants(g: Generator, count: number): void {
  for (const theme of restaurantThemes(g, count))
    add(g, restaurantDraft(g, theme, placePoint(g, 0.6)));
}

function foodStreets(g: Generator): void {
  const local = PROVINCE_CUISINE[g.city.province];
  const names = g.rng
    .shuffle([
      `${g.rng.pick(g.city.roads)}美食街`,
      `${g.rng.pick(PLACE_WORDS)}夜市`,
      `${g.city.name}小吃街`,
      `${g.rng.pick(g.city.roads)}夜市`,
      `${g.rng.pick(PLACE_WORDS)}美食城`,
    ])
    .slice(0, 3);
  for (const name of names) {
    add(g, {
      name,
      category: '美食街',
      type: '餐饮服务;餐饮相关场所;美食街',
      tags: [
        '美食街',
        '小吃街',
        '夜市',
        '小吃',
        '美食',
        '街头小吃',
        '夜市美食',
        ...(local?.dishes ?? []),
      ],
      point: placePoint(g, 0.7),
      rating: Number(g.rng.range(4.1, 4.7).toFixed(1)),
      hours: g.rng.pick(['10:00-23:00', '16:00-01:00', '17:30-02:00']),
      cost: { kind: '人均', value: g.rng.int(25, 65) },
    });
  }
}

function hotelDraft(g: Generator, t: number, point: LngLat): Omit<PlaceDraft, 'fixed'> {
  const tier = HOTEL_TIERS[t]!;
  const road = g.rng.pick(g.city.roads);
  const prefix = tier.tier === '豪华型' && g.rng.chance(0.5) ? g.city.name : '';
  const name = `${prefix}${g.rng.pick(HOTEL_BRANDS)}${g.rng.pick(tier.endings)}${tier.tier === '民宿' || prefix ? '' : branch(g, road, point)}`;
  return {
    name,
    road,
    category: '酒店',
    type: tier.type,
    tags: [
      '酒店',
      '住宿',
      '宾馆',
      '旅馆',
      tier.tier,
      ...(tier.tier === '民宿' ? ['民宿', '客栈'] : []),
    ],
    point,
    rating: Number(g.rng.range(tier.rating[0], tier.rating[1]).toFixed(1)),
    hours: '24小时营业',
    cost: {
      kind: '房价',
      value: roundTo(g.rng.range(tier.price[0], tier.price[1]), 10) - (g.rng.chance(0.6) ? 2 : 0),
    },
  };
}

function hotels(g: Generator): void {
  const counts = [3, 3, 3, 2, 2];
  HOTEL_TIERS.forEach((_, t) => {
    for (let i = 0; i < counts[t]!; i++) add(g, hotelDraft(g, t, placePoint(g, 0.55)));
  });
}

function families(g: Generator): void {
  const c = g.city.name;
  const w = (): string => g.rng.pick(PLACE_WORDS);
  const museums = g.rng
    .shuffle([
      `${c}博物馆`,
      `${c}自然博物馆`,
      `${c}美术馆`,
      `${c}规划展览馆`,
      `${w()}民俗博物馆`,
      `${c}非遗文化馆`,
    ])
    .slice(0, 4);
  for (const name of museums) {
    add(g, {
      name,
      category: '博物馆',
      type: name.includes('美术') ? '科教文化服务;美术馆;美术馆' : '科教文化服务;博物馆;博物馆',
      tags: ['博物馆', '展览', '亲子', '研学', '文化', '景点', '家庭'],
      point: placePoint(g, 0.35),
      rating: Number(g.rng.range(4.4, 4.9).toFixed(1)),
      hours: g.rng.pick([
        '09:00-17:00(周一闭馆)',
        '09:00-17:30(周一闭馆)',
        '09:30-16:30(周一闭馆)',
      ]),
      cost: { kind: '门票', value: g.rng.chance(0.65) ? 0 : g.rng.pick([20, 30, 40, 50]) },
    });
  }
  const science = g.rng.shuffle([`${c}科技馆`, `${c}儿童科学馆`, `${w()}少年科技中心`]).slice(0, 2);
  for (const name of science) {
    add(g, {
      name,
      category: '科技馆',
      type: '科教文化服务;科技馆;科技馆',
      tags: ['科技馆', '科学馆', '亲子', '儿童', '研学', '家庭'],
      point: placePoint(g, 0.3),
      rating: Number(g.rng.range(4.4, 4.8).toFixed(1)),
      hours: '09:00-17:00(周一闭馆)',
      cost: { kind: '门票', value: g.rng.pick([0, 20, 30, 45]) },
    });
  }
  const parks = g.rng
    .shuffle([
      `${c}植物园`,
      `${c}动物园`,
      `${w()}湖公园`,
      `${w()}山公园`,
      '人民公园',
      `${w()}湿地公园`,
      `${w()}森林公园`,
    ])
    .slice(0, 4);
  for (const name of parks) {
    const zoo = name.includes('动物');
    add(g, {
      name,
      category: '公园',
      type: zoo
        ? '风景名胜;公园广场;动物园'
        : name.includes('植物')
          ? '风景名胜;公园广场;植物园'
          : '风景名胜;公园广场;公园',
      tags: [
        '公园',
        '亲子',
        '儿童',
        '散步',
        '家庭',
        '景点',
        ...(zoo ? ['动物园'] : name.includes('植物') ? ['植物园'] : []),
      ],
      point: placePoint(g, 0.3),
      rating: Number(g.rng.range(4.3, 4.8).toFixed(1)),
      hours: zoo ? '08:00-17:00' : g.rng.pick(['06:00-22:00', '全天开放', '06:30-21:30']),
      cost: {
        kind: '门票',
        value: zoo
          ? g.rng.pick([20, 30, 40])
          : name.includes('植物')
            ? g.rng.pick([10, 15, 20])
            : 0,
      },
    });
  }
  const play = g.rng.shuffle([`${w()}亲子乐园`, `${c}海洋馆`, `${w()}儿童乐园`]).slice(0, 2);
  for (const name of play) {
    add(g, {
      name,
      category: '亲子',
      type: name.includes('海洋') ? '科教文化服务;水族馆;水族馆' : '体育休闲服务;娱乐场所;游乐场',
      tags: [
        '亲子',
        '儿童',
        '乐园',
        '家庭',
        '游乐园',
        ...(name.includes('海洋') ? ['海洋馆'] : []),
      ],
      point: placePoint(g, 0.3),
      rating: Number(g.rng.range(4.3, 4.8).toFixed(1)),
      hours: g.rng.pick(['09:00-18:00', '09:30-17:30', '10:00-21:00']),
      cost: { kind: '门票', value: g.rng.pick([80, 120, 150, 180, 220]) },
    });
  }
}

function business(g: Generator): void {
  const c = g.city.name;
  const w = (): string => g.rng.pick(PLACE_WORDS);
  const venues: Array<[string, PoiCategory, string]> = [
    [`${c}国际会展中心`, '会展', '科教文化服务;会展中心;会展中心'],
    [`${c}国际会议中心`, '会展', '科教文化服务;会展中心;会议中心'],
    [`${w()}国际金融中心`, '商务', '商务住宅;楼宇;商务写字楼'],
    [`${w()}商务中心`, '商务', '商务住宅;楼宇;商务写字楼'],
    [`${g.rng.pick(HOTEL_BRANDS)}大厦`, '商务', '商务住宅;楼宇;商务写字楼'],
    [`${w()}科技园`, '商务', '商务住宅;产业园区;产业园区'],
  ];
  for (const [name, category, type] of g.rng.shuffle(venues).slice(0, 5)) {
    add(g, {
      name,
      category,
      type,
      tags: ['商务', '会议', '会展', '办公', '写字楼', category === '会展' ? '展会' : '商务区'],
      point: placePoint(g, 0.25),
      rating: Number(g.rng.range(4.1, 4.7).toFixed(1)),
      hours: category === '会展' ? '09:00-17:00' : '08:30-18:00',
      cost: null,
    });
  }
}

function shopping(g: Generator): void {
  const w = (): string => g.rng.pick(PLACE_WORDS);
  const names = g.rng
    .shuffle([
      `${w()}广场`,
      `${w()}购物中心`,
      `${g.rng.pick(g.city.roads)}步行街`,
      `${w()}天地`,
      `${w()}万象汇`,
    ])
    .slice(0, 4);
  for (const name of names) {
    add(g, {
      name,
      category: '购物',
      type: name.includes('步行街') ? '购物服务;特色商业街;步行街' : '购物服务;商场;购物中心',
      tags: ['购物', '商场', '逛街', '商业街'],
      point: placePoint(g, 0.4),
      rating: Number(g.rng.range(4.2, 4.8).toFixed(1)),
      hours: g.rng.pick(['10:00-22:00', '10:00-22:30', '09:30-22:00']),
      cost: null,
    });
  }
}

function leisureDraft(g: Generator, k: number, point: LngLat): Omit<PlaceDraft, 'fixed'> {
  const kind = LEISURE[k]!;
  const road = g.rng.pick(g.city.roads);
  return {
    name: `${g.rng.pick(PLACE_WORDS)}${kind.ending}${branch(g, road, point)}`,
    road,
    category: '休闲',
    type: kind.type,
    tags: [...kind.tags, '休闲'],
    point,
    rating: Number(g.rng.range(4.2, 4.8).toFixed(1)),
    hours: g.rng.pick(['09:00-22:00', '10:00-23:00', '08:30-21:30']),
    cost:
      kind.cost[1] === 0 ? null : { kind: '人均', value: g.rng.int(kind.cost[0], kind.cost[1]) },
  };
}

function leisure(g: Generator): void {
  LEISURE.forEach((_, k) => add(g, leisureDraft(g, k, placePoint(g, 0.6))));
}

function nearestDistrict(city: CityProfile, rng: Rng): string {
  return city.districts.length > 0 ? rng.pick(city.districts) : `${city.name}市区`;
}

function finishDraft(city: CityProfile, salt: string, d: PlaceDraft): OfflinePoi {
  const rng = d.fixed
    ? stableRng(city, `address|${d.name}`)
    : new Rng(`navworld-addr|${city.name}|${salt}|${d.name}`);
  const road = d.road ?? rng.pick(city.roads);
  const address =
    d.category === '机场' ? `机场路${rng.int(1, 99)}号` : `${road}${rng.int(1, 399)}号`;
  const idRng = d.fixed ? stableRng(city, `id|${d.name}`) : rng;
  return {
    name: d.name,
    id: poiId(idRng),
    location: formatLngLat(d.point),
    type: d.type,
    address,
    pname: city.province,
    cityname: city.name,
    adname: nearestDistrict(city, rng),
    rating: d.rating,
    tel: d.category === '美食街' || d.category === '公园' ? '' : telephone(rng, city.citycode),
    hours: d.hours,
    cost: d.cost,
    category: d.category,
    tags: d.tags,
    point: d.point,
    fixed: d.fixed,
  };
}

function finish(city: CityProfile, salt: string, drafts: PlaceDraft[]): OfflinePoi[] {
  return drafts.map((d) => finishDraft(city, salt, d));
}

/** Builds a city's POI table for an epoch salt (pure; see {@link poiTableFor} for the memoised form). */
export function buildPoiTable(city: CityProfile, salt: string): PoiTable {
  const rng = new Rng(`navworld-world|${city.name}|${salt}`);
  const fixed = fixedPlaces(city, rng);
  const anchors: LngLat[] = [
    city.center,
    city.center,
    ...fixed
      .filter((p) => p.category === '景点' && haversineKm(p.point, city.center) < 25)
      .map((p) => p.point),
  ];
  const g: Generator = { rng, city, anchors, used: new Set(fixed.map((p) => p.name)), out: [] };
  restaurants(g, 22 + rng.int(0, 4));
  foodStreets(g);
  hotels(g);
  families(g);
  business(g);
  shopping(g);
  leisure(g);
  return { city, pois: finish(city, salt, [...fixed, ...g.out]) };
}

const memo = new Map<string, PoiTable>();

/** The POI table of a city for an epoch salt, built once and kept in a small LRU memo. */
export function poiTableFor(city: CityProfile, salt: string): PoiTable {
  const key = `${city.name}|${salt}`;
  const hit = memo.get(key);
  if (hit !== undefined) {
    memo.delete(key);
    memo.set(key, hit);
    return hit;
  }
  const table = buildPoiTable(city, salt);
  memo.set(key, table);
  if (memo.size > POI_TABLE_MEMO_SIZE) memo.delete(memo.keys().next().value!);
  return table;
}

/** Distance in metres between two points, rounded. */
export function distanceMetres(a: LngLat, b: LngLat): number {
  return Math.round(haversineKm(a, b) * 1000);
}

/** A short digest of a string, for stable seeds of long inputs. */
export function digest(text: string): string {
  return sha256Hex(text).slice(0, 16);
}

/** Size of a neighbourhood cell in degrees (about a kilometre). */
export const CELL_DEGREES = 0.01;

const cellMemo = new Map<string, Map<number, readonly OfflinePoi[]>>();
const CELL_MEMO_SIZE = 20_000;
let cellCount = 0;

/**
 * The everyday places of one ~1 km cell (restaurants, hotels, cafés): real maps have them on every street, so
 * around_search finds some wherever it looks. Denser near the centre; depends on (city, salt, cell).
 */
export function cellPois(
  city: CityProfile,
  salt: string,
  i: number,
  j: number,
): readonly OfflinePoi[] {
  const tableKey = `${city.name}|${salt}`;
  let cells = cellMemo.get(tableKey);
  if (cells === undefined) {
    cells = new Map();
    cellMemo.set(tableKey, cells);
  }
  const hit = cells.get(i * 100_000 + j);
  if (hit !== undefined) return hit;
  const key = `${tableKey}|${i}|${j}`;
  const rng = new Rng(`navworld-cell|${key}`);
  const g: Generator = { rng, city, anchors: [], used: new Set(), out: [] };
  const corner: LngLat = [i * CELL_DEGREES, j * CELL_DEGREES];
  const km = haversineKm([corner[0] + CELL_DEGREES / 2, corner[1] + CELL_DEGREES / 2], city.center);
  const count =
    km < 3 ? rng.int(3, 5) : km < 8 ? rng.int(2, 4) : km < 15 ? rng.int(1, 2) : rng.int(0, 1);
  const themes = restaurantThemes(g, 8);
  for (let n = 0; n < count; n++) {
    const point: LngLat = [
      corner[0] + rng.float() * CELL_DEGREES,
      corner[1] + rng.float() * CELL_DEGREES,
    ];
    const roll = rng.float();
    if (roll < 0.62) add(g, restaurantDraft(g, rng.pick(themes), point));
    else if (roll < 0.82)
      add(g, hotelDraft(g, rng.weighted([0, 1, 2, 3, 4], [4, 3, 2, 1, 1]), point));
    else add(g, leisureDraft(g, rng.int(0, LEISURE.length - 1), point));
  }
  const pois = finish(city, salt, g.out);
  cells.set(i * 100_000 + j, pois);
  // A coarse bound: when too many cells are held, forget them all (they are cheap to redraw).
  if (++cellCount > CELL_MEMO_SIZE) {
    cellMemo.clear();
    cellCount = 0;
  }
  return pois;
}
