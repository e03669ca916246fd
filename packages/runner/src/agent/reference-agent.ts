import {
  ERROR_CODES,
  NavworldError,
  type EpisodeResult,
  type Epoch,
  type ToolObservation,
  type TravelProblem,
} from '@navworld/core-types';
import { TOOL_BUDGETS } from '@navworld/tools';
import { MAX_TOOL_STEPS } from '../environment/constants';
import {
  internalsOf,
  type Environment,
  type EnvironmentStepResult,
  type ResetResult,
} from '../environment/environment';
import type { StepInput } from '../environment/schemas';
import { firstBatch, type PlannedCall } from './reference/policy';
import {
  budgetCovered,
  budgetLines,
  chooseTransport,
  diningPool,
  scheduleDays,
  sightPool,
  writePlan,
  type DaySchedule,
  type Gathered,
  type Leg,
  type PlanInput,
} from './reference/plan';
import {
  parseForecast,
  parsePlaces,
  parseRoute,
  parseTransport,
  type Place,
} from './reference/parse';

/** Options of {@link runReferenceAgent}. */
export interface ReferenceAgentOptions {
  /** Repeat index recorded in the result. @default 0 */
  repeat?: number;
  /** Epoch to run in (default: the environment's). */
  epoch?: Epoch;
  /** Keep the episode in the environment after the run (for inspection). @default false */
  keepEpisode?: boolean;
  /** How the policy groups its tool calls into steps (see {@link ReferencePlayOptions}). */
  callsPerStep?: number;
}

/** Options of {@link playReferenceEpisode}. */
export interface ReferencePlayOptions {
  /**
   * Most tool calls sent in one step. By default each of the policy's two batches is one step (about six
   * and eight calls); `1` sends one call per step, as agents without parallel tool calls do. Where that
   * would pass the environment's limit of tool steps, the second batch's calls are grouped just enough to
   * fit. The calls, their order and therefore the score do not depend on it. @default unlimited
   */
  callsPerStep?: number;
}

/** The calls-per-step limit (unlimited when not given); anything but a positive integer is refused. */
function callsPerStepOf(value: number | undefined): number {
  if (value === undefined) return Number.POSITIVE_INFINITY;
  if (!Number.isInteger(value) || value < 1) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `callsPerStep must be a positive integer, got ${String(value)}`,
      { hint: 'leave it out to send each batch of calls as one step' },
    );
  }
  return value;
}

/** Most direction calls the agent makes (the budget is 10; two are kept in reserve). */
const MAX_ROUTES = 8;

/**
 * Plays one task with a scripted policy and no model, through the environment's public `step` API: it
 * searches sights, restaurants and hotels in the destination, the forecast and (between cities) flights and
 * trains; then searches around the main sight and plans routes between each day's stops; then writes a
 * grounded Chinese plan from what the tools returned. It shows what a careful agent earns. The policy itself
 * is {@link playReferenceEpisode}.
 */
export async function runReferenceAgent(
  env: Environment,
  taskId: number,
  options: ReferenceAgentOptions = {},
): Promise<EpisodeResult> {
  const internals = internalsOf(env);
  // Checked before the episode is opened, so a bad option leaves nothing behind.
  callsPerStepOf(options.callsPerStep);
  const startedAtMs = internals.clock();
  const opened = env.reset({ taskId, ...(options.epoch ? { epoch: options.epoch } : {}) });
  await playReferenceEpisode(
    env,
    opened,
    options.callsPerStep === undefined ? {} : { callsPerStep: options.callsPerStep },
  );
  const result = internals.resultOf(opened.episodeId, {
    agent: 'reference',
    model: null,
    repeat: options.repeat ?? 0,
    startedAtMs,
  });
  if (options.keepEpisode !== true) internals.remove(opened.episodeId);
  return result;
}

/**
 * What {@link playReferenceEpisode} plays through: an {@link Environment}, or a client of a NAVWORLD server
 * that maps its `/v1/step` answers to the library's camelCase result, such as `createServerClient`.
 */
export interface ReferenceStepper {
  /** Advances the episode, as {@link Environment.step} does. */
  step(input: StepInput): Promise<EnvironmentStepResult>;
}

/** One episode played by {@link playReferenceEpisode}. */
export interface ReferenceEpisode {
  /** The plan sent as the final answer ('' when the episode ended before it, see `final`). */
  answer: string;
  /**
   * The last step's result: `info` carries the score (`total`, bands …). A tool that fails for an
   * infrastructure reason (an unreachable or exhausted provider, a cassette without the call) ends the
   * episode at its step, unscored (`done`, `info.validForScoring: false`), and no answer is sent.
   */
  final: EnvironmentStepResult;
  /** `step` calls made, the final answer's included. */
  steps: number;
  /** Tool calls made. */
  toolCalls: number;
}

/**
 * The reference agent's policy for one episode already opened with `reset`: two batches of tool calls, then
 * the plan as the final answer. It reads only the step results' public texts, so it plays an in-process
 * environment and a remote `navworld serve` alike; {@link runReferenceAgent} is this plus the episode record.
 *
 * @example
 * // In process (runReferenceAgent also builds the full EpisodeResult):
 * const env = createEnvironment({ salt: 'my-run' });
 * const played = await playReferenceEpisode(env, env.reset({ taskId: 131 }));
 * console.log(played.final.info); // { total, codeBand, … }
 *
 * @example
 * // Against a NAVWORLD server (`navworld serve`), through the package's client:
 * const client = createServerClient({ baseUrl: 'http://127.0.0.1:8080' });
 * const played = await playReferenceEpisode(client, await client.reset({ taskId: 131 }));
 * console.log(played.final.info?.total);
 */
export async function playReferenceEpisode(
  stepper: ReferenceStepper,
  opened: Pick<ResetResult, 'episodeId' | 'problem'>,
  options: ReferencePlayOptions = {},
): Promise<ReferenceEpisode> {
  const { episodeId, problem } = opened;
  const callsPerStep = callsPerStepOf(options.callsPerStep);
  const gathered: Gathered = {
    sights: [],
    food: [],
    hotels: [],
    venues: [],
    nearby: [],
    forecast: [],
    legs: [],
    outbound: [],
    inbound: [],
    gaps: [],
  };
  let callSeq = 0;
  let steps = 0;
  // Set when a step ends the episode early (a tool failed for an infrastructure reason): nothing more can
  // be sent, and that step's result is the episode's last.
  const early: { ended?: EnvironmentStepResult } = {};
  /** Sends one batch in as few steps as `callsPerStep` allows, keeping `reserve` tool steps for later. */
  const run = async (
    calls: PlannedCall[],
    reserve: number,
  ): Promise<Array<[PlannedCall, ToolObservation]>> => {
    const out: Array<[PlannedCall, ToolObservation]> = [];
    const stepsLeft = Math.max(1, MAX_TOOL_STEPS - steps - reserve);
    const size = Math.max(
      Math.min(callsPerStep, calls.length),
      Math.ceil(calls.length / stepsLeft),
    );
    for (let start = 0; start < calls.length; start += size) {
      const chunk = calls.slice(start, start + size);
      const toolCalls = chunk.map((c) => ({
        id: `call_ref_${++callSeq}`,
        type: 'function' as const,
        function: { name: c.name, arguments: JSON.stringify(c.args) },
      }));
      steps += 1;
      const result = await stepper.step({ episodeId, toolCalls });
      // A step that ends the episode may answer only the calls before the failure.
      chunk.forEach((c, i) => {
        const observation = result.observations[i];
        if (observation !== undefined) out.push([c, observation]);
      });
      if (result.done) {
        early.ended = result;
        break;
      }
    }
    return out;
  };
  const endedEarly = (final: EnvironmentStepResult): ReferenceEpisode => ({
    answer: '',
    final,
    steps,
    toolCalls: callSeq,
  });

  // Step 1: what the destination offers, the forecast, and transport.
  for (const [call, obs] of await run(firstBatch(problem), 1)) absorb(gathered, call, obs);
  if (early.ended) return endedEarly(early.ended);

  // Step 2: around the main sight, and the routes between each day's stops.
  const sights = sightPool(gathered);
  const second: PlannedCall[] = [];
  const anchor =
    sights.find((p) => p.location !== null) ?? gathered.hotels.find((p) => p.location !== null);
  if (anchor?.location) {
    const keyword =
      problem.problemType === 'family_study'
        ? '亲子'
        : problem.problemType === 'business'
          ? '商务'
          : '美食';
    second.push({
      purpose: 'nearby',
      name: 'around_search',
      args: { location: anchor.location, radius: 3000, keyword, region: problem.destinationCity },
    });
  }
  const dining = diningPool(gathered);
  const days = scheduleDays(problem, sights, dining);
  const routes = plannedRoutes(problem, days, gathered, dining);
  for (const r of routes) second.push(r.call);
  const secondResults = await run(second, 0);
  if (early.ended) return endedEarly(early.ended);
  for (const [call, obs] of secondResults) absorb(gathered, call, obs);
  routes.forEach((r) => {
    const found = secondResults.find(([c]) => c === r.call);
    if (found && found[1].ok) {
      const route = parseRoute(found[1].text);
      if (route) gathered.legs.push({ from: r.from, to: r.to, route });
    }
  });

  // Decide: transport, hotel and meals; fall back to the economical choices when the budget needs it.
  const answer = decideAndWrite(problem, gathered, days);
  const final = await stepper.step({ episodeId, content: answer });
  return { answer, final, steps: steps + 1, toolCalls: callSeq };
}

function absorb(g: Gathered, call: PlannedCall, obs: ToolObservation): void {
  if (!obs.ok) {
    g.gaps.push(gapLabel(call));
    return;
  }
  const text = obs.text;
  switch (call.purpose) {
    case 'weather':
      g.forecast = parseForecast(text);
      break;
    case 'sights':
      g.sights.push(...parsePlaces(text));
      break;
    case 'food':
      g.food.push(...parsePlaces(text));
      break;
    case 'hotels':
      g.hotels.push(...parsePlaces(text));
      break;
    case 'venues':
      g.venues.push(...parsePlaces(text));
      break;
    case 'nearby':
      g.nearby.push(...parsePlaces(text));
      break;
    case 'outbound-flight':
      g.outbound.push(...parseTransport(text, 'flight'));
      break;
    case 'outbound-train':
      g.outbound.push(...parseTransport(text, 'train'));
      break;
    case 'return-flight':
      g.inbound.push(...parseTransport(text, 'flight'));
      break;
    case 'return-train':
      g.inbound.push(...parseTransport(text, 'train'));
      break;
    default:
      break;
  }
}

function gapLabel(call: PlannedCall): string {
  if (call.name === 'search_flights') return '航班信息';
  if (call.name === 'search_train_tickets') return '火车班次';
  if (call.name === 'weather') return '天气预报';
  if (call.name === 'direction') return '部分路线';
  const subject = call.args['address'] ?? call.args['keyword'];
  return `「${typeof subject === 'string' ? subject : call.name}」的搜索结果`;
}

interface PlannedRoute {
  from: string;
  to: string;
  call: PlannedCall;
}

/** Routes worth asking for: each day's morning → afternoon sight, then hotel → first sight, then food stops. */
function plannedRoutes(
  problem: TravelProblem,
  days: DaySchedule[],
  g: Gathered,
  dining: Place[],
): PlannedRoute[] {
  const out: PlannedRoute[] = [];
  const seen = new Set<string>();
  const limit = Math.min(MAX_ROUTES, TOOL_BUDGETS.direction - 2);
  const add = (a: Place | null | undefined, b: Place | null | undefined, mode: string): void => {
    if (!a || !b || !a.location || !b.location || a.name === b.name || out.length >= limit) return;
    const key = `${a.location}|${b.location}|${mode}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({
      from: a.name,
      to: b.name,
      call: {
        purpose: 'route',
        name: 'direction',
        args: { origin: a.location, destination: b.location, mode },
      },
    });
  };
  const hotel = g.hotels[0];
  if (problem.problemType === 'food_tour') {
    for (let i = 0; i + 1 < Math.min(dining.length, 6); i++)
      add(dining[i], dining[i + 1], 'walking');
  }
  for (const day of days) add(day.morning, day.afternoon, 'driving');
  add(hotel, days[0]?.morning, 'driving');
  for (const day of days) add(day.afternoon, day.dinner, 'walking');
  return out;
}

function decideAndWrite(problem: TravelProblem, g: Gathered, days: DaySchedule[]): string {
  // Only the budget decides between the two sets of choices, so only the chosen plan is written out.
  const preferred = decide(problem, g, days, false);
  const chosen =
    problem.budget <= 0 || budgetCovered(problem, preferred.budget) <= problem.budget
      ? preferred
      : decide(problem, g, days, true);
  return writePlan({ problem, gathered: g, ...chosen });
}

/** Transport, hotel, meals and budget: the preferred ones, or the economical fallback. */
function decide(
  problem: TravelProblem,
  g: Gathered,
  days: DaySchedule[],
  economical: boolean,
): Omit<PlanInput, 'problem' | 'gathered'> {
  const outbound = chooseTransport(problem, g.outbound, economical);
  // The arrival wish concerns the way there, not the way back.
  const inbound = chooseTransport(
    { constraints: problem.constraints, preference: problem.preference, arrivalConstraint: null },
    g.inbound,
    economical,
  );
  const hotels = g.hotels.filter((h) => h.cost !== null);
  const hotel = economical
    ? ([...hotels].sort((a, b) => (a.cost ?? 0) - (b.cost ?? 0))[0] ?? g.hotels[0] ?? null)
    : ([...hotels].sort(
        (a, b) => (b.rating ?? 0) - (a.rating ?? 0) || (a.cost ?? 0) - (b.cost ?? 0),
      )[0] ??
      g.hotels[0] ??
      null);
  const plannedDays = economical ? cheaperMeals(days, diningPool(g)) : days;
  const budget = budgetLines({
    problem,
    outbound: outbound?.choice ?? null,
    inbound: inbound?.choice ?? null,
    hotel,
    days: plannedDays,
    legs: g.legs,
  });
  return { days: plannedDays, hotel, outbound, inbound, budget, economical };
}

/** The same days with each meal moved to the cheapest restaurants, keeping variety. */
function cheaperMeals(days: DaySchedule[], dining: Place[]): DaySchedule[] {
  const priced = dining
    .filter((p) => p.cost !== null)
    .sort((a, b) => (a.cost ?? 0) - (b.cost ?? 0));
  if (priced.length === 0) return days;
  const cheap = priced.slice(0, Math.max(2, Math.ceil(priced.length / 2)));
  return days.map((d, i) => ({
    ...d,
    lunch: cheap[(2 * i) % cheap.length] ?? d.lunch,
    dinner: cheap.length > 1 ? cheap[(2 * i + 1) % cheap.length]! : d.dinner,
  }));
}

export type { Leg };
