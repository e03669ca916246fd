/** Tool-executing steps an episode may take; the step after them is always the final answer. */
export const MAX_TOOL_STEPS = 15;

/** Model calls an agent loop may make in phase 1 (tool steps plus two answers). */
export const MAX_AGENT_TURNS = MAX_TOOL_STEPS + 2;

/** Longest tool message sent back to the model, in code points (the trace keeps the full text). */
export const TOOL_MESSAGE_MAX_CHARS = 3000;

/** Idle time after which an episode is swept (30 minutes). */
export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60 * 1000;

/** Most scoring worker threads an environment may run (far above any useful number). */
export const MAX_SCORING_THREADS = 64;

/** Episodes one environment holds at once. */
export const DEFAULT_MAX_EPISODES = 10_000;

/**
 * Tool contexts (one per week and salt episodes run in) an environment keeps for later resets. Clients pick
 * the epoch of a reset, pinned salts included, so without a bound every new salt would stay in memory.
 */
export const DEFAULT_MAX_TOOL_CONTEXTS = 16;

/** A final score at or above this total (0–100) counts as a success. */
export const SUCCESS_THRESHOLD = 60;

/** Minimum trimmed length, in code points, of an answer that can stand without the final-answer prompt. */
export const SUBSTANTIVE_MIN_LENGTH = 200;

/**
 * Most UTF-16 units of one model reply (content, reasoning and tool-call arguments together). A reply that
 * runs past it is cut there and ends as if the model had hit its token limit: an endpoint streaming without
 * end must not exhaust memory or write a results line too long to read back.
 */
export const MAX_REPLY_CHARS = 1_000_000;

/**
 * Tool error codes that mean the world, not the model, failed: the episode is not scored. A replayed world
 * that has no recording of a call (`CASSETTE_MISS`) or whose recording was altered (`CASSETTE_TAMPERED`)
 * cannot show the model what the tool returns, so the episode would measure the cassette, not the model.
 */
export const INFRASTRUCTURE_ERROR_CODES: readonly string[] = [
  'PROVIDER_QUOTA_EXHAUSTED',
  'PROVIDER_TIMEOUT',
  'PROVIDER_UNAVAILABLE',
  'CASSETTE_MISS',
  'CASSETTE_TAMPERED',
];
