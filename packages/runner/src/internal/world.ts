import { ERROR_CODES, NavworldError } from '@navworld/core-types';
import { WORLD_NAMES, isWorldName, type WorldName } from '@navworld/tools';

/** `world` when it names a tool world; else an `INVALID_ARGUMENT` error listing the worlds. */
export function checkedWorld(world: unknown): WorldName {
  if (!isWorldName(world)) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `unknown world ${JSON.stringify(world)}`,
      {
        hint: `use one of ${WORLD_NAMES.join(', ')}`,
      },
    );
  }
  return world;
}
