import { createHash } from 'node:crypto';
import { ERROR_CODES, NavworldError } from './errors';

/**
 * Deepest nesting handed to the native `JSON.stringify`, which recurses and runs out of stack a few thousand
 * levels down (less inside a deep call stack). Deeper values are written by {@link writeJson}, which gives
 * the same text without recursion.
 */
const NATIVE_STRINGIFY_DEPTH = 512;

/**
 * Canonical JSON: object keys sorted at every level, no whitespace, `undefined` members dropped. Two values
 * that are deep-equal give byte-identical text, so the text can be hashed. Any depth is fine (nothing
 * recurses); a circular value throws `INVALID_ARGUMENT`.
 */
export function canonicalJson(value: unknown): string {
  const { sorted, depth } = sortKeys(value);
  return depth <= NATIVE_STRINGIFY_DEPTH ? JSON.stringify(sorted) : writeJson(sorted);
}

/**
 * True when `value` nests objects and arrays more than `limit` levels deep (`{}` is one level, `{"a": [1]}`
 * two). Stops as soon as the limit is passed, so it is cheap on huge or circular values.
 */
export function nestingDepthExceeds(value: unknown, limit: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    if (item.value === null || typeof item.value !== 'object') continue;
    const depth = item.depth + 1;
    if (depth > limit) return true;
    const members = Array.isArray(item.value) ? item.value : Object.values(item.value);
    for (const member of members) {
      if (member !== null && typeof member === 'object') pending.push({ value: member, depth });
    }
  }
  return false;
}

type Container = unknown[] | Record<string, unknown>;

interface SortFrame {
  source: object;
  target: Container;
  /** Sorted keys of an object; null for an array (its indices are walked). */
  keys: string[] | null;
  length: number;
  next: number;
}

function circular(): NavworldError {
  return new NavworldError(
    ERROR_CODES.INVALID_ARGUMENT,
    'the value contains a circular reference',
    {
      hint: 'pass plain data: objects, arrays and primitives without cycles',
    },
  );
}

function isContainer(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}

/**
 * A copy of `value` whose objects are plain and have their keys inserted in sorted order, plus its nesting
 * depth. An explicit stack instead of recursion, so depth is bounded by memory, not by the call stack.
 */
function sortKeys(value: unknown): { sorted: unknown; depth: number } {
  if (!isContainer(value)) return { sorted: value, depth: 0 };
  const stack: SortFrame[] = [];
  // The objects on the current path, tracked only past the native depth: a cycle always leads there, and
  // shallow values (nearly all) skip the cost. Meeting a tracked object again is a cycle, which
  // JSON.stringify would refuse too.
  const onPath = new Set<object>();
  let depth = 0;
  const open = (source: object): Container => {
    if (stack.length >= NATIVE_STRINGIFY_DEPTH) {
      if (onPath.size === 0) for (const frame of stack) onPath.add(frame.source);
      if (onPath.has(source)) throw circular();
      onPath.add(source);
    }
    const isArray = Array.isArray(source);
    const keys = isArray ? null : Object.keys(source).sort();
    const target: Container = isArray ? new Array<unknown>(source.length) : {};
    stack.push({
      source,
      target,
      keys,
      length: keys?.length ?? (source as unknown[]).length,
      next: 0,
    });
    if (stack.length > depth) depth = stack.length;
    return target;
  };
  const root = open(value);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next >= frame.length) {
      stack.pop();
      if (stack.length < NATIVE_STRINGIFY_DEPTH) onPath.clear();
      else onPath.delete(frame.source);
      continue;
    }
    const index = frame.next++;
    if (frame.keys === null) {
      const member = (frame.source as unknown[])[index];
      (frame.target as unknown[])[index] = isContainer(member) ? open(member) : member;
    } else {
      const key = frame.keys[index]!;
      const member = (frame.source as Record<string, unknown>)[key];
      if (member !== undefined)
        (frame.target as Record<string, unknown>)[key] = isContainer(member)
          ? open(member)
          : member;
    }
  }
  return { sorted: root, depth };
}

interface WriteFrame {
  value: Container;
  keys: string[] | null;
  next: number;
  /** Whether a member has been written (the next one needs a comma). */
  wrote: boolean;
}

/** A member as JSON.stringify sees it: after `toJSON`, and with Number/String/Boolean wrappers unwrapped. */
function jsonValueOf(value: unknown, key: string): unknown {
  let out = value;
  if (isContainer(out) && typeof (out as { toJSON?: unknown }).toJSON === 'function')
    out = (out as { toJSON: (key: string) => unknown }).toJSON(key);
  if (out instanceof Number || out instanceof String || out instanceof Boolean) out = out.valueOf();
  return out;
}

/** Nothing is written for these as object members; arrays write `null`. */
function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/**
 * `JSON.stringify(value)` (no replacer, no indent) with an explicit stack, for values too deep for the native
 * one. Primitives go through `JSON.stringify`, so numbers, escapes and BigInt errors are exactly native.
 */
function writeJson(value: unknown): string {
  const top = jsonValueOf(value, '');
  if (isSkipped(top)) return undefined as unknown as string;
  if (!isContainer(top)) return JSON.stringify(top);
  const parts: string[] = [];
  const stack: WriteFrame[] = [];
  const onPath = new Set<object>();
  const open = (container: object): void => {
    if (onPath.has(container)) {
      throw circular();
    }
    onPath.add(container);
    const keys = Array.isArray(container) ? null : Object.keys(container);
    parts.push(keys === null ? '[' : '{');
    stack.push({ value: container as Container, keys, next: 0, wrote: false });
  };
  open(top);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const length = frame.keys?.length ?? (frame.value as unknown[]).length;
    if (frame.next >= length) {
      parts.push(frame.keys === null ? ']' : '}');
      stack.pop();
      onPath.delete(frame.value);
      continue;
    }
    const index = frame.next++;
    const key = frame.keys === null ? String(index) : frame.keys[index]!;
    const member = jsonValueOf((frame.value as Record<string, unknown>)[key], key);
    if (frame.keys !== null && isSkipped(member)) continue;
    if (frame.wrote) parts.push(',');
    frame.wrote = true;
    if (frame.keys !== null) parts.push(`${JSON.stringify(key)}:`);
    if (isContainer(member)) open(member);
    else parts.push(isSkipped(member) ? 'null' : JSON.stringify(member));
  }
  return parts.join('');
}

/** Lower-case hex SHA-256 of a UTF-8 string. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
