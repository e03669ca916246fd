import {
  ERROR_CODES,
  NavworldError,
  canonicalJson,
  epochAt,
  nestingDepthExceeds,
  parseWith,
  saltFromEnv,
  sha256Hex,
  toNavworldError,
  ValidationError,
  type ChatMessage,
  type Epoch,
  type EpisodeOutcome,
  type EpisodeResult,
  type Judge,
  type ScoreBreakdown,
  type StepResult,
  type ToolCall,
  type ToolObservation,
  type ToolResult,
  type ToolTraceEntry,
  type TravelProblem,
  type Usage,
  type Versions,
} from '@navworld/core-types';
import { SYSTEM_PROMPT, TASKGEN_VERSION } from '@navworld/taskgen';
import {
  MAX_ARGUMENT_DEPTH,
  TOOL_BUDGETS,
  WORLD_VERSION,
  callTool,
  type ToolCache,
  createToolContext,
  toolBudgetExceededResult,
  toolDefinitions,
  type ToolContext,
  type ToolContextOptions,
  type ToolLogger,
  type WorldName,
} from '@navworld/tools';
import {
  SCORER_VERSION,
  scoreEpisodeDetailed,
  stepReward,
  toDebugResult,
  type EarlierCall,
  toSafeResult,
  type ScoreDetails,
} from '@navworld/scorer';
import { RUBRIC_VERSION } from '@navworld/llm-validator';
import { VERSION } from '../version';
import { checkedWorld } from '../internal/world';
import { MAX_TIMER_MS, wholeNumberOption } from '../internal/options';
import { runOpenAIAgent, type EvaluateOptions } from '../agent/openai-agent';
import {
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_EPISODES,
  DEFAULT_MAX_TOOL_CONTEXTS,
  INFRASTRUCTURE_ERROR_CODES,
  MAX_SCORING_THREADS,
  MAX_TOOL_STEPS,
  SUCCESS_THRESHOLD,
  TOOL_MESSAGE_MAX_CHARS,
} from './constants';
import { finalAnswerPrompt } from './final-answer';
import { checkedEpoch } from './epoch';
import { createProblemSource } from './problems';
import { ResetInputSchema, StepInputSchema, type ResetInput, type StepInput } from './schemas';
import {
  createScoringPool,
  createTickBatcher,
  type ScoringOutcome,
  type ScoringPool,
  type TickBatcher,
} from './scoring-pool';
import { truncateForModel } from './truncate';

/** The OpenAI function definition of one tool, as `reset` returns it. */
export type OpenAIToolDefinition = ReturnType<typeof toolDefinitions>[number];

/** Options of {@link createEnvironment}. */
export interface EnvironmentOptions {
  /** Tool world. @default 'offline' */
  world?: WorldName;
  /**
   * Tool result cache: a kind, or a cache object; one cache serves every episode and epoch. @default
   * `NAVWORLD_CACHE` from `env`, else the world's default (`sqlite` for `amap`, `memory` otherwise)
   */
  cache?: ToolContextOptions['cache'];
  /** Path of the SQLite cache file (cache `sqlite`). */
  cachePath?: string;
  /**
   * Where the tools' warnings go, such as a cache file that cannot be opened (the cache then keeps results in
   * memory). @default nowhere: a library never prints by itself
   */
  logger?: ToolLogger;
  /** Path of the replay / record cassette. */
  cassettePath?: string;
  /** The epoch episodes run in; by default the week containing `now`. */
  epoch?: Epoch;
  /** Pins the epoch salt (default: `NAVWORLD_EPOCH_SALT` from `env`). */
  salt?: string;
  /** Time that decides the default epoch (epoch milliseconds or a Date). @default clock() */
  now?: number | Date;
  /** Millisecond clock for idle sweeps, timings and (unless pinned) the epoch. @default Date.now */
  clock?: () => number;
  /** LLM judge for final scores; without one, scores are code-only (0–50). */
  judge?: Judge;
  /** Return the debug result (full breakdown) instead of the safe one. @default env NAVWORLD_DEBUG === '1' */
  debug?: boolean;
  /** Episodes held at once, a whole number of at least 1. @default 10000 */
  maxEpisodes?: number;
  /**
   * Idle time after which an unfinished or finished episode is dropped, in whole milliseconds (at least 1).
   * @default 1800000 (30 min)
   */
  idleTimeoutMs?: number;
  /** Deadline of one tool call in whole milliseconds, from 1 to 2^31 − 1 (a timer's limit). @default 120000 */
  toolTimeoutMs?: number;
  /** Environment variables (keys, salt, debug). @default process.env */
  env?: Record<string, string | undefined>;
  /** A ready tool context to use for every episode (its epoch wins). */
  toolContext?: ToolContext;
  /**
   * Tool contexts (one per week and salt that resets ask for) kept for later resets; the least recently
   * used beyond this are let go. An episode keeps its own context until it ends, so a context let go is only
   * made again, the same, for a later reset in its epoch. A `toolContext` given above is always kept.
   * @default 16
   */
  maxToolContexts?: number;
  /**
   * Worker threads that score final answers, so that scoring (the larger part of a server's CPU per
   * episode) runs on other cores; 0 scores in this thread. Results are identical either way. Not used with
   * a `judge` (it stays in this thread, and its latency dwarfs scoring), nor where the built worker script
   * is missing (running from source): both score in this thread. At most 64.
   * @default 0
   */
  scoringThreads?: number;
  /**
   * The scoring worker's script (tests and benchmarks point it at a bundle).
   * @default the built `scoring-worker.js` beside this module
   * @internal
   */
  scoringWorkerFile?: string | URL;
}

/** What `reset` returns. */
export interface ResetResult {
  /** The new episode's id. */
  episodeId: string;
  /** The conversation so far: system prompt and user prompt. */
  messages: ChatMessage[];
  /** The six tools in OpenAI function format. */
  tools: OpenAIToolDefinition[];
  /** The generated problem. */
  problem: TravelProblem;
  /** The user prompt (the first observation). */
  observation: string;
  /** The epoch the episode runs in. */
  epoch: Epoch;
}

/** What `step` returns: the core step result plus the observation text of this step. */
export type EnvironmentStepResult = StepResult & {
  /** Tool results joined as `[tool] 结果:` blocks, or `完成` on the final step. */
  observation: string;
};

/** A read-only view of one episode. */
export interface EpisodeSnapshot {
  /** Episode id. */
  episodeId: string;
  /** Task id. */
  taskId: number;
  /** The problem. */
  problem: TravelProblem;
  /** The epoch. */
  epoch: Epoch;
  /** The conversation (a copy). */
  messages: ChatMessage[];
  /** The tool trace (a copy). */
  trace: ToolTraceEntry[];
  /** Step rewards, one per tool call. */
  stepRewards: number[];
  /** `step` calls so far. */
  step: number;
  /** Tool-executing steps so far. */
  toolSteps: number;
  /** Whether the episode is finished. */
  done: boolean;
  /** Whether the step limit forced the final answer. */
  truncated: boolean;
  /** The final answer, once given. */
  answer: string | null;
  /** The full breakdown, once scored. */
  breakdown: ScoreBreakdown | null;
  /** Total 0–100 (0 until scored). */
  total: number;
  /** Infrastructure error that ended the episode, if any. */
  error: string | null;
  /** False when an infrastructure failure ended the episode. */
  validForScoring: boolean;
}

/** Counters of an environment. */
export interface EnvironmentStats {
  /** Episodes held (open and finished). */
  episodes: number;
  /** Open episodes. */
  open: number;
  /** Episodes created since start. */
  created: number;
  /** Episodes dropped by the idle sweep or the size limit. */
  swept: number;
  /** Tool calls executed. */
  toolCalls: number;
  /** The configured limit. */
  maxEpisodes: number;
  /** Tool contexts held (one per week and salt that resets asked for, and a given one). */
  toolContexts: number;
  /** The most tool contexts kept (`maxToolContexts`). */
  maxToolContexts: number;
  /** The scoring worker pool's state; all zero when answers are scored in-process. */
  scoring: ScoringThreadStats;
}

/** What the scoring worker pool is doing (see `EnvironmentOptions.scoringThreads`). */
export interface ScoringThreadStats {
  /** Scoring workers running now. */
  threads: number;
  /** Final answers waiting for or being scored by a worker. */
  pending: number;
  /** Final answers a worker could not score, scored in-process instead (since start). */
  fallbacks: number;
  /**
   * Final answers whose scoring passed its deadline on a worker (since start): each ended its episode as an
   * infrastructure error and its worker was replaced.
   */
  timedOut: number;
  /**
   * Final answers that waited for a busy worker and were then scored together with others, as one batch
   * (since start).
   */
  batched: number;
}

/** The episode API: `reset` opens an episode, `step` advances it, `evaluate` runs a model end to end. */
export interface Environment {
  /**
   * The epoch a reset without one runs in now. Unless the options pin it (an epoch, a tool context, `now` or
   * a salt), it follows the clock into each new week.
   */
  readonly epoch: Epoch;
  /** Component versions stamped into every result. */
  readonly versions: Versions;
  /** The six tools in OpenAI function format. */
  readonly tools: OpenAIToolDefinition[];
  /**
   * Opens an episode for a task. Throws `INVALID_TASK_ID`, `VALIDATION_FAILED` or `EPISODE_LIMIT` (whose
   * `details.retryAfterSeconds` says when the idle sweep can next free a slot).
   */
  reset(input: ResetInput): ResetResult;
  /**
   * Advances an episode: with tool calls, executes them in order and returns their observations and step
   * rewards; without, scores `content` as the final answer. Bad tool arguments (including ones nested past
   * the tools' depth limit) are answered by an error observation, like any other failed call. Throws
   * `EPISODE_NOT_FOUND`, `EPISODE_DONE` or `VALIDATION_FAILED` (a malformed input); a step that throws
   * leaves the episode as it was.
   */
  step(input: StepInput): Promise<EnvironmentStepResult>;
  /**
   * Appends the final-answer prompt (a user message) to an open episode and returns its text: the phase-2
   * request an agent loop sends with tools disabled.
   */
  requestFinalAnswer(episodeId: string): string;
  /** A copy of an episode's state, or undefined when the id is unknown or swept. */
  getEpisode(episodeId: string): EpisodeSnapshot | undefined;
  /**
   * Runs one task end to end against an OpenAI-compatible endpoint (streaming, two phases, retries, one
   * re-dispatch) and returns the finished episode. Never throws for endpoint failures: they end as
   * `validForScoring: false` results.
   */
  evaluate(options: EvaluateOptions): Promise<EpisodeResult>;
  /** Drops idle episodes now; returns how many were dropped. */
  sweep(): number;
  /** Counters. */
  stats(): EnvironmentStats;
  /** Drops every episode and releases the tool cache. */
  close(): Promise<void>;
}

/** Metadata an agent adds when turning an episode into a result. */
export interface ResultMeta {
  agent: string;
  model?: string | null;
  repeat?: number;
  usage?: Usage;
  startedAtMs: number;
  outcome?: EpisodeOutcome;
  error?: string | null;
  validForScoring?: boolean;
  extra?: Record<string, unknown>;
}

/** Internals the agents in this package use; not part of the public API. */
export interface EnvironmentInternals {
  clock: () => number;
  /** Whether results are debug results (full breakdowns) rather than safe ones. */
  debug: boolean;
  state(episodeId: string): EpisodeState;
  appendMessage(episodeId: string, message: ChatMessage): void;
  finish(episodeId: string, outcome: EpisodeOutcome, error: string | null, valid: boolean): void;
  resultOf(episodeId: string, meta: ResultMeta): EpisodeResult;
  remove(episodeId: string): void;
  /** The scoring worker pool, when one runs. */
  scoringPool: ScoringPool | undefined;
  /** In-process scoring of answers that arrive together (no threads, no judge). */
  tickBatcher: TickBatcher | undefined;
}

/** Mutable state of one episode. */
export interface EpisodeState {
  id: string;
  taskId: number;
  problem: TravelProblem;
  epoch: Epoch;
  context: ToolContext;
  messages: ChatMessage[];
  trace: ToolTraceEntry[];
  stepRewards: number[];
  /**
   * The trace as the step reward reads it (call, result and earned reward), grown by one entry per call so
   * that a call does not rebuild the whole list. Entries never change once added.
   */
  earlierCalls: EarlierCall[];
  step: number;
  toolSteps: number;
  toolCounts: Map<string, number>;
  done: boolean;
  truncated: boolean;
  answer: string | null;
  breakdown: ScoreBreakdown | null;
  total: number;
  error: string | null;
  validForScoring: boolean;
  outcome: EpisodeOutcome | null;
  lastActive: number;
  busy: number;
  queue: Promise<unknown>;
}

const internals = new WeakMap<Environment, EnvironmentInternals>();

/**
 * Starts the scoring threads of an environment made by {@link createEnvironment} now instead of on the first
 * answers; does nothing for other environments or without threads. @internal
 */
export function warmScoringThreads(env: Environment): void {
  internals.get(env)?.scoringPool?.warm();
}

/** The internals of an environment made by {@link createEnvironment}. @internal */
export function internalsOf(env: Environment): EnvironmentInternals {
  const found = internals.get(env);
  if (found === undefined) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      'not an environment made by createEnvironment',
      {
        hint: 'create one with createEnvironment(options)',
      },
    );
  }
  return found;
}

/**
 * Creates an episode environment over the six tools. Episodes are independent and held in memory; idle ones
 * are swept after `idleTimeoutMs`. Same task id and epoch salt → the same problem, tool data and scores.
 *
 * @example
 * const env = createEnvironment({ world: 'offline' });
 * const { episodeId, messages, tools } = env.reset({ taskId: 131 });
 * const step = await env.step({ episodeId, toolCalls: [{ id: 'c1', type: 'function',
 *   function: { name: 'weather', arguments: '{"city":"贵阳"}' } }] });
 * const final = await env.step({ episodeId, content: '……完整的旅行方案……' });
 * console.log(final.reward, final.info);
 */
export function createEnvironment(options: EnvironmentOptions = {}): Environment {
  checkOptionShapes(options);
  const env = options.env ?? process.env;
  const clock = options.clock ?? Date.now;
  const debug = options.debug ?? env['NAVWORLD_DEBUG'] === '1';
  const maxEpisodes = wholeNumberOption(options.maxEpisodes, 'maxEpisodes', DEFAULT_MAX_EPISODES);
  // Only compared with the clock, never a timer: a week or more is fine.
  const idleTimeoutMs = wholeNumberOption(
    options.idleTimeoutMs,
    'idleTimeoutMs',
    DEFAULT_IDLE_TIMEOUT_MS,
  );
  const toolTimeoutMs = wholeNumberOption(options.toolTimeoutMs, 'toolTimeoutMs', 120_000, {
    max: MAX_TIMER_MS,
  });
  const maxToolContexts = wholeNumberOption(
    options.maxToolContexts,
    'maxToolContexts',
    DEFAULT_MAX_TOOL_CONTEXTS,
  );
  // Checked before the scoring threads start, so a bad option leaves nothing running.
  const world = checkedWorld(options.world ?? 'offline');
  const scoringThreads = scoringThreadsOf(options.scoringThreads);
  const pinnedSalt = options.salt ?? saltFromEnv(env);
  // Checked like a caller's epoch, so that every epoch this environment hands out is one reset takes back
  // (a pinned salt over 256 characters is refused here rather than in every later reset that sends it).
  const defaultEpoch = checkedEpoch(
    options.toolContext?.epoch ??
      options.epoch ??
      epochAt(options.now ?? clock(), { salt: pinnedSalt }),
  );
  // Unless something pins it (an epoch, a tool context, a time or a salt), the epoch follows the clock: a
  // server left running past the end of the week starts the new week's episodes in the new world.
  const followsClock =
    options.toolContext === undefined &&
    options.epoch === undefined &&
    options.now === undefined &&
    pinnedSalt === undefined;
  let clockEpoch = defaultEpoch;
  function currentEpoch(): Epoch {
    if (!followsClock) return defaultEpoch;
    const now = clock();
    if (now >= clockEpoch.endsAt * 1000 || now < clockEpoch.startsAt * 1000)
      clockEpoch = epochAt(now);
    return clockEpoch;
  }
  // The first context resolves the cache (the option, NAVWORLD_CACHE, or the world's default); the contexts of
  // later epochs share that instance, so a kind such as sqlite opens one file handle, not one per week.
  let sharedCache: ToolCache | undefined =
    options.toolContext?.cache ?? (typeof options.cache === 'object' ? options.cache : undefined);
  // Keyed by week and salt: two weeks with one pinned salt have the same data but different dates. Clients
  // choose the epoch of a reset, so the map is a small LRU (Map order is use order); a given context is
  // held apart, since it cannot be made again.
  const contexts = new Map<string, ToolContext>();
  const contextKey = (epoch: Epoch): string => `${epoch.id}\u0000${epoch.salt}`;
  const givenKey = options.toolContext === undefined ? undefined : contextKey(defaultEpoch);
  // The world's own requirements (an AMap key, a cassette) are checked now, before any thread starts: a
  // server would otherwise start and then refuse every reset.
  if (options.toolContext === undefined) contextFor(defaultEpoch);
  // A judge is an object with methods (it cannot cross to a thread): with one, scoring stays here.
  const pool =
    options.judge === undefined
      ? createScoringPool({
          threads: scoringThreads,
          file: scoringWorkerFileOf(options.scoringWorkerFile),
        })
      : undefined;
  // Without threads or a judge, answers that arrive together are scored here as one batch.
  const tick = pool === undefined && options.judge === undefined ? createTickBatcher() : undefined;
  const tools = toolDefinitions();
  const versions: Versions = {
    navworld: VERSION,
    taskgen: TASKGEN_VERSION,
    world: world === 'offline' ? WORLD_VERSION : world,
    scorer: SCORER_VERSION,
    rubric: RUBRIC_VERSION,
  };
  const episodes = new Map<string, EpisodeState>();
  const problemOf = createProblemSource();
  let created = 0;
  let swept = 0;
  let toolCallCount = 0;
  let lastSweep = clock();
  let closed = false;

  function contextFor(epoch: Epoch): ToolContext {
    const key = contextKey(epoch);
    if (key === givenKey && options.toolContext !== undefined) return options.toolContext;
    let context = contexts.get(key);
    if (context !== undefined) {
      contexts.delete(key);
      contexts.set(key, context);
    } else {
      const cache = sharedCache ?? options.cache;
      context = createToolContext({
        world,
        epoch,
        ...(cache === undefined ? {} : { cache }),
        ...(options.cachePath === undefined ? {} : { cachePath: options.cachePath }),
        ...(options.cassettePath === undefined ? {} : { cassettePath: options.cassettePath }),
        ...(options.logger === undefined ? {} : { logger: options.logger }),
        env,
      });
      contexts.set(key, context);
      sharedCache ??= context.cache;
      // Let go, not closed: the cache is shared, and episodes of that epoch still hold the context.
      if (contexts.size > maxToolContexts) contexts.delete(contexts.keys().next().value!);
    }
    return context;
  }

  function sweepIdle(now: number): number {
    lastSweep = now;
    let dropped = 0;
    for (const [id, state] of episodes) {
      if (state.busy === 0 && now - state.lastActive >= idleTimeoutMs) {
        episodes.delete(id);
        dropped++;
      }
    }
    swept += dropped;
    return dropped;
  }

  function maybeSweep(now: number): void {
    if (now - lastSweep >= Math.min(60_000, idleTimeoutMs / 4)) sweepIdle(now);
  }

  function makeRoom(): void {
    if (episodes.size < maxEpisodes) return;
    sweepIdle(clock());
    // Finished episodes are only kept for inspection: drop the oldest of them first.
    if (episodes.size >= maxEpisodes) {
      const finished = [...episodes.values()]
        .filter((s) => s.done && s.busy === 0)
        .sort((a, b) => a.lastActive - b.lastActive);
      for (const state of finished) {
        if (episodes.size < maxEpisodes) break;
        episodes.delete(state.id);
        swept++;
      }
    }
    if (episodes.size >= maxEpisodes) {
      throw new NavworldError(
        ERROR_CODES.EPISODE_LIMIT,
        `too many open episodes (${maxEpisodes})`,
        {
          hint:
            'finish episodes or let idle ones expire, or raise the limit: ' +
            '`navworld serve --max-episodes <n>`, or the `maxEpisodes` option of createEnvironment',
          details: { maxEpisodes, retryAfterSeconds: secondsUntilRoom(clock()) },
        },
      );
    }
  }

  /**
   * Whole seconds (at least 1) until the idle sweep can free a slot: until the episode idle longest reaches
   * the idle timeout, or a whole timeout when every episode is in a step right now.
   */
  function secondsUntilRoom(now: number): number {
    let soonest = idleTimeoutMs;
    for (const state of episodes.values()) {
      if (state.busy === 0) soonest = Math.min(soonest, state.lastActive + idleTimeoutMs - now);
    }
    return Math.max(1, Math.ceil(soonest / 1000));
  }

  function lookup(episodeId: string): EpisodeState {
    const state = episodes.get(episodeId);
    if (state === undefined) {
      throw new NavworldError(
        ERROR_CODES.EPISODE_NOT_FOUND,
        `unknown episode ${JSON.stringify(episodeId)}`,
        {
          hint: 'call reset first; idle episodes are dropped after the idle timeout',
          details: { episodeId },
        },
      );
    }
    return state;
  }

  function assertOpen(state: EpisodeState): void {
    if (state.done) {
      throw new NavworldError(ERROR_CODES.EPISODE_DONE, `episode ${state.id} is already finished`, {
        hint: 'start a new episode with reset',
        details: { episodeId: state.id },
      });
    }
  }

  function reset(input: ResetInput): ResetResult {
    if (closed) throw shuttingDown();
    const parsed = parseWith(ResetInputSchema, input, 'reset input', {
      hint: 'pass { taskId } with a whole number from 0 to 2^31 − 1 (and optionally an epoch as a reset returned it)',
    });
    // Checked before room is made: a refused reset must not cost another episode its place.
    const epoch = parsed.epoch === undefined ? currentEpoch() : checkedEpoch(parsed.epoch);
    const now = clock();
    maybeSweep(now);
    makeRoom();
    const problem = problemOf(parsed.taskId);
    const id = newEpisodeId();
    const messages: ChatMessage[] = [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: problem.prompt },
    ];
    episodes.set(id, {
      id,
      taskId: parsed.taskId,
      problem,
      epoch,
      context: contextFor(epoch),
      messages,
      trace: [],
      stepRewards: [],
      earlierCalls: [],
      step: 0,
      toolSteps: 0,
      toolCounts: new Map(),
      done: false,
      truncated: false,
      answer: null,
      breakdown: null,
      total: 0,
      error: null,
      validForScoring: true,
      outcome: null,
      lastActive: now,
      busy: 0,
      queue: Promise.resolve(),
    });
    created++;
    return {
      episodeId: id,
      messages: messages.map((m) => ({ ...m })),
      tools,
      problem,
      observation: problem.prompt,
      epoch,
    };
  }

  function step(input: StepInput): Promise<EnvironmentStepResult> {
    let parsed: ReturnType<typeof StepInputSchema.parse>;
    try {
      parsed = parseWith(StepInputSchema, input, 'step input', {
        hint:
          'pass { episodeId, toolCalls } (OpenAI tool calls) for a tool turn, ' +
          'or { episodeId, content } for the final answer',
      });
      const state = lookup(parsed.episodeId);
      assertOpen(state);
      state.busy++;
      // Steps on one episode run one after another, in call order. Whatever fails is a NavworldError.
      const run = state.queue
        .then(() => runStep(state, parsed))
        .catch((error: unknown) => Promise.reject(toNavworldError(error)));
      state.queue = run.catch(() => undefined);
      return run.finally(() => {
        state.busy--;
        state.lastActive = clock();
      });
    } catch (error) {
      return Promise.reject(toNavworldError(error));
    }
  }

  async function runStep(
    state: EpisodeState,
    input: ReturnType<typeof StepInputSchema.parse>,
  ): Promise<EnvironmentStepResult> {
    assertOpen(state);
    maybeSweep(clock());
    const step = state.step + 1;
    const requested = input.toolCalls ?? [];
    if (requested.length === 0 || step > MAX_TOOL_STEPS) {
      state.step = step;
      return finalBranch(state, input.content ?? '', requested.length > 0);
    }
    // Everything that can refuse the step is done before the episode changes.
    const calls = historyCalls(state.id, step, requested);
    const before = markOf(state);
    try {
      state.step = step;
      return await toolBranch(state, calls, input.content ?? '');
    } catch (error) {
      // Nothing here should throw; if something does, the step never happened, so the history never holds
      // a call without its answer.
      rollBack(state, before);
      throw error;
    }
  }

  async function toolBranch(
    state: EpisodeState,
    calls: ToolCall[],
    content: string,
  ): Promise<EnvironmentStepResult> {
    state.toolSteps += 1;
    state.messages.push({
      role: 'assistant',
      ...(content.trim() === '' ? {} : { content }),
      tool_calls: calls,
    });

    const observations: ToolObservation[] = [];
    const toolMessages: ChatMessage[] = [];
    let infraError: string | null = null;
    for (const call of calls) {
      if (infraError !== null) {
        // The world failed mid-batch: the remaining calls are answered but not executed.
        toolMessages.push({
          role: 'tool',
          tool_call_id: call.id,
          content: '未执行：工具服务暂时不可用。',
        });
        continue;
      }
      const name = call.function.name;
      const rawArguments = call.function.arguments;
      const parsedArguments = parseArguments(rawArguments);
      const count = (state.toolCounts.get(name) ?? 0) + 1;
      state.toolCounts.set(name, count);
      const result = await runToolCall(state, name, rawArguments, count);
      const entry: ToolTraceEntry = {
        callId: call.id,
        name,
        arguments: parsedArguments,
        rawArguments,
        resultText: result.text,
        ok: result.ok,
        ...(result.errorCode === undefined ? {} : { errorCode: result.errorCode }),
        durationMs: result.durationMs,
        cached: result.cached,
        step: state.step,
      };
      state.trace.push(entry);
      // A call refused for the spent budget never ran, and one the world failed (an infrastructure error,
      // which ends the episode unscored) returned nothing: neither earns anything, whatever its tool and
      // arguments.
      const infrastructure =
        result.errorCode !== undefined && INFRASTRUCTURE_ERROR_CODES.includes(result.errorCode);
      const reward =
        result.errorCode === ERROR_CODES.TOOL_BUDGET_EXCEEDED || infrastructure
          ? 0
          : clampReward(
              stepReward({
                call: { name, arguments: parsedArguments, rawArguments },
                result: { ok: result.ok, text: result.text },
                problem: state.problem,
                earlierCalls: state.earlierCalls,
                step: state.step,
              }),
            );
      state.stepRewards.push(reward);
      state.earlierCalls.push({
        name,
        arguments: parsedArguments,
        rawArguments,
        ok: result.ok,
        resultText: result.text,
        reward,
      });
      const text = truncateForModel(result.text, TOOL_MESSAGE_MAX_CHARS);
      observations.push({
        toolCallId: call.id,
        name,
        ok: result.ok,
        ...(result.errorCode === undefined ? {} : { errorCode: result.errorCode }),
        text,
        reward,
      });
      toolMessages.push({ role: 'tool', tool_call_id: call.id, content: text });
      if (infrastructure) {
        infraError = `${result.errorCode}: ${firstLine(result.text)}`;
      }
    }
    state.messages.push(...toolMessages);
    const reward = mean(observations.map((o) => o.reward));
    if (infraError !== null) {
      state.done = true;
      state.error = infraError;
      state.validForScoring = false;
      state.outcome = 'infra_error';
      return {
        episodeId: state.id,
        step: state.step,
        observations,
        reward: 0,
        done: true,
        truncated: false,
        observation: '',
        info: { error: infraError, validForScoring: false, total: 0, score: 0 },
      };
    }
    return {
      episodeId: state.id,
      step: state.step,
      observations,
      reward,
      done: false,
      truncated: false,
      observation: observations.map((o) => `[${o.name}] 结果:\n${o.text}`).join('\n\n'),
      info: {
        step: state.step,
        toolCalls: calls.length,
        remainingToolSteps: Math.max(0, MAX_TOOL_STEPS - state.step),
        stepRewardsSoFar: state.stepRewards.slice(),
      },
    };
  }

  async function runToolCall(
    state: EpisodeState,
    name: string,
    rawArguments: string,
    count: number,
  ): Promise<ToolResult> {
    // Own keys only: a call named `constructor` must not read Object.prototype's member as a budget.
    const budget = Object.hasOwn(TOOL_BUDGETS, name)
      ? (TOOL_BUDGETS as Record<string, number>)[name]
      : undefined;
    if (budget !== undefined && count > budget) {
      return toolBudgetExceededResult(name as keyof typeof TOOL_BUDGETS, count);
    }
    toolCallCount++;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<ToolResult>((resolve) => {
      timer = setTimeout(() => {
        resolve({
          ok: false,
          text: `tool_call_timeout: ${name} did not respond within ${Math.round(toolTimeoutMs / 1000)}s`,
          errorCode: ERROR_CODES.PROVIDER_TIMEOUT,
          durationMs: toolTimeoutMs,
          cached: false,
        });
      }, toolTimeoutMs);
      timer.unref?.();
    });
    try {
      return await Promise.race([callTool(name, rawArguments, state.context), timeout]);
    } catch (error) {
      // callTool never throws by contract; a throw is still answered, never a crash.
      return {
        ok: false,
        text: `工具调用失败：${String(toNavworldError(error).message).slice(0, 200)}`,
        errorCode: ERROR_CODES.INTERNAL,
        durationMs: 0,
        cached: false,
      };
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
  }

  async function finalBranch(
    state: EpisodeState,
    content: string,
    truncated: boolean,
  ): Promise<EnvironmentStepResult> {
    state.messages.push({ role: 'assistant', content });
    state.answer = content;
    state.done = true;
    // An agent loop that dropped calls at the step limit marked the episode already.
    state.truncated ||= truncated;
    state.outcome = 'completed';
    let details: ScoreDetails | ScoringOutcome;
    const input = {
      problem: state.problem,
      trace: state.trace,
      answer: content,
      salt: state.epoch.salt,
    };
    const job = { ...input, debug };
    try {
      details =
        pool !== undefined
          ? await pool.score(job)
          : tick !== undefined
            ? await tick.score(job)
            : // Neither threads nor the batcher: a judge is configured.
              await scoreEpisodeDetailed({ ...input, judge: options.judge });
    } catch (error) {
      const failure = toNavworldError(error);
      state.error = `${failure.code}: ${failure.message}`;
      state.validForScoring = false;
      state.outcome = 'infra_error';
      return {
        episodeId: state.id,
        step: state.step,
        observations: [],
        reward: 0,
        done: true,
        truncated: state.truncated,
        observation: '完成',
        info: { error: state.error, validForScoring: false, total: 0, score: 0 },
      };
    }
    const breakdown = details.breakdown;
    state.breakdown = breakdown;
    state.total = breakdown.total;
    // The 0–100 total is always at the top, also as `score` (where OpenEnv-style clients read it).
    const info: Record<string, unknown> = {
      ...(debug
        ? toDebugResult(breakdown, details)
        : toSafeResult(breakdown, { salt: state.epoch.salt, answer: content })),
      total: breakdown.total,
      score: breakdown.total,
    };
    return {
      episodeId: state.id,
      step: state.step,
      observations: [],
      reward: clampReward(breakdown.total / 100),
      done: true,
      truncated: state.truncated,
      observation: '完成',
      info,
    };
  }

  function requestFinalAnswer(episodeId: string): string {
    const state = lookup(episodeId);
    assertOpen(state);
    const text = finalAnswerPrompt(state.problem.problemType);
    state.messages.push({ role: 'user', content: text });
    state.lastActive = clock();
    return text;
  }

  function snapshot(state: EpisodeState): EpisodeSnapshot {
    return {
      episodeId: state.id,
      taskId: state.taskId,
      problem: state.problem,
      epoch: state.epoch,
      messages: state.messages.map(copyMessage),
      trace: state.trace.map((e) => ({ ...e })),
      stepRewards: state.stepRewards.slice(),
      step: state.step,
      toolSteps: state.toolSteps,
      done: state.done,
      truncated: state.truncated,
      answer: state.answer,
      breakdown: state.breakdown,
      total: state.total,
      error: state.error,
      validForScoring: state.validForScoring,
    };
  }

  const environment: Environment = {
    get epoch() {
      return currentEpoch();
    },
    versions,
    tools,
    reset,
    step,
    requestFinalAnswer,
    evaluate: (evaluateOptions) => runOpenAIAgent(environment, evaluateOptions),
    getEpisode(episodeId) {
      const state = episodes.get(episodeId);
      return state === undefined ? undefined : snapshot(state);
    },
    sweep: () => sweepIdle(clock()),
    stats() {
      let open = 0;
      for (const state of episodes.values()) if (!state.done) open++;
      return {
        episodes: episodes.size,
        open,
        created,
        swept,
        toolCalls: toolCallCount,
        maxEpisodes,
        // Those kept for later resets, and a given one.
        toolContexts: contexts.size + (givenKey === undefined ? 0 : 1),
        maxToolContexts,
        scoring: scoringStats(pool),
      };
    },
    async close() {
      closed = true;
      episodes.clear();
      // Contexts share one cache: close it once.
      sharedCache?.close();
      contexts.clear();
      // Steps being scored on a worker still hold their episode: they finish and are answered first.
      await pool?.close();
    },
  };

  internals.set(environment, {
    clock,
    debug,
    state: lookup,
    appendMessage(episodeId, message) {
      const state = lookup(episodeId);
      state.messages.push(message);
      state.lastActive = clock();
    },
    finish(episodeId, outcome, error, valid) {
      const state = lookup(episodeId);
      state.done = true;
      state.outcome = outcome;
      state.error = error;
      state.validForScoring = valid;
    },
    resultOf(episodeId, meta) {
      const state = lookup(episodeId);
      const valid = meta.validForScoring ?? state.validForScoring;
      const total = valid && state.breakdown !== null ? state.breakdown.total : 0;
      const usage = meta.usage ?? { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
      const result: EpisodeResult = {
        schemaVersion: 1,
        episodeId: state.id,
        taskId: state.taskId,
        repeat: meta.repeat ?? 0,
        agent: meta.agent,
        model: meta.model ?? null,
        epoch: state.epoch,
        score: clampReward(total / 100),
        total,
        success: valid && total >= SUCCESS_THRESHOLD,
        validForScoring: valid,
        outcome: meta.outcome ?? state.outcome ?? 'completed',
        error: meta.error !== undefined ? meta.error : state.error,
        problem: state.problem,
        messages: state.messages.map(copyMessage),
        trace: state.trace.map((e) => ({ ...e })),
        answer: state.answer ?? '',
        breakdown: state.breakdown,
        stepRewards: state.stepRewards.slice(),
        usage,
        timings: {
          startedAt: new Date(meta.startedAtMs).toISOString(),
          durationMs: Math.max(0, clock() - meta.startedAtMs),
        },
        versions,
        avgStepReward: round4(mean(state.stepRewards)),
        truncated: state.truncated,
        ...meta.extra,
      };
      return result;
    },
    remove(episodeId) {
      episodes.delete(episodeId);
    },
    scoringPool: pool,
    tickBatcher: tick,
  });
  return environment;
}

function scoringStats(pool: ScoringPool | undefined): ScoringThreadStats {
  if (pool === undefined) return { threads: 0, pending: 0, fallbacks: 0, timedOut: 0, batched: 0 };
  const s = pool.stats();
  return {
    threads: s.live,
    pending: s.posted + s.queued,
    fallbacks: s.fallbacks,
    timedOut: s.timedOut,
    batched: s.batched,
  };
}

function shuttingDown(): NavworldError {
  return new NavworldError(ERROR_CODES.SHUTTING_DOWN, 'the environment is closed', {
    hint: 'create a new environment',
  });
}

/**
 * Refuses options of the wrong shape with `INVALID_ARGUMENT` before anything starts (they would otherwise
 * fail later as a bare TypeError): the options object itself, and the members that are called.
 */
function checkOptionShapes(options: unknown): asserts options is EnvironmentOptions {
  const refuse = (what: string, hint: string): never => {
    throw new NavworldError(ERROR_CODES.INVALID_ARGUMENT, what, { hint });
  };
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    refuse('environment options must be an object', 'pass {} or leave the options out');
  const o = options as Record<string, unknown>;
  if (o['clock'] !== undefined && typeof o['clock'] !== 'function')
    refuse('clock must be a function returning epoch milliseconds', 'e.g. clock: () => Date.now()');
  const cache = o['cache'];
  if (typeof cache === 'object') {
    const c = cache as Record<string, unknown> | null;
    if (c === null || !['get', 'set', 'close'].every((m) => typeof c[m] === 'function'))
      refuse(
        'cache must be memory, sqlite, none or an object with get, set and close',
        'use createMemoryCache() from @navworld/tools, or a kind such as "memory"',
      );
  }
  const logger = o['logger'] as Record<string, unknown> | null | undefined;
  if (
    logger !== undefined &&
    (typeof logger !== 'object' || typeof logger?.['warn'] !== 'function')
  )
    refuse(
      'logger must be an object with a warn(message) method',
      'e.g. logger: { warn: (message) => console.warn(message) }',
    );
  if (o['env'] !== undefined && (typeof o['env'] !== 'object' || o['env'] === null))
    refuse('env must be an object of environment variables', 'e.g. env: process.env');
}

function scoringThreadsOf(value: number | undefined): number {
  if (value === undefined) return 0;
  if (!Number.isInteger(value) || value < 0 || value > MAX_SCORING_THREADS) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `scoringThreads must be a whole number from 0 to ${MAX_SCORING_THREADS}`,
      {
        hint: 'use 0 to score in this thread, or about one thread per spare core',
        details: { scoringThreads: String(value) },
      },
    );
  }
  return value;
}

function scoringWorkerFileOf(value: string | URL | undefined): string | URL {
  if (value === undefined) return new URL('./scoring-worker.js', import.meta.url);
  if (typeof value !== 'string' && !(value instanceof URL)) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      'scoringWorkerFile must be a path or a file URL',
      { hint: 'omit it to use the built scoring worker' },
    );
  }
  return value;
}

function newEpisodeId(): string {
  // Ids only name episodes; they never feed a score, so a random UUID is fine here.
  return crypto.randomUUID().replace(/-/g, '');
}

/** A stable id for a call the client sent without one: the same episode, step and position give the same id. */
function generatedCallId(episodeId: string, step: number, index: number): string {
  return `call_${sha256Hex(`${episodeId}:${step}:${index}`).slice(0, 24)}`;
}

function uniqueId(id: string, used: Set<string>, fallback: () => string): string {
  const chosen = used.has(id) ? fallback() : id;
  used.add(chosen);
  return chosen;
}

function parseArguments(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    // Arguments the tools refuse as too deep are kept as text only: results and scores never walk them.
    return value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      !nestingDepthExceeds(value, MAX_ARGUMENT_DEPTH)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * The calls of a tool step as the history records them: ids made unique (every tool message must answer
 * exactly one call) and arguments as JSON text. Throws `VALIDATION_FAILED` for arguments that cannot be
 * written as JSON (a cycle or a BigInt from an in-process caller).
 */
function historyCalls(
  episodeId: string,
  step: number,
  requested: NonNullable<ReturnType<typeof StepInputSchema.parse>['toolCalls']>,
): ToolCall[] {
  const used = new Set<string>();
  return requested.map((call, index) => ({
    id: uniqueId(
      call.id !== undefined && call.id !== null && call.id !== ''
        ? call.id
        : generatedCallId(episodeId, step, index),
      used,
      () => generatedCallId(episodeId, step, index),
    ),
    type: 'function',
    function: {
      name: call.function.name ?? '',
      arguments: argumentsText(call.function.arguments, index),
    },
  }));
}

function argumentsText(
  value: string | Record<string, unknown> | null | undefined,
  index: number,
): string {
  if (typeof value === 'string') return value;
  const args = value ?? {};
  try {
    // JSON.stringify recurses and overflows the stack a few thousand levels down; canonicalJson does not.
    // Such arguments are refused by the tool anyway, so their key order does not matter.
    return nestingDepthExceeds(args, MAX_ARGUMENT_DEPTH)
      ? canonicalJson(args)
      : JSON.stringify(args);
  } catch (error) {
    const issue = `toolCalls.${index}.function.arguments: cannot be written as JSON (${(error as Error).message})`;
    throw new ValidationError(`invalid step input: ${issue}`, [issue], {
      hint: 'pass arguments as a JSON string or as plain JSON data (no cycles, no BigInt)',
      cause: error,
    });
  }
}

/** What a tool step changes in an episode, recorded before it starts. */
interface StepMark {
  step: number;
  toolSteps: number;
  messages: number;
  trace: number;
  stepRewards: number;
  earlierCalls: number;
  toolCounts: Map<string, number>;
}

function markOf(state: EpisodeState): StepMark {
  return {
    step: state.step,
    toolSteps: state.toolSteps,
    messages: state.messages.length,
    trace: state.trace.length,
    stepRewards: state.stepRewards.length,
    earlierCalls: state.earlierCalls.length,
    toolCounts: new Map(state.toolCounts),
  };
}

/** Undoes a tool step that threw (the lists only grow during a step, so cutting them back restores them). */
function rollBack(state: EpisodeState, mark: StepMark): void {
  state.step = mark.step;
  state.toolSteps = mark.toolSteps;
  state.messages.length = mark.messages;
  state.trace.length = mark.trace;
  state.stepRewards.length = mark.stepRewards;
  state.earlierCalls.length = mark.earlierCalls;
  state.toolCounts = mark.toolCounts;
}

function copyMessage(message: ChatMessage): ChatMessage {
  if (message.role === 'assistant' && message.tool_calls !== undefined) {
    return {
      ...message,
      tool_calls: message.tool_calls.map((c) => ({ ...c, function: { ...c.function } })),
    };
  }
  return { ...message };
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').slice(0, 200);
}

function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function clampReward(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value));
}
