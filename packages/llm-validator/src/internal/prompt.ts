// Input validation and the assembly of the one judge prompt.
import { z } from 'zod';
import {
  ExtractedFactsSchema,
  ParsedPlanSchema,
  ToolTraceSchema,
  TravelProblemSchema,
  parseWith,
  sha256Hex,
  type JudgeInput,
} from '@navworld/core-types';
import { drawRubric, renderJudgePrompt, type Rubric } from './rubric';
import { boundaryToken } from './sanitize';
import { renderFactsSummary, renderStructuredSummary, requirementLines } from './summary';

/** Schema of the core-types `JudgeInput` interface, used at this package's boundary. */
export const JudgeInputSchema = z.object({
  problem: TravelProblemSchema,
  trace: ToolTraceSchema,
  answer: z.string(),
  toolFacts: ExtractedFactsSchema,
  answerFacts: ExtractedFactsSchema,
  parsed: ParsedPlanSchema,
  salt: z.string(),
  namedToolPois: z.array(z.string()).optional(),
  sourcedPlaces: z.array(z.string()).optional(),
});

/** Validates a judge input (throws a ValidationError naming every bad field). */
export function parseJudgeInput(input: unknown): JudgeInput {
  return parseWith(JudgeInputSchema, input, 'judge input');
}

/**
 * The boundary token of an episode: reproducible from (task, salt, answer) but unknowable to the answer's
 * author, because it depends on the hash of the very text that would have to contain it.
 */
export function boundaryFor(input: Pick<JudgeInput, 'problem' | 'salt' | 'answer'>): string {
  return boundaryToken(
    sha256Hex(`${input.problem.taskId}|${input.salt}|${sha256Hex(input.answer)}|boundary`),
  );
}

/** Everything sent to the judge for one episode. */
export interface JudgePrompt {
  /** The single user message. */
  prompt: string;
  /** SHA-256 of the prompt (the cache key part). */
  promptHash: string;
  /** The rubric draw. */
  rubric: Rubric;
  /** The boundary token. */
  boundary: string;
  /** The structured summary embedded in the prompt. */
  structuredSummary: string;
  /** The facts summary embedded in the prompt. */
  factsSummary: string;
}

/** Builds the judge prompt of an (already validated) input. */
export function assembleJudgePrompt(input: JudgeInput): JudgePrompt {
  const boundary = boundaryFor(input);
  const rubric = drawRubric(input.problem.taskId, input.salt);
  const factsSummary = renderFactsSummary(input);
  const structuredSummary = renderStructuredSummary(input, { boundary });
  const prompt = renderJudgePrompt(rubric, {
    requirements: requirementLines(input.problem),
    factsSummary,
    structuredSummary,
    boundary,
  });
  return {
    prompt,
    promptHash: sha256Hex(prompt),
    rubric,
    boundary,
    structuredSummary,
    factsSummary,
  };
}

const FactsInputSchema = z.object({ trace: ToolTraceSchema, toolFacts: ExtractedFactsSchema });

/** Options of {@link buildStructuredSummary}. */
export interface StructuredSummaryOptions {
  /** Boundary token around answer-derived text (default: derived from task, salt and answer). */
  boundary?: string;
}

/**
 * The code-extracted view of an answer that the judge scores instead of the answer itself (Chinese, one
 * section per aspect: statistics, transport, POIs, prices, weather, distances, reasoning, user needs, route
 * logic, fact check). Every line is computed by code; answer excerpts are sanitised and boundary-wrapped.
 */
export function buildStructuredSummary(
  input: JudgeInput,
  options: StructuredSummaryOptions = {},
): string {
  const valid = parseJudgeInput(input);
  return renderStructuredSummary(valid, { boundary: options.boundary ?? boundaryFor(valid) });
}

/** The verifiable facts the tools returned (Chinese list, with warnings for tools that were never called). */
export function buildFactsSummary(input: Pick<JudgeInput, 'trace' | 'toolFacts'>): string {
  return renderFactsSummary(parseWith(FactsInputSchema, input, 'facts summary input'));
}

/** The complete judge prompt of an episode (validated), with its rubric, boundary and hash. */
export function buildJudgePrompt(input: JudgeInput): JudgePrompt {
  return assembleJudgePrompt(parseJudgeInput(input));
}
