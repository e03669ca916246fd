// Getting the real text out of a tool trace entry (MCP results wrap it once or twice in JSON).
import { isWhitespaceCode } from './text';

/** Anything {@link resultTextOf} accepts: a trace entry, a reference-style `{ result: { text } }` entry, or a string. */
export type ResultTextSource =
  string | { resultText?: unknown; result?: unknown; text?: unknown; [key: string]: unknown };

const MAX_UNWRAP_DEPTH = 3;

/**
 * The text a tool returned, unwrapped. Reads `resultText` (our trace entries), `result.text` or `result`
 * (reference-style entries) or `text`, then unwraps MCP envelopes: a JSON object with a string `text`
 * (`{"type":"text","text":"…"}`), or a CallToolResult `{"content":[{"type":"text","text":"…"}]}`, up to three
 * levels deep. A JSON array of strings (the transport records) is left as is. Never throws.
 */
export function resultTextOf(entry: ResultTextSource | null | undefined): string {
  let text = rawTextOf(entry);
  for (let depth = 0; depth < MAX_UNWRAP_DEPTH; depth++) {
    const inner = unwrapOnce(text);
    if (inner === null) break;
    text = inner;
  }
  return text;
}

function rawTextOf(entry: ResultTextSource | null | undefined): string {
  if (entry === null || entry === undefined) return '';
  if (typeof entry === 'string') return entry;
  if (typeof entry !== 'object') return String(entry);
  if (typeof entry.resultText === 'string') return entry.resultText;
  const result = entry.result;
  if (typeof result === 'string') return result;
  if (result !== null && typeof result === 'object') {
    const t = (result as Record<string, unknown>).text;
    if (typeof t === 'string') return t;
    try {
      return JSON.stringify(result);
    } catch {
      return '';
    }
  }
  if (typeof entry.text === 'string') return entry.text;
  return '';
}

/** One level of envelope removal, or `null` when `text` is not an envelope. */
function unwrapOnce(text: string): string | null {
  // Most results are plain text: look at the first non-blank character before trimming anything.
  let k = 0;
  while (k < text.length && isWhitespaceCode(text.charCodeAt(k))) k++;
  const first = text.charCodeAt(k);
  if (first !== 123 /* { */ && first !== 91 /* [ */) return null;
  const trimmed = k === 0 ? text : text.slice(k);
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[{')) return null;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return null;
  }
  if (Array.isArray(value)) return joinTextItems(value);
  if (value === null || typeof value !== 'object') return null;
  const obj = value as Record<string, unknown>;
  if (typeof obj.text === 'string') return obj.text;
  if (Array.isArray(obj.content)) return joinTextItems(obj.content);
  return null;
}

/** Joins an array of `{ type: 'text', text }` items; `null` when the array holds anything else. */
function joinTextItems(items: unknown[]): string | null {
  if (items.length === 0) return null;
  const parts: string[] = [];
  for (const item of items) {
    if (item === null || typeof item !== 'object') return null;
    const t = (item as Record<string, unknown>).text;
    if (typeof t !== 'string') return null;
    parts.push(t);
  }
  return parts.join('\n');
}
