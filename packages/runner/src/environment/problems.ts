import type { TravelProblem } from '@navworld/core-types';
import { generateProblem } from '@navworld/taskgen';

/** Task ids whose generated problem an environment keeps (a few kilobytes each). */
export const PROBLEM_CACHE_SIZE = 1024;

/**
 * A source of problems by task id that generates each task once and hands out copies. Generating a problem,
 * rendering its prompt and hashing it cost several times more than copying it, and training resets the same
 * tasks over and over. Every call returns a fresh, top-level-frozen copy deep-equal to `generateProblem`'s
 * (with `prompt` and `problemHash` as plain fields), so no caller can change what another one receives. The
 * least recently used task is dropped beyond `limit`. Invalid ids throw as `generateProblem` does.
 */
export function createProblemSource(
  limit: number = PROBLEM_CACHE_SIZE,
): (taskId: number) => TravelProblem {
  const originals = new Map<number, TravelProblem>();
  return (taskId) => {
    let original = originals.get(taskId);
    if (original === undefined) {
      original = generateProblem(taskId);
      if (originals.size >= limit) {
        const oldest = originals.keys().next();
        if (oldest.done !== true) originals.delete(oldest.value);
      }
    } else {
      originals.delete(taskId);
    }
    // Map order is recency order: re-inserting marks the task as the most recently used.
    originals.set(taskId, original);
    return Object.freeze(copyData(original));
  };
}

/** A deep copy of JSON-like data (arrays, plain objects, primitives), keeping key order; getters are read. */
function copyData<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => copyData(item)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value))
      out[key] = copyData((value as Record<string, unknown>)[key]);
    return out as T;
  }
  return value;
}
