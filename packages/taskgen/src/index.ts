// Public API of @navworld/taskgen. Exports are named and explicit.

export {
  TASKGEN_VERSION,
  SEED_PREFIX,
  BASE_TRAVEL_DATE,
  DIFFICULTY_PROFILES,
  INTERESTS,
  CONFLICT_PAIRS,
  FOOD_THEMES,
  BUDGET_LEVELS,
  type BudgetLevel,
} from './config';
export {
  generateProblem,
  validateTaskId,
  problemTypeOf,
  difficultyOf,
  travelDateOf,
} from './generate';
export {
  renderPrompt,
  SYSTEM_PROMPT,
  groupText,
  transportModesText,
  type PromptInput,
} from './prompt';
export {
  budgetFloor,
  transportLegs,
  minBudgetPerPersonDay,
  tightenBudget,
  type BudgetFloorInput,
} from './budget';
export { problemHash } from './hash';
