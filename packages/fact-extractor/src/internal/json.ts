// Finding a JSON value inside free text: fenced code blocks first, then balanced braces.
import { MAX_JSON_CANDIDATES } from '../config';

/** Outcome of {@link findJson}. */
export interface JsonSearch {
  /** The first candidate that parsed, if any. */
  value?: unknown;
  /** Parse errors of the candidates that did not. */
  errors: string[];
}

function tryParse(s: string, errors: string[]): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(s) as unknown };
  } catch (e) {
    errors.push(
      `JSON parse error: ${e instanceof Error ? e.message.slice(0, 120) : 'invalid JSON'}`,
    );
    return { ok: false };
  }
}

/** Fenced blocks as [info string, body] pairs, in order. Unclosed fences are ignored. */
function fencedBlocks(text: string): Array<[string, string]> {
  const blocks: Array<[string, string]> = [];
  let from = 0;
  while (blocks.length < 50) {
    const open = text.indexOf('```', from);
    if (open < 0) break;
    const infoEnd = text.indexOf('\n', open + 3);
    if (infoEnd < 0) break;
    const close = text.indexOf('```', infoEnd + 1);
    if (close < 0) break;
    blocks.push([
      text
        .slice(open + 3, infoEnd)
        .trim()
        .toLowerCase(),
      text.slice(infoEnd + 1, close),
    ]);
    from = close + 3;
  }
  return blocks;
}

/** End index (exclusive) of the balanced `{…}` starting at `start`, string-aware; -1 when unbalanced. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 /* { */) depth++;
    else if (c === 125 /* } */) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * The first JSON object or array in `text`: ```json blocks, then other fenced blocks whose body looks like
 * JSON, then balanced `{…}` spans (at most a few attempts). Never throws.
 */
export function findJson(text: string): JsonSearch {
  const errors: string[] = [];
  if (!text.includes('{') && !text.includes('[')) return { errors };
  let attempts = 0;
  if (text.includes('```')) {
    const blocks = fencedBlocks(text);
    const ordered = [
      ...blocks.filter(([info]) => info === 'json'),
      ...blocks.filter(([info]) => info !== 'json'),
    ];
    for (const [, body] of ordered) {
      const b = body.trim();
      if (!(b.startsWith('{') || b.startsWith('['))) continue;
      if (attempts++ >= MAX_JSON_CANDIDATES) break;
      const r = tryParse(b, errors);
      if (r.ok && r.value !== null && typeof r.value === 'object')
        return { value: r.value, errors };
    }
  }
  let from = 0;
  while (attempts < MAX_JSON_CANDIDATES) {
    const start = text.indexOf('{', from);
    if (start < 0) break;
    const end = balancedEnd(text, start);
    attempts++;
    if (end < 0) {
      from = start + 1;
      continue;
    }
    const r = tryParse(text.slice(start, end), errors);
    if (r.ok && r.value !== null && typeof r.value === 'object') return { value: r.value, errors };
    from = start + 1;
  }
  return { errors };
}

/** Visits every object in a JSON value (depth-first, bounded in depth and node count). */
export function walkJson(
  value: unknown,
  visit: (obj: Record<string, unknown>, key: string) => void,
): void {
  let budget = 20_000;
  const walk = (v: unknown, key: string, depth: number): void => {
    if (budget-- <= 0 || depth > 12 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const item of v) walk(item, key, depth + 1);
      return;
    }
    const obj = v as Record<string, unknown>;
    visit(obj, key);
    // Keys, not entries: no pair array per property (parsed JSON has only own data properties).
    for (const k of Object.keys(obj)) walk(obj[k], k, depth + 1);
  };
  walk(value, '', 0);
}
