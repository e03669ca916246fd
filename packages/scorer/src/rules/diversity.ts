// Tool diversity and unsourced route claims.
import { SCORING_CONFIG } from '../config';
import type { ScoringContext } from '../context';
import { countMatches, clamp } from '../internal/text';

const C = SCORING_CONFIG;

/**
 * Rewards calling the type's "should call" tools (−0.25 when never called, −0.10 when only failed calls) and
 * its "nice to have" tools (+0.05 each when successful), clamped to [0.3, 1.1].
 */
export function diversityMultiplier(ctx: ScoringContext): number {
  const d = C.diversity;
  const tiers = d.tiers[ctx.problem.problemType];
  let m = 1;
  for (const tool of tiers.shouldCall) {
    if (ctx.successful.has(tool)) continue;
    m -= ctx.attempted.has(tool) ? d.shouldCallPenalty - d.attemptedRecovery : d.shouldCallPenalty;
  }
  for (const tool of tiers.niceToHave) if (ctx.successful.has(tool)) m += d.niceToHaveBonus;
  return clamp(m, d.floor, d.ceiling);
}

/** Result of {@link unsourcedRouteClaims}. */
export interface RouteClaimsResult {
  /** Multiplier on info consistency (1 when direction was called or nothing was claimed). */
  multiplier: number;
  /** Distance and travel-time claims found. */
  claims: number;
}

/**
 * Multiplier on info consistency for distance and travel-time claims made without ever calling `direction`
 * (non-transport types only): the more such claims, the smaller. 1 when direction was called.
 */
export function unsourcedRouteClaims(ctx: ScoringContext): RouteClaimsResult {
  const r = C.routeClaims;
  if (ctx.transportType || ctx.called.has('direction')) return { multiplier: 1, claims: 0 };
  const claims = countMatches(r.distance, ctx.answer) + countMatches(r.time, ctx.answer);
  if (claims === 0) return { multiplier: 1, claims };
  const shouldCall = C.diversity.tiers[ctx.problem.problemType].shouldCall.includes('direction');
  const scale = shouldCall ? r.shouldCallScale : r.otherScale;
  for (const [max, mult] of scale) if (claims <= max) return { multiplier: mult, claims };
  return { multiplier: shouldCall ? r.shouldCallRest : r.otherRest, claims };
}
