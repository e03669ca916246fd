import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { TOOL_NAMES, epochAt } from '@navworld/core-types';
import { createMcpServer } from '../src/index';
import { childBundle } from './helpers';

describe('MCP server', () => {
  it('lists the six tools and answers each through an SDK client', async () => {
    const server = createMcpServer({
      epoch: epochAt(Date.UTC(2025, 4, 1), { salt: 'mcp' }),
      cache: 'memory',
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientSide);

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([...TOOL_NAMES]);
    expect(tools[0]!.inputSchema.required).toEqual(['address']);

    const calls: Array<[string, Record<string, unknown>, string]> = [
      ['poi_search', { address: '大雁塔', region: '西安' }, '名称: 大雁塔'],
      ['around_search', { location: '108.94,34.341', radius: 2000, keyword: '美食' }, '距离: '],
      ['direction', { origin: '108.94,34.341', destination: '108.964,34.219' }, '打车费用约: '],
      ['weather', { city: '西安' }, '白天天气: '],
      ['search_flights', { date: '2025-05-03', from_city: '西安', to_city: '北京' }, '航班 '],
      ['search_train_tickets', { date: '2025-05-03', from_city: '西安', to_city: '北京' }, '车次 '],
    ];
    for (const [name, args, expected] of calls) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, name).toBe(false);
      const content = result.content as Array<{ type: string; text: string }>;
      expect(content[0]!.type).toBe('text');
      expect(content[0]!.text, name).toContain(expected);
    }

    const bad = await client.callTool({ name: 'weather', arguments: { city: '' } });
    expect(bad.isError).toBe(true);
    expect((bad.content as Array<{ text: string }>)[0]!.text).toContain('city');
    const unknown = await client.callTool({ name: 'fly', arguments: {} });
    expect(unknown.isError).toBe(true);

    await client.close();
    await server.close();
  });

  it('serves over stdio from a separate process', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [childBundle(), 'mcp', '""'],
    });
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(6);
    const result = await client.callTool({ name: 'weather', arguments: { city: '成都' } });
    expect((result.content as Array<{ text: string }>)[0]!.text).toContain('城市: 成都');
    await client.close();
  });
});
