import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import pc from 'picocolors';
import {
  ERROR_CODES,
  NavworldError,
  toNavworldError,
  type NavworldErrorCode,
} from '@navworld/core-types';
import type { WorldName } from '@navworld/tools';
import { checkedWorld } from './world';

/** Exit codes of the `navworld` command. */
export const EXIT_CODES = {
  /** Success. */
  ok: 0,
  /** An unexpected internal error (a bug). */
  internal: 1,
  /** Bad usage: unknown command or option, bad flag value, invalid configuration, missing key. */
  usage: 2,
  /** A file could not be read or written, or holds results of other versions. */
  io: 3,
  /** The evaluation finished, but some episodes failed for infrastructure reasons (not scored). */
  invalidEpisodes: 4,
  /** A tool call (`navworld call`) returned an error result. */
  toolError: 5,
  /** Interrupted (Ctrl-C); results written so far are kept and `--resume` continues. */
  interrupted: 130,
} as const;

const USAGE_CODES: ReadonlySet<NavworldErrorCode> = new Set([
  ERROR_CODES.UNKNOWN_COMMAND,
  ERROR_CODES.CONFIG_ERROR,
  ERROR_CODES.VALIDATION_FAILED,
  ERROR_CODES.INVALID_ARGUMENT,
  ERROR_CODES.INVALID_TASK_ID,
  ERROR_CODES.INVALID_EPOCH,
  ERROR_CODES.MISSING_API_KEY,
  ERROR_CODES.UNKNOWN_TOOL,
  ERROR_CODES.UNKNOWN_CITY,
  ERROR_CODES.INVALID_DATE,
]);

const IO_CODES: ReadonlySet<NavworldErrorCode> = new Set([
  ERROR_CODES.IO_ERROR,
  ERROR_CODES.VERSION_MISMATCH,
  ERROR_CODES.CACHE_ERROR,
  ERROR_CODES.CASSETTE_MISS,
  ERROR_CODES.CASSETTE_TAMPERED,
]);

/** The exit code for an error. */
export function exitCodeOf(error: NavworldError): number {
  if (USAGE_CODES.has(error.code)) return EXIT_CODES.usage;
  if (IO_CODES.has(error.code)) return EXIT_CODES.io;
  return EXIT_CODES.internal;
}

/**
 * Prints an error as one line `code: message`, then the hint; the stack only when `debug` is set. Messages
 * never contain secrets: errors are built from names of variables, never their values.
 */
export function reportError(error: unknown, debug: boolean, write: (line: string) => void): number {
  const failure = isCacError(error) ? cacFailure(error) : toNavworldError(error);
  write(`${pc.red(failure.code)}: ${failure.message}`);
  if (failure.hint) write(`${pc.dim('hint:')} ${failure.hint}`);
  if (debug && error instanceof Error && error.stack) write(pc.dim(error.stack));
  return exitCodeOf(failure);
}

/**
 * A parse error of the argument parser as `INVALID_ARGUMENT`. A negative number is read as an option there
 * (`--pass-threshold -5` is "Unknown option `-5`"), which hides the real mistake: it is named as a value.
 */
function cacFailure(error: Error): NavworldError {
  const negative = /^Unknown option `(-\d[\d.]*)`$/.exec(error.message);
  if (negative) {
    return new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `negative numbers are not accepted here (got ${negative[1]})`,
      { hint: 'task ids, counts and thresholds are 0 or more; run with --help to see each range' },
    );
  }
  return new NavworldError(ERROR_CODES.INVALID_ARGUMENT, error.message, {
    hint: 'run with --help to see the commands and options',
  });
}

function isCacError(error: unknown): error is Error {
  return error instanceof Error && error.name === 'CACError';
}

function flagText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
}

/** Reads a whole-number flag, throwing `INVALID_ARGUMENT` when it is not one in range. */
export function intFlag(
  value: unknown,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'number' ? value : Number(flagText(value));
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `--${name} must be a whole number from ${min} to ${max}`,
      {
        hint: `leave --${name} out for the default (${fallback}); run with --help for what it does`,
        details: { [name]: flagText(value) },
      },
    );
  }
  return n;
}

/** Reads a number flag. */
export function numberFlag(
  value: unknown,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(flagText(value));
  if (!Number.isFinite(n) || n < min || n > max) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `--${name} must be a number from ${min} to ${max}`,
      {
        hint: `e.g. --${name} ${min}; run with --help for what it does`,
        details: { [name]: flagText(value) },
      },
    );
  }
  return n;
}

/**
 * Reads `--world`, falling back to `fallback` (the configured world); an unknown world is `INVALID_ARGUMENT`.
 */
export function worldFlag(value: unknown, fallback: string): WorldName {
  return checkedWorld(stringFlag(value) ?? fallback);
}

/** Reads a string flag (cac turns digit-only values into numbers). */
export function stringFlag(value: unknown): string | undefined {
  if (value === undefined || value === null || value === true || value === false) return undefined;
  return flagText(value);
}

/**
 * Creates `dir` and its missing parents one level at a time. `mkdir(dir, { recursive: true })` never settles
 * for a path under a pseudo file system such as /proc (each level reports missing, then existing, forever);
 * here the first level that cannot be made is an error.
 */
export async function ensureFolder(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    try {
      if ((await stat(d)).isDirectory()) break;
      throw new Error(`${d} is not a folder`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    missing.push(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing.reverse()) {
    try {
      await mkdir(d);
    } catch (error) {
      // Another process may have made it meanwhile.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
