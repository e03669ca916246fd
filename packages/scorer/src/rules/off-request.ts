// Off-request plan: the tools were asked about other places, or the plan never names the place it is for.
import type { ToolTraceEntry } from '@navworld/core-types';
import { extractToolFacts } from '@navworld/fact-extractor';
import { listCities } from '@navworld/knowledge-graph';
import { SCORING_CONFIG } from '../config';
import type { ScoringContext } from '../context';
import {
  isRequestRoute,
  namesRequestCity,
  requestCities,
  type RequestCities,
} from '../internal/request';
import { shortForms, tripCities } from '../internal/place-names';

const C = SCORING_CONFIG.offRequest;

/** Result of {@link offRequest}. */
export interface OffRequestResult {
  /** Required city tools that succeeded, but only for places other than the request's. */
  offTools: string[];
  /** Whether the plan names a request city (for single_poi: the target place). */
  anchored: boolean;
  /**
   * Places and transport ids the plan names that only searches about other cities returned, and those that
   * searches about the request returned (both 0 when no search was about another city).
   */
  foreignCitations: number;
  requestCitations: number;
  /** Multiplier on the code score (1 when the defence does not fire). */
  multiplier: number;
}

/** What a call says about the place it concerns: its parsed arguments and the result it returned. */
function callText(entry: ToolTraceEntry, resultText: string): string {
  // Parsed arguments hold the characters themselves, where the raw text may spell them as \u escapes.
  return `${JSON.stringify(entry.arguments)}\n${entry.rawArguments}\n${resultText}`;
}

/**
 * Whether {@link callText} names one of the cities, without building it: a city name without a line break
 * cannot span the line breaks that join the parts, so each part is searched on its own (the result first,
 * the arguments last, as they must be serialised).
 */
function callNamesCity(entry: ToolTraceEntry, resultText: string, cities: RequestCities): boolean {
  if (cities.all.some((c) => c.includes('\n')))
    return namesRequestCity(callText(entry, resultText), cities);
  return (
    namesRequestCity(resultText, cities) ||
    namesRequestCity(entry.rawArguments, cities) ||
    namesRequestCity(JSON.stringify(entry.arguments), cities)
  );
}

/**
 * Whether a transport search is for the request's route: from the origin to the destination as its
 * arguments name them (a search of the way back is an extra, not the trip asked for), or, when the arguments
 * name no cities, a result naming both. Without an origin, naming the destination is enough.
 */
function searchesRoute(entry: ToolTraceEntry, resultText: string, cities: RequestCities): boolean {
  const from = entry.arguments[C.routeArguments.from];
  const to = entry.arguments[C.routeArguments.to];
  if (typeof from === 'string' && typeof to === 'string') return isRequestRoute(from, to, cities);
  const text = callText(entry, resultText);
  return isRequestRoute(text, text, cities);
}

/** A call's arguments, parsed and raw, as one text to search for city names. */
function argumentText(entry: ToolTraceEntry): string {
  return `${JSON.stringify(entry.arguments)}\n${entry.rawArguments}`;
}

/** Names of the knowledge graph's cities. */
let graphCities: readonly string[] | undefined;

/**
 * Whether a call's arguments (`args`, their {@link argumentText}) name a city of the knowledge graph other
 * than the request's: a search about another place. Only the arguments are read: results name neighbouring
 * cities in passing.
 */
function asksAboutOtherCity(args: string, cities: RequestCities): boolean {
  graphCities ??= listCities().map((c) => c.name);
  return graphCities.some((c) => !cities.all.includes(c) && args.includes(c));
}

/** The facts a plan can be attributed by: tool places and transport ids. */
function citableFacts(entry: ToolTraceEntry, resultText: string): string[] {
  const facts = extractToolFacts([{ name: entry.name, ok: true, resultText }]);
  return [...facts.pois, ...facts.flights, ...facts.trains].filter((f) => f !== '');
}

/** Where a successful call's places and ids are attributed: to the request, to another city, or to neither. */
type CallSource = 'request' | 'foreign' | 'neutral';

/**
 * The source of a successful call. A route search is the request's when it searches the request's route, and
 * foreign when its arguments name a city off the request. Any other call is the request's when it names the
 * destination (places are visited there; for a trip with an origin, a search about the origin alone is no
 * search about the trip's places), and foreign when its arguments name another city or the origin; arguments
 * that name no city leave it to the result.
 */
function callSource(
  entry: ToolTraceEntry,
  resultText: string,
  cities: RequestCities,
  destination: RequestCities,
): CallSource {
  if (C.routeTools.includes(entry.name as (typeof C.routeTools)[number])) {
    if (searchesRoute(entry, resultText, cities)) return 'request';
    return asksAboutOtherCity(argumentText(entry), cities) ? 'foreign' : 'neutral';
  }
  // The arguments first: results name other cities' roads in passing (昆明's 北京路).
  const args = argumentText(entry);
  if (namesRequestCity(args, destination)) return 'request';
  if (asksAboutOtherCity(args, destination)) return 'foreign';
  return callNamesCity(entry, resultText, destination) ? 'request' : 'neutral';
}

/**
 * How many of the plan's places and transport ids come only from searches about other cities, and how many
 * from searches about the request: `[foreign, request]` (see {@link callSource}; searches that name no city,
 * such as an around_search by coordinates, count for neither). Traces without a foreign search skip the count.
 */
function citationSources(ctx: ScoringContext, cities: RequestCities): [number, number] {
  // The destination alone, already in its short form (not shortened a second time).
  const destination: RequestCities = {
    destination: cities.destination,
    origin: null,
    all: [cities.destination],
  };
  const sources = ctx.trace.map((entry, i) =>
    entry.ok ? callSource(entry, ctx.resultTexts[i] ?? '', cities, destination) : 'neutral',
  );
  if (!sources.includes('foreign')) return [0, 0];
  const requestFacts = new Set<string>();
  const foreignFacts = new Set<string>();
  ctx.trace.forEach((entry, i) => {
    if (sources[i] === 'request')
      for (const f of citableFacts(entry, ctx.resultTexts[i] ?? '')) requestFacts.add(f);
  });
  ctx.trace.forEach((entry, i) => {
    if (sources[i] === 'foreign')
      for (const f of citableFacts(entry, ctx.resultTexts[i] ?? ''))
        if (!requestFacts.has(f)) foreignFacts.add(f);
  });
  const ids = new Set([...ctx.answerFacts.flights, ...ctx.answerFacts.trains]);
  const cited = (f: string): boolean => ids.has(f) || ctx.poiMatched(f);
  let foreign = 0;
  let request = 0;
  for (const f of foreignFacts) if (cited(f)) foreign++;
  for (const f of requestFacts) if (cited(f)) request++;
  return [foreign, request];
}

/**
 * Whether the plan names its target place: as the POI match finds it, or by a short form of its name written
 * out (黄鹤楼 for 黄鹤楼公园, 敕勒川 for 敕勒川草原; see `shortForms`).
 */
function namesTarget(ctx: ScoringContext, target: string): boolean {
  if (ctx.poiMatched(target)) return true;
  return shortForms(target, tripCities(ctx)).some((form) => ctx.exact(form).length > 0);
}

/**
 * Off-request plan (named defence `off_request`). Info consistency only asks whether the plan's facts come
 * from the tool results; it cannot see that the tools were asked about another city, so a plan for a
 * different trip, with the trace that goes with it, kept its score. Two checks close that:
 *
 * - every required city tool (weather, the transport searches, poi_search) that succeeded must have succeeded
 *   at least once for the request: its arguments or result name the destination or origin city, and a
 *   transport search names both when the request has an origin. Otherwise the code score is multiplied by
 *   `toolFloor`;
 * - the plan must name the destination or origin city, or a place the tools returned for the request; a
 *   single_poi plan must name its target place. Otherwise it is multiplied by `answerFloor`.
 *
 * Tools whose every call failed are left to `required_tools_called` and the diversity multiplier.
 */
export function offRequest(ctx: ScoringContext): OffRequestResult {
  const { problem } = ctx;
  const cities = requestCities(problem);
  const required = new Set(problem.requiredTools);
  const forRequest = new Map<string, boolean>();
  ctx.trace.forEach((entry, i) => {
    const tool = entry.name as (typeof C.cityTools)[number];
    if (!entry.ok || !C.cityTools.includes(tool) || !required.has(tool)) return;
    if (forRequest.get(tool) === true) return;
    const names = C.routeTools.includes(tool)
      ? searchesRoute(entry, ctx.resultTexts[i] ?? '', cities)
      : callNamesCity(entry, ctx.resultTexts[i] ?? '', cities);
    forRequest.set(tool, names);
  });
  const offTools = [...forRequest].filter(([, ok]) => !ok).map(([tool]) => tool);
  const target = problem.problemType === 'single_poi' ? problem.targetPoi : null;
  // A plan may well leave its city unsaid when it names the places the tools found there (故宫博物院 for
  // Beijing); those count only when the tools were asked about the request.
  const anchored =
    target !== null && target.trim() !== ''
      ? namesTarget(ctx, target)
      : namesRequestCity(ctx.lower, cities) ||
        (offTools.length === 0 && ctx.toolFacts.pois.some((p) => p !== '' && ctx.poiMatched(p)));
  const [foreignCitations, requestCitations] = citationSources(ctx, cities);
  let multiplier = (offTools.length > 0 ? C.toolFloor : 1) * (anchored ? 1 : C.answerFloor);
  // A plan for another trip is one finding, however it shows: the floors do not compound.
  if (foreignCitations > requestCitations) multiplier = Math.min(multiplier, C.foreignFloor);
  return { offTools, anchored, foreignCitations, requestCitations, multiplier };
}
