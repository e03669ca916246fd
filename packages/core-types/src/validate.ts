import type { z } from 'zod';
import { ValidationError } from './errors';
import type { Result } from './result';

/** Readable one-line issues of a zod error: `path: message`. */
export function formatZodIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
    return `${path}: ${issue.message}`;
  });
}

/** Options of {@link parseWith} and {@link safeParseWith}. */
export interface ParseWithOptions {
  /** What to do about a failure, for the error's `hint` (by default: fix the fields the message names). */
  hint?: string | undefined;
}

/** The hint of a validation failure when the caller gives none. */
function defaultHint(what: string): string {
  return `fix the fields named in the message: each issue gives the path in the ${what} and what it expects`;
}

/**
 * Parses `value` with `schema`, throwing a {@link ValidationError} whose message names `what` and every
 * failing path, with a hint (`options.hint`, or a generic one) and the zod error as its `cause`.
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
  options: ParseWithOptions = {},
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = formatZodIssues(result.error);
  throw new ValidationError(`invalid ${what}: ${issues.join('; ')}`, issues, {
    cause: result.error,
    hint: options.hint ?? defaultHint(what),
  });
}

/** Like {@link parseWith}, but returns a {@link Result} instead of throwing. */
export function safeParseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
  options: ParseWithOptions = {},
): Result<z.output<S>, ValidationError> {
  try {
    return { success: true, value: parseWith(schema, value, what, options) };
  } catch (error) {
    return { success: false, error: error as ValidationError };
  }
}
