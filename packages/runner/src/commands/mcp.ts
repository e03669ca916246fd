import { epochAt } from '@navworld/core-types';
import { startMcpStdioServer } from '@navworld/tools';
import type { CliConfig } from '../config';
import { EXIT_CODES, saltFlag, worldFlag } from '../internal/cli-support';

/** Options of `navworld mcp`. */
export interface McpCommandOptions {
  world?: string;
  salt?: string;
}

/** `navworld mcp`: serves the six tools over stdio (MCP) until stdin closes. */
export async function mcpCommand(
  options: McpCommandOptions,
  config: CliConfig,
  now: number,
): Promise<number> {
  const world = worldFlag(options.world, config.world);
  const epoch = epochAt(now, { salt: saltFlag(options.salt) ?? config.salt });
  await startMcpStdioServer({ world, epoch });
  // The transport keeps the process alive; resolve once stdin ends.
  await new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  return EXIT_CODES.ok;
}
