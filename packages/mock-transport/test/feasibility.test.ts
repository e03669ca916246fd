import { describe, expect, it } from 'vitest';
import type { TravelProblem } from '@navworld/core-types';
import { MIN_BUDGET_PER_PERSON_DAY } from '@navworld/knowledge-graph';
import { cheapestFare, type TransportMode } from '../src/index';
import { pinned } from './helpers';

// Loaded at run time through a non-literal specifier: this file then neither fails to compile while the task
// generator is being written nor type-checks the generator's sources as part of this package.
const TASKGEN = '@navworld/taskgen';
const taskgen = (await import(/* @vite-ignore */ TASKGEN)) as {
  generateProblem?: (taskId: number) => TravelProblem;
};
const generateProblem = taskgen.generateProblem;

const TASKS = 2000;
const SALTS = ['feasible-a', 'feasible-b', '2999'];

function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

function requiredModes(problem: TravelProblem): TransportMode[] {
  const modes: TransportMode[] = [];
  if (problem.requiredTools.includes('search_flights')) modes.push('flight');
  if (problem.requiredTools.includes('search_train_tickets')) modes.push('train');
  return modes;
}

describe.skipIf(generateProblem === undefined)('budget feasibility of generated tasks', () => {
  it(`the cheapest required option fits the budget for ${TASKS} tasks × ${SALTS.length} salts`, () => {
    const violations: string[] = [];
    let transportTasks = 0;
    for (let taskId = 0; taskId < TASKS; taskId++) {
      const problem = generateProblem!(taskId);
      const modes = requiredModes(problem);
      if (problem.originCity === null || modes.length === 0) continue;
      transportTasks++;
      // One-way intercity trips pay one leg; trips with an origin and several days pay the way back too.
      const legs = problem.problemType === 'intercity' ? 1 : 2;
      const travellers = problem.budgetScope === 'per_person' ? 1 : problem.groupSize;
      const stay =
        (MIN_BUDGET_PER_PERSON_DAY[problem.problemType] ?? MIN_BUDGET_PER_PERSON_DAY.default) *
        problem.numDays *
        travellers;
      for (const salt of SALTS) {
        const epoch = pinned(salt);
        const cheapest = (date: string, fromCity: string, toCity: string): number => {
          let best = Infinity;
          for (const mode of modes) {
            const fare = cheapestFare(mode, { date, fromCity, toCity }, { epoch });
            if (fare === null)
              violations.push(`task ${taskId}: ${mode} does not serve ${fromCity}→${toCity}`);
            else best = Math.min(best, fare);
          }
          return best;
        };
        let fares = cheapest(problem.travelDate, problem.originCity, problem.destinationCity);
        if (legs === 2) {
          const back = addDays(problem.travelDate, problem.numDays - 1);
          fares += cheapest(back, problem.destinationCity, problem.originCity);
        }
        const need = fares * travellers + stay;
        if (!(need <= problem.budget)) {
          violations.push(
            `task ${taskId} (${problem.problemType}, ${problem.originCity}→${problem.destinationCity}, salt ${salt}): ` +
              `cheapest ${fares} × ${travellers} + stay ${stay} = ${need} > budget ${problem.budget}`,
          );
        }
        if (violations.length > 20) break;
      }
    }
    expect(violations).toEqual([]);
    expect(transportTasks).toBeGreaterThan(TASKS / 4);
  });
});
