import { z } from 'zod';
import {
  ERROR_CODES,
  NavworldError,
  TOOL_NAMES,
  err,
  nestingDepthExceeds,
  ok,
  type NavworldErrorCode,
  type Result,
  type ToolName,
} from '@navworld/core-types';
import {
  CHINA_BOUNDS,
  COORDINATE_DECIMALS,
  MAX_ADDRESS_CHARS,
  MAX_ARGUMENT_BYTES,
  MAX_ARGUMENT_DEPTH,
  MAX_WAYPOINTS,
  RADIUS,
} from './config';
import type { TravelMode } from './types';

/** Travel modes accepted by the direction tool. */
export const TRAVEL_MODES: readonly TravelMode[] = [
  'driving',
  'walking',
  'bicycling',
  'electrobike',
  'transit',
];

const MODE_ALIASES: Readonly<Record<string, TravelMode>> = {
  driving: 'driving',
  drive: 'driving',
  car: 'driving',
  驾车: 'driving',
  开车: 'driving',
  自驾: 'driving',
  打车: 'driving',
  walking: 'walking',
  walk: 'walking',
  步行: 'walking',
  bicycling: 'bicycling',
  cycling: 'bicycling',
  bike: 'bicycling',
  骑行: 'bicycling',
  自行车: 'bicycling',
  electrobike: 'electrobike',
  电动车: 'electrobike',
  transit: 'transit',
  bus: 'transit',
  subway: 'transit',
  公交: 'transit',
  地铁: 'transit',
  公共交通: 'transit',
};

const FORMATS = {
  address: "address 需要非空字符串（关键词或地址，例如 '西湖'、'餐厅'），最长80字",
  region: "region 需要城市名，例如 '杭州'",
  location: "location 需要 '经度,纬度'，例如 '120.15,30.28'",
  origin: "origin 需要 '经度,纬度'，例如 '120.15,30.28'",
  destination: "destination 需要 '经度,纬度'，例如 '120.16,30.25'",
  radius: 'radius 需要 0–50000 之间的整数（米）',
  keyword: "keyword 需要字符串，例如 '餐厅'",
  mode: 'mode 需要 driving、walking、bicycling、electrobike、transit 之一',
  waypoints: "waypoints 需要用 ';' 分隔的 '经度,纬度' 列表（最多16个）",
  city: "city 需要中文城市名，例如 '杭州'",
  date: "date 需要 'YYYY-MM-DD' 格式的日期，例如 '2025-05-01'",
  from_city: "from_city 需要中文城市名，例如 '北京'",
  to_city: "to_city 需要中文城市名，例如 '上海'",
} as const;

type Field = keyof typeof FORMATS;

// Control characters and zero-width marks never carry meaning in a search term.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f\u200b-\u200d\ufeff]/g;

/** Trims a string and drops control and zero-width characters. */
export function cleanText(value: string): string {
  return value.replace(INVISIBLE, '').trim();
}

/**
 * Canonical city name: trimmed, with one trailing 市, 县 or 区 removed when the name is longer than two
 * characters (`杭州市` → `杭州`, `乌鲁木齐市` → `乌鲁木齐`, but `沙市` stays).
 */
export function normalizeCityName(value: string): string {
  const trimmed = cleanText(value);
  const chars = Array.from(trimmed);
  if (chars.length > 2 && /[市县区]$/.test(trimmed)) return chars.slice(0, -1).join('');
  return trimmed;
}

/** Rounds a coordinate to the normalised precision and prints it in its shortest form. */
export function roundCoordinate(value: number): string {
  return String(Number(value.toFixed(COORDINATE_DECIMALS)));
}

/**
 * Parses `lng,lat` (full-width commas and spaces tolerated, or a `[lng, lat]` pair) into a normalised
 * string, or returns a Chinese reason naming `field`.
 */
export function parseCoordinate(
  value: unknown,
  field: string,
): { value: string } | { error: string } {
  const format = `${field} 需要 '经度,纬度'，例如 '120.15,30.28'`;
  let parts: unknown[];
  if (Array.isArray(value)) parts = value;
  else if (typeof value === 'string')
    parts = value.replace(/，/g, ',').replace(/\s+/g, '').split(',');
  else return { error: format };
  if (parts.length !== 2) return { error: format };
  const numbers = parts.map((p) =>
    typeof p === 'number'
      ? p
      : typeof p === 'string' && /^[-+]?\d+(\.\d+)?$/.test(p)
        ? Number(p)
        : NaN,
  );
  const [lng, lat] = numbers as [number, number];
  if (!Number.isFinite(lng) || !Number.isFinite(lat)) return { error: format };
  const inChina = (x: number, y: number): boolean =>
    x >= CHINA_BOUNDS.minLng &&
    x <= CHINA_BOUNDS.maxLng &&
    y >= CHINA_BOUNDS.minLat &&
    y <= CHINA_BOUNDS.maxLat;
  if (!inChina(lng, lat)) {
    if (inChina(lat, lng))
      return { error: `${format}（经度在前、纬度在后，收到的似乎是 '纬度,经度'）` };
    return { error: `${format}，且须位于中国境内（经度73–136，纬度3–54）` };
  }
  return { value: `${roundCoordinate(lng)},${roundCoordinate(lat)}` };
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && cleanText(value) === '')
  );
}

function fail(ctx: z.RefinementCtx, field: Field, message?: string): never {
  ctx.addIssue({ code: 'custom', message: message ?? FORMATS[field], path: [field] });
  return z.NEVER;
}

function requiredText(field: Field, maxChars?: number) {
  return z.unknown().transform((v, ctx): string => {
    if (typeof v !== 'string' && typeof v !== 'number') return fail(ctx, field);
    const text = cleanText(String(v));
    if (text === '') return fail(ctx, field);
    if (maxChars !== undefined && Array.from(text).length > maxChars) return fail(ctx, field);
    return text;
  });
}

function optionalText(field: Field) {
  return z
    .unknown()
    .optional()
    .transform((v, ctx): string | undefined => {
      if (isBlank(v)) return undefined;
      if (typeof v !== 'string') return fail(ctx, field);
      return cleanText(v);
    });
}

function requiredCity(field: Field) {
  return requiredText(field, 40).transform((v, ctx) => {
    const name = normalizeCityName(v);
    return name === '' ? fail(ctx, field) : name;
  });
}

function optionalCity(field: Field) {
  return optionalText(field)
    .transform((v) => (v === undefined ? undefined : normalizeCityName(v) || undefined))
    .optional();
}

function coordinate(field: Field) {
  return z.unknown().transform((v, ctx): string => {
    const parsed = parseCoordinate(v, field);
    return 'error' in parsed ? fail(ctx, field, parsed.error) : parsed.value;
  });
}

const radiusField = z.unknown().transform((v, ctx): number => {
  if (isBlank(v)) return RADIUS.default;
  const n =
    typeof v === 'number'
      ? v
      : typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v)
        ? Number(v)
        : NaN;
  if (!Number.isFinite(n)) return fail(ctx, 'radius');
  return Math.min(RADIUS.max, Math.max(RADIUS.min, Math.round(n)));
});

const modeField = z.unknown().transform((v, ctx): TravelMode => {
  if (isBlank(v)) return 'driving';
  if (typeof v !== 'string') return fail(ctx, 'mode');
  const mode = MODE_ALIASES[cleanText(v).toLowerCase()];
  return mode ?? fail(ctx, 'mode');
});

const waypointsField = z
  .unknown()
  .optional()
  .transform((v, ctx): string | undefined => {
    if (isBlank(v)) return undefined;
    const items = Array.isArray(v)
      ? v
      : typeof v === 'string'
        ? v.split(/[;；|]/).filter((s) => s.trim() !== '')
        : null;
    if (items === null || items.length > MAX_WAYPOINTS) return fail(ctx, 'waypoints');
    const out: string[] = [];
    for (const item of items) {
      const parsed = parseCoordinate(item, 'waypoints');
      if ('error' in parsed) return fail(ctx, 'waypoints');
      out.push(parsed.value);
    }
    return out.length === 0 ? undefined : out.join(';');
  });

const dateField = z.unknown().transform((v, ctx): string => {
  if (typeof v !== 'string') return fail(ctx, 'date');
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(cleanText(v));
  if (!m) return fail(ctx, 'date');
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) {
    return fail(ctx, 'date', `${FORMATS.date}（${cleanText(v)} 不是有效日期）`);
  }
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
});

/** Validators of each tool's arguments; the output is the normalised argument object. */
export const TOOL_ARGUMENT_SCHEMAS = {
  poi_search: z.object({
    address: requiredText('address', MAX_ADDRESS_CHARS),
    region: optionalCity('region'),
  }),
  around_search: z.object({
    location: coordinate('location'),
    radius: radiusField.default(RADIUS.default),
    keyword: optionalText('keyword').optional(),
    region: optionalCity('region'),
  }),
  direction: z.object({
    origin: coordinate('origin'),
    destination: coordinate('destination'),
    mode: modeField.default('driving'),
    waypoints: waypointsField.optional(),
  }),
  weather: z.object({ city: requiredCity('city') }),
  search_flights: z.object({
    date: dateField,
    from_city: requiredCity('from_city'),
    to_city: requiredCity('to_city'),
  }),
  search_train_tickets: z.object({
    date: dateField,
    from_city: requiredCity('from_city'),
    to_city: requiredCity('to_city'),
  }),
} as const satisfies Record<ToolName, z.ZodType>;

/** True when `name` is one of the six tools. */
export function isToolName(name: string): name is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(name);
}

function toolError(code: NavworldErrorCode, message: string, hint?: string): NavworldError {
  return new NavworldError(code, message, hint === undefined ? {} : { hint });
}

function tooDeep(): Result<Record<string, unknown>> {
  return err(
    toolError(
      ERROR_CODES.INVALID_JSON,
      `参数嵌套过深（超过 ${MAX_ARGUMENT_DEPTH} 层），请传入扁平的 JSON 对象，例如 {"city": "杭州"}`,
    ),
  );
}

/**
 * Parses raw arguments (a JSON string or an object) into a plain object, enforcing the size limit and the
 * nesting limit ({@link MAX_ARGUMENT_DEPTH}).
 */
export function parseRawArguments(raw: unknown): Result<Record<string, unknown>> {
  let text: string | undefined;
  let value: unknown = raw;
  if (typeof raw === 'string') {
    text = raw;
  } else if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    // Checked first: JSON.stringify recurses and would overflow the stack on a deep enough object.
    if (nestingDepthExceeds(raw, MAX_ARGUMENT_DEPTH)) return tooDeep();
    try {
      text = JSON.stringify(raw);
    } catch {
      return err(toolError(ERROR_CODES.INVALID_JSON, '参数无法序列化为 JSON 对象'));
    }
  } else {
    return err(toolError(ERROR_CODES.INVALID_JSON, '参数必须是 JSON 对象，例如 {"city": "杭州"}'));
  }
  if (Buffer.byteLength(text ?? '', 'utf8') > MAX_ARGUMENT_BYTES) {
    return err(
      toolError(
        ERROR_CODES.ARGUMENTS_TOO_LARGE,
        `参数过大（上限 ${MAX_ARGUMENT_BYTES / 1024} KB）`,
      ),
    );
  }
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return err(
        toolError(
          ERROR_CODES.INVALID_JSON,
          '参数不是合法的 JSON，请传入 JSON 对象，例如 {"city": "杭州"}',
        ),
      );
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return err(toolError(ERROR_CODES.INVALID_JSON, '参数必须是 JSON 对象，例如 {"city": "杭州"}'));
  }
  // JSON.parse itself copes with any depth; what reads the value later may not.
  if (typeof raw === 'string' && nestingDepthExceeds(value, MAX_ARGUMENT_DEPTH)) return tooDeep();
  return ok(value as Record<string, unknown>);
}

/**
 * Validates and normalises one tool's arguments. `raw` is the JSON text the model sent or an already parsed
 * object. Failures carry a stable code (`UNKNOWN_TOOL`, `INVALID_JSON` (also for nesting past
 * {@link MAX_ARGUMENT_DEPTH}), `ARGUMENTS_TOO_LARGE`,
 * `MISSING_ARGUMENT`, `INVALID_TOOL_ARGUMENT`) and a short Chinese message naming the field and its format.
 */
export function normalizeToolArguments(
  name: string,
  raw: unknown,
): Result<Record<string, unknown>> {
  if (!isToolName(name)) {
    return err(
      toolError(
        ERROR_CODES.UNKNOWN_TOOL,
        `未知工具：${name.slice(0, 60) || '（空）'}。可用工具：${TOOL_NAMES.join('、')}`,
      ),
    );
  }
  const parsed = parseRawArguments(raw);
  if (!parsed.success) return parsed;
  const result = TOOL_ARGUMENT_SCHEMAS[name].safeParse(parsed.value);
  if (result.success) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(result.data)) if (v !== undefined) out[k] = v;
    return ok(out);
  }
  const issue = result.error.issues[0];
  const field = String(issue?.path[0] ?? '');
  const missing = isBlank(parsed.value[field]);
  const message = issue?.message ?? '参数格式不正确';
  return err(
    toolError(
      missing ? ERROR_CODES.MISSING_ARGUMENT : ERROR_CODES.INVALID_TOOL_ARGUMENT,
      missing ? `缺少参数 ${field}：${message}` : `参数 ${field} 无效：${message}`,
    ),
  );
}
