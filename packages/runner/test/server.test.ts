/* eslint-disable @typescript-eslint/no-explicit-any -- HTTP answers are untyped JSON checked by assertions. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SafeResultSchema, epochAt, type EpisodeResult } from '@navworld/core-types';
import { createEnvironment, type Environment } from '../src/environment/environment';
import { runReferenceAgent } from '../src/agent/reference-agent';
import { createServer } from '../src/server/app';
import { startServer, type RunningServer, type StartServerOptions } from '../src/server/start';
import { isBaseUrlAllowed, parseAllowList } from '../src/server/allow-list';
import { redact } from '../src/server/logger';
import type { LogEntry } from '../src/server/logger';
import { startScriptedOpenAIServer } from '../src/testing';
import { get, http, post } from './helpers/http';
import { routeThroughHttp } from './helpers/http-environment';
import { GENERIC_PLAN } from './helpers/episode';
import { startFakeModel, type FakeModel } from './helpers/fake-model';

const HERE = dirname(fileURLToPath(import.meta.url));
const ENV_OPTIONS = { salt: 'navworld-http-test', now: Date.UTC(2026, 0, 5) };

function weatherCall(id: string, city: string) {
  return {
    id,
    type: 'function',
    function: { name: 'weather', arguments: JSON.stringify({ city }) },
  };
}

/** A server on a free port whose log entries are collected. */
async function startLogged(
  options: StartServerOptions = {},
): Promise<{ running: RunningServer; logs: LogEntry[] }> {
  const logs: LogEntry[] = [];
  const running = await startServer({
    port: 0,
    environmentOptions: ENV_OPTIONS,
    log: (e) => logs.push(e),
    ...options,
  });
  return { running, logs };
}

function expectError(answer: { status: number; json: any }, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(answer.json?.error?.code).toBe(code);
  expect(typeof answer.json?.error?.message).toBe('string');
}

describe('HTTP server', () => {
  let running: RunningServer;
  let base: string;
  const logs: LogEntry[] = [];

  beforeAll(async () => {
    running = await startServer({
      port: 0,
      environmentOptions: ENV_OPTIONS,
      log: (e) => logs.push(e),
      allowedBaseUrls: [],
    });
    base = running.url;
  });
  afterAll(async () => {
    await running.close();
  });

  it('plays a full reset → tool step → final answer episode', async () => {
    const health = await get(base, '/healthz', { 'x-request-id': 'trace-42' });
    expect(health.json).toMatchObject({ status: 'ok' });
    expect(health.headers['x-request-id']).toBe('trace-42');
    const tools = await get(base, '/v1/tools');
    expect(tools.json.tools.map((t: any) => t.function.name)).toEqual([
      'poi_search',
      'around_search',
      'direction',
      'weather',
      'search_flights',
      'search_train_tickets',
    ]);
    const task = await get(base, '/v1/tasks/131');
    expect(task.status).toBe(200);
    expect(task.json.problem.taskId).toBe(131);

    const reset = await post(base, '/v1/reset', { task_id: 131 });
    expect(reset.status).toBe(200);
    const episodeId: string = reset.json.episode_id;
    expect(episodeId).toMatch(/^[0-9a-f]{32}$/);
    expect(reset.json.problem).toEqual(task.json.problem);
    expect(reset.json.messages.map((m: any) => m.role)).toEqual(['system', 'user']);
    expect(reset.json.info).toMatchObject({
      task_id: 131,
      problem_type: task.json.problem.problemType,
    });
    const city: string = reset.json.problem.destinationCity;

    const step = await post(base, '/v1/step', {
      episode_id: episodeId,
      tool_calls: [weatherCall('c1', city)],
    });
    expect(step.status).toBe(200);
    expect(step.json).toMatchObject({ episode_id: episodeId, step: 1, done: false });
    expect(step.json.observations[0], JSON.stringify(step.json.observations[0])).toMatchObject({
      tool_call_id: 'c1',
      name: 'weather',
      ok: true,
    });
    expect(step.json.reward).toBeGreaterThanOrEqual(0);
    expect(step.json.reward).toBeLessThanOrEqual(1);

    // camelCase spellings are accepted as well.
    const final = await post(base, '/v1/step', {
      episodeId,
      content: `${city}两日游：第1天参观景点。`,
    });
    expect(final.status).toBe(200);
    expect(final.json.done).toBe(true);
    expect(final.json.info.score).toBe(final.json.info.total);
    expect(final.json.reward).toBeCloseTo(final.json.info.total / 100, 10);

    expectError(
      await post(base, '/v1/step', { episode_id: episodeId, content: 'again' }),
      409,
      'EPISODE_DONE',
    );
  });

  it('scores a final answer of nearly 1 MB that lists one tool price 140,000 times', async () => {
    // Such a list once made the scorer throw (its lines were spread into one call), leaving the episode
    // unscored; a policy could turn any episode into an infrastructure error that way.
    const reset = await post(base, '/v1/reset', { task_id: 131 });
    const episodeId: string = reset.json.episode_id;
    const region: string = reset.json.problem.destinationCity;
    const step = await post(base, '/v1/step', {
      episode_id: episodeId,
      tool_calls: [
        {
          id: 'p1',
          type: 'function',
          function: { name: 'poi_search', arguments: JSON.stringify({ address: '美食', region }) },
        },
      ],
    });
    const price = /(\d+)元/.exec(step.json.observations[0].text as string);
    expect(price, 'the search result states a price').not.toBeNull();
    const body = { episode_id: episodeId, content: `${price![0]}\n`.repeat(140_000) };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(1024 * 1024);
    const final = await post(base, '/v1/step', body);
    expect(final.status).toBe(200);
    expect(final.json.done).toBe(true);
    expect(final.json.info.error).toBeUndefined();
    expect(final.json.info.hardConstraints).toBeDefined();
  });

  it('answers every bad request with the right status and a JSON error', async () => {
    expectError(await post(base, '/v1/reset', '{"task_id": 1'), 400, 'INVALID_JSON');
    expectError(await post(base, '/v1/reset', ''), 400, 'INVALID_JSON');
    expectError(await post(base, '/v1/reset', { task_id: -1 }), 400, 'VALIDATION_FAILED');
    expectError(await post(base, '/v1/reset', { task_id: 1, tasks: 2 }), 400, 'VALIDATION_FAILED');
    expectError(await post(base, '/v1/reset', { task_id: 1, taskId: 1 }), 400, 'VALIDATION_FAILED');
    expectError(await post(base, '/v1/reset', {}), 400, 'VALIDATION_FAILED');
    expectError(await post(base, '/v1/step', { tool_calls: [] }), 400, 'VALIDATION_FAILED');
    // Two spellings of one thing: neither is dropped silently.
    const both = await post(base, '/v1/reset', { task_id: 1, seed: 2 });
    expectError(both, 400, 'VALIDATION_FAILED');
    expect(both.json.error.message).toContain('give task_id or seed, not both');
    const alias = await post(base, '/v1/step', { episode_id: 'x', content: 'a', action: 'b' });
    expectError(alias, 400, 'VALIDATION_FAILED');
    expect(alias.json.error.message).toContain('give content or its alias action, not both');
    expect((await post(base, '/v1/reset', { seed: 2 })).json.info).toMatchObject({
      task_id: 2,
      seed: 2,
    });
    // An epoch is taken only as a reset hands it out: its parts must agree.
    const epoch = (await post(base, '/v1/reset', { task_id: 1 })).json.epoch;
    const again = await post(base, '/v1/reset', { task_id: 1, epoch });
    expect([again.status, again.json.epoch]).toEqual([200, epoch]);
    for (const bad of [
      { ...epoch, startsAt: 0, endsAt: 1 },
      { ...epoch, id: 99_999_999 },
      { ...epoch, salt: String(epoch.id), pinned: false, id: epoch.id + 1 },
    ]) {
      const refused = await post(base, '/v1/reset', { task_id: 1, epoch: bad });
      expectError(refused, 400, 'INVALID_EPOCH');
      expect(refused.json.error.message).toMatch(/^invalid epoch: epoch\./);
      expect(refused.json.error.hint).toContain('as a reset returned it');
    }
    expectError(
      await post(base, '/v1/reset', { task_id: 1, epoch: { id: 1 } }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await get(base, '/v1/tasks/abc'), 400, 'INVALID_TASK_ID');
    expectError(await get(base, '/v1/tasks/4294967296'), 400, 'INVALID_TASK_ID');
    // A whole number past the last id is named as out of range, not as a malformed id.
    for (const id of ['2147483648', '4294967296', '99999999999', '9'.repeat(40)]) {
      const tooBig = await get(base, `/v1/tasks/${id}`);
      expectError(tooBig, 400, 'INVALID_TASK_ID');
      expect(tooBig.json.error.message, id).toMatch(
        /is out of range: task ids run from 0 to 2147483647$/,
      );
      expect(tooBig.json.error.message).not.toContain('non-negative integer');
    }
    expect((await get(base, '/v1/tasks/2147483647')).status).toBe(200);
    expect((await get(base, '/v1/tasks/-1')).json.error.message).toMatch(/non-negative integer/);
    expectError(
      await post(base, '/v1/step', { episode_id: 'nope', content: 'x' }),
      404,
      'EPISODE_NOT_FOUND',
    );
    expectError(await get(base, '/v1/nothing'), 404, 'NOT_FOUND');
    const slash = await post(base, '/v1/reset/', { task_id: 1 });
    expectError(slash, 404, 'NOT_FOUND');
    expect(slash.json.error.hint).toContain('use /v1/reset');
    expect((await get(base, '/v1/nothing/')).json.error.hint).toBe('See GET /v1/openapi.json.');
    expectError(await get(base, '/v1/reset'), 405, 'METHOD_NOT_ALLOWED');
    const big = JSON.stringify({ episode_id: 'x', content: 'a'.repeat(1024 * 1024 + 10) });
    expectError(await post(base, '/v1/step', big), 413, 'PAYLOAD_TOO_LARGE');
    expectError(
      await post(base, '/v1/evaluate', {
        task_id: 1,
        model: 'm',
        base_url: 'https://evil.example/v1',
        api_key: 'sk-test-abcdefgh1234',
      }),
      403,
      'FORBIDDEN',
    );
  });

  it('serves metrics and an OpenAPI document generated from the schemas', async () => {
    const metrics = await get(base, '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.text).toContain('navworld_episodes_open ');
    expect(metrics.text).toContain('navworld_tool_calls_total{outcome="ok",tool="weather"}');
    expect(metrics.text).toContain('navworld_steps_total{kind="final"}');
    expect(metrics.text).toContain('navworld_tool_cache_hit_ratio');
    expect(metrics.text).toMatch(/navworld_scoring_duration_seconds_count [1-9]/);
    const doc = (await get(base, '/v1/openapi.json')).json;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/reset',
        '/v1/step',
        '/v1/evaluate',
        '/v1/tasks/{id}',
        '/metrics',
      ]),
    );
    expect(doc.components.schemas.ResetRequest.properties.task_id.type).toBe('integer');
    expect(doc.components.schemas.StepRequest.required).toEqual(['episode_id']);
    expect(doc.paths['/v1/reset'].post.responses['429'].headers['Retry-After'].schema.type).toBe(
      'integer',
    );
    // Tools are typed in the OpenAI function format, not as bare objects.
    const tool = doc.components.schemas.Tools.properties.tools.items;
    expect(tool.properties.type.const).toBe('function');
    expect(tool.properties.function.required).toEqual(
      expect.arrayContaining(['name', 'description', 'parameters']),
    );
    expect(
      doc.paths['/v1/step'].post.responses['409'].content['application/json'].schema.$ref,
    ).toBe('#/components/schemas/Error');
  });

  it('a Python standard-library client plays an episode', async () => {
    // Spawned asynchronously: the server lives in this process and must keep serving.
    const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn('python3', [join(HERE, 'fixtures/python_client.py'), base, '131']);
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
        child.on('error', reject);
        child.on('close', (status) => resolve({ status, stdout, stderr }));
      },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout.trim());
    expect(out.done).toBe(true);
    expect(out.tools).toHaveLength(6);
    expect(out.step_rewards).toHaveLength(2);
    expect(out.score).toBeGreaterThanOrEqual(0);
    expect(out.score).toBeLessThanOrEqual(100);
    expect(out.final_reward).toBeCloseTo(out.score / 100, 10);
  });

  it('never logs secrets', async () => {
    await post(base, '/v1/evaluate', {
      task_id: 1,
      model: 'm',
      base_url: 'https://evil.example/v1',
      api_key: 'sk-secret-zzzzzzzz9999',
    });
    const text = JSON.stringify(logs);
    expect(logs.length).toBeGreaterThan(5);
    expect(text).not.toContain('sk-secret');
    expect(text).not.toContain('sk-test');
  });
});

describe('limits, authentication and the allow-list', () => {
  it('answers 429 once the open-episode cap is reached', async () => {
    const running = await startServer({
      port: 0,
      environmentOptions: ENV_OPTIONS,
      maxOpenEpisodes: 2,
      log: false,
    });
    try {
      expect((await post(running.url, '/v1/reset', { task_id: 1 })).status).toBe(200);
      expect((await post(running.url, '/v1/reset', { task_id: 2 })).status).toBe(200);
      const full = await post(running.url, '/v1/reset', { task_id: 3 });
      expectError(full, 429, 'EPISODE_LIMIT');
      // The default idle timeout is 30 minutes: the first slot frees within it, never sooner than 1 s.
      const wait = Number(full.headers['retry-after']);
      expect(Number.isSafeInteger(wait) && wait >= 1 && wait <= 1800).toBe(true);
      // A server operator raises the limit with the CLI flag, a library user with the option.
      expect(full.json.error.hint).toContain('navworld serve --max-episodes');
      expect(full.json.error.hint).toContain('maxEpisodes');
    } finally {
      await running.close();
    }
  });

  it('sends Retry-After with the seconds until an idle episode expires', async () => {
    let now = 0;
    const running = await startServer({
      port: 0,
      environmentOptions: { ...ENV_OPTIONS, clock: () => now },
      idleTimeoutMs: 120_000,
      maxOpenEpisodes: 1,
      log: false,
    });
    try {
      expect((await post(running.url, '/v1/reset', { task_id: 1 })).status).toBe(200);
      now = 30_000;
      const full = await post(running.url, '/v1/reset', { task_id: 2 });
      expectError(full, 429, 'EPISODE_LIMIT');
      expect(full.headers['retry-after']).toBe('90');
      // Other errors carry no Retry-After.
      const missing = await post(running.url, '/v1/step', { episode_id: 'nope', content: 'x' });
      expect(missing.status).toBe(404);
      expect(missing.headers['retry-after']).toBeUndefined();
      now = 120_000;
      expect((await post(running.url, '/v1/reset', { task_id: 2 })).status).toBe(200);
    } finally {
      await running.close();
    }
  });

  it('requires the bearer token when one is set (health stays open)', async () => {
    const token = 'tok-0123456789abcdef';
    const { running, logs } = await startLogged({ token });
    try {
      expectError(await post(running.url, '/v1/reset', { task_id: 1 }), 401, 'UNAUTHORIZED');
      expectError(
        await post(running.url, '/v1/reset', { task_id: 1 }, { authorization: 'Bearer wrong' }),
        401,
        'UNAUTHORIZED',
      );
      expectError(await get(running.url, '/metrics'), 401, 'UNAUTHORIZED');
      const ok = await post(
        running.url,
        '/v1/reset',
        { task_id: 1 },
        { authorization: `Bearer ${token}` },
      );
      expect(ok.status).toBe(200);
      expect((await get(running.url, '/healthz')).status).toBe(200);
      expect(JSON.stringify(logs)).not.toContain(token);
    } finally {
      await running.close();
    }
  });

  it('refuses a public bind without a token', async () => {
    await expect(
      startServer({ host: '0.0.0.0', port: 0, env: {}, log: false }),
    ).rejects.toMatchObject({
      code: 'CONFIG_ERROR',
    });
  });

  it('refuses a token too short to mask, or with spaces, without quoting it', async () => {
    // A 3-character token would be left unmasked in logs: it is refused before anything listens.
    for (const [options, value] of [
      [{ token: 'q7z' }, 'q7z'],
      [{ env: { NAVWORLD_SERVER_TOKEN: 'x9' } }, 'x9'],
      [{ token: 'tok en-1234' }, 'tok en-1234'],
    ] as const) {
      const refused = startServer({ port: 0, env: {}, log: false, ...options });
      await expect(refused).rejects.toMatchObject({
        code: 'CONFIG_ERROR',
        message: 'the server token must be at least 4 characters without spaces',
        hint: expect.stringContaining('NAVWORLD_SERVER_TOKEN'),
      });
      const error = (await refused.catch((e: unknown) => e)) as Error & { hint: string };
      expect(`${error.message} ${error.hint}`).not.toContain(value);
    }
    // Four characters are enough.
    const running = await startServer({ port: 0, token: 'q7z!', log: false });
    await running.close();
  });

  it('refuses a port outside 0–65535 with a typed error', async () => {
    for (const port of [65_536, -1, 80.5, Number.NaN]) {
      await expect(startServer({ port, env: {}, log: false })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/^port must be a whole number from 0 to 65535/),
      });
    }
  });

  it('refuses counts and durations that are not whole numbers, before anything listens', async () => {
    const cases: Array<[StartServerOptions, string]> = [
      [{ maxOpenEpisodes: 2.5 }, 'maxOpenEpisodes must be a whole number of at least 1'],
      [{ idleTimeoutMs: 1000.5 }, 'idleTimeoutMs must be a whole number of at least 1'],
      [{ maxBodyBytes: 0 }, 'maxBodyBytes must be a whole number of at least 1'],
      [
        { maxConcurrentEvaluations: 1.5 },
        'maxConcurrentEvaluations must be a whole number of at least 1',
      ],
      [{ shutdownGraceMs: 10.5 }, 'shutdownGraceMs must be a whole number from 0 to 2147483647'],
      // The options of the environment the server makes are held to the same rule.
      [
        { environmentOptions: { ...ENV_OPTIONS, toolTimeoutMs: 0.5 } },
        'toolTimeoutMs must be a whole number from 1 to 2147483647',
      ],
    ];
    for (const [options, message] of cases) {
      await expect(
        startServer({ port: 0, env: {}, log: false, ...options }),
        message,
      ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message, hint: expect.any(String) });
    }
    // A grace of 0 (do not wait for in-flight requests) stays allowed.
    const running = await startServer({ port: 0, env: {}, log: false, shutdownGraceMs: 0 });
    await running.close();
  });

  it('matches base URLs segment-wise and refuses credentials', () => {
    const list = parseAllowList('https://api.openai.com/v1, http://127.0.0.1:8000');
    expect(isBaseUrlAllowed('https://api.openai.com/v1', list)).toBe(true);
    expect(isBaseUrlAllowed('https://api.openai.com/v1/', list)).toBe(true);
    expect(isBaseUrlAllowed('https://api.openai.com/v10', list)).toBe(false);
    expect(isBaseUrlAllowed('https://api.openai.com.evil.io/v1', list)).toBe(false);
    expect(isBaseUrlAllowed('http://api.openai.com/v1', list)).toBe(false);
    expect(isBaseUrlAllowed('https://user:pw@api.openai.com/v1', list)).toBe(false);
    expect(isBaseUrlAllowed('http://127.0.0.1:8000/anything', list)).toBe(true);
    expect(isBaseUrlAllowed('http://127.0.0.1:8001/v1', list)).toBe(false);
    expect(isBaseUrlAllowed('not a url', list)).toBe(false);
    expect(isBaseUrlAllowed('https://api.openai.com/v1', [])).toBe(false);
    expect(() => parseAllowList('ftp://x')).toThrow();
    // Credentials are refused at once, and never echoed.
    for (const entry of [
      'ftp://bob:sk-SECRETPASS999@host/v1',
      'https://bob:hunter2@api.example.com/v1',
      'http://bob:hunter2@[bad',
    ]) {
      let message = '';
      try {
        parseAllowList(entry);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, entry).toMatch(/^allowed base URL /);
      expect(message, entry).not.toMatch(/hunter2|SECRETPASS|bob/);
    }
  });

  it('runs /v1/evaluate against an allowed endpoint with the model agent', async () => {
    const model = await startScriptedOpenAIServer({
      handler: () => ({ content: '北京一日游：上午参观故宫，下午游览天坛。预算约500元。' }),
    });
    const logs: LogEntry[] = [];
    const running = await startServer({
      port: 0,
      environmentOptions: ENV_OPTIONS,
      allowedBaseUrls: model.url,
      log: (e) => logs.push(e),
    });
    try {
      const apiKey = 'sk-allowed-key-1234567890';
      const answer = await post(running.url, '/v1/evaluate', {
        task_id: 3,
        model: 'scripted-model',
        base_url: model.url,
        api_key: apiKey,
        temperature: 0,
        timeout: 60,
      });
      expect(answer.status).toBe(200);
      const result = answer.json as EpisodeResult;
      expect(result.taskId).toBe(3);
      expect(result.model).toBe('scripted-model');
      expect(result.validForScoring).toBe(true);
      // Outside debug mode the exact breakdown is withheld; the safe result stands in for it.
      expect(result.breakdown).toBeNull();
      const safe = (answer.json as { safe: Record<string, unknown> }).safe;
      expect(SafeResultSchema.parse(safe).total).toBe(result.total);
      expect(safe).not.toHaveProperty('infoConsistency');
      expect(model.requests.length).toBeGreaterThan(0);
      expect(model.requests[0]?.headers?.authorization).toBe(`Bearer ${apiKey}`);
      expect(JSON.stringify(logs)).not.toContain(apiKey);
      expect((await get(running.url, '/metrics')).text).toContain(
        'navworld_evaluations_total{outcome=',
      );
    } finally {
      await running.close();
      await model.close();
    }
  });

  it("masks a client's api_key in its own request only, never in later log lines", async () => {
    // A refused key echoed back by the endpoint, as OpenAI's 401 does.
    const model = await startScriptedOpenAIServer({
      handler: (request) =>
        String(request.headers.authorization) === 'Bearer POST'
          ? { content: GENERIC_PLAN }
          : {
              status: 401,
              errorMessage: `Incorrect API key provided: ${String(request.headers.authorization).slice(7)}`,
            },
    });
    const logs: LogEntry[] = [];
    const running = await startServer({
      port: 0,
      environmentOptions: ENV_OPTIONS,
      allowedBaseUrls: model.url,
      log: (e) => logs.push(e),
    });
    try {
      const evaluate = (apiKey: string) =>
        post(running.url, '/v1/evaluate', {
          task_id: 1,
          model: 'scripted-model',
          base_url: model.url,
          api_key: apiKey,
          timeout: 60,
        });
      expect((await evaluate('POST')).status).toBe(200);
      const clientKey = 'client-key-4f9a2c';
      const refused = await evaluate(clientKey);
      expect(refused.status).toBe(200);
      expect(refused.json.validForScoring).toBe(false);
      expect(refused.text).not.toContain(clientKey);
      const earlier = logs.length;
      expect((await post(running.url, '/v1/reset', { task_id: 2 })).status).toBe(200);
      const later = logs.slice(earlier);
      expect(later.find((e) => e.msg === 'request')).toMatchObject({
        method: 'POST',
        route: '/v1/reset',
        status: 200,
      });
      expect(JSON.stringify(later)).not.toContain('[REDACTED]');
    } finally {
      await running.close();
      await model.close();
    }
    expect(JSON.stringify(logs)).not.toContain('client-key-4f9a2c');
  });

  it('returns the full breakdown from /v1/evaluate in debug mode', async () => {
    const model = await startScriptedOpenAIServer({ handler: () => ({ content: GENERIC_PLAN }) });
    const running = await startServer({
      port: 0,
      environmentOptions: { ...ENV_OPTIONS, debug: true },
      allowedBaseUrls: model.url,
    });
    try {
      const answer = await post(running.url, '/v1/evaluate', {
        task_id: 1,
        model: 'scripted-model',
        base_url: model.url,
        api_key: 'k',
      });
      expect(answer.status).toBe(200);
      const result = answer.json as EpisodeResult & { safe?: unknown };
      expect(result.breakdown?.total).toBe(result.total);
      expect(result).not.toHaveProperty('safe');
    } finally {
      await running.close();
      await model.close();
    }
  });

  it('redacts secrets from structured log fields', () => {
    expect(
      redact({
        apiKey: 'x',
        nested: { Authorization: 'Bearer abc' },
        note: 'key sk-abcdefghijkl used',
      }),
    ).toEqual({
      apiKey: '[REDACTED]',
      nested: { Authorization: '[REDACTED]' },
      note: 'key [REDACTED] used',
    });
    expect(redact('GET /x?key=abc123&b=1')).toBe('GET /x?key=[REDACTED]&b=1');
    expect(redact('token mysecretvalue here', ['mysecretvalue'])).toBe('token [REDACTED] here');
  });
});

describe('tool warnings', () => {
  it("logs the tools' warnings as warn entries of the server's log", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'navworld-server-warn-'));
    writeFileSync(join(dir, 'plain-file'), 'x');
    const logs: LogEntry[] = [];
    const server = createServer({
      env: {},
      log: (e) => logs.push(e),
      // No cache folder can be made under a plain file: the cache falls back to memory and says so.
      environmentOptions: {
        ...ENV_OPTIONS,
        cache: 'sqlite',
        cachePath: join(dir, 'plain-file', 'cache', 'cache.sqlite'),
      },
    });
    try {
      expect(logs).toEqual([
        expect.objectContaining({
          level: 'warn',
          msg: 'tool_warning',
          message: expect.stringMatching(/cannot be opened .*using memory instead/),
        }),
      ]);
    } finally {
      await server.shutdown();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('tool contexts of client epochs', () => {
  it('stay bounded however many salts clients pin, and earlier episodes step on', async () => {
    const { running } = await startLogged({
      environmentOptions: { ...ENV_OPTIONS, maxToolContexts: 4 },
    });
    const epochOf = (salt: string) => epochAt(ENV_OPTIONS.now, { salt });
    try {
      const ids: string[] = [];
      let city = '';
      for (let i = 0; i < 30; i++) {
        const reset = await post(running.url, '/v1/reset', {
          task_id: 3,
          epoch: epochOf(`client-salt-${i}`),
        });
        expect(reset.status).toBe(200);
        ids.push(reset.json.episode_id);
        city = reset.json.problem.destinationCity;
      }
      expect(running.server.environment.stats().toolContexts).toBe(4);
      const weather = async (episodeId: string) => {
        const step = await post(running.url, '/v1/step', {
          episode_id: episodeId,
          tool_calls: [weatherCall('w1', city)],
        });
        expect(step.status).toBe(200);
        return step.json.observations[0].text as string;
      };
      // The first episode's context was let go 26 resets ago: it answers as a new episode of its salt.
      const fresh = await post(running.url, '/v1/reset', {
        task_id: 3,
        epoch: epochOf('client-salt-0'),
      });
      expect(await weather(ids[0]!)).toBe(await weather(fresh.json.episode_id));
      expect(running.server.environment.stats().toolContexts).toBe(4);
    } finally {
      await running.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('answers 503 while draining and loses no accepted step', async () => {
    const env = createEnvironment(ENV_OPTIONS);
    const running = await startServer({ port: 0, environment: env, log: false });
    const base = running.url;
    const accepted = new Map<string, number>();
    let stop = false;
    const statuses = new Map<number, number>();

    async function client(taskId: number): Promise<void> {
      const reset = await post(base, '/v1/reset', { task_id: taskId }).catch(() => null);
      if (reset === null || reset.status !== 200) return;
      const id: string = reset.json.episode_id;
      const city: string = reset.json.problem.destinationCity;
      accepted.set(id, 0);
      for (let i = 0; i < 14 && !stop; i += 1) {
        let answer;
        try {
          answer = await post(base, '/v1/step', {
            episode_id: id,
            tool_calls: [weatherCall(`c${i}`, city)],
          });
        } catch {
          return; // connection refused after close: the step was never accepted
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status !== 200) return;
        accepted.set(id, (accepted.get(id) ?? 0) + 1);
      }
    }

    const clients = Array.from({ length: 40 }, (_, i) => client(i));
    // Close in the middle of the traffic: once a good number of steps has been answered.
    const sum = () => [...accepted.values()].reduce((a, b) => a + b, 0);
    while (sum() < 60) await new Promise((r) => setTimeout(r, 5));
    const closing = running.close();
    const late = await post(base, '/v1/reset', { task_id: 5 }).catch(() => null);
    if (late !== null) expectError(late, 503, 'SHUTTING_DOWN');
    await closing;
    stop = true;
    await Promise.all(clients);

    expect([...statuses.keys()].every((s) => s === 200 || s === 503)).toBe(true);
    let total = 0;
    for (const [id, count] of accepted) {
      // Every step answered 200 is in the episode; nothing else was applied.
      expect(env.getEpisode(id)?.step ?? 0).toBe(count);
      total += count;
    }
    expect(total).toBeGreaterThan(0);
    await env.close();
  });
});

describe('shutdown during /v1/evaluate', () => {
  it('stops the evaluation, answers it 503 and calls the model no more', async () => {
    // The model never answers: without the stop the evaluation would hold the server for minutes.
    const model = await startFakeModel(() => 'hold');
    const env = createEnvironment(ENV_OPTIONS);
    const { running, logs } = await startLogged({
      environment: env,
      allowedBaseUrls: model.url,
      shutdownGraceMs: 10_000,
    });
    try {
      // An episode of another client, with a step answered before the shutdown, stays as it was.
      const reset = await post(running.url, '/v1/reset', { task_id: 2 });
      const episodeId: string = reset.json.episode_id;
      const step = await post(running.url, '/v1/step', {
        episode_id: episodeId,
        tool_calls: [weatherCall('w1', reset.json.problem.destinationCity)],
      });
      expect(step.status).toBe(200);
      const evaluation = post(running.url, '/v1/evaluate', {
        task_id: 1,
        model: 'never-answers',
        base_url: model.url,
        api_key: 'sk-shutdown-test-key-42',
        timeout: 3600,
      });
      await model.arrived(1);
      await running.close();
      const answer = await evaluation;
      expectError(answer, 503, 'SHUTTING_DOWN');
      expect(answer.json.error.message).toBe('the server shut down before the evaluation finished');
      expect(answer.json.error.hint).toContain('run it again');
      // The call in flight was given up by the server, and no other was made.
      await model.abandoned;
      expect(model.requests).toBe(1);
      expect(env.getEpisode(episodeId)?.step).toBe(1);
      expect(env.stats().open).toBe(1);
      expect(logs).toContainEqual(
        expect.objectContaining({ msg: 'request', route: '/v1/evaluate', status: 503 }),
      );
      expect(JSON.stringify(logs)).not.toContain('sk-shutdown-test-key-42');
    } finally {
      await running.close();
      await env.close();
      await model.close();
    }
  });
});

describe('a client that leaves during /v1/evaluate', () => {
  /** A server over `env` whose evaluations call `model`; `evaluations(n)` resolves with the first n log lines. */
  async function serve(env: Environment, model: FakeModel, options: StartServerOptions = {}) {
    const { running, logs } = await startLogged({
      environment: env,
      allowedBaseUrls: model.url,
      ...options,
    });
    const evaluations = async (n: number): Promise<LogEntry[]> => {
      const lines = () => logs.filter((e) => e.msg === 'request' && e['route'] === '/v1/evaluate');
      while (lines().length < n) await new Promise((resolve) => setTimeout(resolve, 10));
      return lines();
    };
    return { running, logs, evaluations };
  }

  /** Sends an evaluation over its own socket; `leave()` closes the socket before the answer. */
  function evaluate(url: string, model: FakeModel): { leave: () => Promise<void> } {
    const client = httpRequest(`${url}/v1/evaluate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    const gone = new Promise<void>((resolve) => client.on('error', () => resolve()));
    client.end(
      JSON.stringify({
        task_id: 1,
        model: 'never-answers',
        base_url: model.url,
        api_key: 'sk-hang-up-test-key-7',
        timeout: 3600,
      }),
    );
    return {
      leave: async () => {
        client.destroy();
        await gone;
      },
    };
  }

  it('stops the evaluation: the model is called no more', async () => {
    // The model never answers: without the stop, the server would wait on it for the hour the run may take.
    const model = await startFakeModel(() => 'hold');
    const env = createEnvironment(ENV_OPTIONS);
    const { running, logs, evaluations } = await serve(env, model);
    try {
      const client = evaluate(running.url, model);
      await model.arrived(1);
      expect(env.stats().open).toBe(1);
      // The client gives up: its socket closes before any answer.
      await client.leave();
      // The server gives up the model call in flight, and the request ends.
      await model.abandoned;
      expect((await evaluations(1))[0]).toMatchObject({ level: 'info', status: 499 });
      // The run is over: no retry, no further call, and its episode is gone.
      expect(model.requests).toBe(1);
      expect(env.stats().open).toBe(0);
      expect(running.server.inFlight).toBe(0);
      expect(JSON.stringify(logs)).not.toContain('sk-hang-up-test-key-7');
      // The server goes on serving.
      expect((await post(running.url, '/v1/reset', { task_id: 2 })).status).toBe(200);
    } finally {
      await running.close();
      await env.close();
      await model.close();
    }
  });

  it('never starts an evaluation whose client left while it waited for a slot', async () => {
    const model = await startFakeModel(() => 'hold');
    const env = createEnvironment(ENV_OPTIONS);
    const { running, evaluations } = await serve(env, model, { maxConcurrentEvaluations: 1 });
    try {
      const first = evaluate(running.url, model);
      await model.arrived(1);
      // The second waits for the one slot; its client leaves, then the first's does.
      const second = evaluate(running.url, model);
      while (running.server.inFlight < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      await second.leave();
      await first.leave();
      const lines = await evaluations(2);
      expect(lines.map((e) => e['status'])).toEqual([499, 499]);
      expect(model.requests).toBe(1);
      expect(env.stats().episodes).toBe(0);
    } finally {
      await running.close();
      await env.close();
      await model.close();
    }
  });
});

describe('a client that leaves while sending its body', () => {
  it('is logged as a client abort (499, no stack, no error line), and the server serves on', async () => {
    const { running, logs } = await startLogged({ allowedBaseUrls: [] });
    try {
      const cases = [
        ['/v1/reset', 'closes'],
        ['/v1/step', 'closes'],
        ['/v1/evaluate', 'closes'],
        // Only its sending side: the server must still end the connection rather than wait on it.
        ['/v1/step', 'stops sending'],
      ] as const;
      for (const [i, [route, how]] of cases.entries()) {
        const what = `${route} ${how}`;
        // The body announces 4 KiB; a few bytes arrive, then the client leaves.
        const socket = connect(running.port, '127.0.0.1');
        const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
        socket.on('error', () => undefined);
        await new Promise<void>((resolve) => socket.once('connect', resolve));
        socket.write(
          `POST ${route} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
            'Content-Length: 4096\r\n\r\n{"task_id": 1, ',
        );
        while (running.server.inFlight < 1) await new Promise((r) => setTimeout(r, 5));
        let answer = '';
        socket.on('data', (d: Buffer) => (answer += d.toString()));
        if (how === 'closes') socket.destroy();
        else socket.end();
        await closed;
        const lines = (): LogEntry[] => logs.filter((e) => e.msg === 'request');
        while (lines().length <= i) await new Promise((r) => setTimeout(r, 5));
        expect(lines()[i], what).toMatchObject({ level: 'info', route, status: 499 });
        // The application wrote nothing back (Node's HTTP layer may still close a cut request with a bare
        // 400 of its own, without a body).
        expect(answer, what).not.toContain('"error"');
        expect(running.server.inFlight, what).toBe(0);
      }
      expect(logs.filter((e) => e.level !== 'info')).toEqual([]);
      expect(JSON.stringify(logs)).not.toMatch(/\\n\s+at /);
      const metrics = await get(running.url, '/metrics');
      expect(metrics.text).toContain('route="/v1/step",status="499"');
      expect((await post(running.url, '/v1/reset', { task_id: 2 })).status).toBe(200);
    } finally {
      await running.close();
    }
  });

  it('hands the socket adapter nothing to write', async () => {
    // The socket is gone by then, so the adapter's side is checked here: an empty answer it must not send.
    const server = createServer({ environmentOptions: ENV_OPTIONS, log: false });
    const hangUp = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode('{"task_id": 1, ')),
      pull: () => {
        hangUp.abort();
        throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
      },
    });
    const answer = await server.fetch(
      new Request('http://127.0.0.1/v1/reset', {
        method: 'POST',
        body,
        signal: hangUp.signal,
        duplex: 'half',
      }),
    );
    expect(answer.status).toBe(499);
    expect(answer.body).toBeNull();
    expect(answer.headers.get('x-hono-already-sent')).toBe('true');
    await server.shutdown();
  });

  it("reads a body from the Node adapter's request when the adapter hands it over", async () => {
    // The web request's own body is not JSON: the answer shows which of the two was read.
    const server = createServer({ environmentOptions: ENV_OPTIONS, log: false });
    const incoming = Readable.from([Buffer.from('{"task_id": '), Buffer.from('7}')]);
    const request = new Request('http://127.0.0.1/v1/reset', {
      method: 'POST',
      body: 'not json',
      headers: { 'content-type': 'application/json' },
    });
    const answer = await server.fetch(request, { incoming });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as any).info.task_id).toBe(7);
    // Without the adapter's values the web request's body is read.
    const plain = await server.fetch(request.clone());
    expect(plain.status).toBe(400);
    await server.shutdown();
  });
});

describe('logging while shutting down', () => {
  it('logs each request refused with 503 like other refused requests, without secrets', async () => {
    const token = 'tok-shutdown-9f8e7d6c';
    const { running, logs } = await startLogged({ token });
    try {
      const auth = { authorization: `Bearer ${token}` };
      expect((await post(running.url, '/v1/reset', { task_id: 1 }, auth)).status).toBe(200);
      // The application stops admitting requests; the socket still accepts them.
      await running.server.shutdown();
      const refused = await post(
        running.url,
        '/v1/reset',
        { task_id: 2 },
        { ...auth, 'x-request-id': 'late-reset' },
      );
      expectError(refused, 503, 'SHUTTING_DOWN');
      expect(refused.json.error.hint).toBe('Retry on another instance.');
      expect(refused.headers['x-request-id']).toBe('late-reset');
      expectError(await get(running.url, '/v1/tools', auth), 503, 'SHUTTING_DOWN');
      const requests = logs.filter((e) => e.msg === 'request');
      expect(requests).toContainEqual(
        expect.objectContaining({
          level: 'info',
          requestId: 'late-reset',
          method: 'POST',
          route: '/v1/reset',
          status: 503,
        }),
      );
      expect(requests).toContainEqual(
        expect.objectContaining({ method: 'GET', route: '/v1/tools', status: 503 }),
      );
      // The same fields as the line of an answered request.
      expect(Object.keys(requests[0] ?? {}).sort()).toEqual(
        Object.keys(requests.find((e) => e['status'] === 503) ?? {}).sort(),
      );
      expect(JSON.stringify(logs)).not.toContain(token);
    } finally {
      await running.close();
    }
  });
});

describe('reference agent over HTTP', () => {
  it('200 concurrent episodes score exactly as in-process', async () => {
    const tasks = Array.from({ length: 200 }, (_, i) => i * 7 + (i % 7));

    const inProcess = createEnvironment(ENV_OPTIONS);
    const expected = new Map<number, number>();
    for (const taskId of tasks) {
      const result = await runReferenceAgent(inProcess, taskId);
      expected.set(taskId, result.total);
    }
    await inProcess.close();

    const env: Environment = createEnvironment(ENV_OPTIONS);
    let url = '';
    const { serverEnv, prefetchReset } = routeThroughHttp(env, () => url);
    const running = await startServer({ port: 0, environment: serverEnv, log: false });
    url = running.url;
    try {
      const results = await Promise.all(
        tasks.map(async (taskId) => {
          await prefetchReset(taskId);
          return runReferenceAgent(env, taskId);
        }),
      );
      for (const r of results) expect(r.total).toBe(expected.get(r.taskId));
      const metrics = (await http(url, 'GET', '/metrics')).text;
      expect(metrics).toContain('navworld_episodes_created_total 200');
    } finally {
      await running.close();
      await env.close();
    }
  }, 300_000);
});
