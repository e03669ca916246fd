import { ERROR_CODES, NavworldError } from '@navworld/core-types';
import { generateProblem } from '@navworld/taskgen';
import { EXIT_CODES } from '../internal/cli-support';

/** Options of `navworld task`. */
export interface TaskCommandOptions {
  json?: boolean;
}

/** `navworld task <id>`: prints a task's problem and prompt (or the problem as JSON). */
export function taskCommand(id: string | number, options: TaskCommandOptions): number {
  // Digits only: Number('') is 0 and Number('0x10') is 16, neither of which is what was typed.
  const taskId = typeof id === 'number' || /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN;
  if (!Number.isInteger(taskId) || taskId < 0 || taskId > 2 ** 31 - 1) {
    throw new NavworldError(
      ERROR_CODES.INVALID_TASK_ID,
      `task id must be a whole number from 0 to 2^31-1, got ${JSON.stringify(String(id))}`,
      {
        hint: 'e.g. navworld task 131',
      },
    );
  }
  const problem = generateProblem(taskId);
  if (options.json === true) {
    console.log(JSON.stringify(problem, null, 2));
    return EXIT_CODES.ok;
  }
  const route = problem.originCity
    ? `${problem.originCity} → ${problem.destinationCity}`
    : problem.destinationCity;
  console.log(`task ${problem.taskId}: ${problem.problemType}, difficulty ${problem.difficulty}`);
  console.log(
    `route: ${route}, ${problem.travelDate}, ${problem.numDays} day(s), ${problem.groupSize} traveller(s)`,
  );
  console.log(`budget: ${problem.budget} CNY (${problem.budgetScope})`);
  console.log(`required tools: ${problem.requiredTools.join(', ')}`);
  if (problem.constraints.length > 0) console.log(`constraints: ${problem.constraints.join(', ')}`);
  console.log('');
  console.log(problem.prompt);
  return EXIT_CODES.ok;
}
