import { z } from 'zod';
import type { ToolObservationSchema } from '@navworld/core-types';
import {
  ChatMessageSchema,
  EpochSchema,
  EpisodeResultSchema,
  ERROR_CODES,
  NavworldError,
  SafeResultSchema,
  TravelProblemSchema,
  formatZodIssues,
} from '@navworld/core-types';
import { SERVER_CONFIG } from './config';

const TASK_ID = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);

/** `POST /v1/reset` body. Either `task_id`, or a `seed` from which the task id is derived. */
export const HttpResetRequestSchema = z
  .strictObject({
    /** Task id (0 ≤ id < 2^31). */
    task_id: TASK_ID.optional(),
    /** Any non-negative integer; without `task_id` the task id is `seed & 0x7fffffff`. */
    seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    /** Pin the episode to an epoch (default: the server's current epoch). */
    epoch: EpochSchema.optional(),
  })
  .refine((r) => r.task_id === undefined || r.seed === undefined, {
    // Both given, one would be ignored silently: refuse rather than guess which the client meant.
    message: 'give task_id or seed, not both',
    path: ['seed'],
  });
/** See {@link HttpResetRequestSchema}. */
export type HttpResetRequest = z.infer<typeof HttpResetRequestSchema>;

/** A tool call in `POST /v1/step` (OpenAI format; `id` and `type` may be omitted). */
export const HttpToolCallSchema = z.strictObject({
  /** Call id; generated when missing. */
  id: z.string().max(256).nullish(),
  /** `function` when present. */
  type: z.literal('function').nullish(),
  /** The function being called. */
  function: z.strictObject({
    /** Tool name (unknown names are answered with an error observation). */
    name: z.string().max(256),
    /** Arguments: a JSON string as models produce it, or an object. */
    arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  }),
});

/** `POST /v1/step` body. Tool calls execute tools; no tool calls makes `content` the final answer. */
export const HttpStepRequestSchema = z
  .strictObject({
    /** The episode from `reset`. */
    episode_id: z.string().min(1).max(SERVER_CONFIG.maxEpisodeIdLength),
    /** Tool calls of this assistant turn. */
    tool_calls: z.array(HttpToolCallSchema).max(SERVER_CONFIG.maxToolCallsPerStep).nullish(),
    /** Assistant text: the final answer, or a preamble next to tool calls. */
    content: z.string().nullish(),
    /** Alias of `content`, as older OpenEnv-style clients send it. */
    action: z.string().nullish(),
  })
  .refine((r) => r.content == null || r.action == null, {
    message: 'give content or its alias action, not both',
    path: ['action'],
  });
/** See {@link HttpStepRequestSchema}. */
export type HttpStepRequest = z.infer<typeof HttpStepRequestSchema>;

/** `POST /v1/evaluate` body: run one model episode end to end. */
export const HttpEvaluateRequestSchema = z.strictObject({
  /** Task id. */
  task_id: TASK_ID,
  /** Model name at the endpoint. */
  model: z.string().min(1).max(256),
  /** OpenAI-compatible base URL; must be on the server's allow-list. */
  base_url: z.string().min(1).max(2048),
  /** API key for the endpoint (default: the server's OPENAI_API_KEY). Never logged. */
  api_key: z.string().min(1).max(4096).optional(),
  /** Sampling temperature. */
  temperature: z.number().min(0).max(2).optional(),
  /** Deadline of the whole episode in seconds. */
  timeout: z.number().positive().max(3600).optional(),
  /** Largest completion per model call. */
  max_tokens: z.number().int().positive().max(1_000_000).optional(),
  /** Repeat index recorded in the result. */
  repeat: z.number().int().min(0).max(1_000_000).optional(),
});
/** See {@link HttpEvaluateRequestSchema}. */
export type HttpEvaluateRequest = z.infer<typeof HttpEvaluateRequestSchema>;

/**
 * One tool in the OpenAI function-calling format, as `reset` and `GET /v1/tools` send it: pass the list
 * unchanged as a chat completion's `tools`. Fields a newer server adds are kept.
 */
export const HttpToolDefinitionSchema = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string().min(1),
    description: z.string(),
    /** JSON Schema of the arguments. */
    parameters: z.record(z.string(), z.unknown()),
  }),
});

/** See {@link HttpToolDefinitionSchema}. */
export type HttpToolDefinition = z.infer<typeof HttpToolDefinitionSchema>;

/** The answer to `POST /v1/reset`. */
export const HttpResetResponseSchema = z.object({
  episode_id: z.string(),
  observation: z.string(),
  messages: z.array(ChatMessageSchema),
  tools: z.array(HttpToolDefinitionSchema),
  problem: TravelProblemSchema,
  epoch: EpochSchema,
  reward: z.number(),
  done: z.boolean(),
  truncated: z.boolean(),
  info: z.object({
    task_id: z.number().int(),
    /** The seed the task id came from, when the reset sent one. */
    seed: z.number().int().optional(),
    problem_type: z.string(),
    difficulty: z.number().int(),
    available_tools: z.array(z.string()),
  }),
});

/** One tool observation in a step answer. */
export const HttpObservationSchema = z.object({
  tool_call_id: z.string(),
  name: z.string(),
  ok: z.boolean(),
  error_code: z.string().optional(),
  text: z.string(),
  reward: z.number().min(0).max(1),
});

/** The answer to `POST /v1/step`. */
export const HttpStepResponseSchema = z.object({
  episode_id: z.string(),
  step: z.number().int().positive(),
  observation: z.string(),
  observations: z.array(HttpObservationSchema),
  reward: z.number().min(0).max(1),
  done: z.boolean(),
  truncated: z.boolean(),
  info: z.record(z.string(), z.unknown()),
});

/** Every error answer. */
export const HttpErrorResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), hint: z.string().optional() }),
});

/** The answer to `GET /healthz`. */
export const HttpHealthResponseSchema = z.object({
  status: z.enum(['ok', 'shutting_down']),
  episodes_open: z.number().int().nonnegative(),
  episodes_held: z.number().int().nonnegative(),
  versions: z.record(z.string(), z.unknown()),
});

/** The answer to `GET /v1/tasks/{id}`. */
export const HttpTaskResponseSchema = z.object({
  task_id: z.number().int(),
  problem: TravelProblemSchema,
});

/** The answer to `GET /v1/tools`. */
export const HttpToolsResponseSchema = z.object({
  tools: z.array(HttpToolDefinitionSchema),
});

/**
 * The answer to `POST /v1/evaluate`: the finished episode record as a results file holds it, with the agent
 * loop's fields, and (outside debug mode) `safe` in place of the withheld breakdown.
 */
export const HttpEvaluateResponseSchema = EpisodeResultSchema.extend({
  /** Mean step reward of the episode's tool calls (0 without calls). */
  avgStepReward: z.number().min(0).max(1),
  /** Whether tool calls were dropped at the step limit. */
  truncated: z.boolean(),
  /** Why the last agent turn ended. */
  turnEndReason: z.enum(['completed', 'max_steps', 'max_turns', 'length', 'error']).optional(),
  /** Whether the final-answer prompt was sent (phase 2). */
  phase2: z.boolean().optional(),
  /** Runs of the whole episode (2 after a re-dispatch). */
  dispatches: z.number().int().positive().optional(),
  /** Retried model calls. */
  retries: z.number().int().nonnegative().optional(),
  /** Model calls made, retries included. */
  modelCalls: z.number().int().nonnegative().optional(),
  /** How the failing model call failed, when one did. */
  failureKind: z.string().optional(),
  /** What went wrong, when something did. */
  failureDetail: z.string().optional(),
  /** Whether visible content had streamed before a failed model call. */
  sawContent: z.boolean().optional(),
  /**
   * Outside debug mode: the safe result (total, bands, noisy components, hard-constraint flags; null when the
   * episode was not scored), while `breakdown` is null. Absent in debug mode, where `breakdown` is full.
   */
  safe: SafeResultSchema.nullable().optional(),
});

/** camelCase spellings accepted for the snake_case fields. */
const CAMEL_ALIASES: Record<string, string> = {
  taskId: 'task_id',
  episodeId: 'episode_id',
  toolCalls: 'tool_calls',
  baseUrl: 'base_url',
  apiKey: 'api_key',
  maxTokens: 'max_tokens',
};

/**
 * Maps camelCase top-level fields (`episodeId`, `toolCalls` …) to the documented snake_case ones, so that
 * clients of the library API can post the same objects. Both spellings at once is a validation error.
 */
export function normalizeBodyKeys(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  // Most bodies use only the documented spelling: then there is nothing to rename and no copy to make.
  if (!Object.keys(body).some((key) => key === '__proto__' || Object.hasOwn(CAMEL_ALIASES, key)))
    return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const target = Object.hasOwn(CAMEL_ALIASES, key) ? (CAMEL_ALIASES[key] ?? key) : key;
    if (Object.hasOwn(out, target)) {
      throw new NavworldError(ERROR_CODES.VALIDATION_FAILED, `field ${target} is given twice`, {
        hint: `send either ${target} or ${key}, not both`,
      });
    }
    // defineProperty keeps a `__proto__` key an ordinary own field (then refused as unknown) instead of
    // letting it replace the prototype and smuggle in fields.
    Object.defineProperty(out, target, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** Validates a request body against a schema; failures become a 400 VALIDATION_FAILED. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  what: string,
): z.output<S> {
  const result = schema.safeParse(normalizeBodyKeys(body));
  if (result.success) return result.data;
  const issues = formatZodIssues(result.error).slice(0, 10);
  throw new NavworldError(ERROR_CODES.VALIDATION_FAILED, `invalid ${what}: ${issues.join('; ')}`, {
    hint: 'See GET /v1/openapi.json for the request schemas.',
  });
}

/** The tool observation of the library API in the HTTP spelling. */
export function toHttpObservation(
  o: z.infer<typeof ToolObservationSchema>,
): z.infer<typeof HttpObservationSchema> {
  return {
    tool_call_id: o.toolCallId,
    name: o.name,
    ok: o.ok,
    ...(o.errorCode === undefined ? {} : { error_code: o.errorCode }),
    text: o.text,
    reward: o.reward,
  };
}
