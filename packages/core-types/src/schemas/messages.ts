import { z } from 'zod';

/** An OpenAI tool call as it appears in an assistant message. */
export const ToolCallSchema = z.object({
  /** Call id, answered by a `tool` message's `tool_call_id`. */
  id: z.string().min(1),
  /** Always `function`. */
  type: z.literal('function'),
  /** The function being called. */
  function: z.object({
    /** Tool name (may be unknown: the environment answers with an error result). */
    name: z.string(),
    /** Arguments as a JSON string, exactly as the model produced them. */
    arguments: z.string(),
  }),
});
/** See {@link ToolCallSchema}. */
export type ToolCall = z.infer<typeof ToolCallSchema>;

/** A system message. */
export const SystemMessageSchema = z.object({ role: z.literal('system'), content: z.string() });
/** A user message. */
export const UserMessageSchema = z.object({ role: z.literal('user'), content: z.string() });
/** An assistant message: text, tool calls, or both. */
export const AssistantMessageSchema = z.object({
  role: z.literal('assistant'),
  content: z.string().nullable().optional(),
  tool_calls: z.array(ToolCallSchema).optional(),
  /** Reasoning text some endpoints stream separately (kept for logs, never scored). */
  reasoning_content: z.string().optional(),
});
/** A tool result message answering one tool call. */
export const ToolMessageSchema = z.object({
  role: z.literal('tool'),
  tool_call_id: z.string().min(1),
  content: z.string(),
});

/** One OpenAI chat message (system, user, assistant or tool). */
export const ChatMessageSchema = z.discriminatedUnion('role', [
  SystemMessageSchema,
  UserMessageSchema,
  AssistantMessageSchema,
  ToolMessageSchema,
]);
/** See {@link ChatMessageSchema}. */
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
/** See {@link AssistantMessageSchema}. */
export type AssistantMessage = z.infer<typeof AssistantMessageSchema>;
/** See {@link ToolMessageSchema}. */
export type ToolMessage = z.infer<typeof ToolMessageSchema>;

/** Token usage, summed over calls. */
export const UsageSchema = z.object({
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  totalTokens: z.number().int().nonnegative(),
});
/** See {@link UsageSchema}. */
export type Usage = z.infer<typeof UsageSchema>;
