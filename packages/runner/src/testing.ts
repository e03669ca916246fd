// Test helpers of navworld (subpath `navworld/testing`): a scripted OpenAI-compatible chat-completions server
// on 127.0.0.1, so harnesses can be tested offline with tool calls, streaming and injected faults.
import type * as scripted from '@navworld/llm-validator/testing';

export {
  startScriptedOpenAIServer,
  UnexpectedCallError,
  UnconsumedResponsesError,
  type ScriptedOpenAIServer,
  type ScriptedOpenAIServerOptions,
  type ScriptedHandler,
  type RecordedRequest,
} from '@navworld/llm-validator/testing';

/** One scripted reply: content and/or tool calls, usage, and optional faults (status, delay, cut stream). */
export type ScriptedResponse = scripted.ScriptedResponse;
/** One scripted tool call (`name`, `arguments` as JSON text or an object, optional `id`). */
export type ScriptedToolCall = scripted.ScriptedToolCall;
/** Token usage reported for a scripted reply. */
export type ScriptedUsage = scripted.ScriptedUsage;
/** Finish reasons the scripted server can report. */
export type ScriptedFinishReason = scripted.ScriptedFinishReason;
