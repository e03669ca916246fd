// What a client writes to `navworld mcp` over stdio to list its tools: the install check and the CLI test send it.

/**
 * The input of an MCP stdio session that initialises, acknowledges and asks for the tool list, one JSON-RPC
 * message per line (the server ends when its input does). `client` names the client in the handshake.
 */
export function listToolsSession(client) {
  return `${[
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: client, version: '1' },
      },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  ]
    .map((m) => JSON.stringify(m))
    .join('\n')}\n`;
}
