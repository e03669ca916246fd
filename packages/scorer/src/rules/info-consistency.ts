// Info consistency (0–25): how much of what the tools returned the answer states.
import type { IcCategoryScore } from '@navworld/core-types';
import { isEmptyFacts } from '@navworld/fact-extractor';
import { SCORING_CONFIG } from '../config';
import type { ScoringContext } from '../context';
import { anyInRange, round, trimmedLength } from '../internal/text';
import { factContextOf, type FactContext } from './fact-context';

const C = SCORING_CONFIG.ic;

/** Result of {@link infoConsistency}. */
export interface InfoConsistencyResult {
  /** IC before any defence multiplier, 0–25 (2 decimals). */
  score: number;
  /** Per-category scores (as in the breakdown's `icCategories`). */
  categories: Record<string, IcCategoryScore>;
  /** Categories in the denominator (regular ones with data plus matched bonus ones). */
  counted: number;
  /** Categories with a match. */
  matchedCategories: number;
  /** Defences and fallbacks that applied (`breadth_penalty`, `context_free_facts`, …). */
  notes: string[];
}

/**
 * Score of one category: overlap ratio over min(tool facts, max(floor, answer facts)) divided by 0.6, capped
 * at 1, then capped at 0.65 when a category with ≥ 5 tool facts has fewer than min(3, ceil(0.2 n)) matches.
 */
export function categoryScore(
  matched: number,
  toolCount: number,
  answerCount: number,
  notes: string[],
): number {
  if (matched <= 0 || toolCount <= 0) return 0;
  const denominator = Math.min(toolCount, Math.max(C.denominatorFloor, answerCount, 1));
  let score = Math.min(1, matched / denominator / C.ratioDivisor);
  if (toolCount >= C.minQuantityThreshold) {
    const required = Math.min(C.minQuantityCap, Math.ceil(toolCount * C.minQuantityRatio));
    if (matched < required && score > C.belowMinimumCap) {
      score = C.belowMinimumCap;
      notes.push('min_quantity_cap');
    }
  }
  return score;
}

/** Global, case-insensitive copies of the transport context regexes, compiled once. */
const GLOBAL_CONTEXTS = new Map<RegExp, RegExp>();

function globalContext(context: RegExp): RegExp {
  let re = GLOBAL_CONTEXTS.get(context);
  if (re === undefined) {
    re = new RegExp(context.source, 'giu');
    GLOBAL_CONTEXTS.set(context, re);
  }
  return re;
}

/**
 * Code-point positions of the transport ids the answer names that no tool returned (sorted): the flights and
 * trains it states minus every tool id of either kind. Empty for most plans, which name tool ids only.
 */
function inventedIdPositions(ctx: ScoringContext): number[] {
  const T = ctx.toolFacts;
  const out: number[] = [];
  for (const list of [ctx.answerFacts.flights, ctx.answerFacts.trains])
    for (const id of list)
      if (!T.flights.includes(id) && !T.trains.includes(id)) out.push(...ctx.locate(id));
  return out.sort((a, b) => a - b);
}

/**
 * Context-weighted count of transport ids: 1 near a transport word, 0.5 elsewhere (× the fact weight). A
 * word that names an invented id (an id no tool returned, within `inventedIdGap` code points after it, as in
 * 备选航班ZH9876) is about that id and puts no tool id in context; `invented` holds those ids' positions.
 */
function contextWeighted(
  ctx: ScoringContext,
  ids: readonly string[],
  context: RegExp,
  fc: FactContext,
  invented: readonly number[],
): number {
  if (ids.length === 0) return 0;
  const contextPositions: number[] = [];
  for (const w of ctx.spans(globalContext(context), 4096))
    if (invented.length === 0 || !anyInRange(invented, w.end, w.end + C.inventedIdGap))
      contextPositions.push(w.start);
  let sum = 0;
  for (const id of ids) {
    const at = ctx.locate(id);
    const first = at[0];
    const w = fc.weight(id);
    if (first === undefined) {
      sum += C.outOfContextWeight * w;
      continue;
    }
    const near = anyInRange(
      contextPositions,
      first - C.contextWindow,
      first + id.length + C.contextWindow,
    );
    sum += (near ? 1 : C.outOfContextWeight) * w;
  }
  return sum;
}

function intersect(a: readonly string[], b: readonly string[]): string[] {
  const set = new Set(b);
  return a.filter((x) => set.has(x));
}

/**
 * The IC rate: the mean score of the regular categories, joined by the matched bonus categories that raise
 * it. Bonus categories are taken best first while each lifts the mean, which gives the highest mean of any
 * choice of them; so a lower category score, or a bonus category lost, never raises the rate, and removing a
 * cited fact never raises IC. Without regular categories it is the mean of the bonus ones.
 */
export function bonusRate(
  regularSum: number,
  regularCount: number,
  bonus: readonly number[],
): number {
  if (regularCount === 0) {
    return bonus.length === 0 ? 0 : bonus.reduce((s, x) => s + x, 0) / bonus.length;
  }
  let sum = regularSum;
  let n = regularCount;
  for (const x of [...bonus].sort((a, b) => b - a)) {
    if (x * n <= sum) break; // x is at most the mean: it and every later one would lower it
    sum += x;
    n++;
  }
  return sum / n;
}

/** Info consistency over the ten fact categories, with the anti-gaming caps described in the README. */
export function infoConsistency(ctx: ScoringContext): InfoConsistencyResult {
  const T = ctx.toolFacts;
  const O = ctx.answerFacts;
  const categories: Record<string, IcCategoryScore> = {};
  const notes: string[] = [];
  if (ctx.trace.length === 0) {
    return { score: 0, categories, counted: 0, matchedCategories: 0, notes: ['no_tool_calls'] };
  }
  const toolEmpty = isEmptyFacts(T);
  if (toolEmpty) {
    const substantial = ctx.trace.some(
      (e, i) => e.ok && trimmedLength(ctx.resultTexts[i] ?? '') > C.substantialResultLength,
    );
    return substantial
      ? {
          score: C.noExtractableFactsScore,
          categories,
          counted: 0,
          matchedCategories: 0,
          notes: ['no_extractable_facts'],
        }
      : {
          score: 0,
          categories,
          counted: 0,
          matchedCategories: 0,
          notes: ['no_usable_tool_results'],
        };
  }

  const fc = factContextOf(ctx);
  let rawMatched = 0;
  let weightedMatched = 0;
  /** Sum of the context weights of matched facts (named defence `context_free_facts`). */
  const weigh = (list: readonly string[], poi = false): number => {
    let sum = 0;
    for (const f of list) sum += fc.weight(f, poi);
    rawMatched += list.length;
    weightedMatched += sum;
    return sum;
  };
  const regular: Array<[string, number, number, number]> = []; // name, matched, toolCount, answerCount
  const bonus: Array<[string, number, number, number]> = [];

  const flights = intersect(T.flights, O.flights);
  const trains = intersect(T.trains, O.trains);
  // Only tool ids in the answer are weighed by their context.
  const invented = flights.length + trains.length > 0 ? inventedIdPositions(ctx) : [];
  if (T.flights.length > 0) {
    regular.push([
      'flights',
      contextWeighted(ctx, flights, C.flightContext, fc, invented),
      T.flights.length,
      O.flights.length,
    ]);
  }
  if (T.trains.length > 0) {
    regular.push([
      'trains',
      contextWeighted(ctx, trains, C.trainContext, fc, invented),
      T.trains.length,
      O.trains.length,
    ]);
  }
  if (T.pois.length > 0) {
    const matched = weigh(
      T.pois.filter((p) => ctx.poiMatched(p)),
      true,
    );
    regular.push(['pois', matched, Math.min(T.pois.length, C.poiDenominatorCap), O.pois.length]);
  }
  for (const key of ['weather', 'prices', 'wind_info'] as const) {
    if (T[key].length > 0)
      regular.push([key, weigh(intersect(T[key], O[key])), T[key].length, O[key].length]);
  }
  // Bonus categories: counted only when matched, so a plan is never punished for leaving them out.
  const times = weigh(intersect(T.times, O.times));
  bonus.push(['times', times, T.times.length, O.times.length]);
  for (const key of ['distances', 'travel_durations', 'road_names'] as const) {
    const matched = weigh(T[key].filter((f) => ctx.locate(f).length > 0));
    bonus.push([key, matched, T[key].length, O[key].length]);
  }

  const scored = (list: Array<[string, number, number, number]>, isBonus: boolean) =>
    list.map(([name, matched, toolCount, answerCount]) => {
      const catNotes: string[] = [];
      let score = categoryScore(matched, toolCount, answerCount, catNotes);
      if (name === 'pois' && matched > C.poiDensityThreshold) {
        score *= Math.max(
          C.poiDensityFloor,
          1 - (matched - C.poiDensityThreshold) * C.poiDensityDecay,
        );
        catNotes.push('poi_density_decay');
      }
      if (isBonus) catNotes.push('bonus');
      return { name, matched, toolCount, answerCount, score, notes: catNotes };
    });
  if (weightedMatched < rawMatched - 1e-9) notes.push('context_free_facts');
  const reg = scored(regular, false);
  const bon = scored(bonus, true).filter((b) => b.toolCount > 0);
  const bonMatched = bon.filter((b) => b.score > 0);
  const counted = reg.length + bonMatched.length;
  const matchedCategories = reg.filter((r) => r.score > 0).length + bonMatched.length;

  // Share cap: no single category may carry more than 35 % of the denominator.
  const maxShare = C.categoryMaxShare * counted;
  for (const c of [...reg, ...bon]) {
    if (c.score > maxShare) {
      c.score = maxShare;
      c.notes.push('category_share_cap');
    }
    categories[c.name] = {
      toolCount: c.name === 'pois' ? T.pois.length : c.toolCount,
      answerCount: c.answerCount,
      matched: round(c.matched, 4),
      score: round(Math.min(1, c.score), 4),
      notes: c.notes,
    };
  }
  if (counted === 0)
    return { score: 0, categories, counted, matchedCategories, notes: ['nothing_matched'] };

  let rate = bonusRate(
    reg.reduce((s, c) => s + c.score, 0),
    reg.length,
    bonMatched.map((c) => c.score),
  );
  if (reg.length >= C.minBreadthTotal) {
    // Breadth is counted on the regular categories: the route tool's distances and road names alone (a pasted
    // table of route steps) are not a broad use of the tools.
    const minBreadth = Math.max(2, Math.floor((reg.length + 1) / 2));
    if (reg.filter((r) => r.score > 0).length < minBreadth) {
      rate *= C.breadthPenaltyMultiplier;
      notes.push('breadth_penalty');
    }
  }
  return { score: round(25 * rate, 2), categories, counted, matchedCategories, notes };
}
