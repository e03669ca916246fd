import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../src/stats/random';
import { startServer, type RunningServer } from '../src/server/start';
import { get, post } from './helpers/http';

const CASES = 10_000;
const WORKERS = 32;

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)] as T;
}

function randomString(rng: Rng, max = 24): string {
  const alphabet = 'abcxyz_-0123456789 "\\{}[]:,<>/\n\t\u0000é北京🙂';
  let out = '';
  const n = Math.floor(rng() * max);
  for (let i = 0; i < n; i += 1) out += pick(rng, [...alphabet]);
  return out;
}

function randomJson(rng: Rng, depth = 0): unknown {
  const kind = Math.floor(rng() * (depth > 3 ? 5 : 7));
  switch (kind) {
    case 0:
      return null;
    case 1:
      return rng() < 0.5;
    case 2:
      return pick(rng, [0, -1, 1.5, 2 ** 31, 2 ** 53, -0, 1e308, Math.floor(rng() * 1e6)]);
    case 3:
      return randomString(rng);
    case 4:
      return pick(rng, ['', 'function', '__proto__', 'constructor', '131']);
    case 5:
      return Array.from({ length: Math.floor(rng() * 4) }, () => randomJson(rng, depth + 1));
    default: {
      const out: Record<string, unknown> = {};
      const keys = [
        'task_id',
        'episode_id',
        'tool_calls',
        'content',
        'seed',
        'epoch',
        'model',
        'base_url',
        'x',
      ];
      for (let i = Math.floor(rng() * 4); i > 0; i -= 1) {
        out[pick(rng, [...keys, randomString(rng, 8)])] = randomJson(rng, depth + 1);
      }
      return out;
    }
  }
}

const BAD_TASK_IDS = [-1, 1.5, 2 ** 31, '131', null, {}, [], true, 'NaN'];

/** A request that must be refused: every generator breaks the body on purpose. */
function malformed(rng: Rng): { path: string; body: string | Buffer } {
  const path = pick(rng, ['/v1/reset', '/v1/step', '/v1/evaluate']);
  const kind = Math.floor(rng() * 9);
  switch (kind) {
    case 0: {
      // Random bytes.
      const bytes = Buffer.alloc(Math.floor(rng() * 64));
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(rng() * 256);
      return { path, body: bytes.length === 0 ? ' ' : bytes };
    }
    case 1: {
      // Valid JSON cut short.
      const text = JSON.stringify({
        task_id: 7,
        episode_id: 'e',
        tool_calls: [{ function: { name: 'weather' } }],
      });
      return { path, body: text.slice(0, 1 + Math.floor(rng() * (text.length - 2))) };
    }
    case 2:
      // Random JSON of any shape, with an unknown key so that it can never be a valid body.
      return {
        path,
        body: JSON.stringify({ ...(randomJson(rng) as object), ['zz_' + randomString(rng, 4)]: 1 }),
      };
    case 3:
      // Top-level non-objects.
      return { path, body: JSON.stringify(pick(rng, [null, 1, 'x', [], [{}], true])) };
    case 4:
      return { path: '/v1/reset', body: JSON.stringify({ task_id: pick(rng, BAD_TASK_IDS) }) };
    case 5: {
      // Step bodies: bad tool-call shapes, or a well-formed call on an episode that does not exist.
      const calls = pick(rng, [
        [{ function: { name: 'weather', arguments: 12 } }],
        [{ id: 5, function: { name: 'weather' } }],
        [{ type: 'tool', function: { name: 'weather' } }],
        'weather',
        [null],
        [{ function: { name: 'weather', arguments: '{"city":"北京"}' } }],
      ]);
      return {
        path: '/v1/step',
        body: JSON.stringify({ episode_id: randomString(rng, 40) || 'x', tool_calls: calls }),
      };
    }
    case 6: {
      // Evaluate bodies: missing fields, bad types, or a base_url the (empty) allow-list refuses.
      const body: Record<string, unknown> = {
        task_id: 1,
        model: 'm',
        base_url: pick(rng, [
          'https://example.com/v1',
          'file:///etc/passwd',
          'javascript:alert(1)',
          12,
        ]),
      };
      if (rng() < 0.3) delete body[pick(rng, ['task_id', 'model', 'base_url'])];
      if (rng() < 0.3) body['temperature'] = pick(rng, [-1, 3, 'hot']);
      return { path: '/v1/evaluate', body: JSON.stringify(body) };
    }
    case 7: {
      // Deep nesting.
      const depth = 100 + Math.floor(rng() * 5000);
      return { path, body: `{"task_id":${'['.repeat(depth)}${']'.repeat(depth)}}` };
    }
    default:
      // Both spellings of one field, or prototype keys.
      return {
        path,
        body: pick(rng, [
          '{"task_id":1,"taskId":1}',
          '{"__proto__":{"task_id":1}}',
          '{"constructor":{"prototype":{}}}',
          '{"episode_id":"a","episodeId":"b"}',
          '{"task_id":1e400}',
          '{"task_id":-0.0000001}',
        ]),
      };
  }
}

describe('fuzzing the server', () => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await startServer({
      port: 0,
      environmentOptions: { salt: 'fuzz', now: Date.UTC(2026, 0, 5) },
      allowedBaseUrls: [],
      log: false,
    });
  });
  afterAll(async () => {
    await running.close();
  });

  it(`answers ${CASES} malformed bodies with 4xx JSON errors and keeps serving`, async () => {
    const rng = createRng('navworld-fuzz');
    const cases = Array.from({ length: CASES }, () => malformed(rng));
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let next = 0;
    async function worker(): Promise<void> {
      while (next < cases.length) {
        const c = cases[next++]!;
        const answer = await post(running.url, c.path, c.body);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const ok =
          answer.status >= 400 &&
          answer.status < 500 &&
          typeof answer.json?.error?.code === 'string' &&
          typeof answer.json?.error?.message === 'string';
        if (!ok && failures.length < 5) {
          failures.push(
            `${c.path} ${String(c.body).slice(0, 120)} → ${answer.status} ${answer.text.slice(0, 200)}`,
          );
        }
      }
    }
    await Promise.all(Array.from({ length: WORKERS }, worker));
    expect(failures).toEqual([]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(CASES);
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([400, 403, 404]));
    const health = await get(running.url, '/healthz');
    expect(health.status).toBe(200);
    expect(health.json.episodes_held).toBe(0);
  }, 300_000);
});
