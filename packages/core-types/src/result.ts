import type { NavworldError } from './errors';

/** The outcome of an operation that can fail without throwing: zod's `safeParse` shape. */
export type Result<T, E = NavworldError> =
  { success: true; value: T } | { success: false; error: E };

/** Builds a successful {@link Result}. */
export function ok<T>(value: T): { success: true; value: T } {
  return { success: true, value };
}

/** Builds a failed {@link Result}. */
export function err<E>(error: E): { success: false; error: E } {
  return { success: false, error };
}
