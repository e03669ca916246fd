// The LLM judge: one prompt, one call per model, retries, cross-validation or parallel medians, cache, ledger.
import OpenAI from 'openai';
import { z } from 'zod';
import {
  ERROR_CODES,
  NavworldError,
  parseWith,
  redactSecrets,
  type Judge,
  type JudgeDimension,
  type JudgeInput,
  type JudgeResult,
  type Usage,
} from '@navworld/core-types';
import {
  readCachedVerdict,
  writeCachedVerdict,
  createMemoryJudgeCache,
  judgeCacheKey,
  type CachedVerdict,
  type JudgeCache,
} from './cache';
import {
  CROSS_VALIDATION_THRESHOLD,
  DEFAULT_BACKOFF_MS,
  DEFAULT_JUDGE_BASE_URL,
  DEFAULT_JUDGE_MODELS,
  DEFAULT_MAX_TOKENS,
  DEFAULT_TIMEOUT_MS,
  DIMENSION_ORDER,
  GROUNDING_COUPLING_MARGIN,
  GROUNDING_COUPLING_MAX,
  JUDGE_ENV,
  RUBRIC_VERSION,
} from './config';
import { safeParseJudgeResponse } from './parse';
import { assembleJudgePrompt, JudgeInputSchema } from './prompt';

/** One attempt (or cache hit) of one judge model: the cost ledger line. */
export interface JudgeCallRecord {
  /** Model asked. */
  model: string;
  /** 1-based attempt number (0 for a cache hit). */
  attempt: number;
  /** Whether this attempt produced a verdict. */
  ok: boolean;
  /** Whether the verdict came from the cache (no tokens spent). */
  cached: boolean;
  /** Prompt tokens billed. */
  promptTokens: number;
  /** Completion tokens billed. */
  completionTokens: number;
  /** Why the attempt failed. */
  error?: string;
}

/** Running totals over every episode a judge scored. */
export interface JudgeLedger {
  /** Episodes judged (including unavailable verdicts). */
  episodes: number;
  /** Calls made to the endpoint (attempts, retries included). */
  calls: number;
  /** Verdicts served from the cache. */
  cacheHits: number;
  /** Prompt tokens billed. */
  promptTokens: number;
  /** Completion tokens billed. */
  completionTokens: number;
  /** Sum of both. */
  totalTokens: number;
}

/** Options of {@link createJudge}. Anything not given comes from the environment, then from defaults. */
export interface JudgeOptions {
  /** OpenAI-compatible base URL (env `NAVWORLD_JUDGE_BASE_URL`). */
  baseUrl?: string;
  /** API key (env `NAVWORLD_JUDGE_API_KEY`); without one every verdict is unavailable. */
  apiKey?: string;
  /** Judge models in order (env `NAVWORLD_JUDGE_MODELS`, comma-separated). */
  models?: string[];
  /** Timeout of each attempt in milliseconds (default 180 000). */
  timeoutMs?: number;
  /** Re-score verdicts above 36/50 with the next model and keep per-dimension minima (default true). */
  crossValidate?: boolean;
  /** Run this many models in parallel and keep per-dimension (lower) medians; 1 = sequential (default). */
  parallel?: number;
  /** Verdict cache: a `{ get, set }` store, `'memory'` (default) or `'none'`. */
  cache?: JudgeCache | 'memory' | 'none';
  /** Environment to read the variables from (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Sleeps between attempts in ms (default `[1000, 2000]`: three attempts). Scale down in tests. */
  backoffMs?: number[];
  /** `max_tokens` of each call (default 8000). */
  maxTokens?: number;
}

/** A core-types `Judge` with its configuration and cost ledger. */
export interface LlmJudge extends Judge {
  /** Whether a key is configured (otherwise every verdict is unavailable). */
  readonly configured: boolean;
  /** The models in order. */
  readonly models: readonly string[];
  /** Totals over every episode judged so far. */
  ledger(): JudgeLedger;
}

const OptionsSchema = z.object({
  baseUrl: z.url().optional(),
  apiKey: z.string().optional(),
  models: z.array(z.string().trim().min(1)).min(1).optional(),
  timeoutMs: z.number().int().positive().optional(),
  crossValidate: z.boolean().optional(),
  parallel: z.number().int().min(1).max(16).optional(),
  cache: z
    .union([
      z.literal('memory'),
      z.literal('none'),
      z.custom<JudgeCache>(
        (v) =>
          typeof v === 'object' &&
          v !== null &&
          typeof (v as JudgeCache).get === 'function' &&
          typeof (v as JudgeCache).set === 'function',
        'a cache must have get(key) and set(key, value)',
      ),
    ])
    .optional(),
  // Not z.record: Node's process.env is not a plain object, and z.record refuses it. Values are read with
  // envValue, which ignores anything that is not a string.
  env: z
    .custom<Record<string, string | undefined>>(
      (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
      'env must be an object of environment variables, such as process.env',
    )
    .optional(),
  backoffMs: z.array(z.number().int().nonnegative()).optional(),
  maxTokens: z.number().int().positive().optional(),
});

/** The outcome of asking one model (all attempts). */
interface ModelOutcome {
  model: string;
  verdict?: CachedVerdict;
  cached: boolean;
  calls: JudgeCallRecord[];
  error?: string;
}

/** Whether an error is worth another attempt: rate limits, server errors, timeouts, dropped connections. */
function isTransient(error: unknown): boolean {
  if (error instanceof OpenAI.APIConnectionError) return true; // includes timeouts
  if (error instanceof OpenAI.APIError) {
    const status: number = typeof error.status === 'number' ? error.status : 0;
    return status === 408 || status === 409 || status === 429 || status >= 500 || status === 0;
  }
  return false;
}

/**
 * A short description of a failed judge call, with secrets masked: an endpoint may quote the key it refused,
 * and the description is stored in results and shown in reports.
 */
function describe(error: unknown, apiKey: string): string {
  let text: string;
  if (error instanceof OpenAI.APIConnectionTimeoutError) text = 'timeout';
  else if (error instanceof OpenAI.APIError && error.status !== undefined)
    text = `HTTP ${error.status}: ${error.message}`;
  else if (error instanceof Error) text = error.message;
  else text = String(error);
  return redactSecrets(text, [apiKey]);
}

function sumUsage(calls: readonly JudgeCallRecord[]): Usage {
  const promptTokens = calls.reduce((s, c) => s + c.promptTokens, 0);
  const completionTokens = calls.reduce((s, c) => s + c.completionTokens, 0);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

function total(dimensions: Record<JudgeDimension, number>): number {
  return Math.round(DIMENSION_ORDER.reduce((s, d) => s + dimensions[d], 0) * 100) / 100;
}

/** Per-dimension lower median (with two verdicts: the minimum), keeping the chosen verdict's reason. */
function lowerMedian(
  verdicts: readonly CachedVerdict[],
): Pick<CachedVerdict, 'dimensions' | 'reasons'> {
  const dimensions = {} as Record<JudgeDimension, number>;
  const reasons = {} as Record<JudgeDimension, string>;
  for (const d of DIMENSION_ORDER) {
    const sorted = [...verdicts].sort((a, b) => a.dimensions[d] - b.dimensions[d]);
    const pick = sorted[Math.floor((sorted.length - 1) / 2)];
    dimensions[d] = pick?.dimensions[d] ?? 0;
    reasons[d] = pick?.reasons[d] ?? '';
  }
  return { dimensions, reasons };
}

/**
 * Grounding coupling: a plan whose facts are largely unsupported cannot be logical or deep, so logic and
 * analysis depth are capped at grounding + 2 when grounding is 3 or less.
 */
function applyGroundingCoupling(verdict: Pick<CachedVerdict, 'dimensions' | 'reasons'>): boolean {
  const fg = verdict.dimensions.factual_grounding;
  if (fg > GROUNDING_COUPLING_MAX) return false;
  const cap = fg + GROUNDING_COUPLING_MARGIN;
  let changed = false;
  for (const d of ['logic', 'analysis_depth'] as const) {
    const before = verdict.dimensions[d];
    if (before > cap) {
      verdict.dimensions[d] = cap;
      verdict.reasons[d] =
        `${verdict.reasons[d]}（事实依据${fg}分，由${before}分封顶为${cap}分）`.trim();
      changed = true;
    }
  }
  return changed;
}

function splitModels(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const models = value
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '');
  return models.length > 0 ? models : undefined;
}

/**
 * Creates the LLM judge. It scores the code-built summary (never the raw answer) on five dimensions with
 * one call per model at temperature 0, retries transient failures, cross-validates high verdicts (or takes
 * parallel medians), caches verdicts and records every token. It never throws: without a key, on bad input
 * or when every model fails, the verdict is `{ available: false, error }`.
 */
export function createJudge(options: JudgeOptions = {}): LlmJudge {
  const o = parseWith(OptionsSchema, options, 'judge options', {
    hint: 'see JudgeOptions in the API reference; every field is optional',
  });
  const env = o.env ?? process.env;
  const envValue = (name: string): string | undefined => {
    const value = env[name];
    return typeof value === 'string' ? value : undefined;
  };
  const apiKey = o.apiKey ?? envValue(JUDGE_ENV.apiKey) ?? '';
  const baseURL = o.baseUrl ?? (envValue(JUDGE_ENV.baseUrl)?.trim() || DEFAULT_JUDGE_BASE_URL);
  const models = o.models ?? splitModels(envValue(JUDGE_ENV.models)) ?? [...DEFAULT_JUDGE_MODELS];
  const timeout = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const backoff = o.backoffMs ?? [...DEFAULT_BACKOFF_MS];
  const maxTokens = o.maxTokens ?? DEFAULT_MAX_TOKENS;
  const crossValidate = o.crossValidate ?? true;
  const parallel = Math.min(o.parallel ?? 1, models.length);
  const cache: JudgeCache | undefined =
    o.cache === 'none'
      ? undefined
      : o.cache === undefined || o.cache === 'memory'
        ? createMemoryJudgeCache()
        : o.cache;
  const configured = apiKey.trim() !== '';
  const client = configured ? new OpenAI({ apiKey, baseURL, maxRetries: 0, timeout }) : undefined;
  const ledger: JudgeLedger = {
    episodes: 0,
    calls: 0,
    cacheHits: 0,
    promptTokens: 0,
    completionTokens: 0,
    totalTokens: 0,
  };

  async function askModel(
    model: string,
    prompt: string,
    promptHash: string,
  ): Promise<ModelOutcome> {
    const key = judgeCacheKey(promptHash, model);
    if (cache !== undefined) {
      const hit = await readCachedVerdict(cache, key);
      if (hit !== undefined) {
        return {
          model,
          verdict: hit,
          cached: true,
          calls: [
            { model, attempt: 0, ok: true, cached: true, promptTokens: 0, completionTokens: 0 },
          ],
        };
      }
    }
    const calls: JudgeCallRecord[] = [];
    let lastError = 'no attempt made';
    for (let attempt = 1; attempt <= backoff.length + 1; attempt++) {
      if (attempt > 1) await new Promise((r) => setTimeout(r, backoff[attempt - 2] ?? 0));
      try {
        if (client === undefined) throw new Error('no client');
        const completion = await client.chat.completions.create(
          {
            model,
            messages: [{ role: 'user', content: prompt }],
            temperature: 0,
            max_tokens: maxTokens,
          },
          { timeout },
        );
        const usage = {
          promptTokens: completion.usage?.prompt_tokens ?? 0,
          completionTokens: completion.usage?.completion_tokens ?? 0,
        };
        const parsed = safeParseJudgeResponse(completion.choices[0]?.message.content);
        if (!parsed.success) {
          // Temperature 0 makes a retry of an unparsable reply pointless: it would cost the same tokens.
          calls.push({
            model,
            attempt,
            ok: false,
            cached: false,
            ...usage,
            error: parsed.error.message,
          });
          return { model, cached: false, calls, error: parsed.error.message };
        }
        calls.push({ model, attempt, ok: true, cached: false, ...usage });
        const verdict: CachedVerdict = {
          model,
          ...parsed.value,
          usage: { ...usage, totalTokens: usage.promptTokens + usage.completionTokens },
        };
        if (cache !== undefined) await writeCachedVerdict(cache, key, verdict);
        return { model, verdict, cached: false, calls };
      } catch (error) {
        lastError = describe(error, apiKey);
        calls.push({
          model,
          attempt,
          ok: false,
          cached: false,
          promptTokens: 0,
          completionTokens: 0,
          error: lastError,
        });
        if (!isTransient(error)) break;
      }
    }
    return { model, cached: false, calls, error: lastError };
  }

  function record(calls: readonly JudgeCallRecord[]): void {
    ledger.episodes++;
    for (const c of calls) {
      if (c.cached) ledger.cacheHits++;
      else ledger.calls++;
      ledger.promptTokens += c.promptTokens;
      ledger.completionTokens += c.completionTokens;
    }
    ledger.totalTokens = ledger.promptTokens + ledger.completionTokens;
  }

  function unavailable(error: string, calls: JudgeCallRecord[] = []): JudgeResult {
    record(calls);
    return {
      available: false,
      error,
      rubricVersion: RUBRIC_VERSION,
      usage: sumUsage(calls),
      calls,
    };
  }

  async function judgeEpisode(input: JudgeInput): Promise<JudgeResult> {
    if (!configured) {
      return unavailable(`judge not configured: set ${JUDGE_ENV.apiKey} (or pass apiKey)`);
    }
    const checked = JudgeInputSchema.safeParse(input);
    if (!checked.success)
      return unavailable(`invalid judge input: ${checked.error.issues[0]?.message ?? ''}`);
    const valid = checked.data as JudgeInput;
    if (valid.trace.length === 0)
      return unavailable('judge skipped: the episode made no tool calls');
    const { prompt, promptHash } = assembleJudgePrompt(valid);

    const calls: JudgeCallRecord[] = [];
    const used: ModelOutcome[] = [];
    let crossValidated = false;
    let aggregate: Pick<CachedVerdict, 'dimensions' | 'reasons'>;

    if (parallel > 1) {
      const outcomes = await Promise.all(
        models.slice(0, parallel).map((m) => askModel(m, prompt, promptHash)),
      );
      for (const outcome of outcomes) calls.push(...outcome.calls);
      const ok = outcomes.filter((x) => x.verdict !== undefined);
      if (ok.length === 0) {
        return unavailable(
          `every judge model failed: ${outcomes.map((x) => `${x.model}: ${x.error}`).join('; ')}`,
          calls,
        );
      }
      used.push(...ok);
      aggregate = lowerMedian(ok.map((x) => x.verdict as CachedVerdict));
    } else {
      let primaryIndex = -1;
      const failures: string[] = [];
      for (let i = 0; i < models.length; i++) {
        const outcome = await askModel(models[i] as string, prompt, promptHash);
        calls.push(...outcome.calls);
        if (outcome.verdict !== undefined) {
          used.push(outcome);
          primaryIndex = i;
          break;
        }
        failures.push(`${outcome.model}: ${outcome.error}`);
      }
      const primary = used[0]?.verdict;
      if (primary === undefined)
        return unavailable(`every judge model failed: ${failures.join('; ')}`, calls);
      aggregate = { dimensions: { ...primary.dimensions }, reasons: { ...primary.reasons } };
      // The threshold applies to the coupled first verdict; the cross-check uses the next model in the
      // list (models before the primary already failed).
      applyGroundingCoupling(aggregate);
      const second = models[primaryIndex + 1];
      if (
        crossValidate &&
        second !== undefined &&
        total(aggregate.dimensions) > CROSS_VALIDATION_THRESHOLD
      ) {
        const cross = await askModel(second, prompt, promptHash);
        calls.push(...cross.calls);
        if (cross.verdict !== undefined) {
          used.push(cross);
          crossValidated = true;
          aggregate = lowerMedian([primary, cross.verdict]);
        }
      }
    }

    applyGroundingCoupling(aggregate);
    const coupled = aggregate.dimensions.factual_grounding <= GROUNDING_COUPLING_MAX;
    record(calls);
    return {
      available: true,
      dimensions: aggregate.dimensions,
      total: total(aggregate.dimensions),
      reasons: aggregate.reasons,
      models: used.map((x) => x.model),
      crossValidated,
      cached: used.every((x) => x.cached),
      rubricVersion: RUBRIC_VERSION,
      usage: sumUsage(calls),
      calls,
      perModel: used.map((x) => ({
        model: x.model,
        dimensions: x.verdict?.dimensions,
        cached: x.cached,
      })),
      groundingCoupled: coupled,
      promptHash,
    };
  }

  return {
    configured,
    models,
    ledger: () => ({ ...ledger }),
    async judge(input: JudgeInput): Promise<JudgeResult> {
      try {
        return await judgeEpisode(input);
      } catch (error) {
        const message = NavworldError.isInstance(error) ? error.message : describe(error, apiKey);
        return unavailable(`${ERROR_CODES.JUDGE_UNAVAILABLE}: ${message}`);
      }
    },
  };
}
