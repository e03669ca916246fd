import { describe, expect, it } from 'vitest';
import { canonicalJson, nestingDepthExceeds } from '../src/index';

/** `inner` wrapped in `depth` single-member arrays, built without recursion. */
function nestedArrays(depth: number, inner: unknown = null): unknown {
  let value: unknown = inner;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** `inner` wrapped in `depth` objects `{ "z": …, "a": i }` (keys out of order on purpose). */
function nestedObjects(depth: number, inner: unknown = null): unknown {
  let value: unknown = inner;
  for (let i = 0; i < depth; i++) value = { z: value, a: i };
  return value;
}

// Exercises every rule of the native path: key order, undefined members, holes, functions, symbols,
// non-finite numbers, escapes and lone surrogates.
const MIXED = {
  b: [1, undefined, () => 1, Symbol('s'), Number.NaN, -0, 1e21, 'q"\\\n\u2028', '\ud800'],
  a: { y: undefined, x: true, w: null, f: () => 1 },
  '10': 'ten',
  '2': 'two',
  // eslint-disable-next-line no-sparse-arrays -- a hole on purpose: JSON writes it as null.
  h: [, 'hole'],
};

describe('canonicalJson', () => {
  it('writes a value 100,000 levels deep without running out of stack', () => {
    const depth = 100_000;
    expect(canonicalJson(nestedArrays(depth))).toBe(`${'['.repeat(depth)}null${']'.repeat(depth)}`);
    const objects = canonicalJson(nestedObjects(depth, 'end'));
    expect(objects.startsWith('{"a":99999,"z":{"a":99998,"z":')).toBe(true);
    expect(objects.endsWith(`"end"${'}'.repeat(depth)}`)).toBe(true);
  });

  it('writes deep values exactly as it writes shallow ones', () => {
    const shallow = canonicalJson(MIXED);
    expect(shallow).toBe(
      '{"2":"two","10":"ten","a":{"w":null,"x":true},' +
        '"b":[1,null,null,null,null,0,1e+21,"q\\"\\\\\\n\u2028","\\ud800"],"h":[null,"hole"]}',
    );
    const depth = 5_000;
    expect(canonicalJson(nestedArrays(depth, MIXED))).toBe(
      `${'['.repeat(depth)}${shallow}${']'.repeat(depth)}`,
    );
    expect(canonicalJson(nestedArrays(depth, [1, undefined]))).toBe(
      `${'['.repeat(depth)}[1,null]${']'.repeat(depth)}`,
    );
  });

  it('keeps what JSON.stringify gives for tops that are not JSON', () => {
    expect(canonicalJson(undefined)).toBeUndefined();
    expect(canonicalJson('x')).toBe('"x"');
    expect(() => canonicalJson(1n)).toThrow(TypeError);
  });

  it('refuses a circular value with a typed error instead of overflowing the stack', () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop['self'] = { back: loop };
    expect(() => canonicalJson(loop)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    // A value met twice on different branches is not a cycle.
    const shared = { k: 1 };
    expect(canonicalJson({ x: shared, y: [shared] })).toBe('{"x":{"k":1},"y":[{"k":1}]}');
  });
});

describe('nestingDepthExceeds', () => {
  it('counts objects and arrays, not primitives', () => {
    expect(nestingDepthExceeds('x', 0)).toBe(false);
    expect(nestingDepthExceeds({}, 0)).toBe(true);
    expect(nestingDepthExceeds({ city: '杭州' }, 1)).toBe(false);
    expect(nestingDepthExceeds({ waypoints: [[120, 30]] }, 3)).toBe(false);
    expect(nestingDepthExceeds({ waypoints: [[120, 30]] }, 2)).toBe(true);
  });

  it('stops at the limit on very deep and on circular values', () => {
    expect(nestingDepthExceeds(nestedObjects(1_000_000), 64)).toBe(true);
    const loop: unknown[] = [];
    loop.push(loop);
    expect(nestingDepthExceeds(loop, 64)).toBe(true);
  });
});
