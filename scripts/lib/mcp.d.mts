/** The stdin of an MCP session that initialises and lists the tools (see mcp.mjs). */
export function listToolsSession(client: string): string;
