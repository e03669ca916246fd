import type OpenAI from 'openai';
import { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import type { ChatMessage, ToolCall, Usage } from '@navworld/core-types';
import { redactSecrets, sha256Hex } from '@navworld/core-types';
import type { OpenAIToolDefinition } from '../environment/environment';
import { MAX_REPLY_CHARS } from '../environment/constants';

/** How a failed model call is classified. */
export type ModelFailureKind =
  /** The provider refused the request because the context is too long: the model's failure, a valid 0. */
  | 'context_overflow'
  /** A transient failure (network, 408/429/5xx, stream cut, call deadline) that survived the retries. */
  | 'transient'
  /** The call deadline fired (transient, reported apart for the outcome). */
  | 'deadline'
  /** A permanent endpoint error (auth, bad request, not found …). */
  | 'fatal'
  /** The per-task timeout ended the whole run. */
  | 'task_timeout';

/** A model call that failed for good. */
export class ModelCallError extends Error {
  /** Classification. */
  readonly kind: ModelFailureKind;
  /** Whether visible content had streamed before the failure. */
  readonly sawContent: boolean;
  /** HTTP status, when the endpoint answered with one. */
  readonly status: number | undefined;

  constructor(kind: ModelFailureKind, message: string, sawContent: boolean, status?: number) {
    super(message);
    this.name = 'ModelCallError';
    this.kind = kind;
    this.sawContent = sawContent;
    this.status = status;
  }
}

/** One assistant reply, accumulated from the stream. */
export interface ModelReply {
  /** Visible text. */
  content: string;
  /** Tool calls with a non-empty name (ids generated where missing). */
  toolCalls: ToolCall[];
  /** Reasoning text streamed apart (never the answer). */
  reasoning: string;
  /** The last finish reason, or null. */
  finishReason: string | null;
}

/** Settings of one model call. */
export interface ModelCallSettings {
  client: OpenAI;
  model: string;
  messages: readonly ChatMessage[];
  /** Tools to offer; undefined sends no `tools` field at all (the final-answer phase). */
  tools: OpenAIToolDefinition[] | undefined;
  temperature: number | undefined;
  maxTokens: number | undefined;
  /** Total wall-clock deadline of one streamed response. */
  callTimeoutMs: number;
  /** Retries of transient failures before any visible content. */
  maxRetries: number;
  /** First backoff; doubles per retry. */
  retryBackoffMs: number;
  /** Longest wait a `Retry-After` header may impose. */
  maxRetryAfterMs: number;
  /** Sleeps between retries (injectable so tests need not wait). */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Aborts when the per-task timeout fires. */
  taskSignal: AbortSignal;
  /** Receives the usage of every attempt that reported one. */
  onUsage: (usage: Usage) => void;
  /** Counts retries. */
  onRetry?: (attempt: number, error: ModelCallError) => void;
}

const OVERFLOW_CODES = new Set(['context_length_exceeded', 'context_window_exceeded']);
const SGLANG_OVERFLOW =
  /Input length \((\d+) tokens\) exceeds the maximum allowed length \((\d+) tokens\)/;

/**
 * Calls the model once, streaming, with one total deadline per attempt and no idle watchdog. Transient
 * failures are retried (backoff doubling, or the server's `Retry-After`) only while no visible content has
 * streamed: content or tool-call deltas count, reasoning deltas do not.
 */
export async function callModel(settings: ModelCallSettings): Promise<ModelReply> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await callOnce(settings);
    } catch (error) {
      const failure = error as ModelCallError;
      const retryable =
        (failure.kind === 'transient' || failure.kind === 'deadline') &&
        !failure.sawContent &&
        attempt < settings.maxRetries &&
        !settings.taskSignal.aborted;
      if (!retryable) throw failure;
      settings.onRetry?.(attempt + 1, failure);
      const wait =
        retryAfterOf(failure, settings.maxRetryAfterMs) ?? settings.retryBackoffMs * 2 ** attempt;
      try {
        await settings.sleep(wait, settings.taskSignal);
      } catch {
        throw new ModelCallError('task_timeout', 'the per-task timeout expired', false);
      }
      if (settings.taskSignal.aborted) {
        throw new ModelCallError('task_timeout', 'the per-task timeout expired', false);
      }
    }
  }
}

async function callOnce(settings: ModelCallSettings): Promise<ModelReply> {
  const controller = new AbortController();
  let deadlineFired = false;
  const timer = setTimeout(() => {
    deadlineFired = true;
    controller.abort();
  }, settings.callTimeoutMs);
  const onTaskAbort = (): void => controller.abort();
  settings.taskSignal.addEventListener('abort', onTaskAbort, { once: true });
  let sawContent = false;
  const content: string[] = [];
  const reasoning: string[] = [];
  const calls = new Map<number, { id: string; name: string; args: string[] }>();
  let finishReason: string | null = null;
  try {
    if (settings.taskSignal.aborted)
      throw new ModelCallError('task_timeout', 'the per-task timeout expired', false);
    const body = {
      model: settings.model,
      messages: settings.messages.map(toWireMessage),
      stream: true as const,
      stream_options: { include_usage: true },
      ...(settings.tools === undefined
        ? {}
        : { tools: settings.tools, tool_choice: 'auto' as const }),
      ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
      ...(settings.maxTokens === undefined ? {} : { max_tokens: settings.maxTokens }),
    };
    const stream = await settings.client.chat.completions.create(
      body as OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming,
      { signal: controller.signal },
    );
    let replyChars = 0;
    let cut = false;
    // The part of `text` that fits in what is left of the reply budget (noting when it is spent).
    const fits = (text: string): string => {
      const room = MAX_REPLY_CHARS - replyChars;
      const kept = text.length <= room ? text : text.slice(0, Math.max(0, room));
      replyChars += kept.length;
      if (kept.length < text.length) cut = true;
      return kept;
    };
    for await (const chunk of stream) {
      if (cut) break;
      if (chunk.usage) {
        const prompt = chunk.usage.prompt_tokens ?? 0;
        const completion = chunk.usage.completion_tokens ?? 0;
        settings.onUsage({
          promptTokens: prompt,
          completionTokens: completion,
          totalTokens: chunk.usage.total_tokens ?? prompt + completion,
        });
      }
      for (const choice of chunk.choices ?? []) {
        const delta = choice.delta as
          | (OpenAI.Chat.Completions.ChatCompletionChunk.Choice.Delta & {
              reasoning_content?: string | null;
              reasoning?: string | null;
            })
          | undefined;
        if (delta) {
          if (typeof delta.content === 'string' && delta.content !== '') {
            sawContent = true;
            content.push(fits(delta.content));
          }
          const thought = delta.reasoning_content ?? delta.reasoning;
          if (typeof thought === 'string') reasoning.push(fits(thought));
          for (const part of delta.tool_calls ?? []) {
            sawContent = true;
            const index = part.index ?? 0;
            let call = calls.get(index);
            if (call === undefined) {
              call = { id: '', name: '', args: [] };
              calls.set(index, call);
            }
            if (part.id) call.id = part.id;
            if (part.function?.name) call.name += part.function.name;
            if (part.function?.arguments) call.args.push(fits(part.function.arguments));
          }
        }
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
    }
    // Leaving the loop early closes the stream; the reply ends as at the model's token limit.
    if (cut) finishReason = 'length';
    if (finishReason === null) {
      throw new ModelCallError('transient', 'the stream ended without a finish reason', sawContent);
    }
  } catch (error) {
    const failure = classify(error, {
      sawContent,
      deadlineFired,
      taskAborted: settings.taskSignal.aborted,
      settings,
    });
    // An endpoint may quote the key it refused ("Incorrect API key provided: sk-…"): the key, whatever its
    // shape, and key-like text never reach the results, the reports or the server's answers.
    failure.message = redactSecrets(failure.message, [settings.client.apiKey]);
    throw failure;
  } finally {
    clearTimeout(timer);
    settings.taskSignal.removeEventListener('abort', onTaskAbort);
  }
  const text = content.join('');
  const toolCalls: ToolCall[] = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .filter(([, call]) => call.name !== '')
    .map(([index, call]) => ({
      id:
        call.id !== ''
          ? call.id
          : `call_${sha256Hex(`${text}:${index}:${call.args.join('')}`).slice(0, 24)}`,
      type: 'function' as const,
      function: { name: call.name, arguments: call.args.join('') },
    }));
  return { content: text, toolCalls, reasoning: reasoning.join(''), finishReason };
}

function classify(
  error: unknown,
  context: {
    sawContent: boolean;
    deadlineFired: boolean;
    taskAborted: boolean;
    settings: ModelCallSettings;
  },
): ModelCallError {
  const { sawContent } = context;
  if (context.taskAborted)
    return new ModelCallError('task_timeout', 'the per-task timeout expired', sawContent);
  if (context.deadlineFired) {
    return new ModelCallError(
      'deadline',
      `the model call exceeded its ${Math.round(context.settings.callTimeoutMs / 1000)} s deadline`,
      sawContent,
    );
  }
  if (error instanceof ModelCallError) return error;
  if (error instanceof APIUserAbortError)
    return new ModelCallError('transient', 'the request was aborted', sawContent);
  if (error instanceof APIConnectionError) {
    return new ModelCallError(
      'transient',
      `cannot reach the model endpoint: ${error.message}`,
      sawContent,
    );
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const apiError = error as APIError<number, Headers | undefined>;
    const status = apiError.status;
    const message = `HTTP ${status}: ${apiError.message}`;
    if (isContextOverflow(apiError))
      return new ModelCallError('context_overflow', message, sawContent, status);
    if (status === 408 || status === 409 || status === 429 || status >= 500) {
      const failure = new ModelCallError('transient', message, sawContent, status);
      const retryAfter = apiError.headers?.get('retry-after');
      if (retryAfter) Object.assign(failure, { retryAfter });
      return failure;
    }
    return new ModelCallError('fatal', message, sawContent, status);
  }
  // Anything else while reading the body is a dropped connection or a broken stream.
  const message = error instanceof Error ? error.message : String(error);
  return new ModelCallError('transient', `the stream failed: ${message}`, sawContent);
}

function isContextOverflow(error: APIError): boolean {
  if (error.status !== 400 && error.status !== 413) return false;
  if (typeof error.code === 'string' && OVERFLOW_CODES.has(error.code)) return true;
  const match = SGLANG_OVERFLOW.exec(error.message);
  if (match) return Number(match[1]) > Number(match[2]);
  return /maximum context length/i.test(error.message);
}

function retryAfterOf(error: ModelCallError, maxMs: number): number | undefined {
  const raw = (error as ModelCallError & { retryAfter?: string }).retryAfter;
  if (raw === undefined) return undefined;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.min(maxMs, seconds * 1000);
}

function toWireMessage(message: ChatMessage): OpenAI.Chat.Completions.ChatCompletionMessageParam {
  if (message.role === 'assistant') {
    const wire: Record<string, unknown> = { role: 'assistant' };
    if (message.content !== undefined && message.content !== null && message.content !== '') {
      wire['content'] = message.content;
    } else if (message.tool_calls === undefined) {
      wire['content'] = '';
    }
    if (message.tool_calls !== undefined) wire['tool_calls'] = message.tool_calls;
    return wire as unknown as OpenAI.Chat.Completions.ChatCompletionMessageParam;
  }
  return message;
}
