// The hard constraints: threshold checks whose failure multiplies the total.
import type {
  HardConstraintResult,
  ToolName,
  ToolTraceEntry,
  TransportClaim,
} from '@navworld/core-types';
import { SCORING_CONFIG } from '../config';
import type { ScoringContext } from '../context';
import { isBlank, lengthWithoutRepeats, matches, round } from '../internal/text';

const C = SCORING_CONFIG;

/** `round(x, 4)` without the decimal round trip for whole numbers (rates are often exactly 0 or 1). */
function round4(x: number): number {
  return Number.isInteger(x) ? x + 0 : round(x, 4); // + 0 turns -0 into 0, as round does
}

/**
 * Lookups (× list length) up to which scanning a list beats building a set or map for it: an answer
 * usually names a couple of the tools' dozens of transport ids.
 */
const SCAN_LIMIT = 512;

/** Membership test for `lookups` queries on a list: a scan when few, a set when many. */
function membership(list: readonly string[], lookups: number): (x: string) => boolean {
  if (list.length * lookups <= SCAN_LIMIT) return (x) => list.includes(x);
  const set = new Set(list);
  return (x) => set.has(x);
}

/** The last tool claim of each id (a later claim replaces an earlier one), for `lookups` queries. */
function claimsById(
  claims: readonly TransportClaim[],
  lookups: number,
): (id: string) => TransportClaim | undefined {
  if (claims.length * lookups > SCAN_LIMIT) {
    const map = new Map(claims.map((c) => [c.id, c]));
    return (id) => map.get(id);
  }
  return (id) => {
    for (let i = claims.length - 1; i >= 0; i--) if (claims[i]!.id === id) return claims[i];
    return undefined;
  };
}

function pass(details: Record<string, unknown> = {}): HardConstraintResult {
  return { passed: true, multiplier: 1, details };
}

function fail(multiplier: number, details: Record<string, unknown>): HardConstraintResult {
  return { passed: false, multiplier, details };
}

/** The answer is long enough and has the basic structure of its problem type. */
export function formatValid(ctx: ScoringContext): HardConstraintResult {
  const p = C.formatPatterns;
  const penalty = C.hardConstraintPenalties.format_valid;
  const length = ctx.trimmedLength;
  if (length < C.formatMinLength)
    return fail(penalty, { reason: 'too_short', length, min: C.formatMinLength });
  // A line repeated word for word adds nothing to a plan: a short plan written twice is still short.
  const withoutRepeats = lengthWithoutRepeats(ctx.answer, length, C.formatMinLength);
  if (withoutRepeats < C.formatMinLength)
    return fail(penalty, {
      reason: 'too_short',
      length,
      withoutRepeats,
      min: C.formatMinLength,
    });
  const text = ctx.answer;
  const hasTransport = ctx.parsed.transportOptions.length > 0 || matches(p.transport, text);
  const hasDays = ctx.parsed.days.length > 0 || matches(p.day, text);
  let ok: boolean;
  switch (ctx.problem.problemType) {
    case 'intercity':
      ok = hasTransport;
      break;
    case 'multiday':
      ok = hasDays;
      break;
    case 'hybrid':
      ok = hasTransport || hasDays;
      break;
    case 'single_poi':
      ok = matches(p.single_poi, text);
      break;
    case 'food_tour':
      ok = matches(p.food_tour, text);
      break;
    case 'business':
      ok = matches(p.business, text);
      break;
    case 'family_study':
      ok = matches(p.family_study, text);
      break;
  }
  return ok ? pass({ length }) : fail(penalty, { reason: 'no_structure', length });
}

/** Coverage of `distinct` required tools of which `missing` were never called. */
function coverageOf(ctx: ScoringContext, distinct: number, missing: number): number {
  if (ctx.trace.length === 0) return 0;
  if (distinct === 0) return 1;
  return (distinct - missing) / distinct;
}

/** Share of the required tools that were called (failed calls count as called). */
export function requiredCoverage(ctx: ScoringContext): number {
  const required = new Set(ctx.problem.requiredTools);
  let missing = 0;
  for (const tool of required) if (!ctx.called.has(tool)) missing++;
  return coverageOf(ctx, required.size, missing);
}

/** Enough of the required tools were called, the core tools always, and a transport tool for transport types. */
export function requiredToolsCalled(ctx: ScoringContext): HardConstraintResult {
  const penalty = C.hardConstraintPenalties.required_tools_called;
  const required = [...new Set(ctx.problem.requiredTools)];
  const missing = required.filter((t) => !ctx.called.has(t));
  const coverage = coverageOf(ctx, required.length, missing.length);
  const details = {
    coverage: round4(coverage),
    threshold: C.requiredTools.coverageThreshold,
    missing,
  };
  if (ctx.trace.length === 0) return fail(penalty, { ...details, reason: 'no_tool_calls' });
  if (coverage < C.requiredTools.coverageThreshold)
    return fail(penalty, { ...details, reason: 'low_coverage' });
  const core = C.requiredTools.coreTools[ctx.problem.problemType];
  const missingCore = core.filter((t) => !ctx.called.has(t));
  if (missingCore.length > 0)
    return fail(penalty, { ...details, reason: 'missing_core_tool', missingCore });
  if (
    ctx.transportType &&
    !ctx.called.has('search_flights') &&
    !ctx.called.has('search_train_tickets')
  ) {
    return fail(penalty, { ...details, reason: 'no_transport_tool' });
  }
  return pass(details);
}

/** The answer names tool-returned POIs (at least two, or all of them when the tools returned fewer). */
export function poiNamesVerified(ctx: ScoringContext): HardConstraintResult {
  const penalty = C.hardConstraintPenalties.poi_names_verified;
  const toolPois = ctx.toolFacts.pois;
  if (!ctx.called.has('poi_search') && !ctx.called.has('around_search'))
    return pass({ reason: 'no_poi_tools' });
  if (toolPois.length === 0) return pass({ reason: 'no_tool_pois' });
  const matched = toolPois.filter((p) => ctx.poiMatched(p));
  const required = Math.min(C.minPoiMatches, toolPois.length);
  const details = {
    matched: matched.length,
    required,
    toolPois: toolPois.length,
    names: matched.slice(0, 20),
  };
  return matched.length >= required ? pass(details) : fail(penalty, details);
}

/** Verification of the answer's transport claims against the transport tools. */
export interface TransportGrounding {
  /** Claims checked (unverifiable ones excluded). */
  total: number;
  /** Claims the tools confirm. */
  verified: number;
  /** Claims the tools contradict or never returned. */
  unverified: number;
  /** unverified / total (0 when there are no claims). */
  fabricationRatio: number;
  /** Flight and train ids. */
  ids: ClaimLists;
  /** Prices tied to an id. */
  prices: ClaimLists;
  /** Departure and arrival times tied to an id. */
  times: ClaimLists;
}

/** Claims of one kind by verdict (human-readable labels). */
export interface ClaimLists {
  /** Confirmed by the tools. */
  verified: string[];
  /** Contradicted by the tools or not returned by them. */
  fabricated: string[];
  /** Not checkable (the search for them failed). */
  unverifiable: string[];
}

function emptyGrounding(): TransportGrounding {
  const lists = () => ({ verified: [], fabricated: [], unverifiable: [] });
  return {
    total: 0,
    verified: 0,
    unverified: 0,
    fabricationRatio: 0,
    ids: lists(),
    prices: lists(),
    times: lists(),
  };
}

/** Checks every transport id, price and time the answer states against the tool results. */
export function verifyTransport(ctx: ScoringContext): TransportGrounding {
  const g = emptyGrounding();
  if (!ctx.transportType) return g;
  const T = ctx.toolFacts;
  const O = ctx.answerFacts;
  const toolClaim = claimsById(T.transport, O.transport.length);
  const kinds: Array<{ ids: readonly string[]; tool: ToolName; known: readonly string[] }> = [
    { ids: O.flights, tool: 'search_flights', known: T.flights },
    { ids: O.trains, tool: 'search_train_tickets', known: T.trains },
  ];
  const unverifiableIds = new Set<string>();
  for (const { ids, tool, known } of kinds) {
    const isKnown = membership(known, ids.length);
    for (const id of ids) {
      if (ctx.called.has(tool) && known.length === 0) {
        g.ids.unverifiable.push(id);
        unverifiableIds.add(id);
      } else if (isKnown(id)) g.ids.verified.push(id);
      else g.ids.fabricated.push(id);
    }
  }
  const tol = C.transport.priceTolerance;
  for (const claim of O.transport) {
    const tool = toolClaim(claim.id);
    const unverifiable = unverifiableIds.has(claim.id);
    if (claim.price !== undefined) {
      const label = `${claim.id}: ${claim.price}`;
      if (unverifiable) g.prices.unverifiable.push(label);
      else if (tool?.price !== undefined && tool.price > 0) {
        if (Math.abs(claim.price - tool.price) / tool.price <= tol) g.prices.verified.push(label);
        else g.prices.fabricated.push(`${label} (tool ${tool.price})`);
      } else if (tool?.price === undefined || tool.price > 0) g.prices.fabricated.push(label);
    }
    for (const field of ['departure', 'arrival'] as const) {
      const time = claim[field];
      if (time === undefined) continue;
      const label = `${claim.id} ${field}: ${time}`;
      if (unverifiable) g.times.unverifiable.push(label);
      else if (tool?.[field] !== undefined && tool[field] === time) g.times.verified.push(label);
      else g.times.fabricated.push(tool?.[field] ? `${label} (tool ${tool[field]})` : label);
    }
  }
  g.verified = g.ids.verified.length + g.prices.verified.length + g.times.verified.length;
  g.unverified = g.ids.fabricated.length + g.prices.fabricated.length + g.times.fabricated.length;
  g.total = g.verified + g.unverified;
  g.fabricationRatio = g.total > 0 ? g.unverified / g.total : 0;
  return g;
}

/** Multiplier for a transport fabrication ratio: 1 up to the free ratio, linearly down to the minimum at 1. */
export function transportMultiplier(ratio: number): number {
  const t = C.transport;
  if (ratio <= t.freeFabricationRatio) return 1;
  const m =
    1 - (1 - t.minMultiplier) * ((ratio - t.freeFabricationRatio) / (1 - t.freeFabricationRatio));
  return Math.max(t.minMultiplier, m);
}

function rate(list: { verified: string[]; fabricated: string[] }): number {
  const n = list.verified.length + list.fabricated.length;
  return n === 0 ? 1 : list.verified.length / n;
}

/** Every transport ID verifies, ≥ 70 % of prices and times verify; otherwise a progressive multiplier. */
export function transportGrounded(
  ctx: ScoringContext,
  g: TransportGrounding,
): HardConstraintResult {
  if (!ctx.transportType) return pass({ applicable: false });
  const t = C.transport;
  const idRate = rate(g.ids);
  const priceRate = rate(g.prices);
  const timeRate = rate(g.times);
  const details = {
    applicable: true,
    total: g.total,
    verified: g.verified,
    unverified: g.unverified,
    fabricationRatio: round4(g.fabricationRatio),
    idRate: round4(idRate),
    priceRate: round4(priceRate),
    timeRate: round4(timeRate),
    ids: g.ids,
    prices: g.prices,
    times: g.times,
  };
  const ok =
    idRate >= t.idMatchRatio &&
    priceRate >= t.priceMatchRatio &&
    timeRate >= t.timeMatchRatio &&
    g.fabricationRatio <= t.freeFabricationRatio;
  if (ok) return pass(details);
  const progressive = transportMultiplier(g.fabricationRatio);
  return fail(Math.min(progressive, t.strictFailMultiplier), details);
}

function truthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '')
    return false;
  if (typeof value === 'string') return value.trim() !== '';
  return true;
}

/** Whether a call carries the arguments its tool needs (unknown tools need none). */
export function hasRequiredArguments(entry: Pick<ToolTraceEntry, 'name' | 'arguments'>): boolean {
  // Own keys only: a tool named `constructor` or `toString` must not find Object.prototype's members.
  if (!Object.hasOwn(C.requiredArguments, entry.name)) return true;
  const slots = (C.requiredArguments as Record<string, readonly (readonly string[])[]>)[
    entry.name
  ]!;
  return slots.every((aliases) => aliases.some((a) => truthy(entry.arguments[a])));
}

/** Mean validity of the calls: 1 with arguments and a successful result, 0.5 with a failed one, 0 without arguments. */
export function validityRatio(trace: readonly ToolTraceEntry[]): number {
  if (trace.length === 0) return 0;
  let sum = 0;
  for (const entry of trace) {
    if (!hasRequiredArguments(entry)) continue;
    sum += entry.ok && !isBlank(entry.resultText) ? 1 : C.toolQuality.failedResultCredit;
  }
  return sum / trace.length;
}

/** Both the required-tool coverage and the call validity reach 50 %. */
export function toolQuality(ctx: ScoringContext, coverage: number): HardConstraintResult {
  const validity = validityRatio(ctx.trace);
  const q = C.toolQuality;
  const details = {
    coverage: round4(coverage),
    validity: round4(validity),
    minCoverage: q.minCoverage,
    minValidity: q.minValidity,
  };
  return coverage >= q.minCoverage && validity >= q.minValidity
    ? pass(details)
    : fail(C.hardConstraintPenalties.tool_quality, details);
}

/** The info-consistency score reaches the type's threshold (code-only: the judge cannot move it). */
export function toolInfoUsed(ctx: ScoringContext, ic: number): HardConstraintResult {
  const threshold = ctx.transportType
    ? C.toolInfoUsed.transportThreshold
    : C.toolInfoUsed.otherThreshold;
  const multiplier = ctx.transportType
    ? C.hardConstraintPenalties.tool_info_used_transport
    : C.hardConstraintPenalties.tool_info_used_other;
  const details = { infoConsistency: round4(ic), threshold };
  return ic >= threshold ? pass(details) : fail(multiplier, details);
}
