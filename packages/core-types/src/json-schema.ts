import { z } from 'zod';
import { EpochSchema } from './epoch';
import { ExtractedFactsSchema, ParsedPlanSchema } from './schemas/facts';
import { ChatMessageSchema, ToolCallSchema } from './schemas/messages';
import { TravelProblemSchema, VersionsSchema } from './schemas/problem';
import {
  EpisodeResultSchema,
  JudgeResultSchema,
  SafeResultSchema,
  ScoreBreakdownSchema,
  StepResultSchema,
} from './schemas/score';
import { ToolResultSchema, ToolTraceEntrySchema } from './schemas/trace';

/** The public schemas by name, as exported to JSON Schema. */
export const PUBLIC_SCHEMAS = {
  TravelProblem: TravelProblemSchema,
  ChatMessage: ChatMessageSchema,
  ToolCall: ToolCallSchema,
  ToolResult: ToolResultSchema,
  ToolTraceEntry: ToolTraceEntrySchema,
  Epoch: EpochSchema,
  ExtractedFacts: ExtractedFactsSchema,
  ParsedPlan: ParsedPlanSchema,
  ScoreBreakdown: ScoreBreakdownSchema,
  JudgeResult: JudgeResultSchema,
  SafeResult: SafeResultSchema,
  StepResult: StepResultSchema,
  EpisodeResult: EpisodeResultSchema,
  Versions: VersionsSchema,
} as const;

/** Name of a schema in {@link PUBLIC_SCHEMAS}. */
export type PublicSchemaName = keyof typeof PUBLIC_SCHEMAS;

/**
 * JSON Schema (draft 2020-12) of one public schema, for consumers outside TypeScript. The shape describes
 * the JSON form of a record (what is read and written), i.e. the schema's input.
 */
export function toJsonSchema(name: PublicSchemaName): Record<string, unknown> {
  return z.toJSONSchema(PUBLIC_SCHEMAS[name], { io: 'input', unrepresentable: 'any' });
}

/** JSON Schemas of every public schema, keyed by name. */
export function allJsonSchemas(): Record<PublicSchemaName, Record<string, unknown>> {
  const out = {} as Record<PublicSchemaName, Record<string, unknown>>;
  for (const name of Object.keys(PUBLIC_SCHEMAS) as PublicSchemaName[])
    out[name] = toJsonSchema(name);
  return out;
}
