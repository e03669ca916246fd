import { readFile } from 'node:fs/promises';
import {
  ERROR_CODES,
  EpisodeResultSchema,
  NavworldError,
  TravelProblemSchema,
  ToolTraceSchema,
  parseWith,
  type Judge,
  type ScoreBreakdown,
} from '@navworld/core-types';
import { z } from 'zod';
import { scoreEpisode, scoreEpisodesSync } from '@navworld/scorer';
import { EXIT_CODES, stringFlag } from '../internal/cli-support';

/** Options of `navworld score`. */
export interface ScoreCommandOptions {
  episode?: string;
  json?: boolean;
}

/**
 * The file of `navworld score`, given as `[file]` or `--episode <file>` (both only when they agree): the
 * positional form matches `navworld report <file>`.
 */
export function episodeArgument(file: unknown, flag: unknown): string | undefined {
  const positional = stringFlag(file);
  const named = stringFlag(flag);
  if (positional !== undefined && named !== undefined && positional !== named) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `two episode files given: ${positional} and --episode ${named}`,
      { hint: 'give the file once, e.g. navworld score results/results.jsonl' },
    );
  }
  return positional ?? named;
}

/** The least a saved episode must hold to be re-scored. */
const ScorableSchema = z.looseObject({
  problem: TravelProblemSchema,
  trace: ToolTraceSchema,
  answer: z.string(),
  epoch: z.looseObject({ salt: z.string() }).optional(),
  breakdown: z.unknown().optional(),
});

/**
 * `navworld score <file>` (or `--episode <file>`): re-scores saved episodes (a JSON episode, or a JSONL
 * results file) from their problem, trace and answer, and compares with the saved score.
 */
export async function scoreCommand(
  options: ScoreCommandOptions,
  judge: Judge | undefined,
): Promise<number> {
  const path = stringFlag(options.episode);
  if (path === undefined) {
    throw new NavworldError(ERROR_CODES.INVALID_ARGUMENT, 'missing the episode file', {
      hint: 'e.g. navworld score results/results.jsonl (or --episode <file>)',
    });
  }
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new NavworldError(
      ERROR_CODES.IO_ERROR,
      `cannot read ${path}: ${(error as Error).message}`,
      {
        hint: 'check the path; a saved episode is a JSON object or a JSONL results file',
      },
    );
  }
  const records = parseRecords(text, path);
  const episodes = records.map((record, index) =>
    parseWith(ScorableSchema, record, `episode #${index + 1} in ${path}`, {
      hint: 'each episode needs problem, trace and answer, as navworld evaluate saves them',
    }),
  );
  const breakdowns = await scoreAll(episodes, judge);
  const rows: Array<Record<string, unknown>> = [];
  for (const [index, episode] of episodes.entries()) {
    const breakdown = breakdowns[index]!;
    const saved = savedBreakdown(episode.breakdown);
    rows.push({
      taskId: episode.problem.taskId,
      total: breakdown.total,
      codeTotal: breakdown.codeTotal,
      savedCodeTotal: saved?.codeTotal ?? null,
      matches: saved === null ? null : Math.abs(saved.codeTotal - breakdown.codeTotal) < 1e-6,
      ...(options.json === true ? { breakdown } : {}),
    });
  }
  if (options.json === true) {
    console.log(JSON.stringify(rows.length === 1 ? rows[0] : rows, null, 2));
  } else {
    for (const row of rows) {
      const savedCode = row['savedCodeTotal'] as number | null;
      const saved = savedCode === null ? 'no saved score' : `saved code ${savedCode}`;
      const verdict = row['matches'] === null ? '' : row['matches'] ? ' (same)' : ' (DIFFERENT)';
      console.log(
        `task ${String(row['taskId'])}: total ${String(row['total'])}, code ${String(row['codeTotal'])}; ${saved}${verdict}`,
      );
    }
  }
  return EXIT_CODES.ok;
}

/**
 * The breakdowns of the episodes, in order. Without a judge the whole file is scored as one batch (the same
 * breakdowns, less time per episode); with one, episode by episode, each with its own epoch's salt.
 */
async function scoreAll(
  episodes: ReadonlyArray<z.infer<typeof ScorableSchema>>,
  judge: Judge | undefined,
): Promise<ScoreBreakdown[]> {
  if (judge === undefined) return scoreEpisodesSync(episodes);
  const out: ScoreBreakdown[] = [];
  for (const episode of episodes) {
    const salt = episode.epoch?.salt;
    out.push(
      await scoreEpisode({
        problem: episode.problem,
        trace: episode.trace,
        answer: episode.answer,
        judge,
        ...(salt === undefined ? {} : { salt }),
      }),
    );
  }
  return out;
}

function parseRecords(text: string, path: string): unknown[] {
  const trimmed = text.trim();
  if (trimmed === '')
    throw new NavworldError(ERROR_CODES.IO_ERROR, `${path} is empty`, {
      hint: 'pass a saved episode (a JSON object) or a JSONL results file written by navworld evaluate',
    });
  try {
    return [JSON.parse(trimmed)];
  } catch {
    const out: unknown[] = [];
    for (const [i, line] of trimmed.split('\n').entries()) {
      if (line.trim() === '') continue;
      try {
        out.push(JSON.parse(line));
      } catch {
        throw new NavworldError(ERROR_CODES.IO_ERROR, `${path} line ${i + 1} is not JSON`, {
          hint: 'a saved episode is one JSON object, or one per line',
        });
      }
    }
    return out;
  }
}

function savedBreakdown(value: unknown): ScoreBreakdown | null {
  const parsed = EpisodeResultSchema.shape.breakdown.safeParse(value);
  return parsed.success ? parsed.data : null;
}
