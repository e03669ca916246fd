// Test helpers of @navworld/llm-validator (subpath `@navworld/llm-validator/testing`): a scripted,
// OpenAI-compatible chat-completions server on 127.0.0.1 for tests that must not reach a real model.
export {
  startScriptedOpenAIServer,
  UnexpectedCallError,
  UnconsumedResponsesError,
  ScriptedResponseSchema,
  ScriptedToolCallSchema,
  ScriptedUsageSchema,
  ScriptedFinishReasonSchema,
  type ScriptedOpenAIServer,
  type ScriptedOpenAIServerOptions,
  type ScriptedResponse,
  type ScriptedToolCall,
  type ScriptedUsage,
  type ScriptedFinishReason,
  type ScriptedHandler,
  type RecordedRequest,
} from './internal/scripted-server';
