import { describe, expect, it } from 'vitest';
import { callTool, createToolContext } from '../src/index';
import { CROSS_CONTEXT } from './fixtures/cross-context';
import { runChild } from './helpers';

const CALLS: Array<[string, Record<string, unknown>]> = [
  ['poi_search', { address: '美食', region: '成都' }],
  ['poi_search', { address: '故宫' }],
  ['around_search', { location: '120.155,30.274', radius: 2000, keyword: '酒店' }],
  ['direction', { origin: '120.155,30.274', destination: '120.101,30.241', mode: 'transit' }],
  ['direction', { origin: '113.264,23.129', destination: '113.33,23.14', mode: 'driving' }],
  ['weather', { city: '拉萨' }],
  ['search_train_tickets', { date: '2025-05-03', from_city: '北京', to_city: '天津' }],
];

describe('determinism across processes', () => {
  it('gives identical text for the same calls and epoch in a fresh process', async () => {
    const ctx = createToolContext({
      ...CROSS_CONTEXT,
      cache: 'none',
    });
    const here: string[] = [];
    for (const [name, args] of CALLS) here.push((await callTool(name, args, ctx)).text);
    const there = runChild<string[]>('calls', CALLS);
    expect(there).toEqual(here);
    expect(here.every((t) => t.length > 50)).toBe(true);
  });
});
