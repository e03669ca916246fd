import { z } from 'zod';
import {
  HttpErrorResponseSchema,
  HttpEvaluateRequestSchema,
  HttpEvaluateResponseSchema,
  HttpHealthResponseSchema,
  HttpResetRequestSchema,
  HttpResetResponseSchema,
  HttpStepRequestSchema,
  HttpStepResponseSchema,
  HttpTaskResponseSchema,
  HttpToolsResponseSchema,
} from './http-schemas';

const COMPONENTS = {
  ResetRequest: HttpResetRequestSchema,
  ResetResponse: HttpResetResponseSchema,
  StepRequest: HttpStepRequestSchema,
  StepResponse: HttpStepResponseSchema,
  EvaluateRequest: HttpEvaluateRequestSchema,
  EpisodeResult: HttpEvaluateResponseSchema,
  Error: HttpErrorResponseSchema,
  Health: HttpHealthResponseSchema,
  Task: HttpTaskResponseSchema,
  Tools: HttpToolsResponseSchema,
} as const;

type ComponentName = keyof typeof COMPONENTS;

function ref(name: ComponentName): { $ref: string } {
  return { $ref: `#/components/schemas/${name}` };
}

function json(name: ComponentName, description: string): Record<string, unknown> {
  return { description, content: { 'application/json': { schema: ref(name) } } };
}

function errors(...statuses: number[]): Record<string, unknown> {
  const descriptions: Record<number, string> = {
    400: 'Invalid body or parameter',
    401: 'Missing or wrong bearer token',
    403: 'Refused (base_url not on the allow-list)',
    404: 'Unknown episode or route',
    409: 'Step on a finished episode',
    413: 'Body over 1 MiB',
    429: 'Open-episode limit reached',
    503: 'Shutting down',
  };
  const retryAfter = {
    'Retry-After': {
      description: 'Seconds until an idle episode expires and frees a slot',
      schema: { type: 'integer', minimum: 1 },
    },
  };
  return Object.fromEntries(
    statuses.map((s) => {
      const answer = json('Error', descriptions[s] ?? 'Error');
      return [String(s), s === 429 ? { ...answer, headers: retryAfter } : answer];
    }),
  );
}

function body(name: ComponentName): Record<string, unknown> {
  return { required: true, content: { 'application/json': { schema: ref(name) } } };
}

let cached: Record<string, unknown> | undefined;

/**
 * The OpenAPI 3.1 document of the HTTP API, with every body schema generated from the zod schemas the
 * server validates with (so the document cannot drift from the code).
 */
export function openApiDocument(version: string): Record<string, unknown> {
  if (cached !== undefined) return { ...cached, info: { ...(cached.info as object), version } };
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const generated = z.toJSONSchema(registry, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Record<string, unknown>> };
  const schemas: Record<string, unknown> = {};
  for (const [id, schema] of Object.entries(generated.schemas)) {
    const { $schema: _drop, ...rest } = schema;
    schemas[id] = rest;
  }
  const security = [{ bearer: [] }];
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'NAVWORLD environment API',
      version,
      description:
        'Reset / step / evaluate over the NAVWORLD travel-planning environment. Request fields are ' +
        'snake_case (camelCase spellings are accepted too); records such as problems and results keep ' +
        'their schema field names.',
    },
    components: {
      schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security,
    paths: {
      '/v1/reset': {
        post: {
          summary: 'Open an episode for a task',
          requestBody: body('ResetRequest'),
          responses: {
            '200': json('ResetResponse', 'The new episode'),
            ...errors(400, 401, 413, 429, 503),
          },
        },
      },
      '/v1/step': {
        post: {
          summary: 'Execute tool calls, or submit the final answer',
          requestBody: body('StepRequest'),
          responses: {
            '200': json('StepResponse', 'Observations and reward'),
            ...errors(400, 401, 404, 409, 413, 503),
          },
        },
      },
      '/v1/evaluate': {
        post: {
          summary: 'Run a model on a task end to end',
          requestBody: body('EvaluateRequest'),
          responses: {
            '200': json(
              'EpisodeResult',
              'The finished episode; outside debug mode its breakdown is null and `safe` holds the safe result',
            ),
            ...errors(400, 401, 403, 413, 503),
          },
        },
      },
      '/v1/tasks/{id}': {
        get: {
          summary: 'The problem of a task id',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 0 } },
          ],
          responses: { '200': json('Task', 'The problem'), ...errors(400, 401) },
        },
      },
      '/v1/tools': {
        get: {
          summary: 'The six tools in OpenAI function format',
          responses: { '200': json('Tools', 'Tool definitions'), ...errors(401) },
        },
      },
      '/v1/openapi.json': {
        get: { summary: 'This document', responses: { '200': { description: 'OpenAPI 3.1' } } },
      },
      '/healthz': {
        get: {
          summary: 'Liveness (no token needed)',
          security: [],
          responses: { '200': json('Health', 'Serving'), '503': json('Health', 'Shutting down') },
        },
      },
      '/metrics': {
        get: {
          summary: 'Prometheus metrics (text format 0.0.4)',
          responses: {
            '200': {
              description: 'Metrics',
              content: { 'text/plain': { schema: { type: 'string' } } },
            },
            ...errors(401),
          },
        },
      },
    },
  };
  return cached;
}
