// Public API of navworld: the episode environment, the agents and the CLI's building blocks. Exports are
// named and explicit.
export { VERSION } from './version';
export {
  createEnvironment,
  type Environment,
  type EnvironmentOptions,
  type EnvironmentStats,
  type EnvironmentStepResult,
  type EpisodeSnapshot,
  type OpenAIToolDefinition,
  type ResetResult,
} from './environment/environment';
export {
  ResetInputSchema,
  StepInputSchema,
  StepToolCallSchema,
  type ResetInput,
  type StepInput,
  type StepToolCall,
} from './environment/schemas';
export {
  MAX_TOOL_STEPS,
  MAX_AGENT_TURNS,
  TOOL_MESSAGE_MAX_CHARS,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_EPISODES,
  SUCCESS_THRESHOLD,
  SUBSTANTIVE_MIN_LENGTH,
} from './environment/constants';
export { finalAnswerPrompt, isSubstantiveAnswer } from './environment/final-answer';
export {
  EvaluateOptionsSchema,
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_TASK_TIMEOUT_MS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_RETRY_BACKOFF_MS,
  DEFAULT_MAX_TOKENS,
  type EvaluateOptions,
} from './agent/openai-agent';
export { runReferenceAgent, type ReferenceAgentOptions } from './agent/reference-agent';
export { parseTaskRange, loadCliConfig, type CliConfig } from './config';

// ---- server, results and report API (maintained with src/server, src/results, src/stats, src/report) ----
