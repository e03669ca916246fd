// Price grounding: the share of the answer's prices that can be traced to tool prices, to the user's own
// numbers, or to arithmetic over them.
import { SCORING_CONFIG, type PoiPriceKind } from '../config';
import type { ScoringContext } from '../context';
import { round, linearFall } from '../internal/text';
import { close, derivedWith, ratioTable } from '../internal/price-derived';
import { LinesWith, unitTest } from '../internal/text';
import { poiResultLines, resultAmounts } from '../internal/price-text';
import { toolSideTable } from '../internal/tool-side';

export { isDerivedPrice } from '../internal/price-derived';

const C = SCORING_CONFIG.priceGrounding;
const YUAN = 0x5143;
/** ¥ and its full-width form ￥: a currency sign before an amount. */
const YEN = 0xa5;
const FULLWIDTH_YEN = 0xffe5;

function isYenSign(c: number): boolean {
  return c === YEN || c === FULLWIDTH_YEN;
}
const isClauseEnd = unitTest(C.clauseEnd);
/** The signs that make a line state a price. */
const PRICE_MARKS = ['元', '\u00a5', '\uffe5'];

/** How one stated price was classified. */
export type PriceClaimKind =
  'tool' | 'bound_poi' | 'user' | 'derived' | 'estimate' | 'ungrounded' | 'mismatched_poi';

/** One price the answer states. */
export interface PriceClaim {
  /** The stated amount (CNY). */
  value: number;
  /** Verdict. */
  kind: PriceClaimKind;
}

/** Result of {@link priceGrounding}. */
export interface PriceGroundingResult {
  /** Prices counted (estimates excluded). */
  counted: number;
  /** Counted prices that could not be traced (ungrounded or contradicting their POI's tool price). */
  ungrounded: number;
  /** ungrounded / counted (0 when nothing is counted). */
  ratio: number;
  /** Multiplier on the code score. */
  multiplier: number;
  /** The first few untraceable prices, for debug results. */
  examples: string[];
  /** Every stated price and its verdict. */
  claims: PriceClaim[];
}

/** A tool POI's record prices. */
interface PoiPrice {
  name: string;
  values: number[];
  labels: Set<PoiPriceKind>;
}

/** What the label of a price the answer states prices. */
function labelOf(word: string): PoiPriceKind {
  if (word === '人均') return 'meal';
  if (word === '房价' || word === '每晚' || word === '晚') return 'room';
  return 'ticket';
}

/** A number found in a text: UTF-16 span, value, and whether it is an amount (元 after it or ¥ before it). */
export interface NumberToken {
  /** UTF-16 index of the first digit. */
  index: number;
  /** UTF-16 index after the last digit. */
  end: number;
  /** The number. */
  value: number;
  /** Whether it is an amount: 元 follows, or ¥ / ￥ comes right before (either after optional spaces). */
  yuan: boolean;
  /**
   * UTF-16 index after the amount's currency: after its 元, else (a ¥ amount, or no amount) `end`. Words such
   * as 每晚 are read from here.
   */
  unitEnd: number;
  /** Part of a clock time or a date (08:30, 2025-03-04): never an operand or a count. */
  stamp: boolean;
}

function isStampSeparator(c: number): boolean {
  return c === 58 || c === 0xff1a || c === 45 || c === 47;
}

function digitOf(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 0xff10 && c <= 0xff19) return c - 0xff10;
  return -1;
}

/** Spaces allowed between an amount and its 元. */
function isAmountSpace(c: number): boolean {
  return c === 32 || c === 0x3000;
}

/** UTF-16 index after the number {@link readNumber} read last (a second result, without allocating). */
let readEnd = 0;

/**
 * The number whose first digit is at `start`: ASCII or full-width digits, ASCII thousands separators followed
 * by exactly three digits, one decimal part. Sets {@link readEnd}.
 */
function readNumber(text: string, start: number): number {
  const n = text.length;
  let i = start;
  let value = 0;
  for (;;) {
    for (let d = digitOf(text.charCodeAt(i)); i < n && d >= 0; d = digitOf(text.charCodeAt(++i)))
      value = value * 10 + d;
    if (
      text.charCodeAt(i) === 44 &&
      digitOf(text.charCodeAt(i + 1)) >= 0 &&
      digitOf(text.charCodeAt(i + 2)) >= 0 &&
      digitOf(text.charCodeAt(i + 3)) >= 0 &&
      digitOf(text.charCodeAt(i + 4)) < 0
    ) {
      i++;
      continue;
    }
    break;
  }
  if (text.charCodeAt(i) === 46 && digitOf(text.charCodeAt(i + 1)) >= 0) {
    const whole = value;
    let fraction = 0;
    let places = 0;
    let scale = 0.1;
    i++;
    for (let d = digitOf(text.charCodeAt(i)); i < n && d >= 0; d = digitOf(text.charCodeAt(++i))) {
      value += d * scale;
      scale /= 10;
      fraction = fraction * 10 + d;
      places++;
    }
    // The sum above is within 1e-9 of the written decimal when the whole part is below 10⁶ and there are at
    // most 6 places, so rounding it to 6 places gives exactly that decimal, which one division by a power
    // of ten rounds the same way as parsing it; toFixed is slow.
    value =
      places <= 6 && whole < 1e6
        ? (whole * 10 ** places + fraction) / 10 ** places
        : Number(value.toFixed(6));
  }
  readEnd = i;
  return value;
}

/**
 * Every number of a text (ASCII or full-width digits, one decimal part, ASCII thousands separators followed
 * by exactly three digits) with whether it is an amount: 元 after it or ¥ / ￥ before it, after optional
 * spaces. A single linear scan: this runs on every answer and on the user's request.
 */
export function scanNumbers(text: string): NumberToken[] {
  return numbersIn(text, 0, text.length);
}

/**
 * The {@link scanNumbers} tokens that start in `text[from, to)`, for a whole line: no token spans a line
 * break, and the characters read around a token (a ¥ before it, 元 or a clock's colon after it) lie on its
 * line, so a line's tokens are those a scan of the whole text finds there.
 */
function numbersIn(text: string, from: number, to: number): NumberToken[] {
  const out: NumberToken[] = [];
  const n = text.length;
  let i = from;
  while (i < to) {
    if (digitOf(text.charCodeAt(i)) < 0) {
      i++;
      continue;
    }
    const start = i;
    const value = readNumber(text, start);
    const end = readEnd;
    i = end;
    let j = end;
    while (j < n && isAmountSpace(text.charCodeAt(j))) j++;
    const stamp =
      (isStampSeparator(text.charCodeAt(end)) && digitOf(text.charCodeAt(end + 1)) >= 0) ||
      (start > 0 &&
        isStampSeparator(text.charCodeAt(start - 1)) &&
        digitOf(text.charCodeAt(start - 2)) >= 0);
    const suffix = text.charCodeAt(j) === YUAN;
    let k = start;
    while (k > 0 && isAmountSpace(text.charCodeAt(k - 1))) k--;
    const yuan = suffix || (k > 0 && isYenSign(text.charCodeAt(k - 1)));
    out.push({ index: start, end, value, yuan, unitEnd: suffix ? j + 1 : end, stamp });
  }
  return out;
}

/**
 * The values of the `yuan` tokens of {@link scanNumbers}, in order, found from each 元 backwards: tool results
 * are long and hold few amounts. A token never spans a character other than a digit, `,` or `.`, so reading
 * the run of those characters before the 元 from its start splits it as a scan of the whole text does; the
 * amount is the number that ends where the spaces before the 元 begin.
 */
function yuanAmounts(text: string): number[] {
  const out: number[] = [];
  for (let y = text.indexOf('元'); y >= 0; y = text.indexOf('元', y + 1)) {
    let k = y;
    while (k > 0 && isAmountSpace(text.charCodeAt(k - 1))) k--;
    if (k === 0 || digitOf(text.charCodeAt(k - 1)) < 0) continue;
    let i = k - 1;
    for (;;) {
      const c = text.charCodeAt(i - 1);
      if (i === 0 || (digitOf(c) < 0 && c !== 44 && c !== 46)) break;
      i--;
    }
    while (i < k) {
      if (digitOf(text.charCodeAt(i)) < 0) {
        i++;
        continue;
      }
      const value = readNumber(text, i);
      i = readEnd;
      if (i === k) out.push(value);
    }
  }
  return out;
}

/** The tool results' prices, as {@link toolPrices} gives them. */
interface ToolPrices {
  all: Set<number>;
  taxi: Set<number>;
  pois: Map<string, PoiPrice>;
  differences: () => Set<number>;
}

const TOOL_PRICES = Symbol('toolPrices');

/**
 * Every amount followed by 元 in the tool results, and the POI record prices by POI name: read once per tool
 * side, and never changed after.
 */
function toolPrices(ctx: ScoringContext): ToolPrices {
  return toolSideTable(ctx, TOOL_PRICES, () => readToolPrices(ctx));
}

function readToolPrices(ctx: ScoringContext): ToolPrices {
  const all = new Set<number>();
  const taxi = new Set<number>();
  const pois = new Map<string, PoiPrice>();
  ctx.trace.forEach((entry, i) => {
    if (!entry.ok) return;
    const text = ctx.resultTexts[i] ?? '';
    for (const v of resultAmounts(ctx, text, yuanAmounts)) {
      all.add(v);
      if (entry.name === 'direction') taxi.add(v);
    }
  });
  for (const lines of poiResultLines(ctx)) {
    let current: PoiPrice | undefined;
    for (const { name, price } of lines) {
      if (name !== undefined) {
        current = pois.get(name) ?? { name, values: [], labels: new Set() };
        pois.set(name, current);
        continue;
      }
      // Price lines before the first name belong to no POI.
      if (!current) continue;
      // A price that does not say what it prices cannot be bound by kind.
      if (price?.kind) {
        current.labels.add(price.kind);
        current.values.push(price.value);
      }
    }
  }
  for (const [k, p] of pois) if (p.values.length === 0) pois.delete(k);
  let diffs: Set<number> | undefined;
  // The closure keeps the fares' claims, not the context: the table outlives the episode that built it.
  const transport = ctx.toolFacts.transport;
  const differences = (): Set<number> => {
    if (diffs) return diffs;
    const fares = [...new Set(transport.map((t) => t.price ?? 0).filter((p) => p > 0))];
    diffs = new Set<number>();
    for (const a of fares) for (const b of fares) if (a > b) diffs.add(a - b);
    return diffs;
  };
  return { all, taxi, pois, differences };
}

/** Numbers of the user's request (budget, group size, days …): a plan may repeat or split them. */
function userNumbers(ctx: ScoringContext): Set<number> {
  const out = new Set<number>();
  for (const t of scanNumbers(ctx.problem.prompt)) if (!t.stamp) out.add(t.value);
  out.add(ctx.problem.budget);
  return out;
}

/** Small counts a plan multiplies or divides by: people, days, nights, rooms. */
function counts(ctx: ScoringContext, lineNumbers: readonly NumberToken[]): number[] {
  const p = ctx.problem;
  // A short list deduplicated in first-seen order, as a Set would be.
  const out: number[] = [];
  for (const n of [p.groupSize, p.numDays, Math.max(1, p.numDays - 1)])
    if (!out.includes(n)) out.push(n);
  for (const t of lineNumbers) {
    const n = t.value;
    if (!t.stamp && Number.isInteger(n) && n > 0 && n <= C.maxCount && !out.includes(n))
      out.push(n);
  }
  return out.filter((n) => n > 0);
}

/** A mention of a tool POI that carries a record price: code-point span [at, end). */
interface PricedMention {
  at: number;
  end: number;
  poi: PoiPrice;
}

/** The mentions of priced tool POIs, sorted by start, and the longest of them in code points. */
interface PricedPositions {
  mentions: PricedMention[];
  longest: number;
}

/** Code-point positions of tool POIs that carry a record price, sorted. */
function pricedPoiPositions(
  ctx: ScoringContext,
  pois: ReadonlyMap<string, PoiPrice>,
): PricedPositions {
  const out: PricedMention[] = [];
  // Exact mentions only: a price is bound to a name written out in full (abbreviations fall back to the bag).
  for (const poi of pois.values()) {
    const length = poi.name.length;
    for (const i of ctx.exact(poi.name))
      out.push({ at: ctx.cpi.at(i), end: ctx.cpi.at(i + length), poi });
  }
  // A name inside a longer one (丽江古城 in 铂悦酒店(丽江古城店)) is not a separate mention.
  out.sort((a, b) => a.at - b.at || b.end - a.end);
  const kept: PricedMention[] = [];
  let longest = 0;
  for (const p of out) {
    const last = kept.at(-1);
    if (last && p.at >= last.at && p.end <= last.end) continue;
    kept.push(p);
    longest = Math.max(longest, p.end - p.at);
  }
  return { mentions: kept, longest };
}

/** Multiplier for a price fabrication ratio: 1 up to the free ratio, linearly down to the floor. */
export function priceGroundingMultiplier(ratio: number): number {
  return linearFall(ratio, C.freeRatio, C.floorRatio, C.floor);
}

/**
 * Multiplier for the number of untraceable prices, whatever their share: 1 up to `freeCount`, linearly down to
 * the floor at `floorCount`.
 */
export function untracedPricesMultiplier(count: number): number {
  return linearFall(count, C.freeCount, C.floorCount, C.floor);
}

/**
 * Price grounding. Each amount in 元 the answer states is traced: a price labelled as a POI's (人均, 门票,
 * per night) next to a tool POI must match that POI's record price; a taxi fare must be one the route tool
 * returned; any other price must be a tool price or a number of the user's request; failing that it may be
 * arithmetic over already traced prices (a run of terms summed, a product or split by a count of people,
 * days, nights or rooms, a difference such as the budget left); a fare difference (贵 / 便宜 N 元) must be
 * the difference of two tool fares. A POI's labelled price binds to the nearest POI in its clause whose
 * record has that kind of price. Round amounts that are not bound to a POI (multiples of 50) are a plan's
 * own allocations and estimates: not counted. The multiplier falls from 1 at 20 % untraceable prices to the floor,
 * and from 1 at 8 untraceable prices to the floor at 24 ({@link untracedPricesMultiplier}); the lower applies.
 */
export function priceGrounding(ctx: ScoringContext): PriceGroundingResult {
  const claims: PriceClaim[] = [];
  const none: PriceGroundingResult = {
    counted: 0,
    ungrounded: 0,
    ratio: 0,
    multiplier: 1,
    examples: [],
    claims,
  };
  if (ctx.trace.length === 0 || ctx.trimmedLength < SCORING_CONFIG.formatMinLength) return none;
  const tool = toolPrices(ctx);
  if (tool.all.size === 0) return none;
  const user = userNumbers(ctx);
  const positions = pricedPoiPositions(ctx, tool.pois);
  const traced = new Set<number>();
  const recent: number[] = [];
  const examples: string[] = [];
  let counted = 0;
  let ungrounded = 0;
  const text = ctx.answer;
  // Only lines holding 元, ¥ or ￥ state prices: jump from one such line to the next, reading its numbers (a
  // repeated line once).
  for (const lines = new LinesWith(text, PRICE_MARKS, true); lines.next();) {
    const lineFrom = lines.from;
    const lineEnd = lines.end;
    const numbers = numbersIn(text, lineFrom, lineEnd);
    let countList: number[] | undefined;
    let table: ReturnType<typeof ratioTable> | undefined;
    const clause = lineClauses(text, lineFrom, lineEnd);
    for (let mi = 0; mi < numbers.length; mi++) {
      const m = numbers[mi]!;
      if (!m.yuan) continue;
      const v = m.value;
      const before = text.slice(Math.max(lineFrom, m.index - C.labelWindow), m.index);
      const after = text.slice(m.unitEnd, Math.min(m.unitEnd + 3, lineEnd));
      let kind: PriceClaimKind;
      const labelWord = C.poiLabel.exec(before)?.[1] ?? (C.perNight.test(after) ? '晚' : undefined);
      const bound =
        labelWord !== undefined
          ? nearestPoi(ctx, positions, labelOf(labelWord), clause, m.index)
          : undefined;
      if (bound) {
        kind = bound.values.some((p) => close(p, v, C.poiTolerance))
          ? 'bound_poi'
          : 'mismatched_poi';
      } else if (C.taxiLabel.test(before) ? tool.taxi.has(v) : tool.all.has(v)) kind = 'tool';
      else if (C.differenceLabel.test(before) && tool.differences().has(v)) kind = 'tool';
      else if (user.has(v)) kind = 'user';
      else if (traced.has(v)) kind = 'derived';
      else {
        const operands: number[] = [];
        for (let k = Math.max(0, mi - C.operandWindow); k < mi; k++) {
          const n = numbers[k]!;
          if (!n.stamp && (traced.has(n.value) || user.has(n.value))) operands.push(n.value);
        }
        countList ??= counts(ctx, numbers);
        table ??= ratioTable(countList);
        if (derivedWith(v, operands, recent.slice(-C.runTerms), countList, table)) kind = 'derived';
        else if (v % C.allocationStep === 0) kind = 'estimate';
        else kind = 'ungrounded';
      }
      claims.push({ value: v, kind });
      if (kind === 'estimate') continue;
      counted++;
      if (kind === 'ungrounded' || kind === 'mismatched_poi') {
        ungrounded++;
        if (examples.length < C.maxExamples) examples.push(`${kind}: ${v}元`);
      } else {
        traced.add(v);
        recent.push(v);
      }
    }
  }
  const ratio = counted > 0 ? ungrounded / counted : 0;
  // Their number too: repeating the tools' own prices dilutes the share of invented ones.
  const multiplier =
    counted >= C.minClaims
      ? Math.min(priceGroundingMultiplier(ratio), untracedPricesMultiplier(ungrounded))
      : 1;
  return { counted, ungrounded, ratio: round(ratio, 4), multiplier, examples, claims };
}

/** A clause of a line: UTF-16 offsets [from, to), `to` at its clause end or at the line end. */
interface Clause {
  from: number;
  to: number;
}

/**
 * The clause around each price of a line, for prices asked in text order: each clause is read once, however
 * many prices it holds (finding it anew per price made a long clause of prices quadratic). A price is a digit,
 * never a clause end, so a price before the current clause's end lies in that clause.
 */
function lineClauses(text: string, lineFrom: number, lineEnd: number): (index: number) => Clause {
  let current: Clause | undefined;
  return (index) => {
    if (current !== undefined && index < current.to) return current;
    // The previous clause ends before this price: the new one starts after that end at the earliest.
    const floor = current === undefined ? lineFrom : current.to + 1;
    let from = index;
    while (from > floor && !isClauseEnd(text.charCodeAt(from - 1))) from--;
    let to = index;
    while (to < lineEnd && !isClauseEnd(text.charCodeAt(to))) to++;
    current = { from, to };
    return current;
  };
}

/**
 * The tool POI with a record price of the claim's kind named nearest to the price, in the same clause and
 * within the binding window, if any. `positions` is sorted by start, so only the mentions that can lie within
 * the window are visited: from the first that can end within it to the last that starts within it.
 */
function nearestPoi(
  ctx: ScoringContext,
  positions: PricedPositions,
  label: PoiPriceKind,
  clauseAround: (index: number) => Clause,
  index: number,
): PoiPrice | undefined {
  const mentions = positions.mentions;
  if (mentions.length === 0) return undefined;
  const clause = clauseAround(index);
  const at = ctx.cpi.at(index);
  const hi = ctx.cpi.at(clause.to);
  // A mention starting before this ends more than the window before the price.
  const lo = Math.max(ctx.cpi.at(clause.from), at - C.bindWindow - positions.longest);
  let a = 0;
  let b = mentions.length;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (mentions[mid]!.at < lo) a = mid + 1;
    else b = mid;
  }
  let best: PoiPrice | undefined;
  let bestDistance = C.bindWindow + 1;
  const last = Math.min(hi, at + C.bindWindow);
  for (let i = a; i < mentions.length; i++) {
    const p = mentions[i]!;
    // A mention ends after it starts: once one starts past the clause, all later ones end past it; once one
    // starts past the window, so do all later ones.
    if (p.at > last) break;
    if (p.end > hi || !p.poi.labels.has(label)) continue;
    const d = p.end <= at ? at - p.end : p.at >= at ? p.at - at : 0;
    if (d < bestDistance) {
      bestDistance = d;
      best = p.poi;
    }
  }
  return best;
}
