import { ERROR_CODES, NavworldError, epochAt } from '@navworld/core-types';
import { callTool, createToolContext } from '@navworld/tools';
import type { CliConfig } from '../config';
import { EXIT_CODES, stringFlag } from '../internal/cli-support';

/** Options of `navworld call`. */
export interface CallCommandOptions {
  world?: string;
  salt?: string;
  json?: boolean;
}

const WORLDS = ['offline', 'amap', 'replay', 'record'] as const;

/** `navworld call <tool> '<json>'`: runs one tool call and prints the text a model would see. */
export async function callCommand(
  tool: string,
  args: string | undefined,
  options: CallCommandOptions,
  config: CliConfig,
  now: number,
): Promise<number> {
  const world = stringFlag(options.world) ?? config.world;
  if (!(WORLDS as readonly string[]).includes(world)) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `unknown world ${JSON.stringify(world)}`,
      {
        hint: `use one of ${WORLDS.join(', ')}`,
      },
    );
  }
  const epoch = epochAt(now, { salt: stringFlag(options.salt) ?? config.salt });
  const context = createToolContext({ world: world as (typeof WORLDS)[number], epoch });
  try {
    const result = await callTool(tool, args ?? '{}', context);
    if (options.json === true) console.log(JSON.stringify(result, null, 2));
    else if (result.ok) console.log(result.text);
    else console.error(`${result.errorCode ?? 'TOOL_ERROR'}: ${result.text}`);
    return result.ok ? EXIT_CODES.ok : EXIT_CODES.toolError;
  } finally {
    context.close();
  }
}
