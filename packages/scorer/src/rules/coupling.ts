// Code total, defense in depth, judge coupling and the hard-constraint multipliers.
import type { HardConstraintResults, JudgeResult } from '@navworld/core-types';
import { HARD_CONSTRAINT_NAMES } from '@navworld/core-types';
import { SCORING_CONFIG } from '../config';
import { clamp, round } from '../internal/text';

const C = SCORING_CONFIG;

/**
 * Code score: 50 × √(IC/25 × Comp/25) × diversity × grounding + fabrication, clamped to 0–50 and rounded to
 * 2 decimals. `grounding` is the product of the grounding defences' multipliers (1 when none fires).
 */
export function codeTotal(
  ic: number,
  comp: number,
  diversity: number,
  fabrication: number,
  grounding = 1,
): number {
  const geometric = Math.sqrt((Math.max(0, ic) / 25) * (Math.max(0, comp) / 25));
  // The earned part is capped at 50 before the penalty: a diversity bonus must not absorb a fabrication.
  const earned = Math.min(
    C.weights.codeTotal,
    C.weights.codeTotal * geometric * diversity * grounding,
  );
  return round(clamp(earned + fabrication, 0, C.weights.codeTotal), 2);
}

/**
 * Defense in depth: a judge factual-grounding score below 4 yields g = 0.3 + 0.7 × fg / 4; IC and
 * completeness are scaled by min(localMultiplier, g) / localMultiplier, where localMultiplier is the code-side
 * route-claim multiplier already applied to IC. Returns 1 when the judge gave no verdict.
 */
export function defenseInDepth(judge: JudgeResult | undefined, localMultiplier: number): number {
  const d = C.defenseInDepth;
  const fg = judge?.available ? judge.dimensions?.factual_grounding : undefined;
  if (fg === undefined || fg >= d.threshold) return 1;
  const g = d.base + d.slope * (fg / d.threshold);
  const combined = Math.min(localMultiplier, g);
  return combined < localMultiplier ? combined / Math.max(localMultiplier, 0.01) : 1;
}

/** Result of {@link coupleScores}. */
export interface Coupled {
  /** Code score after coupling with the judge (0–50). */
  codeCoupled: number;
  /** Judge score after coupling with the code score (0–50). */
  judgeCoupled: number;
  /** The coupled sum after the monotonicity guarantee, before hard constraints. */
  base: number;
  /** Whether the monotonicity guarantee raised the sum. */
  guardApplied: boolean;
}

/**
 * Bidirectional coupling: the judge keeps min(1, code / 30) of its score; with a judge verdict the code keeps
 * 0.7 + 0.3 × min(1, judge / 20) of its own; the sum is never below half the raw sum. Without a judge the base
 * is the code score.
 */
export function coupleScores(code: number, judge: number, judgeAvailable: boolean): Coupled {
  const c = C.coupling;
  if (!judgeAvailable)
    return { codeCoupled: code, judgeCoupled: 0, base: code, guardApplied: false };
  const codeRatio = Math.min(1, code / c.codeFullCredit);
  const judgeCoupled = judge * codeRatio;
  const judgeRatio = Math.min(1, judge / c.judgeFullCredit);
  const codeCoupled = code * (c.codeMinShare + (1 - c.codeMinShare) * judgeRatio);
  const coupled = codeCoupled + judgeCoupled;
  const floor = c.monotonicityShare * (code + judge);
  return {
    codeCoupled,
    judgeCoupled,
    base: Math.max(coupled, floor),
    guardApplied: floor > coupled,
  };
}

/** Product of the multipliers of the failed hard constraints (1 when all pass). */
export function applyHardConstraints(results: HardConstraintResults): number {
  let m = 1;
  for (const name of HARD_CONSTRAINT_NAMES) {
    const r = results[name];
    if (!r.passed) m *= r.multiplier;
  }
  return m;
}
