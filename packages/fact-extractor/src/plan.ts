// The plan parser: JSON first, text patterns as the fallback. Never throws.
import type { ParsedPlan, PlanDay, TransportClaim } from '@navworld/core-types';
import { BUDGET_CATEGORIES, BUDGET_TOTAL_KEYWORDS, MIN_PLAN_LENGTH, TIP_LABELS } from './config';
import { parsePrice } from './price';
import { chineseNumeralValue, codePointLength } from './text';
import { analyseAnswer, type AnswerAnalysis } from './internal/answer-analysis';
import { walkJson } from './internal/json';
import { createNameCleaner, placeHits, type PlaceHit } from './internal/scanners';
import { mergeStatements, type ClaimMap, type ClaimStatement } from './internal/transport';

type BudgetItem = ParsedPlan['budgetItems'][number];

function emptyPlan(source: ParsedPlan['source'], errors: string[]): ParsedPlan {
  return {
    success: false,
    source,
    transportOptions: [],
    days: [],
    budgetItems: [],
    budgetTotal: null,
    locations: [],
    tips: [],
    errors,
  };
}

/**
 * Parses a travel plan. JSON comes first (```json blocks, other fenced blocks, then raw `{…}` in the text);
 * whatever the JSON does not provide is filled from the text: transport options (flight / train ids with
 * price and times), days (第N天 with Arabic or Chinese numerals, Day N), budget lines (category keyword +
 * amount) and the stated total, place names (POI-like suffixes) and tips. Never throws: problems are listed in
 * `errors`, and `success` says whether any structure (days or transport) was found.
 */
export function parsePlan(text: string): ParsedPlan {
  if (typeof text !== 'string') return emptyPlan('empty', ['answer is not a string']);
  const trimmed = text.trim();
  if (trimmed.length === 0) return emptyPlan('empty', ['answer is empty']);
  // A code point is at most two UTF-16 units: long texts need no count.
  if (trimmed.length < 2 * MIN_PLAN_LENGTH && codePointLength(trimmed) < MIN_PLAN_LENGTH)
    return emptyPlan('empty', ['answer too short to be a plan']);
  const analysis = analyseAnswer(text);
  const raw = analysis.raw;
  const search = analysis.json;
  const errors = [...search.errors];
  const plan = emptyPlan('text', errors);
  const claims: ClaimMap = new Map();
  let jsonFound = false;
  if (search.value !== undefined) {
    jsonFound = true;
    plan.source = 'json';
    try {
      applyJson(plan, search.value, claims, analysis);
    } catch (e) {
      errors.push(`JSON mapping error: ${e instanceof Error ? e.message : 'unknown'}`);
    }
  }
  // Text fallback for whatever JSON did not give.
  if (raw.includes('|')) mergeStatements(claims, analysis.tableStatements, 'first-wins');
  mergeStatements(claims, analysis.contextStatements, 'first-wins');
  plan.transportOptions = [...claims.values()].map(copyClaim);
  const places = analysis.suffixNames.places;
  if (plan.days.length === 0) plan.days = textDays(raw, places);
  if (plan.budgetItems.length === 0) plan.budgetItems = textBudget(raw);
  if (plan.budgetTotal === null) plan.budgetTotal = textTotal(raw);
  if (plan.tips.length === 0) plan.tips = textTips(raw);
  const locations = new Set(plan.locations);
  for (const day of plan.days) for (const l of day.locations) locations.add(l);
  for (const p of places) locations.add(p.name);
  plan.locations = [...locations];
  plan.success = jsonFound || plan.days.length > 0 || plan.transportOptions.length > 0;
  return plan;
}

function copyClaim(c: TransportClaim): TransportClaim {
  const out: TransportClaim = { id: c.id, kind: c.kind };
  if (c.price !== undefined) out.price = c.price;
  if (c.departure !== undefined) out.departure = c.departure;
  if (c.arrival !== undefined) out.arrival = c.arrival;
  return out;
}

// ---------------------------------------------------------------- JSON

const DAY_LIST_KEYS = [
  'daily_plans',
  'itinerary',
  'days',
  'daily_itinerary',
  'schedule',
  'plan',
  '行程',
  '每日行程',
  '日程',
];
const BUDGET_KEYS = [
  'budget_breakdown',
  'budget',
  'cost_breakdown',
  'costs',
  'expenses',
  '预算',
  '费用',
];
const TIP_KEYS = ['tips', 'notes', 'suggestions', '小贴士', '注意事项', '温馨提示', '提示'];
const TOTAL_KEYS = [
  'total',
  'total_budget',
  'total_cost',
  'sum',
  '总计',
  '合计',
  '总预算',
  '总费用',
];
const PLACE_KEYS = new Set([
  'location',
  'place',
  'name',
  'poi',
  'attraction',
  'restaurant',
  'hotel',
  'spot',
  '景点',
  '地点',
  '餐厅',
  '酒店',
]);
const CATEGORY_ALIASES: Record<string, string> = {
  transport: '交通',
  transportation: '交通',
  traffic: '交通',
  flight: '交通',
  train: '交通',
  accommodation: '住宿',
  hotel: '住宿',
  lodging: '住宿',
  food: '餐饮',
  dining: '餐饮',
  meals: '餐饮',
  meal: '餐饮',
  tickets: '门票',
  ticket: '门票',
  attractions: '门票',
  other: '其他',
  others: '其他',
  misc: '其他',
  shopping: '其他',
};

function getKey(obj: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const k of keys) if (k in obj && obj[k] !== null && obj[k] !== undefined) return obj[k];
  return undefined;
}

function amountOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? v : null;
  if (typeof v === 'string') return parsePrice(v);
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    return amountOf(getKey(o, ['amount', 'cost', 'price', 'total', 'value', '金额', '费用']));
  }
  return null;
}

function categoryOf(key: string): string | null {
  const k = key.trim().toLowerCase();
  if (CATEGORY_ALIASES[k] !== undefined) return CATEGORY_ALIASES[k];
  for (const [category, words] of BUDGET_CATEGORIES) {
    if (words.some((w) => key.includes(w))) return category;
  }
  return null;
}

function isTotalKey(key: string): boolean {
  const k = key.toLowerCase();
  return TOTAL_KEYS.includes(k) || BUDGET_TOTAL_KEYWORDS.some((w) => key.includes(w));
}

function applyJson(
  plan: ParsedPlan,
  value: unknown,
  claims: ClaimMap,
  analysis: AnswerAnalysis,
): void {
  const onPartial = (found: readonly ClaimStatement[]): void => {
    mergeStatements(claims, found, 'later-wins');
  };
  mergeStatements(claims, analysis.jsonStatements(onPartial), 'later-wins');
  const root: Record<string, unknown> | undefined = Array.isArray(value)
    ? { days: value }
    : (value as Record<string, unknown>);
  if (root === undefined) return;
  const dayList = getKey(root, DAY_LIST_KEYS);
  if (Array.isArray(dayList)) {
    dayList.forEach((d, i) => {
      if (d === null || typeof d !== 'object' || Array.isArray(d)) return;
      const obj = d as Record<string, unknown>;
      const n = dayNumberOf(obj.day ?? obj.day_number ?? obj.第几天) ?? i + 1;
      const text = flattenStrings(obj);
      const locations = new Set<string>();
      walkJson(obj, (o) => {
        for (const [k, v] of Object.entries(o)) {
          if (typeof v !== 'string' || !PLACE_KEYS.has(k.toLowerCase())) continue;
          const name = analysis.cleanName(v);
          if (name !== null) locations.add(name);
        }
      });
      for (const h of placeHits(text, analysis.cleanName)) locations.add(h.name);
      plan.days.push({ day: n, text, locations: [...locations] });
    });
    plan.days = mergeDays(plan.days);
  }
  const budget = getKey(root, BUDGET_KEYS);
  if (budget !== undefined && typeof budget === 'object' && budget !== null) {
    const items: BudgetItem[] = [];
    const entries: Array<[string, unknown]> = Array.isArray(budget)
      ? budget.map((b) => {
          const o = (b ?? {}) as Record<string, unknown>;
          const label = getKey(o, ['category', 'item', 'name', 'type', '类别', '项目']);
          return [typeof label === 'string' ? label : '', b] as [string, unknown];
        })
      : Object.entries(budget as Record<string, unknown>);
    const seen = new Set<string>();
    for (const [k, v] of entries) {
      const amount = amountOf(v);
      if (amount === null) continue;
      if (isTotalKey(k)) {
        if (plan.budgetTotal === null) plan.budgetTotal = amount;
        continue;
      }
      const category = categoryOf(k) ?? (k.trim() || '其他');
      if (seen.has(category)) continue;
      seen.add(category);
      items.push({ category, amount });
    }
    plan.budgetItems = items;
  } else if (typeof budget === 'number' || typeof budget === 'string') {
    plan.budgetTotal = amountOf(budget);
  }
  if (plan.budgetTotal === null) {
    const total = getKey(root, TOTAL_KEYS);
    if (total !== undefined) plan.budgetTotal = amountOf(total);
  }
  const tips = getKey(root, TIP_KEYS);
  if (Array.isArray(tips))
    plan.tips = tips.filter((t): t is string => typeof t === 'string' && t.trim().length > 0);
  else if (typeof tips === 'string' && tips.trim().length > 0) plan.tips = [tips.trim()];
}

function flattenStrings(v: unknown): string {
  const parts: string[] = [];
  let budget = 5_000;
  const walk = (x: unknown, depth: number): void => {
    if (budget-- <= 0 || depth > 10) return;
    if (typeof x === 'string') parts.push(x);
    else if (typeof x === 'number') parts.push(String(x));
    else if (Array.isArray(x)) for (const y of x) walk(y, depth + 1);
    else if (x !== null && typeof x === 'object')
      for (const y of Object.values(x)) walk(y, depth + 1);
  };
  walk(v, 0);
  return parts.join('\n');
}

// ---------------------------------------------------------------- days

/** The numerals a day number is written in: one digit, or up to 99 with 十 (十, 十一, 二十, 二十一). */
const DAY_NUMERAL =
  /^(?:[一二两三四五六七八九]|[一二两三四五六七八九]?十[一二两三四五六七八九]?)$/u;

/** Chinese numerals up to 99 (一, 十, 十一, 二十, 二十一); `null` for anything else. */
export function chineseNumber(s: string): number | null {
  return DAY_NUMERAL.test(s) ? (chineseNumeralValue(s) ?? null) : null;
}

function dayNumberOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isInteger(v) && v > 0 && v < 1000 ? v : null;
  if (typeof v !== 'string') return null;
  const m = /(\d{1,3})/.exec(v);
  if (m) return Number(m[1]) > 0 ? Number(m[1]) : null;
  const c = /([一二两三四五六七八九十]{1,3})/.exec(v);
  return c ? chineseNumber(c[1] ?? '') : null;
}

const DAY_MARKER_RE =
  /第\s{0,2}(\d{1,3}|[一二两三四五六七八九十]{1,3})\s{0,2}[天日]|(?<![A-Za-z])day\s{0,2}(\d{1,3})(?!\d)/gi;
const LINE_START_PREFIX_RE = /^[\s#*>|\-–—•·\d.、【[(（]*$/;

interface Marker {
  day: number;
  start: number;
  end: number;
  lineStart: boolean;
}

function textDays(text: string, places: readonly PlaceHit[]): PlanDay[] {
  const markers: Marker[] = [];
  DAY_MARKER_RE.lastIndex = 0;
  for (let m = DAY_MARKER_RE.exec(text); m !== null; m = DAY_MARKER_RE.exec(text)) {
    const raw = m[1] ?? m[2] ?? '';
    const day = /^\d+$/.test(raw) ? Number(raw) : chineseNumber(raw);
    if (day === null || day < 1) continue;
    // Only the 12 characters before the marker matter, so never scan further back (long lines stay linear).
    const from = Math.max(0, m.index - 13);
    const before = text.slice(from, m.index);
    const nl = before.lastIndexOf('\n');
    const prefix = nl >= 0 ? before.slice(nl + 1) : from === 0 ? before : 'x';
    markers.push({
      day,
      start: m.index,
      end: m.index + m[0].length,
      lineStart: LINE_START_PREFIX_RE.test(prefix),
    });
  }
  if (markers.length === 0) return [];
  // Day headings win over days mentioned inside sentences, when there are at least two of them.
  const headed = markers.filter((mk) => mk.lineStart);
  const used = headed.length >= 2 ? headed : markers;
  const days: PlanDay[] = [];
  let placeIndex = 0;
  for (let i = 0; i < used.length; i++) {
    const mk = used[i];
    if (mk === undefined) continue;
    const end = used[i + 1]?.start ?? text.length;
    const segment = text
      .slice(mk.end, end)
      .replace(/^[\s:：）)】\]*]+/, '')
      .trimEnd();
    // Places found once in the whole text are assigned to the day whose segment holds them.
    // Both lists are in text order, so one moving index keeps this linear.
    const seen = new Set<string>();
    while (placeIndex < places.length && (places[placeIndex]?.start ?? Infinity) < mk.end)
      placeIndex++;
    for (; placeIndex < places.length; placeIndex++) {
      const p = places[placeIndex];
      if (p === undefined || p.start >= end) break;
      seen.add(p.name);
    }
    const locations = [...seen];
    days.push({ day: mk.day, text: segment, locations });
  }
  return mergeDays(days);
}

/** Days with the same number merged (text concatenated, locations united), sorted by day. */
function mergeDays(days: PlanDay[]): PlanDay[] {
  const byDay = new Map<number, { texts: string[]; locations: Set<string> }>();
  for (const d of days) {
    const existing = byDay.get(d.day);
    if (existing === undefined)
      byDay.set(d.day, { texts: [d.text], locations: new Set(d.locations) });
    else {
      existing.texts.push(d.text);
      for (const l of d.locations) existing.locations.add(l);
    }
  }
  return [...byDay.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([day, v]) => ({ day, text: v.texts.join('\n'), locations: [...v.locations] }));
}

// ---------------------------------------------------------------- budget, tips, places

const AMOUNT =
  '(\\d[\\d,]{0,12}(?:\\.\\d{1,2})?(?:\\s{0,2}(?:-|~|～|至|到)\\s{0,2}\\d[\\d,]{0,12}(?:\\.\\d{1,2})?)?)\\s{0,2}(万|千)?\\s{0,2}(元|块)?';

function keywordAmountRe(words: readonly string[]): RegExp {
  return new RegExp(`(?:${words.join('|')})([^\\n\\d]{0,8}?)${AMOUNT}`, 'g');
}

const CATEGORY_RES = BUDGET_CATEGORIES.map(
  ([category, words]) => [category, words, keywordAmountRe(words)] as const,
);
const TOTAL_RES = BUDGET_TOTAL_KEYWORDS.map((w) => [w, keywordAmountRe([w])] as const);

/** Whether `text` contains one of `words` (a keyword regex cannot match otherwise; indexOf is far cheaper). */
function mentionsAny(text: string, words: readonly string[]): boolean {
  for (const w of words) if (text.includes(w)) return true;
  return false;
}

/** First amount after one of the keywords: needs 元 / 万 / 千 after it, or a colon before it. */
function firstAmount(text: string, re: RegExp): number | null {
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const gap = m[1] ?? '';
    const hasUnit = m[3] !== undefined || m[4] !== undefined;
    if (!hasUnit && !/[：:]/.test(gap)) continue;
    const amount = parsePrice(`${m[2] ?? ''}${m[3] ?? ''}`);
    if (amount !== null) return amount;
  }
  return null;
}

function textBudget(text: string): BudgetItem[] {
  const items: BudgetItem[] = [];
  for (const [category, words, re] of CATEGORY_RES) {
    if (!mentionsAny(text, words)) continue;
    const amount = firstAmount(text, re);
    if (amount !== null) items.push({ category, amount });
  }
  return items;
}

function textTotal(text: string): number | null {
  for (const [word, re] of TOTAL_RES) {
    if (!text.includes(word)) continue;
    const amount = firstAmount(text, re);
    if (amount !== null) return amount;
  }
  return null;
}

const TIP_LINE_RE = new RegExp(
  `^[\\s#*>\\-•·\\d.、【\\[]*(?:${TIP_LABELS.join('|')})[】\\]*\\s]*[：:]?\\s*(.*)$`,
  'i',
);
const LIST_ITEM_RE = /^\s*(?:[-*•·]\s+|\d{1,2}[.、)）]\s*)(.+)$/;

function textTips(text: string): string[] {
  const tips: string[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && tips.length < 50; i++) {
    const line = lines[i] ?? '';
    if (line.length > 400) continue;
    const m = TIP_LINE_RE.exec(line);
    if (!m) continue;
    const content = (m[1] ?? '')
      .trim()
      .replace(/^\*+|\*+$/g, '')
      .trim();
    if (content.length > 0) tips.push(content);
    for (let k = i + 1; k < lines.length && k <= i + 10; k++) {
      const next = lines[k] ?? '';
      if (next.trim().length === 0 && k === i + 1) continue;
      const item = LIST_ITEM_RE.exec(next);
      if (!item) break;
      tips.push((item[1] ?? '').trim());
      i = k;
    }
  }
  return tips;
}

/** Place-like names (a CJK run ending in a POI suffix), leading verbs cut, distinct, in order. */
export function placeNames(text: string): string[] {
  return [...new Set(placeHits(text, createNameCleaner(true)).map((h) => h.name))];
}
