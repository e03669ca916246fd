import { z } from 'zod';
import { EpochSchema } from '@navworld/core-types';

/** A tool call as a client may send it to `step`: ids and `type` may be missing, arguments may be an object. */
export const StepToolCallSchema = z.object({
  /** Call id; a missing or empty id gets a generated `call_<24 hex>`. */
  id: z.string().nullish(),
  /** Always `function` when present. */
  type: z.literal('function').nullish(),
  /** The function being called. */
  function: z.object({
    /** Tool name; unknown names are answered with an error result. */
    name: z.string().nullish(),
    /** Arguments as a JSON string, or an object (re-serialised as JSON). */
    arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  }),
});
/** See {@link StepToolCallSchema}. */
export type StepToolCall = z.input<typeof StepToolCallSchema>;

/** Input of `step`. */
export const StepInputSchema = z.object({
  /** The episode to advance. */
  episodeId: z.string().min(1),
  /** Tool calls of this assistant turn; none (or empty) makes `content` the final answer. */
  toolCalls: z.array(StepToolCallSchema).nullish(),
  /** Assistant text: the final answer, or a preamble when tool calls are present. */
  content: z.string().nullish(),
});
/** See {@link StepInputSchema}. */
export type StepInput = z.input<typeof StepInputSchema>;

/** Input of `reset`. */
export const ResetInputSchema = z.object({
  /** Task id (0 ≤ id < 2^31). */
  taskId: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  /** The epoch to run in; defaults to the environment's epoch. */
  epoch: EpochSchema.optional(),
});
/** See {@link ResetInputSchema}. */
export type ResetInput = z.input<typeof ResetInputSchema>;
