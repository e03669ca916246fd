// Fact precision: of everything checkable the answer states, how much the tools of this episode returned.
import { SCORING_CONFIG } from '../config';
import type { ScoringContext } from '../context';
import { allMatches, round } from '../internal/text';
import { unitTest } from './internal-price-text';
import type { PriceGroundingResult } from './price-grounding';

const C = SCORING_CONFIG.factPrecision;

/** Result of {@link factPrecision}. */
export interface FactPrecisionResult {
  /** Checkable facts: counted prices and dated weather facts. */
  checked: number;
  /** Those the tools of this episode do not support. */
  unsupported: number;
  /** unsupported / checked. */
  ratio: number;
  /** Parts of the count. */
  parts: {
    /** Prices: [counted, untraceable]. */
    prices: [number, number];
    /** Dated weather facts: [checked, unsupported]. */
    weather: [number, number];
  };
  /** Multiplier on the code score. */
  multiplier: number;
}

/** One day of a weather forecast. */
interface Forecast {
  conditions: string[];
  temperatures: Set<number>;
  winds: string[];
}

/** Month-day key of a date written 2025-03-04, 2025/3/4 or 3月4日. */
function dayKey(month: string, day: string): string {
  return `${Number(month)}-${Number(day)}`;
}

/** The weather tool's forecasts by day. */
function forecasts(ctx: ScoringContext): Map<string, Forecast> {
  const out = new Map<string, Forecast>();
  ctx.trace.forEach((entry, i) => {
    if (entry.name !== 'weather' || !entry.ok) return;
    let current: Forecast | undefined;
    for (const line of (ctx.resultTexts[i] ?? '').split('\n')) {
      const date = C.toolDate.exec(line);
      if (date) {
        const key = dayKey(date[1]!, date[2]!);
        current = out.get(key) ?? { conditions: [], temperatures: new Set(), winds: [] };
        out.set(key, current);
        continue;
      }
      if (!current) continue;
      const field = C.toolField.exec(line);
      if (!field) continue;
      const [, name, value] = field as unknown as [string, string, string];
      if (name.includes('天气')) current.conditions.push(value);
      else if (name.includes('温度')) current.temperatures.add(Number.parseInt(value, 10));
      else if (name.includes('风向')) current.winds.push(value);
    }
  });
  return out;
}

/**
 * Both forms of the configured date pattern open with a decimal digit, so a match can only start at one:
 * {@link datesOf} tries just those positions (the pattern's Unicode digit class costs about as much per
 * character as the rest of the rule). A changed pattern may not, so any other pattern is scanned in full.
 */
const DIGIT_LED_DATE =
  C.answerDate.source ===
    String.raw`(?:19|20)\p{Nd}{2}[-/.](\p{Nd}{1,2})[-/.](\p{Nd}{1,2})|(\p{Nd}{1,2})月(\p{Nd}{1,2})[日号]` &&
  C.answerDate.flags === 'gu';
const DATE_AT = new RegExp(C.answerDate.source, 'uy');
const DIGIT = /\p{Nd}/u;
const isDigitUnit = unitTest(DIGIT);

/** The first two matches of the date pattern in a line, as `allMatches(answerDate, line, 2)` finds them. */
function datesOf(line: string): RegExpExecArray[] {
  if (!DIGIT_LED_DATE) return allMatches(C.answerDate, line, 2);
  const out: RegExpExecArray[] = [];
  let i = 0;
  while (i < line.length && out.length < 2) {
    const c = line.charCodeAt(i);
    // Like the global scan, step by code point; a pair is a digit only if its code point is one.
    const pair = c >= 0xd800 && c <= 0xdbff && (line.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair ? DIGIT.test(line.slice(i, i + 2)) : isDigitUnit(c)) {
      DATE_AT.lastIndex = i;
      const m = DATE_AT.exec(line);
      if (m) {
        out.push(m);
        i = DATE_AT.lastIndex;
        continue;
      }
    }
    i += pair ? 2 : 1;
  }
  return out;
}

/** Dated weather facts of the answer checked against that day's forecast: [checked, unsupported]. */
function datedWeather(ctx: ScoringContext): [number, number] {
  const days = forecasts(ctx);
  if (days.size === 0) return [0, 0];
  let checked = 0;
  let unsupported = 0;
  for (const line of ctx.answer.split('\n')) {
    const dates = datesOf(line);
    if (dates.length !== 1) continue;
    const m = dates[0]!;
    const day = days.get(dayKey(m[1] ?? m[3]!, m[2] ?? m[4]!));
    if (!day) continue;
    for (const t of allMatches(C.temperature, line)) {
      checked++;
      if (!day.temperatures.has(Number.parseInt(t[1]!, 10))) unsupported++;
    }
    for (const c of allMatches(C.condition, line)) {
      checked++;
      if (!day.conditions.some((x) => x.includes(c[0]) || c[0].includes(x))) unsupported++;
    }
    for (const w of allMatches(C.wind, line)) {
      checked++;
      if (!day.winds.includes(w[0])) unsupported++;
    }
  }
  return [checked, unsupported];
}

/** Multiplier for an unsupported share: 1 up to `freeRatio`, linearly down to `floor` at `floorRatio`. */
export function factPrecisionMultiplier(ratio: number): number {
  if (ratio <= C.freeRatio) return 1;
  const m = 1 - (1 - C.floor) * ((ratio - C.freeRatio) / (C.floorRatio - C.freeRatio));
  return Math.max(C.floor, m);
}

/**
 * Fact precision (named defence `fact_precision`): pools every fact of the answer that can be checked
 * against this episode's tool results — the prices of {@link priceGrounding} and the weather conditions,
 * temperatures and wind directions written on a dated line (checked against that day's forecast) — and
 * scales the code score by the unsupported share. Named places are left out: a plan may rightly name
 * well-known sights the tools did not list. A plan memorised from
 * another epoch, or written from another trace, states facts the tools did not return this time.
 */
export function factPrecision(
  ctx: ScoringContext,
  prices: PriceGroundingResult,
): FactPrecisionResult {
  const weather = datedWeather(ctx);
  const checked = prices.counted + weather[0];
  const unsupported = prices.ungrounded + weather[1];
  const ratio = checked > 0 ? unsupported / checked : 0;
  return {
    checked,
    unsupported,
    ratio: round(ratio, 4),
    parts: { prices: [prices.counted, prices.ungrounded], weather },
    multiplier: checked >= C.minChecked ? factPrecisionMultiplier(ratio) : 1,
  };
}
