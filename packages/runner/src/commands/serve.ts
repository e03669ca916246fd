import { availableParallelism } from 'node:os';
import { ERROR_CODES, NavworldError, type Judge } from '@navworld/core-types';
import { DEFAULT_MAX_TOOL_CONTEXTS, MAX_SCORING_THREADS } from '../environment/constants';
import { EXIT_CODES, intFlag, saltFlag, worldFlag } from '../internal/cli-support';
import type { EvaluateRunner } from '../server/app';
import { SERVER_CONFIG } from '../server/config';
import { MAX_OPEN_EPISODES, MAX_PORT, startServer } from '../server/start';

/** Options of `navworld serve`. */
export interface ServeCommandOptions {
  /** Address to bind. @default '127.0.0.1' */
  host?: string;
  /** Port. @default 8080 */
  port?: number | string;
  /** Allow a non-loopback bind without NAVWORLD_SERVER_TOKEN. */
  allowPublic?: boolean;
  /** Episodes held at once. @default 10000 */
  maxEpisodes?: number | string;
  /** Idle seconds before an episode is dropped. @default 1800 */
  idleTimeout?: number | string;
  /**
   * Tool contexts (one per week and salt that resets ask for) kept for later resets, from 1 to 1024; the
   * least recently used beyond it are let go. @default 16
   */
  maxToolContexts?: number | string;
  /** Tool world: `offline`, `amap`, `replay` or `record` (others are refused). @default 'offline' */
  world?: string;
  /** Return full score breakdowns instead of safe results. */
  debug?: boolean;
  /**
   * Worker threads that score final answers: a count, or `auto` for min(4, cores − 1) (0 on one core).
   * @default 'auto'
   */
  scoringThreads?: number | string;
  /**
   * LLM judge of final answers (the CLI builds one when `NAVWORLD_JUDGE_API_KEY` is set); without one, scores
   * are code-only (0–50).
   */
  judge?: Judge;
  /** Runs `/v1/evaluate` episodes. @default the OpenAI-compatible agent loop */
  evaluate?: EvaluateRunner;
  /**
   * Pins the epoch salt (`--salt`; the same world, tool data and scores for every run with it); checked as
   * the other commands check theirs. @default `NAVWORLD_EPOCH_SALT`, else the week's own salt
   */
  salt?: string;
  /**
   * A time (epoch milliseconds) in the week to serve: every reset plays that week's world, with the salt
   * `NAVWORLD_EPOCH_SALT` pins or the week's own. @default follow the clock (a new week's world at each turn)
   */
  now?: number;
  /** Resolves when the server should stop. @default SIGINT or SIGTERM */
  until?: Promise<unknown>;
  /** Where text goes. @default console.error */
  write?: (line: string) => void;
}

/**
 * Most tool contexts `--max-tool-contexts` may keep. The bound exists so that clients pinning a new salt per
 * reset cannot grow the server's memory; a value much above the weeks and salts really in use defeats it.
 */
export const MAX_TOOL_CONTEXTS_FLAG = 1024;

/** Longest idle timeout, in seconds: Node's timers hold at most 2^31 − 1 ms. */
const MAX_IDLE_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

/** Optional whole-number flag in [min, max] (`INVALID_ARGUMENT` otherwise). */
function optionalInt(
  value: number | string | undefined,
  flag: string,
  min: number,
  max: number,
  defaultValue: number,
): number | undefined {
  if (value === undefined) return undefined;
  // An empty value is refused rather than read as the default, which the hint names.
  return intFlag(value, flag, min, max, defaultValue);
}

/**
 * Reads `--scoring-threads`: a whole number from 0 to 64, or `auto` (the default) for one thread per core
 * beyond the one serving requests, at most 4 (more buys little: the server thread is then the limit).
 * Throws `INVALID_ARGUMENT` otherwise.
 */
export function scoringThreadsFlag(
  value: number | string | undefined,
  cores: number = availableParallelism(),
): number {
  if (value === undefined || value === 'auto') return Math.max(0, Math.min(4, cores - 1));
  const n =
    typeof value === 'number' ? value : /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < 0 || n > MAX_SCORING_THREADS) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `--scoring-threads must be auto or a whole number from 0 to ${MAX_SCORING_THREADS}`,
      {
        hint: 'auto uses min(4, cores - 1); 0 scores in the server thread',
        details: { 'scoring-threads': String(value) },
      },
    );
  }
  return n;
}

function signal(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (name: string) => () => resolve(name);
    process.once('SIGINT', stop('SIGINT'));
    process.once('SIGTERM', stop('SIGTERM'));
  });
}

/**
 * `navworld serve [--host 127.0.0.1] [--port 8080]`: serves the environment over HTTP until SIGINT or
 * SIGTERM, then shuts down gracefully (in-flight steps are finished and answered).
 */
export async function serveCommand(options: ServeCommandOptions = {}): Promise<number> {
  const write = options.write ?? ((line: string) => console.error(line));
  const port = optionalInt(options.port, 'port', 0, MAX_PORT, SERVER_CONFIG.port);
  const maxEpisodes = optionalInt(
    options.maxEpisodes,
    'max-episodes',
    1,
    MAX_OPEN_EPISODES,
    SERVER_CONFIG.maxOpenEpisodes,
  );
  const idleSeconds = optionalInt(
    options.idleTimeout,
    'idle-timeout',
    1,
    MAX_IDLE_SECONDS,
    SERVER_CONFIG.idleTimeoutMs / 1000,
  );
  const maxToolContexts = optionalInt(
    options.maxToolContexts,
    'max-tool-contexts',
    1,
    MAX_TOOL_CONTEXTS_FLAG,
    DEFAULT_MAX_TOOL_CONTEXTS,
  );
  const scoringThreads = scoringThreadsFlag(options.scoringThreads);
  const world = worldFlag(options.world, 'offline');
  const salt = saltFlag(options.salt);
  const running = await startServer({
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(port === undefined ? {} : { port }),
    ...(options.allowPublic === true ? { allowPublic: true } : {}),
    ...(maxEpisodes === undefined ? {} : { maxOpenEpisodes: maxEpisodes }),
    ...(idleSeconds === undefined ? {} : { idleTimeoutMs: idleSeconds * 1000 }),
    ...(options.evaluate === undefined ? {} : { evaluate: options.evaluate }),
    environmentOptions: {
      world,
      ...(salt === undefined ? {} : { salt }),
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.debug === undefined ? {} : { debug: options.debug }),
      ...(options.judge === undefined ? {} : { judge: options.judge }),
      ...(maxToolContexts === undefined ? {} : { maxToolContexts }),
      scoringThreads,
    },
  });
  write(`navworld serving on ${running.url} (OpenAPI at ${running.url}/v1/openapi.json)`);
  await (options.until ?? signal());
  write('shutting down: finishing in-flight requests');
  await running.close();
  return EXIT_CODES.ok;
}
