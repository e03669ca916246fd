// Public API of navworld: the episode environment, the agents and the CLI's building blocks. Exports are
// named and explicit.
export { VERSION } from './version';
export {
  createEnvironment,
  type Environment,
  type EnvironmentOptions,
  type EnvironmentStats,
  type ScoringThreadStats,
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
  MAX_REPLY_CHARS,
} from './environment/constants';
export { finalAnswerPrompt, isSubstantiveAnswer } from './environment/final-answer';
export {
  WellFormedEpochSchema,
  checkedEpoch,
  MAX_EPOCH_ID,
  MAX_EPOCH_SALT_LENGTH,
} from './environment/epoch';
export {
  EvaluateOptionsSchema,
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_TASK_TIMEOUT_MS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_RETRY_BACKOFF_MS,
  DEFAULT_MAX_TOKENS,
  type EvaluateOptions,
} from './agent/openai-agent';
export {
  runReferenceAgent,
  playReferenceEpisode,
  type ReferenceAgentOptions,
  type ReferenceStepper,
  type ReferenceEpisode,
  type ReferencePlayOptions,
} from './agent/reference-agent';
export {
  createServerClient,
  ServerClientOptionsSchema,
  DEFAULT_CLIENT_TIMEOUT_MS,
  type ServerClient,
  type ServerClientOptions,
  type ServerHealth,
} from './client/server-client';
export { parseTaskRange, loadCliConfig, type CliConfig } from './config';

// ---- server, results and report API (maintained with src/server, src/results, src/stats, src/report) ----
export {
  createServer,
  defaultEvaluateRunner,
  type ServerOptions,
  type NavworldServer,
  type EvaluateRequest,
  type EvaluateRunner,
} from './server/app';
export {
  startServer,
  isLoopbackHost,
  type StartServerOptions,
  type RunningServer,
} from './server/start';
export {
  createLogger,
  redact,
  type Logger,
  type LoggerOptions,
  type LogEntry,
  type LogLevel,
  type LogSink,
} from './server/logger';
export { parseAllowList, isBaseUrlAllowed, type AllowedBase } from './server/allow-list';
export { openApiDocument } from './server/openapi';
export { createServerMetrics, type ServerMetrics, type MetricsSnapshot } from './server/metrics';
export { httpStatusOf, type HttpErrorBody } from './server/errors';
export {
  HttpResetRequestSchema,
  HttpStepRequestSchema,
  HttpEvaluateRequestSchema,
  HttpToolCallSchema,
  type HttpResetRequest,
  type HttpStepRequest,
  type HttpEvaluateRequest,
} from './server/http-schemas';
export { SERVER_CONFIG, TOKEN_ENV, ALLOWED_BASE_URLS_ENV } from './server/config';
export {
  openResultsStore,
  readResults,
  versionDifferences,
  type ResultsStore,
  type ResultsStoreOptions,
  type ReadResultsOptions,
  type ReadResultsOutput,
} from './results/store';
export {
  summarize,
  formatSummaryTable,
  type BatchSummary,
  type SummarizeOptions,
  type GroupSummary,
  type PassKSummary,
  type HardConstraintSummary,
  type ToolUsageSummary,
  type TokenSummary,
  type JudgeSummary,
} from './stats/summary';
export { bootstrapMeanCi, passAtK, passHatK, type MeanWithCi } from './stats/estimators';
export { STATS_CONFIG } from './stats/config';
export { renderHtmlReport, type HtmlReportOptions } from './report/html';
export { reportCommand, type ReportCommandOptions } from './commands/report';
export { serveCommand, type ServeCommandOptions } from './commands/serve';
// ---- end of server, results and report API ----
export {
  runAudit,
  formatAuditTable,
  AUDIT_GATES,
  EXPLOIT_POLICIES,
  type AuditOptions,
  type AuditReport,
  type GateResult,
  type PolicyStats,
  type AuditPolicy,
  type PolicyKind,
  type PolicyContext,
} from './audit/index';
export * from './audit/edits';
