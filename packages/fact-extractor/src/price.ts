// Price parsing: 元 amounts with 万 / 千 multipliers, ranges, thousands separators and full-width digits.
import { foldFullWidth } from './text';

/** How {@link parsePrice} reduces a range such as `800-1200元`. */
export type PriceRangeMode = 'low' | 'mid' | 'high';

/** Options of {@link parsePrice}. */
export interface ParsePriceOptions {
  /** Which value of a range to return; `'mid'` (the midpoint) by default. */
  range?: PriceRangeMode;
}

const MULTIPLIER: Record<string, number> = {
  万: 10_000,
  千: 1_000,
  k: 1_000,
  K: 1_000,
  w: 10_000,
  W: 10_000,
};

// One amount, optionally a range; the multiplier of the second part applies to the first when only the
// second has one (1-1.5万 = 10000-15000).
const PRICE_RE =
  /(\d{1,12}(?:\.\d{1,4})?)\s{0,2}(万|千|[kKwW](?![a-zA-Z]))?(?:\s{0,2}(?:-|~|～|—|–|至|到)\s{0,2}(\d{1,12}(?:\.\d{1,4})?)\s{0,2}(万|千|[kKwW](?![a-zA-Z]))?)?/;

/**
 * Reads the first amount of money in `s` as CNY. Understands `850元`, `￥1,200`, `1.2万`, `3千元`, full-width
 * digits, and ranges (`800-1200元`, `1-1.5万`), which give their midpoint unless `options.range` says
 * otherwise. Returns `null` when there is no number.
 *
 * @example parsePrice('约1.2万元') // 12000
 * @example parsePrice('800-1200元') // 1000
 */
export function parsePrice(s: string, options: ParsePriceOptions = {}): number | null {
  if (typeof s !== 'string' || s.length === 0) return null;
  const text = foldFullWidth(s.length > 10_000 ? s.slice(0, 10_000) : s).replace(
    /(\d),(?=\d{3}(?!\d))/g,
    '$1',
  );
  const m = PRICE_RE.exec(text);
  if (!m) return null;
  const [, aRaw, aMul, bRaw, bMul] = m;
  const a = Number(aRaw);
  if (!Number.isFinite(a)) return null;
  const mulA = aMul ? (MULTIPLIER[aMul] ?? 1) : bMul ? (MULTIPLIER[bMul] ?? 1) : 1;
  const low = a * mulA;
  if (bRaw === undefined) return roundCents(low);
  const high = Number(bRaw) * (bMul ? (MULTIPLIER[bMul] ?? 1) : 1);
  if (!Number.isFinite(high)) return roundCents(low);
  const mode = options.range ?? 'mid';
  if (mode === 'low') return roundCents(Math.min(low, high));
  if (mode === 'high') return roundCents(Math.max(low, high));
  return roundCents((low + high) / 2);
}

/** Rounds to cents so `1.1万` is 11000 rather than 11000.000000000002. */
function roundCents(x: number): number {
  return Math.round(x * 100) / 100;
}
