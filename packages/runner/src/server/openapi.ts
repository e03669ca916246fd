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

// Requests are described as clients may send them (zod's input side: defaults optional, aliases accepted);
// answers as the server sends them (the output side: every field the server always fills is required).
const REQUESTS = {
  ResetRequest: HttpResetRequestSchema,
  StepRequest: HttpStepRequestSchema,
  EvaluateRequest: HttpEvaluateRequestSchema,
} as const;

const RESPONSES = {
  ResetResponse: HttpResetResponseSchema,
  StepResponse: HttpStepResponseSchema,
  EpisodeResult: HttpEvaluateResponseSchema,
  Error: HttpErrorResponseSchema,
  Health: HttpHealthResponseSchema,
  Task: HttpTaskResponseSchema,
  Tools: HttpToolsResponseSchema,
} as const;

type ComponentName = keyof typeof REQUESTS | keyof typeof RESPONSES;

/** Every answer carries the id of its request (the client's plain `X-Request-Id`, else one of the server's). */
const REQUEST_ID_HEADER = {
  'X-Request-Id': {
    description: "The request's id, as in the server's log lines",
    schema: { type: 'string' },
  },
};

function ref(name: ComponentName): { $ref: string } {
  return { $ref: `#/components/schemas/${name}` };
}

/** A documented answer: its media type and schema, and the request id every answer carries. */
function answer(description: string, type: string, schema: unknown): Record<string, unknown> {
  return { description, headers: REQUEST_ID_HEADER, content: { [type]: { schema } } };
}

function json(name: ComponentName, description: string): Record<string, unknown> {
  return answer(description, 'application/json', ref(name));
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid body, parameter or epoch',
  401: 'Missing or wrong bearer token',
  403: 'Refused (base_url not on the allow-list)',
  404: 'Unknown episode',
  409: 'Step on a finished episode',
  413: 'Body over the size limit (1 MiB by default)',
  429: 'Open-episode limit reached',
  500: 'Internal error; its message is withheld (the server log has it under the X-Request-Id)',
  503: 'Shutting down: the request was refused, or stopped before it finished',
};

/** Headers an error answer carries besides the request id. */
const ERROR_HEADERS: Record<number, Record<string, unknown>> = {
  401: {
    'WWW-Authenticate': { description: 'The scheme to use: Bearer', schema: { type: 'string' } },
  },
  429: {
    'Retry-After': {
      description: 'Seconds until an idle episode expires and frees a slot',
      schema: { type: 'integer', minimum: 1 },
    },
  },
};

function errors(...statuses: number[]): Record<string, unknown> {
  return Object.fromEntries(
    statuses.map((s) => {
      const answer = json('Error', ERROR_DESCRIPTIONS[s] ?? 'Error');
      const headers = { ...REQUEST_ID_HEADER, ...ERROR_HEADERS[s] };
      return [String(s), { ...answer, headers }];
    }),
  );
}

function body(name: ComponentName): Record<string, unknown> {
  return { required: true, content: { 'application/json': { schema: ref(name) } } };
}

/** JSON Schemas of registered zod schemas, as components (`$ref`s between them point into the document). */
function componentSchemas(
  schemas: Record<string, z.ZodType>,
  io: 'input' | 'output',
): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const generated = z.toJSONSchema(registry, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Record<string, unknown>> };
  const out: Record<string, unknown> = {};
  for (const [id, schema] of Object.entries(generated.schemas)) {
    const { $schema: _drop, ...rest } = schema;
    out[id] = rest;
  }
  return out;
}

let cached: Record<string, unknown> | undefined;

/**
 * The OpenAPI 3.1 document of the HTTP API, with every body schema generated from the zod schemas the
 * server validates with (so the document cannot drift from the code).
 */
export function openApiDocument(version: string): Record<string, unknown> {
  if (cached !== undefined) return { ...cached, info: { ...(cached.info as object), version } };
  const schemas = {
    ...componentSchemas(REQUESTS, 'input'),
    ...componentSchemas(RESPONSES, 'output'),
  };
  const security = [{ bearer: [] }];
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'NAVWORLD environment API',
      version,
      description:
        'Reset / step / evaluate over the NAVWORLD travel-planning environment. Request fields are ' +
        'snake_case (camelCase spellings are accepted too); records such as problems and results keep ' +
        'their schema field names. Every error is an Error object; a method a path does not list answers ' +
        '405 METHOD_NOT_ALLOWED, an unknown path 404 NOT_FOUND.',
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
            ...errors(400, 401, 413, 429, 500, 503),
          },
        },
      },
      '/v1/step': {
        post: {
          summary: 'Execute tool calls, or submit the final answer',
          requestBody: body('StepRequest'),
          responses: {
            '200': json('StepResponse', 'Observations and reward'),
            ...errors(400, 401, 404, 409, 413, 500, 503),
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
            // 429: the evaluation opens an episode like a reset; 503: refused, or stopped by a shutdown.
            ...errors(400, 401, 403, 413, 429, 500, 503),
          },
        },
      },
      '/v1/tasks/{id}': {
        get: {
          summary: 'The problem of a task id',
          parameters: [
            {
              name: 'id',
              in: 'path',
              required: true,
              schema: { type: 'integer', minimum: 0, maximum: 2 ** 31 - 1 },
            },
          ],
          responses: { '200': json('Task', 'The problem'), ...errors(400, 401, 500, 503) },
        },
      },
      '/v1/tools': {
        get: {
          summary: 'The six tools in OpenAI function format',
          responses: { '200': json('Tools', 'Tool definitions'), ...errors(401, 500, 503) },
        },
      },
      '/v1/openapi.json': {
        get: {
          summary: 'This document',
          responses: {
            '200': answer('OpenAPI 3.1', 'application/json', { type: 'object' }),
            ...errors(401, 500, 503),
          },
        },
      },
      '/healthz': {
        get: {
          summary: 'Liveness (no token needed)',
          security: [],
          // While shutting down the other routes answer the 503 error; this one its own body, for load balancers.
          responses: {
            '200': json('Health', 'Serving: status is ok'),
            '503': json('Health', 'Shutting down: status is shutting_down'),
            ...errors(500),
          },
        },
      },
      '/metrics': {
        get: {
          summary: 'Prometheus metrics (text format 0.0.4)',
          responses: {
            '200': answer('Metrics', 'text/plain', { type: 'string' }),
            ...errors(401, 500, 503),
          },
        },
      },
    },
  };
  return cached;
}
