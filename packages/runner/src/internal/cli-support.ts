import { mkdir, open, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import pc from 'picocolors';
import { z } from 'zod';
import {
  ERROR_CODES,
  NavworldError,
  toNavworldError,
  type NavworldErrorCode,
} from '@navworld/core-types';
import type { ToolLogger, WorldName } from '@navworld/tools';
import { MAX_EPOCH_SALT_LENGTH } from '../environment/epoch';
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
  /**
   * `evaluate` finished, or `score` read its file, but some episodes failed for infrastructure reasons (not
   * scored).
   */
  invalidEpisodes: 4,
  /** A tool call (`navworld call`) returned an error result. */
  toolError: 5,
  /**
   * `score`: an episode re-scored by the scorer version that saved it got another code score, so scoring was
   * not reproduced (the record was edited, or scoring is not deterministic).
   */
  scoresDiffer: 7,
  /** Interrupted (Ctrl-C, SIGINT); results written so far are kept and `--resume` continues. */
  interrupted: 130,
  /** Stopped by SIGTERM; results written so far are kept and `--resume` continues. */
  terminated: 143,
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

/**
 * The number a flag's text spells in decimal, else NaN: an empty value is not 0 and `0x10` is not 16, as
 * `Number` would have them.
 */
function flagNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  const text = flagText(value).trim();
  // One way to split any digit run (no `\d+\.?\d*`), so a long run of digits is read in linear time.
  return /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
}

/**
 * The CLI's sink for the tools' warnings, such as a cache file that cannot be opened (the run then caches in
 * memory): each distinct warning once, as a `warning: …` line through `write` (stderr), none when `quiet`.
 * Several environments of one run (one per worker thread) share it, so a warning they all meet shows once.
 */
export function warningLogger(write: (line: string) => void, quiet = false): ToolLogger {
  const seen = new Set<string>();
  return {
    warn(message) {
      if (quiet || seen.has(message)) return;
      seen.add(message);
      write(`warning: ${message}`);
    },
  };
}

/** Reads a whole-number flag, throwing `INVALID_ARGUMENT` when it is not one in range. */
export function intFlag(
  value: unknown,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined || value === null) return fallback;
  const n = flagNumber(value);
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
  if (value === undefined || value === null) return undefined;
  const n = flagNumber(value);
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

/** What a salt flag accepts: text an epoch can keep as its pinned salt (trimmed, as epochs keep it). */
const SaltFlagSchema = z.string().trim().min(1).max(MAX_EPOCH_SALT_LENGTH);

/**
 * Reads a salt flag (`--salt`, `--stale-salt`): absent is `undefined`; text that is empty once trimmed, or
 * longer than an epoch's salt may be (256 characters), is `INVALID_ARGUMENT`. Returns the trimmed salt.
 */
export function saltFlag(value: unknown, name = 'salt'): string | undefined {
  const text = stringFlag(value);
  if (text === undefined) return undefined;
  const parsed = SaltFlagSchema.safeParse(text);
  if (!parsed.success) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `--${name} must be 1 to ${MAX_EPOCH_SALT_LENGTH} characters, not only spaces`,
      {
        hint: `leave --${name} out for the default (NAVWORLD_EPOCH_SALT, else the week's own salt)`,
        details: { [name]: text.slice(0, 40) },
      },
    );
  }
  return parsed.data;
}

/** A calendar date (midnight UTC) or an ISO 8601 time with its zone: what a time flag accepts. */
const TimeFlagSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/**
 * Reads a time flag (`2026-01-05`, `2026-01-05T08:00:00Z`, `2026-01-05T16:00:00+08:00`) as epoch
 * milliseconds; anything else is `INVALID_ARGUMENT`.
 */
export function timeFlag(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  const text = flagText(value).trim();
  const parsed = TimeFlagSchema.safeParse(text);
  const ms = parsed.success ? Date.parse(parsed.data) : Number.NaN;
  if (!Number.isFinite(ms) || ms < 0) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `--${name} must be a date such as 2026-01-05 or an ISO time with a zone such as 2026-01-05T08:00:00Z`,
      {
        hint: `leave --${name} out for the current time`,
        details: { [name]: flagText(value) },
      },
    );
  }
  return ms;
}

/** Reads a file-path flag: absent is `undefined`; an empty path is `INVALID_ARGUMENT`. */
export function pathFlag(value: unknown, name: string): string | undefined {
  const path = stringFlag(value);
  if (path !== undefined && path.trim() === '') {
    throw new NavworldError(ERROR_CODES.INVALID_ARGUMENT, `--${name} needs a file path`, {
      hint: `give --${name} a path, or leave it out`,
    });
  }
  return path;
}

/**
 * Checks a path a command is about to write a report to (`report --html`, `audit --out`), before any work:
 * it must not be the results file being read, nor any results file (whose episodes would be lost), nor
 * something other than a regular file (writing to a pipe would hang). A missing path is fine. Throws
 * `IO_ERROR`.
 */
export async function checkReportPath(path: string, flag: string, reading?: string): Promise<void> {
  let kind: 'file' | 'other';
  try {
    kind = (await stat(path)).isFile() ? 'file' : 'other';
  } catch {
    return;
  }
  const refuse = (why: string): never => {
    throw new NavworldError(ERROR_CODES.IO_ERROR, `--${flag} ${path} ${why}`, {
      hint: `give --${flag} another path, e.g. report.html`,
    });
  };
  if (kind === 'other') refuse('is not a regular file (a folder, a device or a pipe)');
  if (reading !== undefined && (await sameFile(path, reading)))
    refuse('is the results file being read: writing it would destroy its episodes');
  if (await looksLikeResults(path))
    refuse('is a results file: writing it would destroy its episodes');
}

async function sameFile(a: string, b: string): Promise<boolean> {
  try {
    const [x, y] = await Promise.all([stat(a), stat(b)]);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

/** Whether the first line of a file is an episode record (enough to tell a results file from a report). */
async function looksLikeResults(path: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, 'r');
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer.subarray(0, bytesRead).toString('utf8');
    const firstLine = head.split('\n', 1)[0] ?? '';
    return (
      /^\s*\{/.test(firstLine) &&
      firstLine.includes('"schemaVersion":') &&
      firstLine.includes('"episodeId":')
    );
  } catch {
    return false;
  } finally {
    await handle?.close();
  }
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

/** What {@link keepArgumentText} needs of a cac instance (its parse step and global options). */
interface ArgumentParser {
  mri(argv: string[], command?: { options: ParserOption[] }): ParsedArguments;
  globalCommand: { options: ParserOption[] };
}
interface ParserOption {
  name: string;
  names: string[];
  isBoolean?: boolean;
}
interface ParsedArguments {
  args: unknown[];
  options: Record<string, unknown>;
}

const camelCase = (name: string): string =>
  name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Makes the argument parser keep option values and positional arguments as typed. The parser underneath (mri)
 * turns anything that reads as a number into one: `--salt 007` became `7`, `--salt 1e3` `1000`, and an empty
 * value `0`, so a run could not be resumed with the salt it recorded, and `--out ''` wrote to a file named 0.
 * Every value is handed on as its text (the flag readers parse numbers themselves); a value option given
 * twice is refused instead of becoming an array.
 */
export function keepArgumentText(cli: ArgumentParser): void {
  const parse = cli.mri.bind(cli);
  cli.mri = (argv, command) => {
    const parsed = parse(argv, command);
    const byName = new Map<string, ParserOption>();
    for (const option of [...cli.globalCommand.options, ...(command?.options ?? [])])
      for (const n of option.names) byName.set(n, option);
    const seen = new Set<string>();
    const positional: string[] = [];
    for (let i = 0; i < argv.length; i++) {
      const token = argv[i]!;
      if (token === '--') break;
      if (!token.startsWith('-') || token === '-') {
        positional.push(token);
        continue;
      }
      if (!token.startsWith('--')) continue;
      const eq = token.indexOf('=');
      const flag = eq < 0 ? token : token.slice(0, eq);
      const option = byName.get(camelCase(flag.slice(2)));
      const next = argv[i + 1];
      // As the parser does: without `=`, the next token is the value unless it looks like an option; a
      // boolean option never takes one.
      const value =
        eq >= 0
          ? token.slice(eq + 1)
          : next !== undefined && !next.startsWith('-')
            ? next
            : undefined;
      if (eq < 0 && value !== undefined && option?.isBoolean !== true) i++;
      if (option === undefined || option.isBoolean === true || value === undefined) continue;
      if (seen.has(option.name)) {
        throw new NavworldError(ERROR_CODES.INVALID_ARGUMENT, `${flag} is given more than once`, {
          hint: 'give each option once',
        });
      }
      seen.add(option.name);
      parsed.options[option.name] = value;
    }
    // Positional arguments: replaced only when the two readings agree on how many there are.
    if (positional.length === parsed.args.length) parsed.args = positional;
    return parsed;
  };
}
