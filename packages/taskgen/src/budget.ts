// Budget feasibility: the floor every generated budget respects, and the tightening rule.

import type { ProblemType, TravelProblem } from '@navworld/core-types';
import { MIN_BUDGET_PER_PERSON_DAY, transportFareCeiling } from '@navworld/knowledge-graph';
import { BUDGET_ROUND_TO, TIGHTENING_BASE } from './config';

/** The fields of a problem the budget floor depends on. */
export type BudgetFloorInput = Pick<
  TravelProblem,
  'problemType' | 'numDays' | 'groupSize' | 'originCity' | 'destinationCity' | 'budgetScope'
>;

/**
 * Intercity legs the budget pays for: 1 for a one-way intercity trip, 2 for the round trips of hybrid and
 * business problems, 0 without an origin city.
 */
export function transportLegs(problem: Pick<TravelProblem, 'problemType' | 'originCity'>): number {
  if (problem.originCity === null || problem.originCity === '') return 0;
  return problem.problemType === 'intercity' ? 1 : 2;
}

/** Smallest credible spend per traveller and day for a problem type. */
export function minBudgetPerPersonDay(type: ProblemType): number {
  return MIN_BUDGET_PER_PERSON_DAY[type] ?? MIN_BUDGET_PER_PERSON_DAY.default;
}

/**
 * The lowest budget a problem may carry, in the unit of its `budgetScope`:
 *
 * `MIN_BUDGET_PER_PERSON_DAY[type] × days × travellers + fareCeiling(origin, destination) × travellers × legs`
 *
 * where the fare ceiling (≥ `MIN_TRANSPORT_COST[category]`) bounds the cheapest ticket of the route from above,
 * so the cheapest option always fits. `per_person` budgets use travellers = 1; `dining` budgets have no
 * transport term.
 */
export function budgetFloor(problem: BudgetFloorInput): number {
  const travellers = problem.budgetScope === 'per_person' ? 1 : Math.max(1, problem.groupSize);
  const days = Math.max(1, problem.numDays);
  let floor = minBudgetPerPersonDay(problem.problemType) * days * travellers;
  if (problem.budgetScope !== 'dining') {
    const legs = transportLegs(problem);
    if (legs > 0 && problem.originCity !== null) {
      floor +=
        transportFareCeiling(problem.originCity, problem.destinationCity) * travellers * legs;
    }
  }
  return floor;
}

/** Rounds a budget up to the budget step. */
export function roundBudgetUp(value: number): number {
  return Math.ceil(value / BUDGET_ROUND_TO) * BUDGET_ROUND_TO;
}

/**
 * Tightens a drawn budget by the level's tightness (higher tightness, smaller budget) and raises it to the
 * floor: `max(floor, roundUp(raw × (1.5 − tightness)))`.
 */
export function tightenBudget(raw: number, tightness: number, floor: number): number {
  return Math.max(roundBudgetUp(floor), roundBudgetUp(raw * (TIGHTENING_BASE - tightness)));
}
