import { ERROR_CODES, NavworldError, toNavworldError } from '@navworld/core-types';

/** The JSON body of every error answer: `{ error: { code, message, hint? } }`. */
export interface HttpErrorBody {
  /** The error. */
  error: { code: string; message: string; hint?: string };
}

const STATUS_BY_CODE: Record<string, number> = {
  [ERROR_CODES.VALIDATION_FAILED]: 400,
  [ERROR_CODES.INVALID_ARGUMENT]: 400,
  [ERROR_CODES.INVALID_TASK_ID]: 400,
  [ERROR_CODES.INVALID_EPOCH]: 400,
  [ERROR_CODES.INVALID_JSON]: 400,
  [ERROR_CODES.CONFIG_ERROR]: 400,
  [ERROR_CODES.MISSING_API_KEY]: 400,
  [ERROR_CODES.UNAUTHORIZED]: 401,
  [ERROR_CODES.FORBIDDEN]: 403,
  [ERROR_CODES.NOT_FOUND]: 404,
  [ERROR_CODES.EPISODE_NOT_FOUND]: 404,
  [ERROR_CODES.METHOD_NOT_ALLOWED]: 405,
  [ERROR_CODES.EPISODE_DONE]: 409,
  [ERROR_CODES.PAYLOAD_TOO_LARGE]: 413,
  [ERROR_CODES.EPISODE_LIMIT]: 429,
  [ERROR_CODES.SHUTTING_DOWN]: 503,
  // Nobody reads it: the status (nginx's "client closed request") is for the log line and metrics.
  [ERROR_CODES.CLIENT_CLOSED]: 499,
  [ERROR_CODES.MODEL_ERROR]: 502,
  [ERROR_CODES.MODEL_TIMEOUT]: 504,
};

/** The HTTP status an error code maps to (500 for anything unexpected). */
export function httpStatusOf(code: string): number {
  return STATUS_BY_CODE[code] ?? 500;
}

/**
 * The status and JSON body for any thrown value. Internal errors keep their message out of the answer,
 * since it may contain paths or data a client should not see.
 */
export function httpErrorOf(error: unknown): { status: number; body: HttpErrorBody } {
  const failure = toNavworldError(error);
  const status = httpStatusOf(failure.code);
  // A 503 is the server's own refusal, worded here: its message and hint are safe to show.
  const internal = status >= 500 && status !== 503;
  const message = internal ? 'internal server error' : failure.message;
  return {
    status,
    body: {
      error: {
        code: failure.code,
        message,
        ...(failure.hint === undefined || internal ? {} : { hint: failure.hint }),
      },
    },
  };
}

/**
 * The `Retry-After` value (whole seconds) of an error that says when to retry: an `EPISODE_LIMIT` carries the
 * time until the idle sweep can free a slot. `undefined` for every other error.
 */
export function retryAfterOf(error: unknown): number | undefined {
  const failure = toNavworldError(error);
  const seconds = failure.details?.['retryAfterSeconds'];
  return failure.code === ERROR_CODES.EPISODE_LIMIT &&
    typeof seconds === 'number' &&
    Number.isSafeInteger(seconds) &&
    seconds > 0
    ? seconds
    : undefined;
}

/** A NavworldError with a code that maps to the wanted HTTP status, and the hint every error carries. */
export function httpError(
  code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES],
  message: string,
  hint: string,
): NavworldError {
  return new NavworldError(code, message, { hint });
}
