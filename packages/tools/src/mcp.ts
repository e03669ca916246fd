import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { callTool } from './call-tool';
import { WORLD_VERSION } from './config';
import { createToolContext, type ToolContextOptions } from './context';
import { toolDefinitions } from './definitions';
import type { ToolContext } from './types';

/** Options of {@link createMcpServer}: a ready context, or options to build one. */
export interface McpServerOptions extends ToolContextOptions {
  /** Use this context instead of building one. */
  context?: ToolContext;
  /** Server name announced to clients. Default `navworld-tools`. */
  name?: string;
}

/**
 * An MCP server exposing the six tools. It uses the SDK's low-level server so the tools keep their own JSON
 * schemas and their own argument validation (and its Chinese messages); tool failures come back as
 * `isError: true` results, never as protocol errors.
 */
export function createMcpServer(options: McpServerOptions = {}): Server {
  const context = options.context ?? createToolContext(options);
  const server = new Server(
    { name: options.name ?? 'navworld-tools', version: WORLD_VERSION },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: toolDefinitions().map((t) => ({
      name: t.function.name,
      description: t.function.description,
      inputSchema: t.function.parameters,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const result = await callTool(request.params.name, request.params.arguments ?? {}, context);
    return {
      content: [{ type: 'text' as const, text: result.text }],
      isError: !result.ok,
      ...(result.ok ? {} : { _meta: { errorCode: result.errorCode } }),
    };
  });
  server.onclose = () => {
    if (options.context === undefined) context.close();
  };
  return server;
}

/** Starts the tools' MCP server on stdin/stdout; resolves once connected, with a function to stop it. */
export async function startMcpStdioServer(
  options: McpServerOptions = {},
): Promise<{ server: Server; close: () => Promise<void> }> {
  const server = createMcpServer(options);
  await server.connect(new StdioServerTransport());
  return { server, close: () => server.close() };
}
