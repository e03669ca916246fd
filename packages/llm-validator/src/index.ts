// Public API of @navworld/llm-validator: the LLM judge, its code-built summaries and its defences.
export {
  RUBRIC_VERSION,
  DEFAULT_JUDGE_MODELS,
  DEFAULT_JUDGE_BASE_URL,
  PENALTY_RANGES,
  type PenaltyKey,
} from './internal/config';
export {
  createJudge,
  type JudgeOptions,
  type LlmJudge,
  type JudgeCallRecord,
  type JudgeLedger,
} from './internal/judge';
export {
  createMemoryJudgeCache,
  judgeCacheKey,
  CachedVerdictSchema,
  type CachedVerdict,
  type JudgeCache,
  type MemoryJudgeCacheOptions,
} from './internal/cache';
export {
  parseJudgeResponse,
  safeParseJudgeResponse,
  JudgeVerdictSchema,
  type JudgeVerdict,
} from './internal/parse';
export { sanitizeForJudge, looksLikeInjection, INJECTION_PATTERNS } from './internal/sanitize';
export { drawRubric, type Rubric } from './internal/rubric';
export {
  buildStructuredSummary,
  buildFactsSummary,
  buildJudgePrompt,
  boundaryFor,
  parseJudgeInput,
  JudgeInputSchema,
  type JudgePrompt,
  type StructuredSummaryOptions,
} from './internal/prompt';

/** Version of this package. */
export const VERSION = '0.1.0';
