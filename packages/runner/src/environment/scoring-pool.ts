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
import {
  scoreEpisodeSyncDetailed,
  scoreEpisodesSyncDetailed,
  type ScoreDetails,
} from '@navworld/scorer';

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

/** A message to a worker: one or more jobs, each under the id its reply carries. */
export interface ScoringRequest {
  /** The jobs, scored together (see {@link scoreJobs}). */
  jobs: Array<{ id: number; job: ScoringJob }>;
}

/** One job's answer: the outcome, or the scorer's error (the job is then scored again in-process). */
export type ScoringReply =
  { id: number; ok: true; outcome: ScoringOutcome } | { id: number; ok: false; error: string };

/** A worker's message back: the replies of one request, in its order. */
export interface ScoringResponse {
  /** One reply per job of the request. */
  replies: ScoringReply[];
}

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
  /** Messages posted to workers (fewer than the jobs posted when queued jobs went together). */
  messages: number;
  /** Jobs posted in a message with other jobs. */
  batched: number;
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

/** Messages posted to one worker at once: the second hides the message round trip behind the first. */
const MESSAGES_PER_WORKER = 2;

/**
 * Most jobs in one message. Jobs wait in the queue only while every worker is busy; then the next free worker
 * takes its share of them at once, and scores them as a batch (about a fifth less CPU per episode than one by
 * one, see `scoreEpisodesSync`), with each job waiting at most for the others of its message.
 */
export const DEFAULT_SCORING_BATCH = 16;

/** Workers that may fail in a row, none answering a job, before the pool stops starting new ones. */
const MAX_FAILURES_IN_A_ROW = 3;

/**
 * Default deadline of one job on a worker. Scoring takes milliseconds (a 1 MB answer well under a second), so a
 * job past this is stuck, not slow.
 */
export const DEFAULT_SCORING_JOB_TIMEOUT_MS = 60_000;

/** The scorer's input for a job. */
function inputOf(job: ScoringJob): Parameters<typeof scoreEpisodeSyncDetailed>[0] {
  return { problem: job.problem, trace: job.trace, answer: job.answer, salt: job.salt };
}

/** Scores a job in this thread: what a worker runs, and the fallback when a worker cannot. */
export function scoreJob(job: ScoringJob): ScoringOutcome {
  const details = scoreEpisodeSyncDetailed(inputOf(job));
  // Outside debug mode only the breakdown is needed: the facts would only cost cloning.
  return job.debug ? details : { breakdown: details.breakdown };
}

/**
 * Scores jobs together, as {@link scoreJob} scores each: one batch through the scorer, or one by one when the
 * batch throws (an invalid input fails the whole batch), so that each job gets its own outcome or error.
 */
export function scoreJobs(jobs: readonly ScoringJob[]): Array<ScoringOutcome | { error: unknown }> {
  if (jobs.length > 1) {
    let all: ScoreDetails[] | undefined;
    try {
      all = scoreEpisodesSyncDetailed(jobs.map(inputOf));
    } catch {
      // Found out below, job by job.
    }
    if (all !== undefined) {
      return all.map((details, i) => (jobs[i]!.debug ? details : { breakdown: details.breakdown }));
    }
  }
  return jobs.map((job) => {
    try {
      return scoreJob(job);
    } catch (error) {
      return { error };
    }
  });
}

/** Scores jobs in this thread, those submitted within one turn of the event loop together. */
export interface TickBatcher {
  /** Scores a job with the others submitted before the loop's next check phase. */
  score(job: ScoringJob): Promise<ScoringOutcome>;
  /** Jobs scored and batches run so far (a batch of one included). */
  stats(): { jobs: number; batches: number };
}

/**
 * Creates a {@link TickBatcher}. Final answers that arrive together (a trainer stepping a group of rollouts
 * with `Promise.all`, requests read in one poll of a server) are scored as one batch (see
 * `scoreEpisodesSync`), each with the outcome it would get alone; an answer that arrives alone waits only for
 * the current turn of the loop to end.
 */
export function createTickBatcher(): TickBatcher {
  let queue: Array<{
    job: ScoringJob;
    resolve: (outcome: ScoringOutcome) => void;
    reject: (error: unknown) => void;
  }> = [];
  let scored = 0;
  let batches = 0;
  const flush = (): void => {
    const jobs = queue;
    queue = [];
    scored += jobs.length;
    batches++;
    const outcomes = scoreJobs(jobs.map((pending) => pending.job));
    jobs.forEach((pending, i) => {
      const outcome = outcomes[i]!;
      if ('error' in outcome) pending.reject(outcome.error);
      else pending.resolve(outcome);
    });
  };
  return {
    score(job) {
      return new Promise((resolve, reject) => {
        queue.push({ job, resolve, reject });
        if (queue.length === 1) setImmediate(flush);
      });
    },
    stats: () => ({ jobs: scored, batches }),
  };
}

interface Pending {
  id: number;
  job: ScoringJob;
  resolve: (outcome: ScoringOutcome) => void;
  reject: (error: unknown) => void;
  /** The deadline while the job is on a worker. */
  timer?: NodeJS.Timeout;
  /** The jobs of the message it was posted in (itself included), while it is on a worker. */
  message?: Pending[];
  /** Posted alone from now on: its message passed its deadline with other jobs in it. */
  alone?: boolean;
}

interface Slot {
  worker: Worker;
  jobs: Map<number, Pending>;
  /** Messages posted and not yet answered. */
  messages: number;
  retired: boolean;
}

/**
 * Creates a pool of `threads` scoring workers running `file`, or returns undefined when `threads` is 0 or the
 * file does not exist (source and test runs have no built worker): the caller then scores in-process. Workers
 * start on first use, are unref'd while idle, and a worker that fails is replaced on the next job. Jobs that
 * queue while every worker is busy are posted in messages of up to `maxBatch` and scored as a batch. A job
 * still on a worker after `jobTimeoutMs` is refused with an `INTERNAL` error (it is not scored again here,
 * where it would block the thread) and its worker is stopped; the worker's other jobs go to another worker.
 * When the late job shared its message, no job is refused yet: the message's jobs are posted again one per
 * message, so that only the job that is itself stuck is refused, one deadline later.
 */
export function createScoringPool(options: {
  threads: number;
  file: string | URL;
  jobTimeoutMs?: number;
  maxBatch?: number;
}): ScoringPool | undefined {
  const { threads } = options;
  const jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_SCORING_JOB_TIMEOUT_MS;
  const maxBatch = Math.max(1, Math.floor(options.maxBatch ?? DEFAULT_SCORING_BATCH));
  const file = options.file instanceof URL ? fileURLToPath(options.file) : options.file;
  if (threads <= 0 || !existsSync(file)) return undefined;
  const slots: Array<Slot | undefined> = Array.from({ length: threads }, () => undefined);
  const queue: Pending[] = [];
  let nextId = 0;
  let spawned = 0;
  let failed = 0;
  let fallbacks = 0;
  let timedOut = 0;
  let messages = 0;
  let batched = 0;
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
    slot.messages = 0;
    for (const pending of jobs) {
      clearTimeout(pending.timer);
      pending.message = undefined;
    }
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

  /**
   * A job past its deadline: stop its worker and give the worker's other jobs to another. A job that was
   * alone in its message is refused; the jobs of a shared message go first in the queue, each to be posted
   * alone, since any of them may be the one that is stuck.
   */
  function timeOut(slot: Slot, pending: Pending): void {
    if (slot.retired || !slot.jobs.has(pending.id)) return;
    const message = pending.message ?? [pending];
    if (message.length > 1) {
      for (const job of message) job.alone = true;
      const others = detach(slot).filter((job) => !message.includes(job));
      queue.unshift(...message, ...others);
      void slot.worker.terminate();
      pump();
      return;
    }
    slot.jobs.delete(pending.id);
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
    const slot: Slot = { worker, jobs: new Map(), messages: 0, retired: false };
    worker.on('message', (response: ScoringResponse) => {
      if (slot.retired) return;
      let answered = false;
      for (const reply of response.replies) {
        const pending = slot.jobs.get(reply.id);
        if (pending === undefined) continue;
        answered = true;
        slot.jobs.delete(reply.id);
        clearTimeout(pending.timer);
        pending.message = undefined;
        if (reply.ok) pending.resolve(reply.outcome);
        else settleInProcess(pending); // the scorer threw: the same call here throws the same typed error
      }
      if (!answered) return;
      slot.messages = Math.max(0, slot.messages - 1);
      failuresInARow = 0;
      if (slot.jobs.size === 0) worker.unref();
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

  /** A worker with room for a message: the least loaded live one, or a new one in a free place. */
  function freeSlot(): Slot | undefined {
    let best: Slot | undefined;
    let emptyIndex = -1;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      if (slot === undefined) {
        if (emptyIndex < 0) emptyIndex = i;
      } else if (
        slot.messages < MESSAGES_PER_WORKER &&
        (best === undefined || slot.messages < best.messages)
      ) {
        best = slot;
      }
    }
    // An idle worker beats starting one; a busy one does not while a place is free.
    if (best !== undefined && (best.messages === 0 || emptyIndex < 0)) return best;
    if (emptyIndex >= 0 && mayStart()) return spawn(emptyIndex) ?? best;
    return best;
  }

  /**
   * The jobs of the next message: the first queued job, and while it is not to be posted alone, the queued
   * jobs after it that are not either, up to the worker's share of the queue (so that the other workers get
   * theirs) and `maxBatch`.
   */
  function nextMessage(): Pending[] {
    const first = queue.shift()!;
    if (first.alone === true) return [first];
    const share = Math.min(maxBatch, Math.ceil((queue.length + 1) / threads));
    const message = [first];
    for (let i = 0; i < queue.length && message.length < share;) {
      if (queue[i]!.alone === true) i++;
      else message.push(queue.splice(i, 1)[0]!);
    }
    return message;
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
      const message = nextMessage();
      for (const pending of message) slot.jobs.set(pending.id, pending);
      if (slot.messages === 0) slot.worker.ref();
      try {
        slot.worker.postMessage({
          jobs: message.map((pending) => ({ id: pending.id, job: pending.job })),
        } satisfies ScoringRequest);
      } catch {
        // A job cannot be cloned: score the message here.
        for (const pending of message) slot.jobs.delete(pending.id);
        if (slot.messages === 0) slot.worker.unref();
        for (const pending of message) settleInProcess(pending);
        continue;
      }
      slot.messages++;
      messages++;
      if (message.length > 1) batched += message.length;
      for (const pending of message) {
        pending.message = message;
        pending.timer = setTimeout(() => timeOut(slot, pending), jobTimeoutMs);
        pending.timer.unref();
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
        messages,
        batched,
        disabled: failuresInARow >= MAX_FAILURES_IN_A_ROW,
      };
    },
    workers() {
      return slots.flatMap((s) => (s === undefined ? [] : [s.worker]));
    },
  };
}
