import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import {
  ERROR_CODES,
  NavworldError,
  epochAt,
  type EpisodeResult,
  type Epoch,
} from '@navworld/core-types';
import { createJudge } from '@navworld/llm-validator';
import type { CliConfig } from '../config';
import { HttpUrlSchema, MAX_RANGE_TASKS, parseTaskRange } from '../config';
import { createEnvironment, type Environment } from '../environment/environment';
import { runReferenceAgent } from '../agent/reference-agent';
import {
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_TOKENS,
  EvaluateOptionsSchema,
  type EvaluateOptions,
} from '../agent/openai-agent';
import {
  EXIT_CODES,
  ensureFolder,
  intFlag,
  numberFlag,
  pathFlag,
  saltFlag,
  stringFlag,
  warningLogger,
  worldFlag,
} from '../internal/cli-support';
import { runInThreads, type Job } from '../internal/threads';
import { unscoredCauses } from '../internal/unscored';
import {
  openResultsStore,
  readResults,
  recordedEpoch,
  type ResultsStore,
  type ResultsStoreOptions,
} from '../results/store';
import { formatSummaryTable, summarize } from '../stats/summary';

/** Options of `navworld evaluate`. */
export interface EvaluateCommandOptions {
  tasks?: string | number;
  agent?: string;
  model?: string;
  baseUrl?: string;
  concurrency?: number | string;
  out?: string;
  resume?: boolean;
  overwrite?: boolean;
  force?: boolean;
  repeats?: number | string;
  timeout?: number | string;
  callTimeout?: number | string;
  temperature?: number | string;
  maxTokens?: number | string;
  maxRetries?: number | string;
  world?: string;
  salt?: string;
  /** The time whose week the run plays in, as given (`io.now` holds it parsed). */
  now?: string | number;
  judge?: boolean;
  quiet?: boolean;
  json?: boolean;
  workers?: number | string;
}

/** Process hooks the command needs (injectable for tests). */
export interface EvaluateIo {
  now: number;
  env: Record<string, string | undefined>;
  /** Progress and notes (stderr). */
  err: (text: string) => void;
  /** Whether stderr is a terminal (progress redraws in place). */
  isTty: boolean;
  /** Registers a handler for SIGINT (Ctrl-C) and SIGTERM; returns an unregister function. */
  onInterrupt: (handler: (signal: StopSignal) => void) => () => void;
}

/** The signals that stop a run. */
export type StopSignal = 'SIGINT' | 'SIGTERM';

/** The exit code of a run a signal stopped: 128 + the signal's number, as shells report it. */
export function stoppedExitCode(signal: StopSignal): number {
  return signal === 'SIGINT' ? EXIT_CODES.interrupted : EXIT_CODES.terminated;
}

/**
 * `navworld evaluate`: runs tasks with the reference agent (offline, no key) or a model behind an
 * OpenAI-compatible endpoint, appends each finished episode to a JSONL file (resumable), shows progress on
 * stderr and prints the summary table.
 */
export async function evaluateCommand(
  options: EvaluateCommandOptions,
  config: CliConfig,
  io: EvaluateIo,
): Promise<number> {
  if (options.resume === true && options.overwrite === true) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      '--resume and --overwrite contradict each other',
      { hint: '--resume continues the results file; --overwrite replaces it. Pass one of them.' },
    );
  }
  const agent = stringFlag(options.agent) ?? 'reference';
  if (agent !== 'reference' && agent !== 'openai') {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `unknown agent ${JSON.stringify(agent)}`,
      {
        hint: 'use --agent reference (offline, no key) or --agent openai',
      },
    );
  }
  const taskIds = parseTaskRange(stringFlag(options.tasks) ?? '0-69');
  const repeats = intFlag(options.repeats, 'repeats', 1, 100, 1);
  // The job list is built up front: a run of more episodes would exhaust memory before the first one.
  if (taskIds.length * repeats > MAX_RANGE_TASKS) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `${taskIds.length} tasks × ${repeats} repeats is more than a million episodes in one run`,
      { hint: 'split the task range over several runs (each can --resume its own file)' },
    );
  }
  const concurrency = intFlag(
    options.concurrency,
    'concurrency',
    1,
    256,
    agent === 'reference' ? 2 : 4,
  );
  // Read for either agent, so that a bad value is refused whatever it would have been used for.
  const workers = intFlag(options.workers, 'workers', 1, 64, 1);
  const out = pathFlag(options.out, 'out') ?? `results/${agent}-results.jsonl`;
  const world = worldFlag(options.world, config.world);
  // Recording threads take turns at the cassette through its lock file, so the record world runs on threads
  // like any other.
  const threads = agent === 'reference' ? workers : 1;
  const modelRun = agent === 'openai' ? modelSettings(options, config) : undefined;

  // Asked for by flag, the judge must be usable: without a key every verdict would be unavailable and the
  // run would quietly be code-only.
  if (options.judge === true && !config.hasJudgeKey) {
    throw new NavworldError(ERROR_CODES.MISSING_API_KEY, '--judge needs a judge API key', {
      hint: 'set NAVWORLD_JUDGE_API_KEY (and NAVWORLD_JUDGE_BASE_URL, NAVWORLD_JUDGE_MODELS as needed)',
    });
  }
  const judge = config.hasJudgeKey ? createJudge({ env: io.env }) : undefined;
  const pinnedSalt = saltFlag(options.salt) ?? config.salt;
  let epoch = epochAt(io.now, { salt: pinnedSalt });
  if (options.resume === true) {
    // A resumed run goes on in the world its first episodes played in (the same salt and week), even after
    // the weekly epoch has turned, unless a salt pinned for this run names another world. A file that cannot
    // be read stops the run here: going on would play this week's world into it.
    const recorded = await recordedEpoch(out);
    if (
      recorded !== undefined &&
      (pinnedSalt === undefined || pinnedSalt === recorded.salt) &&
      (recorded.id !== epoch.id || recorded.salt !== epoch.salt)
    ) {
      if (options.now !== undefined && recorded.id !== epoch.id) {
        throw new NavworldError(
          ERROR_CODES.INVALID_ARGUMENT,
          `--now names the week of ${weekOf(epoch)}, but ${out} was recorded in the week of ${weekOf(recorded)}`,
          {
            hint: 'drop --now to continue the file in its own week, or write to a new results file',
          },
        );
      }
      epoch = recorded;
      if (options.quiet !== true) {
        io.err(
          `resuming in the epoch of ${out}: salt ${recorded.salt}, week of ${weekOf(recorded)}\n`,
        );
      }
    }
  }
  // The tools' warnings (a cache folder that cannot be made, say) go to stderr, from every thread, once each.
  const logger = warningLogger((line) => io.err(`${line}\n`), options.quiet === true);
  const env: Environment = createEnvironment({
    world,
    epoch,
    env: io.env,
    logger,
    ...(judge ? { judge } : {}),
    // Every job holds at most one episode (two during a re-dispatch).
    maxEpisodes: Math.max(100, concurrency * 4),
  });

  let store: ResultsStore;
  try {
    store = await openStore(out, {
      resume: options.resume === true,
      ...(options.overwrite === true ? { overwrite: true } : {}),
      epochSalt: env.epoch.salt,
      ...(options.force === true ? { force: true } : {}),
      versions: env.versions,
      agent,
      model: modelRun?.model ?? null,
    });
  } catch (error) {
    await env.close();
    throw error;
  }

  // Set by SIGINT or SIGTERM: no job starts after it, and the model requests in flight are aborted.
  let interrupted: StopSignal | undefined;
  const stop = new AbortController();
  // The first unexpected failure of a worker: no job starts after it either, but the episodes under way
  // finish and are recorded. The run ends with it once every worker has returned.
  let failure: WorkerFailure | undefined;
  const fail = (error: unknown, job?: Job): void => {
    if (failure !== undefined) return;
    failure = { error, ...(job === undefined ? {} : { job }) };
    if (options.quiet !== true)
      io.err('\na worker failed: no episode starts after it; finishing the ones under way\n');
  };
  const stopping = (): boolean => interrupted !== undefined || failure !== undefined;
  const fresh: EpisodeResult[] = [];
  // From here on the lock is held: whatever happens, the store is closed and the lock released.
  try {
    const jobs: Job[] = [];
    for (const taskId of taskIds) {
      for (let repeat = 0; repeat < repeats; repeat++) {
        if (!store.isDone(taskId, repeat)) jobs.push({ taskId, repeat });
      }
    }
    const skipped = taskIds.length * repeats - jobs.length;
    if (skipped > 0 && options.quiet !== true)
      io.err(`resuming: ${skipped} episode(s) already in ${out}\n`);
    if (store.retryCount > 0 && options.quiet !== true)
      io.err(`retrying: ${store.retryCount} episode(s) that ${out} records as not scored\n`);

    const progress = createProgress(jobs.length, io, options.quiet === true);
    const unregister = io.onInterrupt((signal) => {
      interrupted = signal;
      stop.abort();
      io.err(`\n${signal}: stopping the run; the episodes already written are kept\n`);
    });
    const record = async (result: EpisodeResult): Promise<void> => {
      await store.append(result);
      fresh.push(result);
      progress.tick(result);
    };
    /** Plays one job; `undefined` when a signal stopped it mid-episode. */
    const play = async (job: Job): Promise<EpisodeResult | undefined> => {
      if (agent === 'reference') return runReferenceAgent(env, job.taskId, { repeat: job.repeat });
      try {
        return await env.evaluate({
          ...modelRun!,
          taskId: job.taskId,
          repeat: job.repeat,
          signal: stop.signal,
        });
      } catch (error) {
        // Stopped mid-episode: nothing is recorded for it, and --resume runs it again.
        if (stop.signal.aborted) return undefined;
        throw error;
      }
    };
    let next = 0;
    // A worker never rejects: its failure stops the others through `fail`, so that none is left running
    // while the store closes.
    const worker = async (): Promise<void> => {
      while (!stopping() && next < jobs.length) {
        const job = jobs[next++]!;
        try {
          const result = await play(job);
          if (result === undefined) return;
          await record(result);
        } catch (error) {
          fail(error, job);
          return;
        }
      }
    };
    const workerFile = fileURLToPath(new URL('./sweep-worker.js', import.meta.url));
    const useThreads = threads > 1 && jobs.length > 1 && existsSync(workerFile);
    try {
      if (useThreads) {
        await runInThreads(workerFile, Math.min(threads, jobs.length), jobs, {
          epoch: env.epoch,
          world,
          env: io.env,
          judge: judge !== undefined,
          record,
          logger,
          stopped: stopping,
          fail,
        });
      } else {
        await Promise.all(
          Array.from({ length: Math.min(concurrency, Math.max(1, jobs.length)) }, () => worker()),
        );
      }
    } finally {
      unregister();
      progress.done();
    }
  } finally {
    await store.close();
    await env.close();
  }

  const unscored = unscoredCauses(fresh);
  if (failure !== undefined || interrupted !== undefined) {
    // A short ending, with no summary: reading and summarising a large file would delay the stop.
    for (const line of unscored) io.err(`${line}\n`);
    io.err(
      `stopped: ${fresh.length} episode(s) written to ${out} by this run; run again with --resume to continue\n`,
    );
    if (failure !== undefined) throw failedRunError(failure);
    return stoppedExitCode(interrupted!);
  }
  const { results } = await readResults(out, { summaryOnly: true });
  const summary = summarize(results);
  if (options.json === true) console.log(JSON.stringify(summary, null, 2));
  else {
    console.log(formatSummaryTable(summary));
    console.log(`\nresults: ${out} (${results.length} episode(s))`);
  }
  for (const line of unscored) io.err(`${line}\n`);
  return unscored.length > 0 ? EXIT_CODES.invalidEpisodes : EXIT_CODES.ok;
}

/** The first unexpected failure of a run's workers, and the job it met, when it belongs to one. */
interface WorkerFailure {
  error: unknown;
  job?: Job;
}

/**
 * The error a run that a worker's failure stopped ends with. A typed error (a results file that cannot be
 * written, say) is the user's to act on and stays as it is; anything else is a bug, named with its task.
 */
function failedRunError({ error, job }: WorkerFailure): NavworldError {
  if (NavworldError.isInstance(error)) return error;
  // A worker thread's error arrives as text already.
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const where = job === undefined ? 'a worker' : `task ${job.taskId} (repeat ${job.repeat})`;
  return new NavworldError(ERROR_CODES.INTERNAL, `${where} failed: ${what}`, {
    cause: error,
    hint: 'the run stopped after the episodes under way; those written are kept, and --resume continues (--debug prints the stack)',
  });
}

/** Makes the folder of the results file, then opens the store (which takes the file's lock). */
async function openStore(out: string, options: ResultsStoreOptions): Promise<ResultsStore> {
  try {
    await ensureFolder(dirname(out));
  } catch (error) {
    throw new NavworldError(
      ERROR_CODES.IO_ERROR,
      `cannot create the folder of ${out}: ${(error as Error).message}`,
      { hint: 'Pass --out a path in a writable folder.' },
    );
  }
  return openResultsStore(out, options);
}

/** What every `env.evaluate` call of an `--agent openai` run gets besides its task. */
type ModelSettings = Omit<EvaluateOptions, 'taskId' | 'repeat'>;

/** The flag (or variable) behind each field of {@link ModelSettings}, for errors. */
const MODEL_FLAGS: Record<string, string> = {
  model: '--model',
  baseUrl: '--base-url',
  apiKey: 'NAVWORLD_API_KEY',
  timeoutMs: '--timeout',
  callTimeoutMs: '--call-timeout',
  temperature: '--temperature',
  maxTokens: '--max-tokens',
  maxRetries: '--max-retries',
};

/**
 * Reads the model flags of `--agent openai` (falling back to the environment) and checks them against
 * {@link EvaluateOptionsSchema}, the contract `env.evaluate` enforces: a value it would refuse is a flag
 * error now, before the results file is touched, rather than an error of the library API mid-run.
 */
function modelSettings(options: EvaluateCommandOptions, config: CliConfig): ModelSettings {
  const model = stringFlag(options.model) ?? config.model;
  const baseUrl = stringFlag(options.baseUrl) ?? config.baseUrl;
  const apiKey = config.apiKey;
  if (model === undefined) {
    throw new NavworldError(ERROR_CODES.CONFIG_ERROR, 'no model given for --agent openai', {
      hint: 'pass --model <name> or set NAVWORLD_MODEL',
    });
  }
  if (baseUrl === undefined) {
    throw new NavworldError(ERROR_CODES.CONFIG_ERROR, 'no endpoint given for --agent openai', {
      hint: 'pass --base-url <url> or set NAVWORLD_BASE_URL (e.g. https://api.openai.com/v1)',
    });
  }
  // The URL itself is not repeated: it may carry credentials.
  if (!HttpUrlSchema.safeParse(baseUrl).success) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      '--base-url must be an http(s) URL such as https://api.openai.com/v1',
      {
        hint: 'pass the base URL of an OpenAI-compatible endpoint, e.g. --base-url http://127.0.0.1:8000/v1',
      },
    );
  }
  if (apiKey === undefined) {
    throw new NavworldError(ERROR_CODES.MISSING_API_KEY, 'no API key for the model endpoint', {
      hint: 'set NAVWORLD_API_KEY or OPENAI_API_KEY (any value for a keyless local server)',
    });
  }
  const timeoutMs = secondsFlag(options.timeout, 'timeout');
  const callTimeoutMs = secondsFlag(options.callTimeout, 'call-timeout');
  const temperature = numberFlag(options.temperature, 'temperature', 0, 2);
  const settings: ModelSettings = {
    model,
    baseUrl,
    apiKey,
    maxTokens: intFlag(options.maxTokens, 'max-tokens', 1, 1_000_000, DEFAULT_MAX_TOKENS),
    maxRetries: intFlag(options.maxRetries, 'max-retries', 0, 10, DEFAULT_MAX_RETRIES),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(callTimeoutMs === undefined ? {} : { callTimeoutMs }),
    ...(temperature === undefined ? {} : { temperature }),
  };
  const checked = EvaluateOptionsSchema.safeParse({ ...settings, taskId: 0 });
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    const flag = MODEL_FLAGS[field] ?? field;
    throw new NavworldError(ERROR_CODES.INVALID_ARGUMENT, `${flag}: ${issue.message}`, {
      hint: 'run navworld evaluate --help for the flags and their ranges',
    });
  }
  return settings;
}

/** The first day of an epoch's week (UTC), as 2026-01-01. */
function weekOf(epoch: Epoch): string {
  return new Date(epoch.startsAt * 1000).toISOString().slice(0, 10);
}

function secondsFlag(value: unknown, name: string): number | undefined {
  const seconds = numberFlag(value, name, 0.001, 7 * 24 * 3600);
  return seconds === undefined ? undefined : Math.round(seconds * 1000);
}

function createProgress(
  total: number,
  io: EvaluateIo,
  quiet: boolean,
): { tick: (r: EpisodeResult) => void; done: () => void } {
  let count = 0;
  let sum = 0;
  let valid = 0;
  let invalid = 0;
  const every = Math.max(1, Math.ceil(total / 10));
  const line = (): string => {
    const width = 24;
    const filled = total === 0 ? width : Math.round((count / total) * width);
    const mean = valid === 0 ? '-' : (sum / valid).toFixed(1);
    return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${count}/${total}  mean ${mean}  invalid ${invalid}`;
  };
  return {
    tick(r) {
      count++;
      if (r.validForScoring) {
        valid++;
        sum += r.total;
      } else invalid++;
      if (quiet) return;
      if (io.isTty) io.err(`\r${line()}`);
      else if (count % every === 0 || count === total) io.err(`${line()}\n`);
    },
    done() {
      if (!quiet && io.isTty && count > 0) io.err('\n');
    },
  };
}
