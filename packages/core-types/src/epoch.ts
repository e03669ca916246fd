import { z } from 'zod';
import { ERROR_CODES, NavworldError } from './errors';

/** Seconds in one epoch (a week). */
export const EPOCH_SECONDS = 604_800;

/**
 * A weekly epoch. One epoch feeds the transport salt, the offline world, cache keys and TTLs and the judge's
 * rubric randomisation, so every process in the same week sees the same world.
 */
export const EpochSchema = z.object({
  /** Week index: `floor(unixSeconds / 604800)`. */
  id: z.number().int().nonnegative(),
  /** The salt every seeded generator uses; the week index as a string unless pinned. */
  salt: z.string().min(1),
  /** Unix seconds of the first second of the week. */
  startsAt: z.number().int().nonnegative(),
  /** Unix seconds of the first second of the next week (exclusive end). */
  endsAt: z.number().int().positive(),
  /** True when the salt was pinned rather than derived from the week. */
  pinned: z.boolean(),
});
/** A weekly epoch; see {@link EpochSchema}. */
export type Epoch = z.infer<typeof EpochSchema>;

/** Options for {@link epochAt}. */
export interface EpochOptions {
  /** Pins the salt (e.g. from `NAVWORLD_EPOCH_SALT`); the week index still follows `now`. */
  salt?: string | undefined;
}

/**
 * The epoch containing `now` (a `Date` or epoch milliseconds). Time enters NAVWORLD only through this
 * parameter. Throws `INVALID_EPOCH` for anything but a Date or a number, times before 1970, non-finite times,
 * and salts that are empty or not strings.
 *
 * @example
 * epochAt(new Date('2026-11-29T00:00:00Z')).salt // '2969'
 */
export function epochAt(now: Date | number, options: EpochOptions = {}): Epoch {
  // Anything but a number or a Date (a missing argument too) is refused below as not a valid time.
  const ms = typeof now === 'number' ? now : now instanceof Date ? now.getTime() : Number.NaN;
  if (!Number.isFinite(ms)) {
    throw new NavworldError(
      ERROR_CODES.INVALID_EPOCH,
      `epoch time is not a valid time: ${String(now)}`,
      {
        hint: 'pass a Date or epoch milliseconds',
      },
    );
  }
  if (ms < 0) {
    throw new NavworldError(ERROR_CODES.INVALID_EPOCH, 'epoch time is before 1970-01-01', {
      hint: 'epochs start at the Unix epoch; pass a later date',
      details: { now: ms },
    });
  }
  const salt: unknown = (options ?? {}).salt;
  if (salt !== undefined && typeof salt !== 'string') {
    throw new NavworldError(ERROR_CODES.INVALID_EPOCH, 'a pinned epoch salt must be a string', {
      hint: 'pass { salt: "my-run" }, or leave salt out for the weekly salt',
    });
  }
  if (salt !== undefined && salt.trim() === '') {
    throw new NavworldError(ERROR_CODES.INVALID_EPOCH, 'a pinned epoch salt must not be empty', {
      hint: 'unset NAVWORLD_EPOCH_SALT or give it a value',
    });
  }
  const seconds = Math.floor(ms / 1000);
  const id = Math.floor(seconds / EPOCH_SECONDS);
  const pinned = salt !== undefined;
  return {
    id,
    salt: pinned ? salt.trim() : String(id),
    startsAt: id * EPOCH_SECONDS,
    endsAt: (id + 1) * EPOCH_SECONDS,
    pinned,
  };
}

/**
 * The pinned salt configured in an environment: `NAVWORLD_EPOCH_SALT`, or the design's `TRANSPORT_SALT` alias.
 * Returns undefined when neither is set (or both are empty).
 */
export function saltFromEnv(env: Record<string, string | undefined>): string | undefined {
  const value = env['NAVWORLD_EPOCH_SALT'] ?? env['TRANSPORT_SALT'];
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Time-to-live for data cached during `epoch`: until the epoch ends, but never less than a day, so a value
 * cached in the last minutes of a week is not refetched at once.
 */
export function epochTtlSeconds(epoch: Epoch, nowMs: number): number {
  return Math.max(86_400, epoch.endsAt - Math.floor(nowMs / 1000));
}
