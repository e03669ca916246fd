import { epochAt } from '@navworld/core-types';
import { startMcpStdioServer, type ToolLogger } from '@navworld/tools';
import type { CliConfig } from '../config';
import { EXIT_CODES, saltFlag, worldFlag } from '../internal/cli-support';

/** Options of `navworld mcp`. */
export interface McpCommandOptions {
  world?: string;
  salt?: string;
}

/**
 * `navworld mcp`: serves the six tools over stdio (MCP) until stdin closes. The tools' warnings go to
 * `logger` (stderr: stdout carries the protocol).
 */
export async function mcpCommand(
  options: McpCommandOptions,
  config: CliConfig,
  now: number,
  logger?: ToolLogger,
): Promise<number> {
  const world = worldFlag(options.world, config.world);
  const epoch = epochAt(now, { salt: saltFlag(options.salt) ?? config.salt });
  await startMcpStdioServer({ world, epoch, ...(logger === undefined ? {} : { logger }) });
  // The transport keeps the process alive; resolve once stdin ends.
  await new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  return EXIT_CODES.ok;
}
