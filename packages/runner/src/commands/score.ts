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
import { unscoredCauses } from '../internal/unscored';
import { isJson, latestRecords, type SlotRecord } from '../results/store';

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
  // The episode slot, read to tell which records a retry replaced (absent from hand-made episodes).
  taskId: z.number().int().nonnegative().optional(),
  repeat: z.number().int().nonnegative().optional(),
  agent: z.string().optional(),
  model: z.string().nullable().optional(),
});

/**
 * A record of an episode that ended in an infrastructure failure (`validForScoring: false`): it holds no
 * answer to score, and a 0 would charge the model for an outage.
 */
const UnscoredSchema = z.looseObject({
  validForScoring: z.literal(false),
  taskId: z.number().int().nonnegative(),
  repeat: z.number().int().nonnegative().optional(),
  agent: z.string().optional(),
  model: z.string().nullable().optional(),
  outcome: z.string().optional(),
  error: z.string().nullable().optional(),
});

type Scorable = z.infer<typeof ScorableSchema>;
type Unscored = z.infer<typeof UnscoredSchema>;

/** One record of the file, with the slot it fills. */
type Entry = SlotRecord &
  ({ validForScoring: true; episode: Scorable } | { validForScoring: false; record: Unscored });

/** Reads one record: an unscored one by what it says of its failure, any other as an episode to score. */
function entryOf(record: unknown, where: string): Entry {
  const slot = (r: Scorable | Unscored, taskId: number) => ({
    agent: r.agent,
    model: r.model ?? null,
    taskId,
    repeat: r.repeat ?? 0,
  });
  if ((record as { validForScoring?: unknown } | null)?.validForScoring === false) {
    const unscored = parseWith(UnscoredSchema, record, where, {
      hint: 'a record of a failed episode needs taskId, as navworld evaluate saves it',
    });
    return { ...slot(unscored, unscored.taskId), validForScoring: false, record: unscored };
  }
  const episode = parseWith(ScorableSchema, record, where, {
    hint: 'each episode needs problem, trace and answer, as navworld evaluate saves them',
  });
  return {
    ...slot(episode, episode.taskId ?? episode.problem.taskId),
    validForScoring: true,
    episode,
  };
}

/**
 * `navworld score <file>` (or `--episode <file>`): re-scores saved episodes (a JSON episode, or a JSONL
 * results file) from their problem, trace and answer, and compares with the saved score. Records of
 * episodes that failed for infrastructure reasons are listed as not scored, never as 0, and their causes go
 * to stderr with exit code 4, as `evaluate` reports them; a failed record that a later record of the same
 * episode replaces (a resumed run retried it) is left out, as `report` leaves it out. A cut-off last line
 * (a run stopped mid-write) is skipped with a warning; any other line that is not JSON is an error.
 *
 * A saved score is compared with the new one whatever scorer version saved it, but only a difference under the
 * same version is a failure (exit 7, before 4): another version may score differently by design.
 */
export async function scoreCommand(
  options: ScoreCommandOptions,
  judge: Judge | undefined,
  warn: (line: string) => void = (line) => console.error(line),
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
  const { records, cutLine } = parseRecords(text, path);
  if (cutLine !== undefined) {
    warn(
      `warning: skipped line ${cutLine} of ${path}: it is cut off, as a run stopped mid-write leaves it (evaluate --resume removes it)`,
    );
  }
  const all = records.map((record, index) => entryOf(record, `episode #${index + 1} in ${path}`));
  const entries = latestRecords(all);
  const scorable = entries.flatMap((e) => (e.validForScoring ? [e.episode] : []));
  const breakdowns = await scoreAll(scorable, judge);
  const rows: Array<Record<string, unknown>> = [];
  let next = 0;
  // Scored again by the version that saved them, with another code score.
  let differing = 0;
  for (const entry of entries) {
    if (!entry.validForScoring) {
      rows.push({
        taskId: entry.taskId,
        scored: false,
        outcome: entry.record.outcome ?? null,
        error: entry.record.error ?? null,
        total: null,
        codeTotal: null,
        savedCodeTotal: null,
        matches: null,
      });
      continue;
    }
    const breakdown = breakdowns[next++]!;
    const saved = savedBreakdown(entry.episode.breakdown);
    const matches = saved === null ? null : Math.abs(saved.codeTotal - breakdown.codeTotal) < 1e-6;
    const savedVersion = saved?.scorerVersion ?? null;
    if (matches === false && savedVersion === breakdown.scorerVersion) differing++;
    rows.push({
      taskId: entry.taskId,
      scored: true,
      total: breakdown.total,
      codeTotal: breakdown.codeTotal,
      savedCodeTotal: saved?.codeTotal ?? null,
      savedScorerVersion: savedVersion,
      scorerVersion: breakdown.scorerVersion,
      matches,
      ...(options.json === true ? { breakdown } : {}),
    });
  }
  if (options.json === true) {
    console.log(JSON.stringify(rows.length === 1 ? rows[0] : rows, null, 2));
  } else {
    for (const row of rows) {
      if (row['scored'] === false) {
        const why = (row['error'] ?? row['outcome'] ?? 'no cause recorded') as string;
        console.log(`task ${String(row['taskId'])}: not scored (${why})`);
        continue;
      }
      const savedCode = row['savedCodeTotal'] as number | null;
      const saved = savedCode === null ? 'no saved score' : `saved code ${savedCode}`;
      const sameVersion = row['savedScorerVersion'] === row['scorerVersion'];
      const verdict =
        row['matches'] === null
          ? ''
          : row['matches']
            ? ' (same)'
            : sameVersion
              ? ' (DIFFERENT)'
              : ` (different: saved by scorer ${String(row['savedScorerVersion'])}, scored by ${String(row['scorerVersion'])})`;
      console.log(
        `task ${String(row['taskId'])}: total ${String(row['total'])}, code ${String(row['codeTotal'])}; ${saved}${verdict}`,
      );
    }
  }
  const superseded = all.length - entries.length;
  if (superseded > 0)
    warn(
      `left out ${superseded} failed record(s) that a later record of the same episode replaces`,
    );
  const unscored = unscoredCauses(
    entries.map((e) =>
      e.validForScoring ? e : { ...e, error: e.record.error, outcome: e.record.outcome },
    ),
  );
  for (const line of unscored) warn(line);
  if (differing > 0) {
    warn(
      `${differing} episode(s) scored differently by the scorer version that saved them: the saved records were changed, or scoring is not reproducible`,
    );
    return EXIT_CODES.scoresDiffer;
  }
  return unscored.length > 0 ? EXIT_CODES.invalidEpisodes : EXIT_CODES.ok;
}

/**
 * The breakdowns of the episodes, in order. Without a judge the whole file is scored as one batch (the same
 * breakdowns, less time per episode); with one, episode by episode, each with its own epoch's salt.
 */
async function scoreAll(
  episodes: readonly Scorable[],
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

/**
 * The records of a saved episode (one JSON object) or a JSONL file. A last line without its newline that is
 * not JSON is what a run stopped mid-write leaves (each record is written with its newline in one write): it
 * is left out and its number returned. Any other line that is not JSON is an error.
 */
function parseRecords(text: string, path: string): { records: unknown[]; cutLine?: number } {
  const empty = (message: string): NavworldError =>
    new NavworldError(ERROR_CODES.IO_ERROR, message, {
      hint: 'pass a saved episode (a JSON object) or a JSONL results file written by navworld evaluate',
    });
  const trimmed = text.trim();
  if (trimmed === '') throw empty(`${path} is empty`);
  try {
    return { records: [JSON.parse(trimmed)] };
  } catch {
    // Not one JSON document: one record per line.
  }
  const lines = text.split('\n');
  const last = lines.length - 1;
  const cut = lines[last]!.trim() !== '' && !isJson(lines[last]!);
  const records: unknown[] = [];
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '' || (cut && i === last)) continue;
    try {
      records.push(JSON.parse(line));
    } catch {
      throw new NavworldError(ERROR_CODES.IO_ERROR, `${path} line ${i + 1} is not JSON`, {
        hint: 'a saved episode is one JSON object, or one per line',
      });
    }
  }
  if (records.length === 0) throw empty(`${path} holds no whole record: its only line is cut off`);
  return cut ? { records, cutLine: last + 1 } : { records };
}

function savedBreakdown(value: unknown): ScoreBreakdown | null {
  const parsed = EpisodeResultSchema.shape.breakdown.safeParse(value);
  return parsed.success ? parsed.data : null;
}
