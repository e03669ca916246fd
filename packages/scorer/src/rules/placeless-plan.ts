// Placeless plan: the POI tools returned places, but the plan names none of them.
import { SCORING_CONFIG } from '../config';
import type { ScoringContext } from '../context';

const C = SCORING_CONFIG.placelessPlan;

/** Result of {@link placelessPlan}. */
export interface PlacelessPlanResult {
  /** Distinct tool POIs returned. */
  toolPois: number;
  /** Whether the plan names a tool POI (1) or none (0). */
  named: number;
  /** Multiplier on the code score (1 when the defence does not fire). */
  multiplier: number;
}

/**
 * Placeless plan (named defence `placeless_plan`): when the POI tools returned at least `minToolPois`
 * places and the plan names none of them, its itinerary is not built on the tool results (typically it
 * writes district, city or province names where the places belong; names that only occur as part of an
 * administrative or road name do not count, see `admin_half_match`). The code score is multiplied by
 * `floor`. Naming a single place is left to `poi_names_verified`.
 */
export function placelessPlan(ctx: ScoringContext): PlacelessPlanResult {
  const pois = [...new Set(ctx.toolFacts.pois.filter((p) => p !== ''))];
  const none = { toolPois: pois.length, named: 0, multiplier: 1 };
  if (pois.length < C.minToolPois || ctx.trimmedLength < SCORING_CONFIG.formatMinLength)
    return none;
  if (pois.some((p) => ctx.poiMatched(p))) return { ...none, named: 1 };
  return { ...none, multiplier: C.floor };
}
