import OpenAI from 'openai';
import { z } from 'zod';
import {
  ERROR_CODES,
  EpochSchema,
  NavworldError,
  parseWith,
  type EpisodeOutcome,
  type EpisodeResult,
  type Usage,
} from '@navworld/core-types';
import { HttpUrlSchema } from '../config';
import { MAX_AGENT_TURNS, MAX_TOOL_STEPS } from '../environment/constants';
import { internalsOf, type Environment } from '../environment/environment';
import { isSubstantiveAnswer } from '../environment/final-answer';
import { callModel, ModelCallError, type ModelReply } from './model-call';

/** Default deadline of one streamed model call: 8 minutes, sized for a healthy ~8k-token plan. */
export const DEFAULT_CALL_TIMEOUT_MS = 8 * 60 * 1000;
/** Default cap on one whole task, re-dispatch included: 30 minutes. */
export const DEFAULT_TASK_TIMEOUT_MS = 30 * 60 * 1000;
/** Default retries of a transient failure before visible content. */
export const DEFAULT_MAX_RETRIES = 3;
/** Default first backoff (doubling: 2, 4, 8 s). */
export const DEFAULT_RETRY_BACKOFF_MS = 2000;
/** Default completion token limit; keep it in step with the call deadline. */
export const DEFAULT_MAX_TOKENS = 8192;

/** Options of `evaluate`: one task, one model, end to end. */
export const EvaluateOptionsSchema = z.object({
  /** Model name sent to the endpoint. */
  model: z.string().min(1),
  /** OpenAI-compatible base URL, e.g. `https://api.openai.com/v1` (http or https only). */
  baseUrl: HttpUrlSchema,
  /** API key of the model endpoint (any non-empty string for keyless local servers). */
  apiKey: z.string().min(1),
  /** Task id. */
  taskId: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  /** Repeat index recorded in the result. @default 0 */
  repeat: z.number().int().nonnegative().default(0),
  /** Epoch to run in (default: the environment's). */
  epoch: EpochSchema.optional(),
  /** Cap on the whole task in milliseconds. @default 1800000 */
  timeoutMs: z.number().int().positive().default(DEFAULT_TASK_TIMEOUT_MS),
  /** Deadline of one streamed model call. @default 480000 */
  callTimeoutMs: z.number().int().positive().default(DEFAULT_CALL_TIMEOUT_MS),
  /** Sampling temperature (omitted when undefined). */
  temperature: z.number().min(0).max(2).optional(),
  /** Completion token limit per call. @default 8192 */
  maxTokens: z.number().int().positive().default(DEFAULT_MAX_TOKENS),
  /** Retries of transient failures before visible content. @default 3 */
  maxRetries: z.number().int().min(0).max(10).default(DEFAULT_MAX_RETRIES),
  /** First backoff in milliseconds (doubling). @default 2000 */
  retryBackoffMs: z.number().int().nonnegative().default(DEFAULT_RETRY_BACKOFF_MS),
  /** Longest wait a `Retry-After` header may impose. @default 60000 */
  maxRetryAfterMs: z.number().int().nonnegative().default(60_000),
  /** Re-run the whole episode once after an infrastructure failure. @default true */
  redispatch: z.boolean().default(true),
  /** Extra HTTP headers for the endpoint. */
  headers: z.record(z.string(), z.string()).optional(),
  /** Sleep used between retries (tests inject a fast one). */
  sleep: z
    .custom<(ms: number, signal: AbortSignal) => Promise<void>>((v) => typeof v === 'function')
    .optional(),
  /**
   * Stops the run when aborted: the model call in flight is cancelled, no retry, re-dispatch or further call
   * is made, the episode is dropped, and the run rejects with the reason the signal was aborted with (a
   * server that shuts down aborts with a `SHUTTING_DOWN` error), else, for a plain `abort()`, with
   * `SHUTTING_DOWN`. An episode that had already ended on its own (scored, or a valid 0) is returned as usual.
   */
  signal: z
    .custom<AbortSignal>((v) => v instanceof AbortSignal, 'must be an AbortSignal')
    .optional(),
});
/** Options of `evaluate`; see {@link EvaluateOptionsSchema}. */
export type EvaluateOptions = z.input<typeof EvaluateOptionsSchema>;

type Parsed = z.output<typeof EvaluateOptionsSchema>;

type RunOutcome =
  | { kind: 'scored'; episodeId: string; extra: Record<string, unknown> }
  | {
      kind: 'ended';
      episodeId: string;
      outcome: EpisodeOutcome;
      valid: boolean;
      error: string | null;
      redispatch: boolean;
      extra: Record<string, unknown>;
    };

/**
 * Runs one task against an OpenAI-compatible endpoint: phase 1 lets the model call tools (at most 15 tool
 * steps) through the environment's `step`; phase 2 sends the final-answer prompt with tools disabled when the
 * natural answer is insufficient or the step limit was reached; the answer is then scored. Infrastructure
 * failures end as `validForScoring: false` with `error` set (after one whole-loop re-dispatch); a context
 * overflow or a missing answer is a valid 0. An aborted `signal` stops the run and rejects with
 * `SHUTTING_DOWN` (see {@link EvaluateOptionsSchema}).
 */
export async function runOpenAIAgent(
  env: Environment,
  options: EvaluateOptions,
): Promise<EpisodeResult> {
  const parsed = parseWith(EvaluateOptionsSchema, options, 'evaluate options', {
    hint: 'pass at least { model, baseUrl, apiKey, taskId }; the API reference lists the optional fields',
  });
  const signal = parsed.signal;
  // A function, not a narrowed property: the signal may abort while the run awaits.
  const stopped = (): boolean => signal?.aborted === true;
  if (stopped()) throw stoppedBySignal(signal, parsed.taskId);
  const internals = internalsOf(env);
  const startedAtMs = internals.clock();
  const usage: Usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  const client = new OpenAI({
    apiKey: parsed.apiKey,
    baseURL: parsed.baseUrl,
    maxRetries: 0,
    // Our own per-call deadline governs; the SDK's timeout must never fire first.
    timeout: parsed.callTimeoutMs + 60_000,
    ...(parsed.headers === undefined ? {} : { defaultHeaders: parsed.headers }),
  });
  // One controller ends everything in flight (model call, retry wait, re-dispatch): on the task's timeout or
  // on the caller's signal.
  const task = new AbortController();
  const taskTimer = setTimeout(() => task.abort(), parsed.timeoutMs);
  const stop = (): void => task.abort();
  signal?.addEventListener('abort', stop, { once: true });
  const counters = { retries: 0, modelCalls: 0 };
  let dispatches = 0;
  let outcome: RunOutcome | undefined;
  try {
    for (;;) {
      dispatches++;
      if (outcome !== undefined) internals.remove(outcome.episodeId);
      outcome = await runOnce(env, parsed, client, task.signal, usage, counters);
      const again =
        outcome.kind === 'ended' &&
        outcome.redispatch &&
        parsed.redispatch &&
        dispatches < 2 &&
        !task.signal.aborted;
      if (!again) break;
    }
  } finally {
    clearTimeout(taskTimer);
    signal?.removeEventListener('abort', stop);
  }
  // Ended by the signal, the episode failed only because it was stopped: no result stands for it. One that
  // ended on its own before the stop came (scored, or a valid 0) is still returned.
  const endedValid = outcome.kind === 'scored' || outcome.valid;
  if (stopped() && !endedValid) {
    internals.remove(outcome.episodeId);
    throw stoppedBySignal(signal, parsed.taskId);
  }
  const extra = {
    ...outcome.extra,
    dispatches,
    retries: counters.retries,
    modelCalls: counters.modelCalls,
  };
  const result =
    outcome.kind === 'scored'
      ? internals.resultOf(outcome.episodeId, {
          agent: 'openai',
          model: parsed.model,
          repeat: parsed.repeat,
          usage,
          startedAtMs,
          extra,
        })
      : internals.resultOf(outcome.episodeId, {
          agent: 'openai',
          model: parsed.model,
          repeat: parsed.repeat,
          usage,
          startedAtMs,
          outcome: outcome.outcome,
          error: outcome.error,
          validForScoring: outcome.valid,
          extra,
        });
  internals.remove(outcome.episodeId);
  return result;
}

async function runOnce(
  env: Environment,
  options: Parsed,
  client: OpenAI,
  taskSignal: AbortSignal,
  usage: Usage,
  counters: { retries: number; modelCalls: number },
): Promise<RunOutcome> {
  const internals = internalsOf(env);
  const opened = env.reset({
    taskId: options.taskId,
    ...(options.epoch ? { epoch: options.epoch } : {}),
  });
  const episodeId = opened.episodeId;
  const problemType = opened.problem.problemType;
  const ask = (withTools: boolean): Promise<ModelReply> => {
    counters.modelCalls++;
    return callModel({
      client,
      model: options.model,
      messages: internals.state(episodeId).messages,
      tools: withTools ? opened.tools : undefined,
      temperature: options.temperature,
      maxTokens: options.maxTokens,
      callTimeoutMs: options.callTimeoutMs,
      maxRetries: options.maxRetries,
      retryBackoffMs: options.retryBackoffMs,
      maxRetryAfterMs: options.maxRetryAfterMs,
      sleep: options.sleep ?? abortableSleep,
      taskSignal,
      onUsage: (u) => {
        usage.promptTokens += u.promptTokens;
        usage.completionTokens += u.completionTokens;
        usage.totalTokens += u.totalTokens;
      },
      onRetry: () => {
        counters.retries++;
      },
    });
  };

  let candidate: string | null = null;
  let turnEndReason: 'completed' | 'max_steps' | 'max_turns' | 'length' = 'max_turns';
  let phase2 = false;
  try {
    for (let turn = 0; turn < MAX_AGENT_TURNS; turn++) {
      const reply = await ask(true);
      if (reply.toolCalls.length > 0) {
        if (internals.state(episodeId).toolSteps >= MAX_TOOL_STEPS) {
          // The step limit is reached: the calls are dropped, the episode is truncated and the final answer
          // is requested.
          turnEndReason = 'max_steps';
          internals.state(episodeId).truncated = true;
          break;
        }
        const stepped = await env.step({
          episodeId,
          toolCalls: reply.toolCalls,
          content: reply.content,
        });
        if (stepped.done) {
          const state = internals.state(episodeId);
          return {
            kind: 'ended',
            episodeId,
            outcome: 'infra_error',
            valid: false,
            error: state.error,
            redispatch: false,
            extra: { turnEndReason: 'error', failureDetail: 'tool_provider_failure' },
          };
        }
        continue;
      }
      candidate = reply.content;
      turnEndReason = reply.finishReason === 'length' ? 'length' : 'completed';
      break;
    }
    if (
      turnEndReason === 'max_steps' ||
      turnEndReason === 'max_turns' ||
      !isSubstantiveAnswer(candidate, problemType)
    ) {
      if (candidate !== null && candidate.trim() !== '') {
        internals.appendMessage(episodeId, { role: 'assistant', content: candidate });
      }
      env.requestFinalAnswer(episodeId);
      phase2 = true;
      const reply = await ask(false);
      // Tool calls are not offered in this phase; any that arrive anyway are ignored.
      candidate = reply.content;
    }
  } catch (error) {
    return failureOutcome(episodeId, error, { turnEndReason, phase2 });
  }

  if (candidate === null || candidate.trim() === '') {
    internals.finish(episodeId, 'no_final_answer', null, true);
    return {
      kind: 'ended',
      episodeId,
      outcome: 'no_final_answer',
      valid: true,
      error: null,
      redispatch: false,
      extra: { turnEndReason, phase2, failureDetail: 'agent_produced_no_final_answer' },
    };
  }
  await env.step({ episodeId, content: candidate });
  const state = internals.state(episodeId);
  if (!state.validForScoring) {
    return {
      kind: 'ended',
      episodeId,
      outcome: 'infra_error',
      valid: false,
      error: state.error,
      redispatch: false,
      extra: { turnEndReason, phase2, failureDetail: 'scoring_failed' },
    };
  }
  return { kind: 'scored', episodeId, extra: { turnEndReason, phase2 } };
}

function failureOutcome(
  episodeId: string,
  error: unknown,
  context: { turnEndReason: string; phase2: boolean },
): RunOutcome {
  if (!(error instanceof ModelCallError)) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      kind: 'ended',
      episodeId,
      outcome: 'infra_error',
      valid: false,
      error: `${ERROR_CODES.INTERNAL}: ${message}`,
      redispatch: false,
      extra: { ...context, turnEndReason: 'error', failureDetail: message },
    };
  }
  if (error.kind === 'context_overflow') {
    return {
      kind: 'ended',
      episodeId,
      outcome: 'model_failure',
      valid: true,
      error: null,
      redispatch: false,
      extra: {
        ...context,
        turnEndReason: 'error',
        failureKind: 'context_overflow',
        failureDetail: error.message,
      },
    };
  }
  const timedOut = error.kind === 'task_timeout' || error.kind === 'deadline';
  const code = timedOut ? ERROR_CODES.MODEL_TIMEOUT : ERROR_CODES.MODEL_ERROR;
  return {
    kind: 'ended',
    episodeId,
    outcome: timedOut ? 'timeout' : 'infra_error',
    valid: false,
    error: `${code}: ${error.message}`,
    redispatch: error.kind !== 'task_timeout',
    extra: {
      ...context,
      turnEndReason: 'error',
      failureKind: error.kind,
      failureDetail: error.message,
      sawContent: error.sawContent,
    },
  };
}

/**
 * The rejection of an evaluation its caller's signal stopped: the reason the caller aborted with (a server
 * shutting down aborts with a `SHUTTING_DOWN` error of its own), else, for a plain `abort()`, `SHUTTING_DOWN`.
 */
function stoppedBySignal(signal: AbortSignal | undefined, taskId: number): unknown {
  const reason: unknown = signal?.reason;
  // A plain abort() leaves the platform's AbortError as the reason: no reason of the caller's.
  const plain =
    reason === undefined || (reason instanceof DOMException && reason.name === 'AbortError');
  if (!plain) return reason;
  return new NavworldError(
    ERROR_CODES.SHUTTING_DOWN,
    `the evaluation of task ${taskId} was stopped by its abort signal`,
    { hint: 'nothing was recorded for this episode; evaluate the task again to score it' },
  );
}

/** A sleep that ends early (rejecting) when the signal aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      // no-hint: an internal signal; the caller reports the timeout with its own hint.
      reject(new NavworldError(ERROR_CODES.MODEL_TIMEOUT, 'aborted'));
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      // no-hint: an internal signal; the caller reports the timeout with its own hint.
      reject(new NavworldError(ERROR_CODES.MODEL_TIMEOUT, 'aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
