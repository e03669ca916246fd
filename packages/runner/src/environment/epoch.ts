import { z } from 'zod';
import {
  EPOCH_SECONDS,
  ERROR_CODES,
  EpochSchema,
  NavworldError,
  type Epoch,
} from '@navworld/core-types';

/** Longest epoch salt accepted from a caller (salts name runs; they are not data). */
export const MAX_EPOCH_SALT_LENGTH = 256;

/**
 * The last week index whose end is still a valid JavaScript date (8.64e15 ms after 1970): later weeks would
 * give the tools' world dates that do not exist.
 */
export const MAX_EPOCH_ID = Math.floor(8.64e15 / (EPOCH_SECONDS * 1000)) - 1;

/**
 * An epoch exactly as `epochAt` (core-types) makes it: week `id` starts at `id × 604800` and ends one week
 * later, an unpinned epoch's salt is its week index as text, and a pinned salt is trimmed text of at most
 * 256 characters. The epoch decides an episode's world (problems, tool data, dates, score noise), so an
 * epoch whose parts disagree would play one week's data with another week's dates.
 */
export const WellFormedEpochSchema = EpochSchema.extend({
  id: z.number().int().min(0).max(MAX_EPOCH_ID),
  salt: z.string().min(1).max(MAX_EPOCH_SALT_LENGTH),
}).superRefine((epoch, context) => {
  const startsAt = epoch.id * EPOCH_SECONDS;
  if (epoch.startsAt !== startsAt)
    context.addIssue({
      code: 'custom',
      path: ['startsAt'],
      message: `week ${epoch.id} starts at ${startsAt} (id × ${EPOCH_SECONDS})`,
    });
  if (epoch.endsAt !== startsAt + EPOCH_SECONDS)
    context.addIssue({
      code: 'custom',
      path: ['endsAt'],
      message: `week ${epoch.id} ends at ${startsAt + EPOCH_SECONDS} (one week after it starts)`,
    });
  if (!epoch.pinned && epoch.salt !== String(epoch.id))
    context.addIssue({
      code: 'custom',
      path: ['salt'],
      message: `an unpinned epoch's salt is its week index, "${epoch.id}"`,
    });
  if (epoch.pinned && epoch.salt.trim() !== epoch.salt)
    context.addIssue({
      code: 'custom',
      path: ['salt'],
      message: 'a pinned salt has no leading or trailing spaces',
    });
});

/**
 * Checks an epoch given by a caller (a reset, an evaluation, the environment's options) and returns it.
 * Throws `INVALID_EPOCH`, naming each part that is wrong, for anything {@link WellFormedEpochSchema} refuses.
 *
 * @example
 * checkedEpoch(epochAt(Date.UTC(2026, 0, 5))); // the same epoch
 * checkedEpoch({ id: 2922, salt: '2922', startsAt: 0, endsAt: 1, pinned: false }); // throws INVALID_EPOCH
 */
export function checkedEpoch(value: unknown): Epoch {
  const parsed = WellFormedEpochSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map(
    (issue) => `${['epoch', ...issue.path.map(String)].join('.')}: ${issue.message}`,
  );
  throw new NavworldError(ERROR_CODES.INVALID_EPOCH, `invalid epoch: ${issues.join('; ')}`, {
    hint:
      'Send the epoch exactly as a reset returned it, or leave it out for the current week. ' +
      `Week N starts at N × ${EPOCH_SECONDS} s; unpinned, its salt is "N".`,
    details: { issues },
  });
}
