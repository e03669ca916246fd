import { z } from 'zod';
import { ERROR_CODES, NavworldError, formatZodIssues } from '@navworld/core-types';
import { CACHE_KINDS, WORLD_NAMES, type WorldName } from '@navworld/tools';
import { MAX_EPOCH_SALT_LENGTH } from './environment/epoch';

/**
 * An http(s) URL: what a model or judge endpoint can be. Any other scheme (ftp, file …) could never answer an
 * OpenAI request, and would only fail later, once per episode.
 */
export const HttpUrlSchema = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** Environment variables the CLI reads, validated. Secrets are kept here and never printed. */
export const CliEnvSchema = z.object({
  NAVWORLD_BASE_URL: HttpUrlSchema.optional(),
  NAVWORLD_API_KEY: z.string().min(1).optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  NAVWORLD_MODEL: z.string().min(1).optional(),
  AMAP_MAPS_API_KEY: z.string().min(1).optional(),
  NAVWORLD_WORLD: z.enum(WORLD_NAMES).optional(),
  // Read by the tools (which trim them, as here); checked here so that every command refuses a bad value.
  NAVWORLD_CACHE: z.enum(CACHE_KINDS).optional(),
  NAVWORLD_CACHE_MAX_ENTRIES: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of entries, at least 1')
    .refine((n) => Number(n) >= 1, 'must be a whole number of entries, at least 1')
    .optional(),
  NAVWORLD_EPOCH_SALT: z.string().min(1).max(MAX_EPOCH_SALT_LENGTH).optional(),
  NAVWORLD_JUDGE_BASE_URL: HttpUrlSchema.optional(),
  NAVWORLD_JUDGE_API_KEY: z.string().min(1).optional(),
  NAVWORLD_JUDGE_MODELS: z.string().min(1).optional(),
  NAVWORLD_DEBUG: z.enum(['0', '1', 'true', 'false']).optional(),
});

/** Validated CLI configuration from the environment. */
export interface CliConfig {
  /** Model endpoint base URL. */
  baseUrl: string | undefined;
  /** Model endpoint key (`NAVWORLD_API_KEY`, else `OPENAI_API_KEY`). */
  apiKey: string | undefined;
  /** Model name. */
  model: string | undefined;
  /** Whether an AMap key is configured. */
  hasAmapKey: boolean;
  /** Tool world. */
  world: WorldName;
  /** Pinned epoch salt. */
  salt: string | undefined;
  /** Whether a judge key is configured. */
  hasJudgeKey: boolean;
  /** Debug output. */
  debug: boolean;
}

/**
 * Reads and validates the CLI's environment variables. Empty values count as unset. Throws `CONFIG_ERROR`
 * naming the variable (never its value) when one is malformed. Every command runs it first, so a bad value
 * is refused by every command alike, whether or not that command would have read the variable.
 */
export function loadCliConfig(env: Record<string, string | undefined>): CliConfig {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(CliEnvSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') picked[key] = value.trim();
  }
  const parsed = CliEnvSchema.safeParse(picked);
  if (!parsed.success) {
    const issues = formatZodIssues(parsed.error);
    throw new NavworldError(ERROR_CODES.CONFIG_ERROR, `invalid environment: ${issues.join('; ')}`, {
      hint: 'fix or unset the named variable',
      details: { issues },
    });
  }
  const c = parsed.data;
  return {
    baseUrl: c.NAVWORLD_BASE_URL,
    apiKey: c.NAVWORLD_API_KEY ?? c.OPENAI_API_KEY,
    model: c.NAVWORLD_MODEL,
    hasAmapKey: c.AMAP_MAPS_API_KEY !== undefined,
    world: c.NAVWORLD_WORLD ?? 'offline',
    salt: c.NAVWORLD_EPOCH_SALT,
    hasJudgeKey: c.NAVWORLD_JUDGE_API_KEY !== undefined,
    debug: c.NAVWORLD_DEBUG === '1' || c.NAVWORLD_DEBUG === 'true',
  };
}

/** Most task ids a range may name (and most episodes one `evaluate` runs: tasks × repeats). */
export const MAX_RANGE_TASKS = 1_000_000;

/**
 * Parses a task range such as `0-69`, `5`, or `0-9,20,30-31` into sorted distinct ids. Throws
 * `INVALID_ARGUMENT` on anything else (reversed ranges, negatives, non-numbers, over a million ids).
 */
export function parseTaskRange(spec: string): number[] {
  const ids = new Set<number>();
  const bad = (why: string): NavworldError =>
    new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `bad task range ${JSON.stringify(spec)}: ${why}`,
      {
        hint: 'use forms like 0-69, 5 or 0-9,20,30-31',
      },
    );
  const parts = spec.split(',').map((p) => p.trim());
  if (spec.trim() === '' || parts.some((p) => p === '')) throw bad('empty part');
  for (const part of parts) {
    const match = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    if (!match) throw bad(`"${part}" is not an id or a range`);
    const start = Number(match[1]);
    const end = match[2] === undefined ? start : Number(match[2]);
    if (start > end) throw bad(`"${part}" runs backwards`);
    if (end > 2 ** 31 - 1) throw bad('ids must be below 2^31');
    if (end - start + 1 + ids.size > MAX_RANGE_TASKS) throw bad('more than a million tasks');
    for (let id = start; id <= end; id++) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}
