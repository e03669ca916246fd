import { performance } from 'node:perf_hooks';
import {
  ERROR_CODES,
  NavworldError,
  canonicalJson,
  epochTtlSeconds,
  type ToolName,
  type ToolResult,
} from '@navworld/core-types';
import { TOOL_BUDGETS, WORLD_VERSION } from './config';
import { chinaDayNumber } from './internal/offline/weather';
import { callOfflineSync } from './providers/offline';
import { renderProviderData } from './render';
import { callTransport } from './transport';
import type { MapToolName, ProviderOutcome, ToolContext } from './types';
import { normalizeToolArguments } from './validation';

function isTransport(name: ToolName): name is 'search_flights' | 'search_train_tickets' {
  return name === 'search_flights' || name === 'search_train_tickets';
}

/**
 * Cache key of a call: world version + provider + tool + epoch salt (for salted data) + the China-time day
 * (for a salted weather forecast, whose dates follow the day) + canonical normalised arguments.
 */
export function toolCacheKey(
  name: ToolName,
  args: Record<string, unknown>,
  context: ToolContext,
): string {
  const transport = isTransport(name);
  const provider = transport ? 'transport' : context.provider.name;
  const salted = transport || context.provider.salted;
  const day = salted && name === 'weather' ? `|d${chinaDayNumber(context.now)}` : '';
  return `${WORLD_VERSION}|${provider}|${name}|${salted ? context.epoch.salt : ''}${day}|${canonicalJson(args)}`;
}

function failed(code: string, text: string, started: number): ToolResult {
  return {
    ok: false,
    text,
    errorCode: code,
    durationMs: performance.now() - started,
    cached: false,
  };
}

async function runMapTool(
  name: MapToolName,
  args: Record<string, unknown>,
  context: ToolContext,
): Promise<ProviderOutcome> {
  const callContext = { epoch: context.epoch, now: context.now };
  // The offline world is synchronous; skipping the provider's promise keeps uncached calls cheap.
  if (context.provider.name === 'offline') return callOfflineSync(name, args, callContext);
  return context.provider.call(name, args, callContext);
}

/**
 * Runs one tool call. Never throws: unknown tools, bad JSON, bad or missing arguments, unknown cities, provider
 * failures and internal errors all come back as `ok: false` with a stable `errorCode` and a short Chinese
 * `text`. Successful results are cached (errors never are) with a TTL running to the end of the epoch.
 */
export async function callTool(
  name: string,
  rawArguments: string | Record<string, unknown>,
  context: ToolContext,
): Promise<ToolResult> {
  const started = performance.now();
  try {
    const normalized = normalizeToolArguments(name, rawArguments);
    if (!normalized.success)
      return failed(normalized.error.code, normalized.error.message, started);
    const tool = name as ToolName;
    const args = normalized.value;
    const key = toolCacheKey(tool, args, context);
    const hit = context.cache.get(key);
    if (hit !== undefined)
      return { ok: true, text: hit, durationMs: performance.now() - started, cached: true };
    let text: string;
    if (isTransport(tool)) {
      const outcome = callTransport(tool, args, context.epoch);
      if (!outcome.ok) return failed(outcome.code, outcome.message, started);
      text = outcome.text;
    } else {
      const outcome = await runMapTool(tool, args, context);
      if (!outcome.ok) return failed(outcome.code, outcome.message, started);
      text = renderProviderData(outcome.data);
    }
    context.cache.set(key, text, epochTtlSeconds(context.epoch, context.clock()));
    return { ok: true, text, durationMs: performance.now() - started, cached: false };
  } catch (error) {
    const code = NavworldError.isInstance(error) ? error.code : ERROR_CODES.INTERNAL;
    return failed(code, '工具内部错误，请稍后重试或换个参数', started);
  }
}

/**
 * The result of a call over its per-episode budget (the environment decides when; the call is not run).
 * The text names the tool, the count and the limit.
 */
export function toolBudgetExceededResult(
  name: keyof typeof TOOL_BUDGETS,
  count: number,
): ToolResult {
  return {
    ok: false,
    text: `${name} 调用次数已超出上限（第${count}次，上限${TOOL_BUDGETS[name]}次），请使用之前调用返回的数据`,
    errorCode: ERROR_CODES.TOOL_BUDGET_EXCEEDED,
    durationMs: 0,
    cached: false,
  };
}
