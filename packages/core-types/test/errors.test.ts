import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  NavworldError,
  ValidationError,
  canonicalJson,
  err,
  ok,
  sha256Hex,
  toNavworldError,
} from '../src/index';

describe('NavworldError', () => {
  it('carries code, hint, details and cause', () => {
    const cause = new Error('low level');
    const error = new NavworldError(ERROR_CODES.UNKNOWN_CITY, 'unknown city 北平', {
      hint: 'did you mean 北京?',
      details: { name: '北平' },
      cause,
    });
    expect(error.name).toBe('NavworldError');
    expect(error.cause).toBe(cause);
    expect(error.toJSON()).toEqual({
      code: 'UNKNOWN_CITY',
      message: 'unknown city 北平',
      hint: 'did you mean 北京?',
      details: { name: '北平' },
    });
    expect(new ValidationError('bad', ['a: b']).name).toBe('ValidationError');
  });

  it('recognises errors from a second copy of the module', async () => {
    // Bundle a separate copy of the errors module and throw from it in another realm of the same process.
    const dir = mkdtempSync(join(tmpdir(), 'nw-errors-'));
    const outfile = join(dir, 'copy.mjs');
    await build({
      entryPoints: [join(import.meta.dirname, '../src/errors.ts')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile,
      logLevel: 'silent',
    });
    const copy = (await import(outfile)) as { NavworldError: typeof NavworldError };
    expect(copy.NavworldError).not.toBe(NavworldError);
    const foreign = new copy.NavworldError('EPISODE_DONE', 'finished');
    expect(foreign instanceof NavworldError).toBe(false);
    expect(NavworldError.isInstance(foreign)).toBe(true);
    expect(NavworldError.isInstance(new Error('x'))).toBe(false);
    expect(NavworldError.isInstance({ code: 'X' })).toBe(false);
    expect(NavworldError.isInstance(null)).toBe(false);
  });

  it('wraps unknown throwables as INTERNAL', () => {
    expect(toNavworldError('boom').code).toBe('INTERNAL');
    const known = new NavworldError('IO_ERROR', 'x');
    expect(toNavworldError(known)).toBe(known);
  });
});

describe('Result, canonicalJson and sha256Hex', () => {
  it('builds results', () => {
    expect(ok(1)).toEqual({ success: true, value: 1 });
    expect(err('e')).toEqual({ success: false, error: 'e' });
  });

  it('sorts keys at every level and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('hashes UTF-8 text like the sha256 command', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    const dir = mkdtempSync(join(tmpdir(), 'nw-hash-'));
    writeFileSync(join(dir, 'in.txt'), '北京|上海');
    const expected = execFileSync('sha256sum', [join(dir, 'in.txt')], { encoding: 'utf8' }).split(
      ' ',
    )[0];
    expect(sha256Hex('北京|上海')).toBe(expected);
  });
});
