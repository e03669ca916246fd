import { MAX_RESULT_CHARS } from './config';
import type {
  ForecastRecord,
  PoiCost,
  PoiRecord,
  ProviderData,
  RouteRecord,
  TravelMode,
} from './types';

/** A JSON value the markdown formatter accepts. */
export type MdValue = string | number | boolean | null | MdValue[] | { [key: string]: MdValue };

function titleCase(label: string): string {
  if (!/[A-Za-z]/.test(label)) return label;
  return label.replace(/[A-Za-z]+/g, (run) => run[0]!.toUpperCase() + run.slice(1).toLowerCase());
}

function scalarText(value: string | number | boolean | null): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
}

function isScalar(value: MdValue): value is string | number | boolean | null {
  return value === null || typeof value !== 'object';
}

function header(label: string, depth: number): string {
  return `\n${'#'.repeat(depth + 1)} ${titleCase(label)}\n\n`;
}

function objectMd(value: { [key: string]: MdValue }, depth: number): string {
  let out = '';
  for (const key in value) {
    const member = value[key]!;
    if (isScalar(member)) out += `${key}: ${scalarText(member)}\n`;
    else out += header(key, depth) + valueMd(member, depth + 1);
  }
  return out + '\n';
}

function arrayMd(value: MdValue[], depth: number): string {
  let out = '';
  for (let index = 0; index < value.length; index++) {
    const element = value[index]!;
    out += header(String(index + 1), depth);
    if (isScalar(element)) out += `${value.indexOf(element)}: ${scalarText(element)}\n`;
    else if (Array.isArray(element)) out += arrayMd(element, depth + 1);
    else out += objectMd(element, depth);
  }
  return out + '\n';
}

function valueMd(value: MdValue, depth: number): string {
  if (Array.isArray(value)) return arrayMd(value, depth);
  if (isScalar(value)) return `${scalarText(value)}\n`;
  return objectMd(value, depth);
}

/**
 * Markdown-like field list of a JSON value: arrays become numbered `## n` sections, nested objects and arrays
 * get a header one level deeper, scalars become `key: value` lines. Leading and trailing whitespace is trimmed.
 */
export function jsonToMarkdown(value: MdValue): string {
  return valueMd(value, 1).trim();
}

/**
 * Shortens text over `maxChars` code points by keeping a head and a tail of half the limit each, cut at
 * whitespace, with a marker saying how many characters were left out.
 */
export function truncateText(text: string, maxChars: number = MAX_RESULT_CHARS): string {
  if (text.length <= maxChars) return text;
  const chars = Array.from(text);
  if (chars.length <= maxChars) return text;
  const half = Math.floor(maxChars / 2);
  let head = chars.slice(0, half);
  for (let i = head.length - 1; i >= 0; i--) {
    if (/\s/u.test(head[i]!)) {
      head = head.slice(0, i);
      break;
    }
  }
  let tail = chars.slice(chars.length - half);
  const firstSpace = tail.findIndex((c) => /\s/u.test(c));
  if (firstSpace >= 0) {
    tail = tail.slice(firstSpace);
    while (tail.length > 0 && /\s/u.test(tail[0]!)) tail = tail.slice(1);
  }
  const omitted = chars.length - head.length - tail.length;
  return `${head.join('')}\n\n... [内容已截断，共省略 ${omitted} 字符] ...\n\n${tail.join('')}`;
}

/** `850米` below a kilometre, else `12.3公里`. */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)}米`;
  return `${(metres / 1000).toFixed(1)}公里`;
}

/** `35分钟`, or `1小时25分钟` from an hour on. */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes}分钟`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h}小时` : `${h}小时${m}分钟`;
}

const MODE_LABELS: Readonly<Record<TravelMode, string>> = {
  driving: '驾车',
  walking: '步行',
  bicycling: '骑行',
  electrobike: '电动车',
  transit: '公共交通',
};

/** Field label of each cost kind: per-person spend, ticket, or a hotel's nightly price. */
const COST_LABELS: Readonly<Record<PoiCost['kind'], string>> = {
  人均: '人均',
  门票: '门票',
  房价: '价格',
};

function poiFields(poi: PoiRecord): { [key: string]: MdValue } {
  const out: { [key: string]: MdValue } = { 名称: poi.name };
  if (poi.address) out['地址'] = poi.address;
  out['location'] = poi.location;
  if (poi.type) out['类型'] = poi.type;
  if (poi.distance !== undefined) out['距离'] = formatDistance(poi.distance);
  if (poi.pname) out['省份'] = poi.pname;
  if (poi.cityname) out['城市'] = poi.cityname;
  if (poi.adname) out['区县'] = poi.adname;
  if (poi.rating !== null) out['评分'] = poi.rating.toFixed(1);
  if (poi.tel) out['电话'] = poi.tel;
  if (poi.hours) out['营业时间'] = poi.hours;
  if (poi.cost !== null)
    out[COST_LABELS[poi.cost.kind]] =
      poi.cost.kind === '房价' ? `${poi.cost.value}元/晚` : `${poi.cost.value}元`;
  return out;
}

const poiBlocks = new WeakMap<PoiRecord, string>();

/** The field lines of one POI, as the markdown formatter writes an array element (memoised per record). */
function poiBlock(poi: PoiRecord): string {
  // Records with a distance are fresh per search; remembering them would only feed the garbage collector.
  if (poi.distance !== undefined) return objectMd(poiFields(poi), 1);
  let block = poiBlocks.get(poi);
  if (block === undefined) {
    block = objectMd(poiFields(poi), 1);
    poiBlocks.set(poi, block);
  }
  return block;
}

/** Text of a POI list (poi_search and around_search); identical to `jsonToMarkdown` of the field lists. */
export function renderPois(pois: readonly PoiRecord[]): string {
  let out = '';
  for (let i = 0; i < pois.length; i++) out += header(String(i + 1), 1) + poiBlock(pois[i]!);
  return truncateText((out + '\n').trim());
}

/** Text of a route (direction). */
export function renderRoute(route: RouteRecord): string {
  const out: { [key: string]: MdValue } = {
    起点: route.origin,
    终点: route.destination,
    出行方式: MODE_LABELS[route.mode],
    距离: formatDistance(route.distance),
  };
  if (route.duration !== null) out['耗时'] = formatDuration(route.duration);
  if (route.taxiCost !== null) out['打车费用约'] = `${route.taxiCost}元`;
  if (route.fare !== null) out['票价'] = `${route.fare}元`;
  if (route.lines.length > 0) out['乘坐线路'] = route.lines.join(' → ');
  if (route.steps.length > 0) out['路线步骤'] = route.steps.map((s) => ({ 导航: s.instruction }));
  return truncateText(jsonToMarkdown(out));
}

function windText(direction: string): string {
  if (direction === '' || /[风向]$/.test(direction)) return direction;
  return `${direction}风`;
}

function powerText(power: string): string {
  return power === '' || power.endsWith('级') ? power : `${power}级`;
}

/** Text of a forecast (weather). */
export function renderForecast(forecast: ForecastRecord): string {
  const casts = forecast.casts.map((c) => ({
    日期: c.date,
    星期: c.week,
    白天天气: c.dayWeather,
    夜间天气: c.nightWeather,
    白天温度: `${c.dayTemp}度`,
    夜间温度: `${c.nightTemp}度`,
    风向: windText(c.dayWind),
    风力: powerText(c.dayPower),
    夜间风向: windText(c.nightWind),
    夜间风力: powerText(c.nightPower),
  }));
  return truncateText(
    jsonToMarkdown([{ 城市: forecast.city, 省份: forecast.province, 预报: casts }]),
  );
}

/** The text the model sees for a provider's data: one renderer per tool. */
export function renderProviderData(data: ProviderData): string {
  switch (data.tool) {
    case 'poi_search':
    case 'around_search':
      return renderPois(data.pois);
    case 'direction':
      return renderRoute(data.route);
    case 'weather':
      return renderForecast(data.forecast);
  }
}
