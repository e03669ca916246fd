// Fabrication penalty (−12.5 to 0): prices, weather, transport and POI non-use.
import { hasSurrogates } from '@navworld/fact-extractor';
import { SCORING_CONFIG } from '../config';
import type { ScoringContext } from '../context';
import type { TransportGrounding } from './hard-constraints';
import { poiResultLines, readAmount, type RecordPrice } from '../internal/price-text';
import { toolSideTable } from '../internal/tool-side';

const C = SCORING_CONFIG.fabrication;

/** Result of {@link fabricationPenalty}. */
export interface FabricationResult {
  /** The penalty, −12.5 to 0. */
  penalty: number;
  /** Its parts (prices, weather, poi_non_use, amplification, transport). */
  parts: Record<string, number>;
  /** Human-readable findings. */
  findings: string[];
}

const TOOL_POI_RECORDS = Symbol('toolPoiRecords');

/**
 * POI name → its first non-zero record price (and what it prices), from the POI tools' record lists: read once
 * per tool side, and never changed after.
 */
function toolPoiRecords(ctx: ScoringContext): ReadonlyMap<string, RecordPrice> {
  return toolSideTable(ctx, TOOL_POI_RECORDS, () => readToolPoiRecords(ctx));
}

function readToolPoiRecords(ctx: ScoringContext): Map<string, RecordPrice> {
  const prices = new Map<string, RecordPrice>();
  for (const lines of poiResultLines(ctx)) {
    let current: string | null = null;
    for (const { name, price } of lines) {
      if (name !== undefined) {
        current = name;
        continue;
      }
      // Only the first price line after a name counts.
      if (current === null) continue;
      if (price) {
        if (price.value > 0 && !prices.has(current)) prices.set(current, price);
        current = null;
      }
    }
  }
  return prices;
}

/** POI name → price, from the POI tools' record lists. */
export function toolPoiPrices(ctx: ScoringContext): Map<string, number> {
  const prices = new Map<string, number>();
  for (const [name, price] of toolPoiRecords(ctx)) prices.set(name, price.value);
  return prices;
}

/** UTF-16 end of the first `count` code points of `text` from `from` (a lone surrogate counts as one). */
function codePointsEnd(text: string, from: number, count: number, limit: number): number {
  let i = from;
  for (let k = 0; k < count && i < limit; k++) {
    const c = text.charCodeAt(i);
    i +=
      c >= 0xd800 && c <= 0xdbff && i + 1 < limit && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
        ? 2
        : 1;
  }
  return i;
}

/**
 * Whether `name` may occur in the answer as given. Lower-casing and full-width folding map each code point on
 * its own (the final sigma aside, which changes under lower-casing), so a name lower-casing leaves unchanged
 * and without surrogates (which could pair with a neighbour) occurs in the answer only if its search form
 * occurs in the answer's, whose shared search index answers at once.
 */
function mayOccur(ctx: ScoringContext, name: string): boolean {
  if (name.toLowerCase() !== name || hasSurrogates(name)) return true;
  return ctx.exact(name).length > 0;
}

/**
 * Whether the occurrence of `name` at `at` is part of a longer tool POI's name written there (黄山 in
 * 黄山自然博物馆, 西湖 in 小西湖): then it names that other place.
 */
function insideLongerPoi(ctx: ScoringContext, name: string, at: number): boolean {
  const text = ctx.answer;
  for (const other of ctx.toolFacts.pois) {
    if (other.length <= name.length) continue;
    for (let k = other.indexOf(name); k >= 0; k = other.indexOf(name, k + 1))
      if (at - k >= 0 && text.startsWith(other, at - k)) return true;
  }
  return false;
}

/**
 * Whether another tool POI's name starts right at `at`, so that the name before it only qualifies that place:
 * 黄山西递 on a trip to 黄山 writes the city (itself a tool POI, the mountain) in front of 西递, whose price
 * follows.
 */
function startsAnotherPoi(ctx: ScoringContext, name: string, at: number): boolean {
  const text = ctx.answer;
  return ctx.toolFacts.pois.some(
    (other) => other !== name && other.length >= 2 && text.startsWith(other, at),
  );
}

/** A price the answer states for a POI. */
interface StatedPrice {
  /** The amount (CNY); 0 for free admission. */
  value: number;
  /** Stated in words (免费参观 …), not as an amount. */
  free: boolean;
}

/**
 * The price the window after a POI name states for that POI, or undefined: for a hotel its first nightly price;
 * otherwise the first labelled amount, or for a sight free admission in words right after the name, as 0元.
 */
function statedPrice(window: string, record: RecordPrice): StatedPrice | undefined {
  if (record.kind === 'ticket' && C.freeAdmission.test(window)) return { value: 0, free: true };
  const m = (record.kind === 'room' ? C.answerRoomPrice : C.answerPrice).exec(window);
  // Each alternative of the patterns captures its amount in a group of its own.
  const amount = m?.slice(1).find((g) => g !== undefined);
  return amount !== undefined ? { value: readAmount(amount), free: false } : undefined;
}

/**
 * Prices the answer states right after a tool POI's name that are more than 10 % off the tool's price (free
 * admission claimed for a paid sight is 100 % off).
 */
function poiPriceFabrications(ctx: ScoringContext, findings: string[]): number {
  let count = 0;
  const text = ctx.answer;
  for (const [name, record] of toolPoiRecords(ctx)) {
    if (name === '' || !mayOccur(ctx, name)) continue;
    const toolPrice = record.value;
    // The first few sequential occurrences, as `findInAnswer(name, 8)` lists them, until one states a price.
    let from = 0;
    for (let seen = 0; seen < 8; seen++) {
      const at = text.indexOf(name, from);
      if (at < 0) break;
      from = at + name.length;
      // The window counts code points (at most twice as many UTF-16 units).
      const start = at + name.length;
      // An occurrence inside a longer tool POI's name (黄山 in 黄山规划展览馆, 西湖 in 小西湖) is that place, not
      // this one: its price or its 免费参观 is no claim about this one.
      if (insideLongerPoi(ctx, name, at)) continue;
      // The window stays on the name's line: the next line's price belongs to the next place listed.
      const lineEnd = text.indexOf('\n', start);
      const limit = Math.min(lineEnd < 0 ? text.length : lineEnd, start + C.poiPriceWindow * 2);
      const window = text.slice(start, codePointsEnd(text, start, C.poiPriceWindow, limit));
      const stated = statedPrice(window, record);
      if (!stated) continue;
      if (startsAnotherPoi(ctx, name, start)) continue;
      if (Math.abs(stated.value - toolPrice) / toolPrice > C.priceTolerance) {
        findings.push(`price ${name}: ${stated.free ? 'free' : stated.value} (tool ${toolPrice})`);
        count++;
      }
      break;
    }
  }
  return count;
}

function isTemperature(w: string): boolean {
  return w.endsWith('度');
}

/** Weather conditions the answer states (in weather context) that no tool forecast contains. */
function weatherFabrications(ctx: ScoringContext): string[] {
  if (!ctx.called.has('weather')) return [];
  const tool = ctx.toolFacts.weather.filter((w) => !isTemperature(w));
  const answer = ctx.answerFacts.weather.filter((w) => !isTemperature(w));
  if (tool.length === 0 || answer.length === 0) return [];
  // A condition is supported when a tool condition contains it or it contains one (阵雨 vs 雷阵雨).
  return answer.filter((w) => !tool.some((t) => t.includes(w) || w.includes(t)));
}

/**
 * Fabrication penalty: −3 per POI price off by > 10 % (free admission stated for a paid sight included), −2 once for invented weather, −3 when POI tools
 * returned ≥ 3 POIs and none is named; pushed to −10 when IC / 25 < 0.4 and the penalty is below −3; then
 * −5 × the transport fabrication ratio when it exceeds 0.1; never below −12.5. Answers under 200 code points
 * skip the whole check.
 */
export function fabricationPenalty(
  ctx: ScoringContext,
  ic: number,
  transport: TransportGrounding,
): FabricationResult {
  const parts: Record<string, number> = {};
  const findings: string[] = [];
  if (ctx.trimmedLength < SCORING_CONFIG.formatMinLength)
    return { penalty: 0, parts: { skipped_short: 0 }, findings };
  let penalty = 0;
  const priceCount = poiPriceFabrications(ctx, findings);
  if (priceCount > 0) {
    parts['prices'] = priceCount * C.pricePenalty;
    penalty += parts['prices'];
  }
  const weather = weatherFabrications(ctx);
  if (weather.length > 0) {
    parts['weather'] = C.weatherPenalty;
    penalty += C.weatherPenalty;
    findings.push(`weather: ${weather.join(', ')}`);
  }
  const poiToolsCalled = ctx.called.has('poi_search') || ctx.called.has('around_search');
  const toolPois = ctx.toolFacts.pois.filter((p) => p !== '');
  if (
    poiToolsCalled &&
    toolPois.length >= C.poiNonUseMinPois &&
    !toolPois.some((p) => ctx.poiMatched(p))
  ) {
    parts['poi_non_use'] = C.poiNonUsePenalty;
    penalty += C.poiNonUsePenalty;
  }
  penalty = Math.max(C.max, penalty);
  if (ic / 25 < C.lowIcRatio && penalty < C.amplifyTrigger && penalty > C.amplifiedPenalty) {
    parts['amplification'] = C.amplifiedPenalty - penalty;
    penalty = C.amplifiedPenalty;
  }
  if (transport.total > 0 && transport.fabricationRatio > C.transportRatioThreshold) {
    const extra = C.transportPenaltyScale * transport.fabricationRatio;
    parts['transport'] = extra;
    penalty += extra;
  }
  return { penalty: Math.max(C.max, penalty), parts, findings };
}
