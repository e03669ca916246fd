import { ERROR_CODES, NavworldError } from '@navworld/core-types';
import { createRng } from './random';
import { STATS_CONFIG } from './config';

/** Most resamples {@link bootstrapMeanCi} takes (one float each). */
const MAX_RESAMPLES = 1_000_000;

/** A mean with a bootstrap confidence interval. `null` fields mean "no data". */
export interface MeanWithCi {
  /** Number of values. */
  n: number;
  /** Arithmetic mean, or null when there are no values. */
  mean: number | null;
  /** Lower bound of the confidence interval (percentile bootstrap). */
  low: number | null;
  /** Upper bound of the confidence interval (percentile bootstrap). */
  high: number | null;
}

/** Arithmetic mean; null for an empty list. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** The q-quantile (0–1) of sorted values, by linear interpolation between closest ranks. */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? Number.NaN;
  const b = sorted[hi] ?? Number.NaN;
  return a + (b - a) * (pos - lo);
}

/**
 * Mean with a percentile-bootstrap confidence interval: resample the values with replacement
 * `resamples` times using a generator seeded by `seed`, and take the central `level` quantiles of the
 * resampled means. Same values and seed → same interval.
 */
export function bootstrapMeanCi(
  values: readonly number[],
  options: { seed: string; resamples?: number; level?: number },
): MeanWithCi {
  const resamples = options.resamples ?? STATS_CONFIG.bootstrapResamples;
  const level = options.level ?? STATS_CONFIG.confidenceLevel;
  if (
    typeof options.seed !== 'string' ||
    !Number.isSafeInteger(resamples) ||
    resamples < 1 ||
    resamples > MAX_RESAMPLES ||
    !(level > 0 && level < 1) ||
    !values.every((v) => Number.isFinite(v))
  ) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `bootstrapMeanCi needs finite values, a string seed, 1–${MAX_RESAMPLES} resamples and a level between 0 and 1`,
      { hint: `e.g. bootstrapMeanCi(totals, { seed: 'run-1', resamples: 2000, level: 0.95 })` },
    );
  }
  const n = values.length;
  const m = mean(values);
  if (n === 0 || m === null) return { n: 0, mean: null, low: null, high: null };
  if (n === 1) return { n, mean: m, low: m, high: m };
  const rng = createRng(options.seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r += 1) {
    let sum = 0;
    for (let i = 0; i < n; i += 1) sum += values[Math.floor(rng() * n)] ?? 0;
    means[r] = sum / n;
  }
  means.sort();
  const alpha = (1 - level) / 2;
  const sorted = Array.from(means);
  return {
    n,
    mean: m,
    low: quantileSorted(sorted, alpha),
    high: quantileSorted(sorted, 1 - alpha),
  };
}

/** Binomial coefficient C(n, k) as a float (exact for the small n of repeats). */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  const kk = Math.min(k, n - k);
  let out = 1;
  for (let i = 1; i <= kk; i += 1) out = (out * (n - kk + i)) / i;
  return out;
}

/**
 * Refuses counts that do not describe attempts: whole numbers with 0 ≤ c ≤ n and 1 ≤ k ≤ n
 * (`INVALID_ARGUMENT`); the estimators would otherwise return numbers outside [0, 1] or NaN.
 */
function checkCounts(what: string, n: number, c: number, k: number): void {
  const whole = (x: number): boolean => Number.isSafeInteger(x) && x >= 0;
  if (!whole(n) || !whole(c) || !whole(k) || c > n || k < 1 || k > n) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `${what} needs whole numbers with 0 ≤ c ≤ n and 1 ≤ k ≤ n (n=${n}, c=${c}, k=${k})`,
      { hint: 'n is the attempts of a task, c how many passed, k how many are drawn' },
    );
  }
}

/**
 * Unbiased pass@k of one task from `n` attempts with `c` passes: the chance that at least one of k
 * attempts drawn without replacement passes, 1 − C(n−c, k) / C(n, k).
 */
export function passAtK(n: number, c: number, k: number): number {
  checkCounts('pass@k', n, c, k);
  if (n - c < k) return 1;
  return 1 - binomial(n - c, k) / binomial(n, k);
}

/**
 * Unbiased pass^k of one task from `n` attempts with `c` passes: the chance that all of k attempts drawn
 * without replacement pass, C(c, k) / C(n, k).
 */
export function passHatK(n: number, c: number, k: number): number {
  checkCounts('pass^k', n, c, k);
  return binomial(c, k) / binomial(n, k);
}
