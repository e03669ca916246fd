// Test helpers of navworld (subpath `navworld/testing`): a scripted OpenAI-compatible chat-completions server
// on 127.0.0.1, so harnesses can be tested offline with tool calls, streaming and injected faults.
export {
  startScriptedOpenAIServer,
  UnexpectedCallError,
  UnconsumedResponsesError,
  type ScriptedOpenAIServer,
  type ScriptedOpenAIServerOptions,
  type ScriptedResponse,
  type ScriptedToolCall,
  type ScriptedUsage,
  type ScriptedFinishReason,
  type ScriptedHandler,
  type RecordedRequest,
} from '@navworld/llm-validator/testing';
