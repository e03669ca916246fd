/* eslint-disable @typescript-eslint/no-explicit-any -- the document and the answers are untyped JSON. */
// The published OpenAPI document against what the server really answers: every answer of a scenario that
// reaches each route and status must be documented and match its documented schema, and every documented
// answer must occur. The validators are built from the document itself, so a schema or route that drifts
// from the code fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultEvaluateRunner } from '../src/server/app';
import { startServer, type RunningServer } from '../src/server/start';
import { startScriptedOpenAIServer, type ScriptedOpenAIServer } from '../src/testing';
import { GENERIC_PLAN } from './helpers/episode';
import { http, type HttpAnswer } from './helpers/http';

const ENV_OPTIONS = { salt: 'navworld-openapi-test', now: Date.UTC(2026, 0, 5), env: {} };
const TOKEN = 'tok-openapi-5c1d2e';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const MAX_BODY = 64 * 1024;

/** One answer of the scenario, with the route it was sent to. */
interface Observed {
  method: string;
  route: string;
  sent: string;
  answer: HttpAnswer;
}

/** The document's components as `$defs`, so that a validator can be built from any schema in it. */
function definitionsOf(doc: any): Record<string, unknown> {
  const text = JSON.stringify(doc.components.schemas).replaceAll(
    '#/components/schemas/',
    '#/$defs/',
  );
  const defs = JSON.parse(text) as Record<string, Record<string, unknown>>;
  for (const schema of Object.values(defs)) delete schema['$id'];
  return defs;
}

/** The documented answer of a route and status, or undefined. */
function documented(doc: any, route: string, method: string, status: number): any {
  return doc.paths[route]?.[method.toLowerCase()]?.responses?.[String(status)];
}

/** The top-level fields an object schema names (undefined when it names none). */
function namedFields(schema: any, defs: Record<string, any>): string[] | undefined {
  const target =
    typeof schema.$ref === 'string' ? defs[schema.$ref.slice('#/$defs/'.length)] : schema;
  return target?.properties === undefined ? undefined : Object.keys(target.properties);
}

describe('the OpenAPI document', () => {
  let model: ScriptedOpenAIServer;
  let running: RunningServer;
  let debug: RunningServer;
  let doc: any;
  const observed: Observed[] = [];

  async function send(
    server: RunningServer,
    method: string,
    route: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = AUTH,
  ): Promise<HttpAnswer> {
    const answer = await http(server.url, method, path, body, headers);
    observed.push({ method, route, sent: `${method} ${path}`, answer });
    return answer;
  }

  beforeAll(async () => {
    model = await startScriptedOpenAIServer({ handler: () => ({ content: GENERIC_PLAN }) });
    const common = {
      port: 0,
      token: TOKEN,
      allowedBaseUrls: model.url,
      log: false as const,
      maxBodyBytes: MAX_BODY,
      environmentOptions: ENV_OPTIONS,
    };
    running = await startServer({
      ...common,
      maxOpenEpisodes: 3,
      // A model named `boom` makes the runner fail as a bug would.
      evaluate: (env, request) =>
        request.model === 'boom'
          ? Promise.reject(new Error('boom'))
          : defaultEvaluateRunner(env, request),
    });
    debug = await startServer({
      ...common,
      environmentOptions: { ...ENV_OPTIONS, debug: true },
    });
    doc = (await http(running.url, 'GET', '/v1/openapi.json', undefined, AUTH)).json;

    const big = JSON.stringify({ task_id: 1, pad: 'x'.repeat(MAX_BODY) });
    const evaluation = (name: string) => ({
      task_id: 1,
      model: name,
      base_url: model.url,
      api_key: 'sk-openapi-test-key',
      timeout: 60,
    });

    await send(running, 'GET', '/healthz', '/healthz', undefined, {});
    await send(running, 'GET', '/v1/openapi.json', '/v1/openapi.json');
    await send(running, 'GET', '/v1/openapi.json', '/v1/openapi.json', undefined, {});
    await send(running, 'GET', '/v1/tools', '/v1/tools');
    await send(running, 'GET', '/v1/tools', '/v1/tools', undefined, {});
    await send(running, 'GET', '/metrics', '/metrics');
    await send(running, 'GET', '/metrics', '/metrics', undefined, {});
    await send(running, 'GET', '/v1/tasks/{id}', '/v1/tasks/131');
    await send(running, 'GET', '/v1/tasks/{id}', '/v1/tasks/abc');
    await send(running, 'GET', '/v1/tasks/{id}', '/v1/tasks/131', undefined, {});

    const reset = await send(running, 'POST', '/v1/reset', '/v1/reset', { task_id: 1 });
    await send(running, 'POST', '/v1/reset', '/v1/reset', { seed: 5 });
    await send(running, 'POST', '/v1/reset', '/v1/reset', {});
    await send(running, 'POST', '/v1/reset', '/v1/reset', { task_id: 1 }, {});
    await send(running, 'POST', '/v1/reset', '/v1/reset', big);
    const episodeId: string = reset.json.episode_id;
    const city: string = reset.json.problem.destinationCity;
    const weather = {
      id: 'c1',
      type: 'function',
      function: { name: 'weather', arguments: JSON.stringify({ city }) },
    };
    await send(running, 'POST', '/v1/step', '/v1/step', {
      episode_id: episodeId,
      tool_calls: [weather],
    });
    await send(running, 'POST', '/v1/step', '/v1/step', {
      episode_id: episodeId,
      content: GENERIC_PLAN,
    });
    await send(running, 'POST', '/v1/step', '/v1/step', { episode_id: episodeId, content: 'x' });
    await send(running, 'POST', '/v1/step', '/v1/step', { episode_id: 'unknown', content: 'x' });
    await send(running, 'POST', '/v1/step', '/v1/step', { content: 'x' });
    await send(running, 'POST', '/v1/step', '/v1/step', { episode_id: episodeId }, {});
    await send(running, 'POST', '/v1/step', '/v1/step', big);

    await send(running, 'POST', '/v1/evaluate', '/v1/evaluate', evaluation('scripted-model'));
    await send(running, 'POST', '/v1/evaluate', '/v1/evaluate', evaluation('boom'));
    await send(running, 'POST', '/v1/evaluate', '/v1/evaluate', {
      ...evaluation('scripted-model'),
      base_url: 'https://elsewhere.example/v1',
    });
    await send(running, 'POST', '/v1/evaluate', '/v1/evaluate', { task_id: 1 });
    await send(running, 'POST', '/v1/evaluate', '/v1/evaluate', evaluation('m'), {});
    await send(running, 'POST', '/v1/evaluate', '/v1/evaluate', big);
    await send(debug, 'POST', '/v1/evaluate', '/v1/evaluate', evaluation('scripted-model'));

    // Open episodes fill the cap of this server (3): then resets and evaluations are refused with 429.
    for (let taskId = 2; ; taskId += 1) {
      const answer = await send(running, 'POST', '/v1/reset', '/v1/reset', { task_id: taskId });
      if (answer.status !== 200 || taskId > 10) break;
    }
    await send(running, 'POST', '/v1/evaluate', '/v1/evaluate', evaluation('scripted-model'));

    // While shutting down every route refuses, the open ones included; /healthz says so in its own body.
    await running.server.shutdown();
    for (const [method, route, path, body] of [
      ['GET', '/healthz', '/healthz'],
      ['GET', '/metrics', '/metrics'],
      ['GET', '/v1/openapi.json', '/v1/openapi.json'],
      ['GET', '/v1/tools', '/v1/tools'],
      ['GET', '/v1/tasks/{id}', '/v1/tasks/1'],
      ['POST', '/v1/reset', '/v1/reset', { task_id: 1 }],
      ['POST', '/v1/step', '/v1/step', { episode_id: episodeId, content: 'x' }],
      ['POST', '/v1/evaluate', '/v1/evaluate', evaluation('scripted-model')],
    ] as Array<[string, string, string, unknown?]>) {
      await send(running, method, route, path, body);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all([running?.close(), debug?.close()]);
    await model?.close();
  });

  it('documents every answer the server gave, with a schema the answer matches', () => {
    const defs = definitionsOf(doc);
    expect(observed.length).toBeGreaterThan(40);
    for (const { method, route, sent, answer } of observed) {
      const what = `${sent} → ${answer.status}`;
      const response = documented(doc, route, method, answer.status);
      expect(response, `${what} is not in the document`).toBeDefined();
      expect(answer.headers['x-request-id'], what).toBeDefined();
      for (const header of Object.keys(response.headers ?? {}))
        expect(answer.headers[header.toLowerCase()], `${what}: header ${header}`).toBeDefined();
      const [type, content] = Object.entries(response.content ?? {})[0] ?? [];
      expect(String(answer.headers['content-type']), what).toContain(type);
      const schema = (content as { schema: any }).schema;
      if (type !== 'application/json') {
        expect(typeof answer.text, what).toBe('string');
        continue;
      }
      const validator = z.fromJSONSchema({ ...rewriteRefs(schema), $defs: defs } as never);
      const checked = validator.safeParse(answer.json);
      expect(checked.success, `${what}: ${JSON.stringify(checked.error?.issues.slice(0, 3))}`).toBe(
        true,
      );
      // Loose records (an episode result) validate whatever else they carry: their fields are named too.
      const named = namedFields(rewriteRefs(schema), defs as Record<string, any>);
      if (named !== undefined)
        expect(
          Object.keys(answer.json).filter((key) => !named.includes(key)),
          what,
        ).toEqual([]);
    }
  });

  it("names only answers that occur (a bug's 500 is provoked on /v1/evaluate only)", () => {
    const seen = new Set(observed.map((o) => `${o.method} ${o.route} ${o.answer.status}`));
    const missing: string[] = [];
    for (const [route, operations] of Object.entries(doc.paths as Record<string, any>)) {
      for (const [method, operation] of Object.entries(operations as Record<string, any>)) {
        for (const status of Object.keys(operation.responses)) {
          const key = `${method.toUpperCase()} ${route} ${status}`;
          if (status === '500' && route !== '/v1/evaluate') continue;
          if (!seen.has(key)) missing.push(key);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('reports health as ok while serving and shutting_down with 503 while stopping', () => {
    const health = observed.filter((o) => o.route === '/healthz').map((o) => o.answer);
    expect(health.map((a) => [a.status, a.json.status])).toEqual([
      [200, 'ok'],
      [503, 'shutting_down'],
    ]);
    // A load balancer closes the connection of a stopping instance.
    expect(health[1]?.headers['connection']).toBe('close');
    expect(documented(doc, '/healthz', 'GET', 503).content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Health',
    });
    expect(doc.components.schemas.Health.properties.status.enum).toEqual(['ok', 'shutting_down']);
  });

  it('holds the safe result of an evaluation outside debug mode and the breakdown in it', () => {
    const evaluations = observed.filter(
      (o) => o.route === '/v1/evaluate' && o.answer.status === 200,
    );
    expect(evaluations).toHaveLength(2);
    const [safe, full] = evaluations.map((o) => o.answer.json);
    expect(safe.breakdown).toBeNull();
    expect(safe.safe.total).toBe(safe.total);
    expect(full.breakdown.total).toBe(full.total);
    expect(full).not.toHaveProperty('safe');
    const fields = doc.components.schemas.EpisodeResult.properties;
    expect(fields.safe).toBeDefined();
  });

  it('builds validators that refuse what the document does not allow', () => {
    // The check above can fail: an extra field, or a wrong type, is refused.
    const defs = definitionsOf(doc);
    const error = z.fromJSONSchema({ $ref: '#/$defs/Error', $defs: defs } as never);
    expect(error.safeParse({ error: { code: 'X', message: 'm' } }).success).toBe(true);
    expect(error.safeParse({ error: { code: 'X', message: 'm' }, extra: 1 }).success).toBe(false);
    expect(error.safeParse({ error: { code: 1, message: 'm' } }).success).toBe(false);
    const reset = observed.find((o) => o.route === '/v1/reset' && o.answer.status === 200)!;
    const resetSchema = z.fromJSONSchema({ $ref: '#/$defs/ResetResponse', $defs: defs } as never);
    expect(resetSchema.safeParse(reset.answer.json).success).toBe(true);
    expect(
      resetSchema.safeParse({ ...reset.answer.json, info: { ...reset.answer.json.info, x: 1 } })
        .success,
    ).toBe(false);
  });
});

/** A schema with its `$ref`s pointing into `$defs`. */
function rewriteRefs(schema: unknown): any {
  return JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/'));
}
