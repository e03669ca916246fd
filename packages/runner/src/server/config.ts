/** Constants of the HTTP server (one place for every number). */
export const SERVER_CONFIG = {
  /** Default bind address: loopback only. */
  host: '127.0.0.1',
  /** Default port. */
  port: 8080,
  /** Largest accepted request body (1 MiB). */
  maxBodyBytes: 1024 * 1024,
  /** Default cap on episodes held in memory; a reset beyond it answers 429. */
  maxOpenEpisodes: 10_000,
  /** Default idle time after which an episode is dropped (30 minutes). */
  idleTimeoutMs: 30 * 60 * 1000,
  /** Longest wait for in-flight requests during a graceful shutdown. */
  shutdownGraceMs: 30_000,
  /** Model evaluations run at once; more wait in line. */
  maxConcurrentEvaluations: 20,
  /** Longest tool-call list in one step. */
  maxToolCallsPerStep: 64,
  /** Longest episode id accepted. */
  maxEpisodeIdLength: 128,
  /** Buckets (seconds) of the scoring and request latency histograms. */
  latencyBuckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  /** Default per-episode deadline of `/v1/evaluate` in seconds. */
  evaluateTimeoutSeconds: 300,
} as const;

/** Environment variable holding the optional bearer token. */
export const TOKEN_ENV = 'NAVWORLD_SERVER_TOKEN';
/** Environment variable holding the comma-separated base-URL allow-list of `/v1/evaluate`. */
export const ALLOWED_BASE_URLS_ENV = 'NAVWORLD_ALLOWED_BASE_URLS';
