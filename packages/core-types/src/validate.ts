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

/**
 * Parses `value` with `schema`, throwing a {@link ValidationError} whose message names `what` and every
 * failing path (the zod error is its `cause`).
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = formatZodIssues(result.error);
  throw new ValidationError(`invalid ${what}: ${issues.join('; ')}`, issues, {
    cause: result.error,
  });
}

/** Like {@link parseWith}, but returns a {@link Result} instead of throwing. */
export function safeParseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
): Result<z.output<S>, ValidationError> {
  try {
    return { success: true, value: parseWith(schema, value, what) };
  } catch (error) {
    return { success: false, error: error as ValidationError };
  }
}
