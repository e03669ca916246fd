/**
 * Stable error codes shared by every NAVWORLD package. Codes are strings so they survive JSON, HTTP and logs;
 * add new codes here rather than inventing ad-hoc strings elsewhere.
 */
export const ERROR_CODES = {
  /** A value failed schema validation at a package boundary. */
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  /** A generic invalid argument to a library function. */
  INVALID_ARGUMENT: 'INVALID_ARGUMENT',
  /** A task id that is negative, fractional or ≥ 2^31. */
  INVALID_TASK_ID: 'INVALID_TASK_ID',
  /** A `now` before 1970 or not a finite time, or an empty salt. */
  INVALID_EPOCH: 'INVALID_EPOCH',
  /** A date that is not `YYYY-MM-DD` or does not exist. */
  INVALID_DATE: 'INVALID_DATE',
  /** A city the knowledge graph does not know. */
  UNKNOWN_CITY: 'UNKNOWN_CITY',
  /** A flight search to or from a city without an airport. */
  NO_AIRPORT: 'NO_AIRPORT',
  /** A train search to or from a city without a station. */
  NO_STATION: 'NO_STATION',
  /** Origin and destination are the same city. */
  SAME_CITY: 'SAME_CITY',
  /** A tool name outside the six tools. */
  UNKNOWN_TOOL: 'UNKNOWN_TOOL',
  /** Tool arguments that are not a JSON object, or that nest deeper than the tools accept. */
  INVALID_JSON: 'INVALID_JSON',
  /** Tool arguments over the size limit. */
  ARGUMENTS_TOO_LARGE: 'ARGUMENTS_TOO_LARGE',
  /** A required tool argument is missing or empty. */
  MISSING_ARGUMENT: 'MISSING_ARGUMENT',
  /** A tool argument has the wrong type or format. */
  INVALID_TOOL_ARGUMENT: 'INVALID_TOOL_ARGUMENT',
  /** The per-episode budget for a tool is spent. */
  TOOL_BUDGET_EXCEEDED: 'TOOL_BUDGET_EXCEEDED',
  /** The search found nothing. */
  NO_RESULTS: 'NO_RESULTS',
  /** A data provider (e.g. AMap) answered with an error. */
  PROVIDER_ERROR: 'PROVIDER_ERROR',
  /** A data provider did not answer in time. */
  PROVIDER_TIMEOUT: 'PROVIDER_TIMEOUT',
  /**
   * A data provider could not be reached or failed on its side (connection refused, 5xx or 429, a broken
   * answer, a key or service error): an infrastructure failure, not the model's fault.
   */
  PROVIDER_UNAVAILABLE: 'PROVIDER_UNAVAILABLE',
  /** Every provider key is over its quota: an infrastructure failure, not the model's fault. */
  PROVIDER_QUOTA_EXHAUSTED: 'PROVIDER_QUOTA_EXHAUSTED',
  /** A replay cassette has no entry for the call. */
  CASSETTE_MISS: 'CASSETTE_MISS',
  /** A cassette whose content does not match its manifest hashes. */
  CASSETTE_TAMPERED: 'CASSETTE_TAMPERED',
  /** The persistent cache could not be used. */
  CACHE_ERROR: 'CACHE_ERROR',
  /** An episode id that is unknown (or was swept). */
  EPISODE_NOT_FOUND: 'EPISODE_NOT_FOUND',
  /** A step on an episode that is already finished. */
  EPISODE_DONE: 'EPISODE_DONE',
  /** Too many open episodes. */
  EPISODE_LIMIT: 'EPISODE_LIMIT',
  /** The judge could not produce a verdict. */
  JUDGE_UNAVAILABLE: 'JUDGE_UNAVAILABLE',
  /** The judge answered with no usable verdict. */
  JUDGE_PARSE_ERROR: 'JUDGE_PARSE_ERROR',
  /** The model endpoint failed (after retries). */
  MODEL_ERROR: 'MODEL_ERROR',
  /** A model call or a task hit its deadline. */
  MODEL_TIMEOUT: 'MODEL_TIMEOUT',
  /** Invalid configuration (flags, environment, config file). */
  CONFIG_ERROR: 'CONFIG_ERROR',
  /** A required API key is not configured. */
  MISSING_API_KEY: 'MISSING_API_KEY',
  /** A file could not be read or written. */
  IO_ERROR: 'IO_ERROR',
  /** Results recorded with different component versions. */
  VERSION_MISMATCH: 'VERSION_MISMATCH',
  /** An unknown CLI command. */
  UNKNOWN_COMMAND: 'UNKNOWN_COMMAND',
  /** A request that is not allowed (auth, allow-list). */
  FORBIDDEN: 'FORBIDDEN',
  /** The service is shutting down. */
  SHUTTING_DOWN: 'SHUTTING_DOWN',
  /** The client closed its connection before the answer, so the work for it was stopped. */
  CLIENT_CLOSED: 'CLIENT_CLOSED',
  /** A request without valid credentials (missing or wrong bearer token). */
  UNAUTHORIZED: 'UNAUTHORIZED',
  /** An HTTP route or resource that does not exist. */
  NOT_FOUND: 'NOT_FOUND',
  /** An HTTP method a route does not support. */
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  /** A request body over the size limit. */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** A bug: something that should not happen. */
  INTERNAL: 'INTERNAL',
} as const;

/** One of the stable NAVWORLD error codes. */
export type NavworldErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

const MARKER = Symbol.for('navworld.error');

/** Options for {@link NavworldError}. */
export interface NavworldErrorOptions {
  /** Structured, JSON-safe context (never secrets). */
  details?: Record<string, unknown>;
  /** A short suggestion on how to fix the problem. */
  hint?: string;
  /** The underlying error. */
  cause?: unknown;
}

/**
 * The one error class of NAVWORLD. Every package throws it (or a subclass) with a stable string `code`, a
 * human message, an optional `hint` and JSON-safe `details`.
 */
export class NavworldError extends Error {
  /** The stable error code. */
  readonly code: NavworldErrorCode;
  /** JSON-safe context. */
  readonly details: Record<string, unknown> | undefined;
  /** A short suggestion on how to fix the problem. */
  readonly hint: string | undefined;
  private readonly [MARKER] = true;

  constructor(code: NavworldErrorCode, message: string, options: NavworldErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = options.details;
    this.hint = options.hint;
  }

  /**
   * True for any NAVWORLD error, including one thrown by a second copy of this package (where `instanceof`
   * would be false).
   */
  static isInstance(value: unknown): value is NavworldError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[MARKER] === true &&
      typeof (value as { code?: unknown }).code === 'string'
    );
  }

  /** A plain JSON form: `{ code, message, hint?, details? }`. */
  toJSON(): {
    code: NavworldErrorCode;
    message: string;
    hint?: string;
    details?: Record<string, unknown>;
  } {
    return {
      code: this.code,
      message: this.message,
      ...(this.hint === undefined ? {} : { hint: this.hint }),
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

/** Thrown when a value fails a zod schema at a package boundary; the zod error is kept as `cause`. */
export class ValidationError extends NavworldError {
  /** Readable issues, one per failing path. */
  readonly issues: string[];

  constructor(
    message: string,
    issues: string[],
    options: Omit<NavworldErrorOptions, 'details'> = {},
  ) {
    super(ERROR_CODES.VALIDATION_FAILED, message, { ...options, details: { issues } });
    this.issues = issues;
  }
}

/** Turns any thrown value into a {@link NavworldError} (unknown errors become `INTERNAL`). */
export function toNavworldError(error: unknown): NavworldError {
  if (NavworldError.isInstance(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new NavworldError(ERROR_CODES.INTERNAL, message, { cause: error });
}
