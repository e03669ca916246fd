import { z } from 'zod';

/**
 * The outcome of one tool call, as the tools package returns it. It never represents a thrown exception:
 * every failure a model can cause is `ok: false` with a stable `errorCode` and a short Chinese `text`.
 */
export const ToolResultSchema = z.object({
  /** Whether the call produced data. */
  ok: z.boolean(),
  /** The text the model sees. */
  text: z.string(),
  /** Stable error code when `ok` is false. */
  errorCode: z.string().optional(),
  /** Wall time of the call in milliseconds. */
  durationMs: z.number().nonnegative(),
  /** Whether the result came from a cache. */
  cached: z.boolean(),
});
/** See {@link ToolResultSchema}. */
export type ToolResult = z.infer<typeof ToolResultSchema>;

/**
 * One executed (or refused) tool call in an episode. A trace is all the scorer reads of the tools, so it must
 * round-trip through JSON unchanged; unknown extra fields are kept for forward compatibility.
 */
export const ToolTraceEntrySchema = z.looseObject({
  /** The OpenAI tool call id. */
  callId: z.string(),
  /** Tool name as the model sent it (may be unknown). */
  name: z.string(),
  /** Parsed arguments; `{}` when they were not a JSON object. */
  arguments: z.record(z.string(), z.unknown()),
  /** Arguments exactly as the model sent them. */
  rawArguments: z.string(),
  /** The result text the model saw. */
  resultText: z.string(),
  /** Whether the call produced data. */
  ok: z.boolean(),
  /** Stable error code when `ok` is false. */
  errorCode: z.string().optional(),
  /** Wall time in milliseconds. */
  durationMs: z.number().nonnegative(),
  /** Whether the result came from a cache. */
  cached: z.boolean().optional(),
  /** The 1-based environment step that carried the call. */
  step: z.number().int().positive().optional(),
});
/** See {@link ToolTraceEntrySchema}. */
export type ToolTraceEntry = z.infer<typeof ToolTraceEntrySchema>;

/** An ordered tool trace. */
export const ToolTraceSchema = z.array(ToolTraceEntrySchema);
