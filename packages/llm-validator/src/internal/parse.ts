// Lenient parsing of a judge reply into five clamped dimension scores.
import { z } from 'zod';
import {
  ERROR_CODES,
  JudgeDimensionSchema,
  NavworldError,
  type JudgeDimension,
  type Result,
} from '@navworld/core-types';
import { DIMENSION_ORDER } from './config';

/** A parsed judge verdict. */
export const JudgeVerdictSchema = z.object({
  /** Scores 0–10 per dimension (0 where the reply had none). */
  dimensions: z.record(JudgeDimensionSchema, z.number().min(0).max(10)),
  /** Short reasons per dimension ('' when absent). */
  reasons: z.record(JudgeDimensionSchema, z.string()),
  /** Dimensions the reply did not score (they count as 0). */
  missing: z.array(JudgeDimensionSchema),
});
/** See {@link JudgeVerdictSchema}. */
export type JudgeVerdict = z.infer<typeof JudgeVerdictSchema>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A number from a score value: numbers, numeric strings (`"7"`, `"7/10"`, `"7分"`); otherwise null. */
function scoreOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const m = /^\s*(-?\d+(?:\.\d+)?)/.exec(value);
    return m ? Number(m[1]) : null;
  }
  return null;
}

function clamp(score: number): number {
  return Math.min(10, Math.max(0, score));
}

/** Balanced `{…}` substrings, outermost first, respecting JSON strings. */
function balancedObjects(text: string): string[] {
  const found: string[] = [];
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    let depth = 0;
    let inString = false;
    let escaped = false;
    for (let i = start; i < text.length; i++) {
      const ch = text[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === '\\') escaped = true;
        else if (ch === '"') inString = false;
        continue;
      }
      if (ch === '"') inString = true;
      else if (ch === '{') depth++;
      else if (ch === '}') {
        depth--;
        if (depth === 0) {
          found.push(text.slice(start, i + 1));
          break;
        }
      }
    }
  }
  return found;
}

/** Fenced blocks: ```json first, then any fence; an unterminated fence runs to the end. */
function fencedBlocks(text: string): string[] {
  const blocks: string[] = [];
  for (const m of text.matchAll(/```(?:json|JSON)?[^\n]*\n?([\s\S]*?)(?:```|$)/g)) {
    if (m[1] !== undefined && m[1].trim() !== '') blocks.push(m[1]);
  }
  return blocks;
}

function dimensionsFromObject(obj: Record<string, unknown>): JudgeVerdict | null {
  const dimensions = {} as Record<JudgeDimension, number>;
  const reasons = {} as Record<JudgeDimension, string>;
  const missing: JudgeDimension[] = [];
  // Some judges nest the verdict (`{"scores": {...}}`); look one level down when the top has no keys.
  const source = DIMENSION_ORDER.some((d) => d in obj)
    ? obj
    : (Object.values(obj).find((v) => isRecord(v) && DIMENSION_ORDER.some((d) => d in v)) as
        Record<string, unknown> | undefined);
  if (source === undefined) return null;
  for (const d of DIMENSION_ORDER) {
    const value = source[d];
    let score: number | null;
    let reason = '';
    if (isRecord(value)) {
      score = scoreOf(value.score);
      reason = typeof value.reason === 'string' ? value.reason : '';
    } else {
      score = scoreOf(value);
    }
    if (score === null) missing.push(d);
    dimensions[d] = clamp(score ?? 0);
    reasons[d] = reason;
  }
  if (missing.length === DIMENSION_ORDER.length) return null;
  return { dimensions, reasons, missing };
}

/** Last resort for cut-off replies: pick `"dimension": {"score": N` or `"dimension": N` pairs by regex. */
function dimensionsFromFragments(text: string): JudgeVerdict | null {
  const dimensions = {} as Record<JudgeDimension, number>;
  const reasons = {} as Record<JudgeDimension, string>;
  const missing: JudgeDimension[] = [];
  for (const d of DIMENSION_ORDER) {
    const re = new RegExp(
      `"${d}"\\s*:\\s*(?:\\{\\s*"score"\\s*:\\s*"?(-?\\d+(?:\\.\\d+)?)"?(?:\\s*,\\s*"reason"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)")?|"?(-?\\d+(?:\\.\\d+)?))`,
    );
    const m = re.exec(text);
    const raw = m?.[1] ?? m?.[3];
    if (raw === undefined) {
      missing.push(d);
      dimensions[d] = 0;
      reasons[d] = '';
      continue;
    }
    dimensions[d] = clamp(Number(raw));
    let reason = m?.[2] ?? '';
    try {
      reason = JSON.parse(`"${reason}"`) as string;
    } catch {
      // keep the raw text
    }
    reasons[d] = reason;
  }
  if (missing.length === DIMENSION_ORDER.length) return null;
  return { dimensions, reasons, missing };
}

/**
 * Parses a judge reply. Accepts JSON inside or outside code fences, prose around it, `<think>` blocks and
 * replies cut off mid-object; nested `{"scores": {…}}` is unwrapped. Missing dimensions score 0, scores are
 * clamped to 0–10. Returns an error when no dimension at all can be found.
 */
export function safeParseJudgeResponse(
  text: string | null | undefined,
): Result<JudgeVerdict, NavworldError> {
  const fail = (message: string): Result<JudgeVerdict, NavworldError> => ({
    success: false,
    error: new NavworldError(ERROR_CODES.JUDGE_PARSE_ERROR, message, {
      hint: 'The judge must answer with the JSON object of the five dimensions.',
    }),
  });
  if (typeof text !== 'string' || text.trim() === '') return fail('judge reply is empty');
  const body = text.replace(/<think>[\s\S]*?(<\/think>|$)/gi, ' ');
  const candidates = [...fencedBlocks(body), body];
  for (const candidate of candidates) {
    for (const json of [candidate.trim(), ...balancedObjects(candidate)]) {
      let value: unknown;
      try {
        value = JSON.parse(json);
      } catch {
        continue;
      }
      if (!isRecord(value)) continue;
      const verdict = dimensionsFromObject(value);
      if (verdict !== null) return { success: true, value: verdict };
    }
  }
  const partial = dimensionsFromFragments(body);
  if (partial !== null) return { success: true, value: partial };
  return fail('judge reply contains none of the five dimensions');
}

/** Like {@link safeParseJudgeResponse} but throws a `JUDGE_PARSE_ERROR` NavworldError. */
export function parseJudgeResponse(text: string | null | undefined): JudgeVerdict {
  const result = safeParseJudgeResponse(text);
  if (!result.success) throw result.error;
  return result.value;
}
