import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { epochAt, sha256Hex } from '@navworld/core-types';
import { listCities } from '@navworld/knowledge-graph';
import { callTool, createToolContext, verifyCassette } from '../src/index';
import { startChild, tempDir } from './helpers';

const EPOCH = epochAt(Date.UTC(2025, 4, 1), { salt: 'cassette' });
const CALLS: Array<[string, Record<string, unknown>]> = [
  ['poi_search', { address: '夫子庙', region: '南京' }],
  ['around_search', { location: '118.797,32.06', radius: 1000, keyword: '美食' }],
  ['direction', { origin: '118.797,32.06', destination: '118.79,32.02', mode: 'walking' }],
  ['weather', { city: '南京' }],
  ['weather', { city: '火星' }],
];

async function record(path: string): Promise<string[]> {
  const ctx = createToolContext({
    world: 'record',
    cassettePath: path,
    epoch: EPOCH,
    recordWorld: 'offline',
  });
  const texts: string[] = [];
  for (const [name, args] of CALLS) texts.push((await callTool(name, args, ctx)).text);
  return texts;
}

describe('cassettes', () => {
  it('replays exactly what was recorded', async () => {
    const path = join(tempDir(), 'run.jsonl');
    const recorded = await record(path);
    expect(verifyCassette(path).size).toBe(CALLS.length);
    const replay = createToolContext({ world: 'replay', cassettePath: path, epoch: EPOCH });
    const replayed: string[] = [];
    for (const [name, args] of CALLS) replayed.push((await callTool(name, args, replay)).text);
    expect(replayed).toEqual(recorded);
    const normalizedAgain = await callTool(
      'poi_search',
      '{"address":" 夫子庙","region":"南京市"}',
      replay,
    );
    expect(normalizedAgain.text).toBe(recorded[0]);
  });

  it('records each call once, also across runs', async () => {
    const path = join(tempDir(), 'twice.jsonl');
    await record(path);
    await record(path);
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(CALLS.length);
  });

  it('fails clearly on a call that was not recorded or from another epoch', async () => {
    const path = join(tempDir(), 'miss.jsonl');
    await record(path);
    const replay = createToolContext({ world: 'replay', cassettePath: path, epoch: EPOCH });
    const miss = await callTool('poi_search', { address: '中山陵', region: '南京' }, replay);
    expect(miss.errorCode).toBe('CASSETTE_MISS');
    const otherWeek = createToolContext({
      world: 'replay',
      cassettePath: path,
      epoch: { ...EPOCH, salt: 'later' },
    });
    expect((await callTool('weather', { city: '南京' }, otherWeek)).errorCode).toBe(
      'CASSETTE_MISS',
    );
    const transport = await callTool(
      'search_flights',
      { date: '2025-05-03', from_city: '南京', to_city: '北京' },
      replay,
    );
    expect(transport.ok).toBe(true);
  });

  it('refuses a tampered cassette', async () => {
    const path = join(tempDir(), 'tampered.jsonl');
    await record(path);
    writeFileSync(path, readFileSync(path, 'utf8').replace('夫子庙', '夫子廟'));
    expect(() => verifyCassette(path)).toThrow(/manifest/);
    const replay = createToolContext({ world: 'replay', cassettePath: path, epoch: EPOCH });
    const r = await callTool('weather', { city: '南京' }, replay);
    expect(r.ok).toBe(false);
    expect(r.errorCode).toBe('CASSETTE_TAMPERED');
    const dropped = join(tempDir(), 'dropped.jsonl');
    await record(dropped);
    writeFileSync(dropped, readFileSync(dropped, 'utf8').split('\n').slice(1).join('\n'));
    expect(() => verifyCassette(dropped)).toThrow(/manifest/);
  });

  it('keeps one cassette whole when several contexts record into it', async () => {
    // Two epochs of one server, or two environments of one process: each has its own context.
    const path = join(tempDir(), 'shared.jsonl');
    const contexts = ['a', 'b'].map((salt) =>
      createToolContext({
        world: 'record',
        cassettePath: path,
        epoch: epochAt(Date.UTC(2025, 4, 1), { salt }),
        recordWorld: 'offline',
      }),
    );
    for (const [name, args] of CALLS) for (const ctx of contexts) await callTool(name, args, ctx);
    expect(verifyCassette(path).size).toBe(2 * CALLS.length);
    // Each context replays its own epoch's results.
    for (const salt of ['a', 'b']) {
      const replay = createToolContext({
        world: 'replay',
        cassettePath: path,
        epoch: epochAt(Date.UTC(2025, 4, 1), { salt }),
      });
      const r = await callTool('weather', { city: '南京' }, replay);
      expect(r.ok).toBe(true);
    }
  });

  it('extends a cassette that another writer extended since', async () => {
    const path = join(tempDir(), 'other-writer.jsonl');
    const ctx = createToolContext({
      world: 'record',
      cassettePath: path,
      epoch: EPOCH,
      recordWorld: 'offline',
    });
    await callTool('weather', { city: '南京' }, ctx);
    // Another process records a call of its own: a line and the manifest in step.
    const other = join(tempDir(), 'other.jsonl');
    await record(other);
    const line = readFileSync(other, 'utf8').split('\n')[0]!;
    const manifest = JSON.parse(readFileSync(`${path}.manifest.json`, 'utf8')) as {
      lines: string[];
    };
    writeFileSync(path, `${readFileSync(path, 'utf8')}${line}\n`);
    writeFileSync(
      `${path}.manifest.json`,
      JSON.stringify({ ...manifest, lines: [...manifest.lines, sha256Hex(line)] }),
    );
    await callTool('weather', { city: '上海' }, ctx);
    expect(verifyCassette(path).size).toBe(3);
  });

  it('stays whole when four processes record into it at the same moment', async () => {
    const path = join(tempDir(), 'shared.jsonl');
    const cities = listCities().map((c) => c.name);
    const writers = 4;
    const share = Math.floor(cities.length / writers);
    // Every process starts calling at the same instant, each with cities of its own plus the first few of
    // every list (the same keys recorded by several writers).
    const startAt = Date.now() + 1500;
    const lists = Array.from({ length: writers }, (_, w) => [
      ...cities.slice(w * share, (w + 1) * share),
      ...cities.slice(0, 4),
    ]);
    const results = await Promise.all(
      lists.map((mine) => startChild<{ ok: number }>('record', { path, cities: mine, startAt })),
    );
    // Every call of every writer succeeded (two per city).
    expect(results.map((r) => r.ok)).toEqual(lists.map((l) => 2 * l.length));
    // The manifest lists every line, and every writer's calls are in it.
    expect(verifyCassette(path).size).toBe(2 * writers * share);
    expect(existsSync(`${path}.lock`)).toBe(false);
    // One line per key: a key two writers met is recorded once.
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(2 * writers * share);
  }, 60_000);

  it('breaks a lock left by a writer that died holding it', async () => {
    const path = join(tempDir(), 'stale.jsonl');
    writeFileSync(`${path}.lock`, '');
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(`${path}.lock`, minuteAgo, minuteAgo);
    await record(path);
    // All five outcomes are recorded (the unknown city's UNKNOWN_CITY too).
    expect(verifyCassette(path).size).toBe(CALLS.length);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('needs a cassette path, and for replay a cassette at it', () => {
    expect(() => createToolContext({ world: 'replay', env: {} })).toThrow(/cassette/);
    const missing = join(tempDir(), 'never-recorded.jsonl');
    expect(() => createToolContext({ world: 'replay', cassettePath: missing })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_ERROR',
        message: `the replay cassette ${missing} does not exist`,
      }),
    );
  });
});
