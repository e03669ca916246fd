// Arithmetic tracing of a stated price (sums, products, splits, differences of grounded operands). The verdict
// is defined by checking `close` on every candidate; the search below skips only candidates that provably
// fail, so it returns the same verdict with far fewer checks.
import { SCORING_CONFIG } from '../config';
import { lowerBound } from './text';

const C = SCORING_CONFIG.priceGrounding;

/** Whether `a` and `b` agree within the absolute tolerance or `tolerance` of the larger. */
export function close(a: number, b: number, tolerance: number): boolean {
  return Math.abs(a - b) <= Math.max(C.absoluteTolerance, tolerance * Math.max(a, b));
}

/** Relative slack on every bound: far above rounding error, far below any tolerance. */
const SLACK = 1e-9;

/** Whether the window below can be computed (finite price, sane tolerances); else it is unbounded. */
function bounded(v: number): boolean {
  const t = C.derivedTolerance;
  return Number.isFinite(v) && t >= 0 && t < 1 && C.absoluteTolerance >= 0;
}

/**
 * The low end of the window [lo, hi] outside which `close(x, v, derivedTolerance)` is false for every x
 * except +∞ (a candidate that overflows is still checked), widened by {@link SLACK}.
 */
function windowLow(v: number): number {
  const a = C.absoluteTolerance;
  if (!bounded(v)) return -Infinity;
  return v - Math.max(a, C.derivedTolerance * v) - SLACK * (1 + Math.abs(v) + a);
}

/** The high end of the window of {@link windowLow}. */
function windowHigh(v: number): number {
  const a = C.absoluteTolerance;
  if (!bounded(v)) return Infinity;
  return Math.max(v + a, v / (1 - C.derivedTolerance)) + SLACK * (1 + Math.abs(v) + a);
}

/** One candidate value: `close` on it, with the window checked first. */
function hit(x: number, v: number, lo: number, hi: number): boolean {
  return x >= lo && (x <= hi || x === Infinity) && close(x, v, C.derivedTolerance);
}

/**
 * Whether every term is finite and ≥ 0 and their sum is finite: then no sum of them overflows, and since
 * rounding is monotone, adding a term never makes a sum smaller, which lets the searches below stop early.
 */
function plainTerms(terms: readonly number[]): boolean {
  let s = 0;
  for (const t of terms) {
    if (!(t >= 0)) return false;
    s += t;
  }
  return Number.isFinite(s);
}

/** Whether `v` is the sum of the last k ≥ 2 of `terms`. */
function tailSum(terms: readonly number[], v: number, lo: number, hi: number): boolean {
  const stop = plainTerms(terms) ? hi : Infinity;
  let s = terms.at(-1) ?? 0;
  for (let i = terms.length - 2; i >= 0; i--) {
    s += terms[i]!;
    if (hit(s, v, lo, hi)) return true;
    if (s > stop) break;
  }
  return false;
}

/** Whether `v` is a sum of a contiguous run (≥ 2 terms) of `terms`. */
function runSum(terms: readonly number[], v: number, lo: number, hi: number): boolean {
  const stop = plainTerms(terms) ? hi : Infinity;
  for (let i = 0; i < terms.length; i++) {
    let s = terms[i]!;
    for (let j = i + 1; j < terms.length; j++) {
      s += terms[j]!;
      if (hit(s, v, lo, hi)) return true;
      if (s > stop) break;
    }
  }
  return false;
}

/** Whether `v` is a sum of 2 or 3 of `terms` (subtotals listed in any order). */
function subsetSum(terms: readonly number[], v: number, lo: number, hi: number): boolean {
  const n = terms.length;
  const plain = plainTerms(terms);
  let min = Infinity;
  let max = -Infinity;
  for (const t of terms) {
    if (t < min) min = t;
    if (t > max) max = t;
  }
  for (let i = 0; i < n; i++) {
    // Past the window with the smallest partner already: so is every pair and triple with this term.
    if (plain && terms[i]! + min > hi) continue;
    for (let j = i + 1; j < n; j++) {
      const two = terms[i]! + terms[j]!;
      if (hit(two, v, lo, hi)) return true;
      if (plain && (two > hi || two + max < lo)) continue;
      for (let k = j + 1; k < n; k++) if (hit(two + terms[k]!, v, lo, hi)) return true;
    }
  }
  return false;
}

/**
 * Every ratio a line's counts apply to an operand (× k, ÷ k, × k × m), sorted by ratio, or `null` when a
 * count is outside [1, 10⁶] (then every combination is checked).
 */
interface RatioTable {
  /** k, 1 / k or k · m, ascending. */
  ratio: Float64Array;
  /** The first count. */
  k: Float64Array;
  /** The second count; 0 for × k, −1 for ÷ k. */
  m: Float64Array;
}

/** Count lists seen recently → their ratio tables (count lists repeat across lines and episodes). */
const RATIO_TABLES = new Map<string, RatioTable | null>();
const RATIO_TABLES_MAX = 256;

function buildRatioTable(countList: readonly number[]): RatioTable | null {
  if (!countList.every((k) => k >= 1 && k <= 1e6)) return null;
  const entries: Array<[number, number, number]> = [];
  for (const k of countList) {
    entries.push([k, k, 0], [1 / k, k, -1]);
    for (const m of countList) entries.push([k * m, k, m]);
  }
  entries.sort((a, b) => a[0] - b[0]);
  return {
    ratio: Float64Array.from(entries, (e) => e[0]),
    k: Float64Array.from(entries, (e) => e[1]),
    m: Float64Array.from(entries, (e) => e[2]),
  };
}

/** The last count list looked up and its table: consecutive lines usually share their counts. */
let lastList: readonly number[] = [];
let lastTable: RatioTable | null = null;

/** The {@link RatioTable} of a count list, cached by its values (bounded: the oldest entry goes first). */
export function ratioTable(countList: readonly number[]): RatioTable | null {
  if (
    countList.length === lastList.length &&
    countList.length > 0 &&
    countList.every((k, i) => k === lastList[i])
  )
    return lastTable;
  // Small whole counts (the usual case) key as one character each, anything else as decimal text.
  const key = countList.every((k) => Number.isInteger(k) && k >= 1 && k <= 0xffff)
    ? `c${String.fromCharCode(...countList)}`
    : `j${countList.join(',')}`;
  let table = RATIO_TABLES.get(key);
  if (table === undefined) {
    table = buildRatioTable(countList);
    if (RATIO_TABLES.size >= RATIO_TABLES_MAX)
      RATIO_TABLES.delete(RATIO_TABLES.keys().next().value!);
    RATIO_TABLES.set(key, table);
  }
  lastList = countList.slice();
  lastTable = table;
  return table;
}

/** Whether `v` is `a` × k, `a` ÷ k or `a` × k × m for counts k, m. */
function scaledBy(
  a: number,
  countList: readonly number[],
  table: RatioTable | null,
  v: number,
  lo: number,
  hi: number,
): boolean {
  if (table !== null && a >= 1e-200 && a <= 1e290) {
    // Only ratios near v / a can land in the window (the products cannot overflow in this range).
    const from = lo / a;
    const to = hi / a;
    const rlo = from - SLACK * Math.abs(from);
    const rhi = to + SLACK * Math.abs(to);
    const { ratio, k, m } = table;
    for (let x = lowerBound(ratio, rlo); x < ratio.length && ratio[x]! <= rhi; x++) {
      const kk = k[x]!;
      const mm = m[x]!;
      const value = mm === 0 ? a * kk : mm < 0 ? a / kk : a * kk * mm;
      if (hit(value, v, lo, hi)) return true;
    }
    return false;
  }
  for (const k of countList) {
    if (hit(a * k, v, lo, hi) || hit(a / k, v, lo, hi)) return true;
    for (const m of countList) if (hit(a * k * m, v, lo, hi)) return true;
  }
  return false;
}

/** Whether `v` is the difference of two of `pool`. */
function difference(pool: readonly number[], v: number, lo: number, hi: number): boolean {
  const plain = plainTerms(pool);
  let min = Infinity;
  for (const b of pool) if (b < min) min = b;
  for (const a of pool) {
    // Even the smallest operand leaves too small a difference (rounding is monotone): skip this one.
    if (plain && a - min < lo) continue;
    for (const b of pool) if (a > b && hit(a - b, v, lo, hi)) return true;
  }
  return false;
}

/**
 * {@link isDerivedPrice} with the count list's {@link ratioTable} looked up by the caller (once per line).
 */
export function derivedWith(
  v: number,
  operands: readonly number[],
  recent: readonly number[],
  countList: readonly number[],
  table: RatioTable | null,
): boolean {
  const lo = windowLow(v);
  const hi = windowHigh(v);
  if (runSum(operands, v, lo, hi) || tailSum(recent, v, lo, hi)) return true;
  const near = recent.length > C.recentTerms ? recent.slice(-C.recentTerms) : recent;
  if (runSum(near, v, lo, hi) || subsetSum(near, v, lo, hi)) return true;
  const pool = operands.concat(near);
  for (const a of pool) if (scaledBy(a, countList, table, v, lo, hi)) return true;
  return difference(pool, v, lo, hi);
}

/**
 * Whether `v` follows from grounded operands: `operands` are the traced numbers before it on its line,
 * `recent` the traced prices before it (earlier lines included, the latest last). It does when it is a sum of
 * a contiguous run (≥ 2 terms) of `operands`, the sum of the last k ≥ 2 of `recent`, or — with only the last
 * `recentTerms` of `recent` — a sum of a run or of 2 or 3 of them, one of them or an operand multiplied or
 * divided by a count or multiplied by two counts, or a difference of two of them and the operands (all within
 * the derived tolerance).
 */
export function isDerivedPrice(
  v: number,
  operands: readonly number[],
  recent: readonly number[],
  countList: readonly number[],
): boolean {
  return derivedWith(v, operands, recent, countList, ratioTable(countList));
}
