// Worker threads that score final answers, so that a server's scoring (the larger part of its CPU per
// episode) runs on other cores. Only judge-free scoring goes here: it is pure and synchronous, and its inputs
// and outputs are plain data that survive a structured clone unchanged.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  ERROR_CODES,
  NavworldError,
  type ToolTraceEntry,
  type TravelProblem,
} from '@navworld/core-types';
import { scoreEpisodeSyncDetailed, type ScoreDetails } from '@navworld/scorer';

/** One final answer to score. */
export interface ScoringJob {
  /** The episode's problem. */
  problem: TravelProblem;
  /** The episode's tool trace. */
  trace: readonly ToolTraceEntry[];
  /** The final answer. */
  answer: string;
  /** The epoch salt. */
  salt: string;
  /** Whether the facts and the parsed plan are wanted too (debug results); otherwise only the breakdown. */
  debug: boolean;
}

/** What scoring a job gives: the breakdown, plus the facts and parsed plan when the job asked for them. */
export type ScoringOutcome = Pick<ScoreDetails, 'breakdown'> &
  Partial<Pick<ScoreDetails, 'toolFacts' | 'answerFacts' | 'parsed'>>;

/** A job as posted to a worker. */
export interface ScoringRequest {
  /** Matches the reply to its job. */
  id: number;
  /** The job. */
  job: ScoringJob;
}

/** A worker's reply: the outcome, or the scorer's error (the job is then scored again in-process). */
export type ScoringReply =
  { id: number; ok: true; outcome: ScoringOutcome } | { id: number; ok: false; error: string };

/** Counters of a pool (for tests and diagnostics). */
export interface ScoringPoolStats {
  /** Configured threads. */
  threads: number;
  /** Workers running now. */
  live: number;
  /** Jobs posted to a worker and not yet answered. */
  posted: number;
  /** Jobs waiting for a free worker. */
  queued: number;
  /** Workers started so far. */
  spawned: number;
  /** Workers that errored or exited on their own. */
  failed: number;
  /** Jobs a worker could not answer, scored in-process instead. */
  fallbacks: number;
  /** Jobs that passed their deadline on a worker: each was refused and its worker stopped. */
  timedOut: number;
  /** Whether repeated worker failures turned the pool off (every job is then scored in-process). */
  disabled: boolean;
}

/** Scores final answers on worker threads, falling back to in-process scoring whenever a worker cannot. */
export interface ScoringPool {
  /** Scores a job; never loses it (a worker failure scores it in-process). Rejects only as the scorer throws. */
  score(job: ScoringJob): Promise<ScoringOutcome>;
  /**
   * Starts every worker not running yet, so that the first answers do not wait for a thread to load (idle
   * workers do not keep the process alive).
   */
  warm(): void;
  /** Waits for the jobs already accepted, then terminates the workers; later jobs are scored in-process. */
  close(): Promise<void>;
  /** Counters. */
  stats(): ScoringPoolStats;
  /** The workers running now (a test hook: terminating one exercises the fallback). @internal */
  workers(): readonly Worker[];
}

/** Jobs posted to one worker at once: the second hides the message round trip behind the first. */
const JOBS_PER_WORKER = 2;

/** Workers that may fail in a row, none answering a job, before the pool stops starting new ones. */
const MAX_FAILURES_IN_A_ROW = 3;

/**
 * Default deadline of one job on a worker. Scoring takes milliseconds (a 1 MB answer well under a second), so a
 * job past this is stuck, not slow.
 */
export const DEFAULT_SCORING_JOB_TIMEOUT_MS = 60_000;

/** Scores a job in this thread: what a worker runs, and the fallback when a worker cannot. */
export function scoreJob(job: ScoringJob): ScoringOutcome {
  const details = scoreEpisodeSyncDetailed({
    problem: job.problem,
    trace: job.trace,
    answer: job.answer,
    salt: job.salt,
  });
  // Outside debug mode only the breakdown is needed: the facts would only cost cloning.
  return job.debug ? details : { breakdown: details.breakdown };
}

interface Pending {
  id: number;
  job: ScoringJob;
  resolve: (outcome: ScoringOutcome) => void;
  reject: (error: unknown) => void;
  /** The deadline while the job is on a worker. */
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  jobs: Map<number, Pending>;
  retired: boolean;
}

/**
 * Creates a pool of `threads` scoring workers running `file`, or returns undefined when `threads` is 0 or the
 * file does not exist (source and test runs have no built worker): the caller then scores in-process. Workers
 * start on first use, are unref'd while idle, and a worker that fails is replaced on the next job. A job
 * still on a worker after `jobTimeoutMs` is refused with an `INTERNAL` error (it is not scored again here,
 * where it would block the thread) and its worker is stopped; the worker's other job goes to another worker.
 */
export function createScoringPool(options: {
  threads: number;
  file: string | URL;
  jobTimeoutMs?: number;
}): ScoringPool | undefined {
  const { threads } = options;
  const jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_SCORING_JOB_TIMEOUT_MS;
  const file = options.file instanceof URL ? fileURLToPath(options.file) : options.file;
  if (threads <= 0 || !existsSync(file)) return undefined;
  const slots: Array<Slot | undefined> = Array.from({ length: threads }, () => undefined);
  const queue: Pending[] = [];
  let nextId = 0;
  let spawned = 0;
  let failed = 0;
  let fallbacks = 0;
  let timedOut = 0;
  let failuresInARow = 0;
  let closing = false;
  let closed: Promise<void> | undefined;
  let drained: (() => void) | undefined;

  function settleInProcess(pending: Pending): void {
    fallbacks++;
    try {
      pending.resolve(scoreJob(pending.job));
    } catch (error) {
      pending.reject(error);
    }
  }

  function mayStart(): boolean {
    return !closing && failuresInARow < MAX_FAILURES_IN_A_ROW;
  }

  /** Jobs held by live workers (a retired worker's jobs have already left its map). */
  function posted(): number {
    let n = 0;
    for (const slot of slots) if (slot !== undefined) n += slot.jobs.size;
    return n;
  }

  function checkDrained(): void {
    if (drained !== undefined && queue.length === 0 && posted() === 0) drained();
  }

  /** Takes a worker out of the pool: frees its place and hands back its jobs, their deadlines cleared. */
  function detach(slot: Slot): Pending[] {
    slot.retired = true;
    const index = slots.indexOf(slot);
    if (index >= 0) slots[index] = undefined;
    const jobs = [...slot.jobs.values()];
    slot.jobs.clear();
    for (const pending of jobs) clearTimeout(pending.timer);
    return jobs;
  }

  function retire(slot: Slot, failure: boolean): void {
    if (slot.retired) return;
    const orphans = detach(slot);
    if (failure && !closing) {
      failed++;
      failuresInARow++;
    }
    // No accepted step is lost: what the worker held is scored here.
    for (const pending of orphans) settleInProcess(pending);
    pump();
    checkDrained();
  }

  /** A job past its deadline: refuse it, stop its worker, and give the worker's other jobs to another. */
  function timeOut(slot: Slot, pending: Pending): void {
    if (slot.retired || !slot.jobs.delete(pending.id)) return;
    timedOut++;
    queue.unshift(...detach(slot));
    void slot.worker.terminate();
    pending.reject(
      new NavworldError(
        ERROR_CODES.INTERNAL,
        `scoring a final answer did not finish within ${jobTimeoutMs} ms; its worker thread was stopped`,
        {
          hint: 'this should not happen: keep the answer and the trace and report them',
          details: { jobTimeoutMs },
        },
      ),
    );
    pump();
    checkDrained();
  }

  function spawn(index: number): Slot | undefined {
    let worker: Worker;
    try {
      worker = new Worker(file);
    } catch {
      failed++;
      failuresInARow++;
      return undefined;
    }
    spawned++;
    const slot: Slot = { worker, jobs: new Map(), retired: false };
    worker.on('message', (reply: ScoringReply) => {
      const pending = slot.jobs.get(reply.id);
      if (pending === undefined) return;
      slot.jobs.delete(reply.id);
      clearTimeout(pending.timer);
      failuresInARow = 0;
      if (slot.jobs.size === 0) worker.unref();
      if (reply.ok) pending.resolve(reply.outcome);
      else settleInProcess(pending); // the scorer threw: the same call here throws the same typed error
      pump();
      checkDrained();
    });
    // A reply that cannot be deserialised cannot be matched to its job: retire the worker and its jobs.
    worker.on('messageerror', () => void worker.terminate());
    worker.on('error', () => retire(slot, true));
    worker.on('exit', () => retire(slot, !closing));
    slots[index] = slot;
    return slot;
  }

  /** A worker with room for a job: the least loaded live one, or a new one in a free place. */
  function freeSlot(): Slot | undefined {
    let best: Slot | undefined;
    let emptyIndex = -1;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      if (slot === undefined) {
        if (emptyIndex < 0) emptyIndex = i;
      } else if (
        slot.jobs.size < JOBS_PER_WORKER &&
        (best === undefined || slot.jobs.size < best.jobs.size)
      ) {
        best = slot;
      }
    }
    // An idle worker beats starting one; a busy one does not while a place is free.
    if (best !== undefined && (best.jobs.size === 0 || emptyIndex < 0)) return best;
    if (emptyIndex >= 0 && mayStart()) return spawn(emptyIndex) ?? best;
    return best;
  }

  function pump(): void {
    while (queue.length > 0) {
      const slot = freeSlot();
      if (slot === undefined) {
        // No worker can take the queue (none may start: closing, or they keep failing): score it here.
        if (slots.every((s) => s === undefined)) {
          for (const pending of queue.splice(0)) settleInProcess(pending);
        }
        return;
      }
      const pending = queue.shift()!;
      slot.jobs.set(pending.id, pending);
      if (slot.jobs.size === 1) slot.worker.ref();
      try {
        slot.worker.postMessage({ id: pending.id, job: pending.job } satisfies ScoringRequest);
        pending.timer = setTimeout(() => timeOut(slot, pending), jobTimeoutMs);
        pending.timer.unref();
      } catch {
        // The job cannot be cloned: score it here.
        slot.jobs.delete(pending.id);
        if (slot.jobs.size === 0) slot.worker.unref();
        settleInProcess(pending);
      }
    }
  }

  return {
    score(job) {
      return new Promise((resolve, reject) => {
        queue.push({ id: ++nextId, job, resolve, reject });
        pump();
      });
    },
    warm() {
      for (let i = 0; i < slots.length; i++) {
        if (slots[i] !== undefined || !mayStart()) continue;
        spawn(i)?.worker.unref();
      }
    },
    close() {
      closing = true;
      closed ??= (async () => {
        if (posted() > 0 || queue.length > 0) {
          await new Promise<void>((resolve) => {
            drained = resolve;
            pump();
            checkDrained();
          });
        }
        await Promise.all(
          slots.flatMap((slot) => (slot === undefined ? [] : [slot.worker.terminate()])),
        );
      })();
      return closed;
    },
    stats() {
      return {
        threads,
        live: slots.filter((s) => s !== undefined).length,
        posted: posted(),
        queued: queue.length,
        spawned,
        failed,
        fallbacks,
        timedOut,
        disabled: failuresInARow >= MAX_FAILURES_IN_A_ROW,
      };
    },
    workers() {
      return slots.flatMap((s) => (s === undefined ? [] : [s.worker]));
    },
  };
}
