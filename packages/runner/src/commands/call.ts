import { epochAt } from '@navworld/core-types';
import { callTool, createToolContext, type ToolLogger } from '@navworld/tools';
import type { CliConfig } from '../config';
import { EXIT_CODES, saltFlag, worldFlag } from '../internal/cli-support';

/** Options of `navworld call`. */
export interface CallCommandOptions {
  world?: string;
  salt?: string;
  json?: boolean;
}

/**
 * `navworld call <tool> '<json>'`: runs one tool call and prints the text a model would see; the tools'
 * warnings go to `logger`.
 */
export async function callCommand(
  tool: string,
  args: string | undefined,
  options: CallCommandOptions,
  config: CliConfig,
  now: number,
  logger?: ToolLogger,
): Promise<number> {
  const world = worldFlag(options.world, config.world);
  const epoch = epochAt(now, { salt: saltFlag(options.salt) ?? config.salt });
  const context = createToolContext({ world, epoch, ...(logger === undefined ? {} : { logger }) });
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
