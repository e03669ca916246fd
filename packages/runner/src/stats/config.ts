/** Constants of the batch statistics (one place for every number). */
export const STATS_CONFIG = {
  /** A run passes when its total (0–100) is at least this. */
  passThreshold: 60,
  /** Bootstrap resamples per confidence interval. */
  bootstrapResamples: 2000,
  /** Two-sided confidence level of the intervals. */
  confidenceLevel: 0.95,
  /** Default seed of the bootstrap generator. */
  seed: 'navworld-summary',
  /** Bin width of the score histogram (points). */
  histogramBinWidth: 10,
} as const;
