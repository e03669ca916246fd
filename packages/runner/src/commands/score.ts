import { open, type FileHandle } from 'node:fs/promises';
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
import { unscoredCauses, type EpisodeStatus } from '../internal/unscored';
import { latestRecords, readLines, type SlotRecord } from '../results/store';
import { EDIT_CHECKS, editEpisode, type EditCheckName, type EditCheckStats } from '../audit/edits';
import { addEdits, editCountText, emptyEditStats, measureWord } from '../audit/edit-stats';
import { AUDIT_FAILED_EXIT_CODE } from './audit';

/** Options of `navworld score`. */
export interface ScoreCommandOptions {
  episode?: string;
  json?: boolean;
  /** Also apply the reward audit's edit checks to each scored episode (judge off). */
  edits?: boolean;
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

/** Episodes scored in one batch when there is no judge: the batch's breakdowns are the single calls'. */
const SCORE_BATCH = 32;

/** What a first read of the file found: where its records are and which of them a later record replaces. */
type Survey =
  | {
      /** One record per line. */
      kind: 'lines';
      /** Bytes read: the second read stops there, so records appended meanwhile are left for later. */
      bytes: number;
      /** Whether each record (in file order) is scored or listed, rather than replaced by a later one. */
      kept: boolean[];
      /** The cut-off last line, left out. */
      cutLine?: number;
    }
  | { kind: 'document'; record: Entry };

/** A failure to read the file as `IO_ERROR`; anything else (a typed error, a bug) is passed on as it is. */
function fileError(path: string, error: unknown): unknown {
  if (error instanceof NavworldError) return error;
  if (typeof (error as NodeJS.ErrnoException | undefined)?.code !== 'string') return error;
  return new NavworldError(
    ERROR_CODES.IO_ERROR,
    `cannot read ${path}: ${(error as Error).message}`,
    { hint: 'check the path; a saved episode is a JSON object or a JSONL results file' },
  );
}

function notJsonError(path: string, line: number): NavworldError {
  return new NavworldError(ERROR_CODES.IO_ERROR, `${path} line ${line} is not JSON`, {
    hint: 'a saved episode is one JSON object, or one per line',
  });
}

function emptyError(message: string): NavworldError {
  return new NavworldError(ERROR_CODES.IO_ERROR, message, {
    hint: 'pass a saved episode (a JSON object) or a JSONL results file written by navworld evaluate',
  });
}

/**
 * Reads the file once, checking every record, and keeps only what the second read needs: which records are
 * kept and where the file ended. A first line that is not JSON may open one pretty-printed episode: the whole
 * file is then read as one JSON value (such a file holds a single episode, so it is small).
 */
async function surveyFile(path: string, handle: FileHandle): Promise<Survey> {
  const slots: Array<SlotRecord & { index: number }> = [];
  let lineNo = 0;
  let bytes = 0;
  let cutLine: number | undefined;
  let documentLine: number | undefined;
  for await (const line of readLines(handle)) {
    lineNo++;
    bytes = line.end;
    if (line.text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch {
      // A last line without its newline is what a run stopped mid-write leaves (each record is written
      // with its newline in one write).
      if (!line.terminated) {
        cutLine = lineNo;
        continue;
      }
      if (slots.length === 0) {
        documentLine = lineNo;
        break;
      }
      throw notJsonError(path, lineNo);
    }
    const entry = entryOf(value, `episode #${slots.length + 1} in ${path}`);
    slots.push({
      agent: entry.agent,
      model: entry.model,
      taskId: entry.taskId,
      repeat: entry.repeat,
      validForScoring: entry.validForScoring,
      index: slots.length,
    });
  }
  if (documentLine !== undefined) {
    let value: unknown;
    try {
      value = JSON.parse((await handle.readFile('utf8')).trim());
    } catch (error) {
      if (error instanceof SyntaxError) throw notJsonError(path, documentLine);
      throw error;
    }
    return { kind: 'document', record: entryOf(value, `episode #1 in ${path}`) };
  }
  if (slots.length === 0) {
    throw emptyError(
      cutLine === undefined
        ? `${path} is empty`
        : `${path} holds no whole record: its only line is cut off`,
    );
  }
  const kept = new Array<boolean>(slots.length).fill(false);
  for (const slot of latestRecords(slots)) kept[slot.index] = true;
  return { kind: 'lines', bytes, kept, ...(cutLine === undefined ? {} : { cutLine }) };
}

/** The records the survey kept, read again in file order (the survey checked each one). */
async function* keptEntries(
  path: string,
  handle: FileHandle,
  survey: Survey,
): AsyncGenerator<Entry> {
  if (survey.kind === 'document') {
    yield survey.record;
    return;
  }
  let index = 0;
  for await (const line of readLines(handle, undefined, survey.bytes)) {
    if (line.text.trim() === '' || index >= survey.kept.length) continue;
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch {
      if (!line.terminated) continue;
      throw changedError(path);
    }
    const at = index++;
    if (survey.kept[at] === true) yield entryOf(value, `episode #${at + 1} in ${path}`);
  }
  // Fewer records than the first read found: the file was cut or rewritten meanwhile.
  if (index < survey.kept.length) throw changedError(path);
}

function changedError(path: string): NavworldError {
  return new NavworldError(ERROR_CODES.IO_ERROR, `${path} changed while it was being scored`, {
    hint: 'score a file that no run is writing (or a copy of it)',
  });
}

/** One line (or JSON row) of the output for a record. */
type Row = Record<string, unknown>;

function unscoredRow(entry: Entry & { validForScoring: false }): Row {
  return {
    taskId: entry.taskId,
    scored: false,
    outcome: entry.record.outcome ?? null,
    error: entry.record.error ?? null,
    total: null,
    codeTotal: null,
    savedCodeTotal: null,
    matches: null,
  };
}

/** What the edit checks found on one episode: per check, the edits scored and those that raised the score. */
type EpisodeEdits = ReturnType<typeof editEpisode>;

function scoredRow(
  entry: Entry & { validForScoring: true },
  breakdown: ScoreBreakdown,
  withBreakdown: boolean,
  edits: EpisodeEdits | undefined,
): Row {
  const saved = savedBreakdown(entry.episode.breakdown);
  return {
    taskId: entry.taskId,
    scored: true,
    total: breakdown.total,
    codeTotal: breakdown.codeTotal,
    savedCodeTotal: saved?.codeTotal ?? null,
    savedScorerVersion: saved?.scorerVersion ?? null,
    scorerVersion: breakdown.scorerVersion,
    matches: saved === null ? null : Math.abs(saved.codeTotal - breakdown.codeTotal) < 1e-6,
    ...(withBreakdown ? { breakdown } : {}),
    ...(edits === undefined ? {} : { edits }),
  };
}

/** The edits of a row that raised a score, as text lines. */
function raisedLines(row: Row): string[] {
  const edits = row['edits'] as EpisodeEdits | undefined;
  if (edits === undefined) return [];
  return EDIT_CHECKS.flatMap((c) =>
    edits[c.name].raised.map(
      (r) =>
        `  edit ${c.name} raised the ${measureWord(c.measure)} ${r.before} → ${r.after} (${r.variant}, ${r.edit})`,
    ),
  );
}

/** Whether a row re-scores a saved code score differently under the scorer version that saved it. */
function differsUnderSameVersion(row: Row): boolean {
  return row['matches'] === false && row['savedScorerVersion'] === row['scorerVersion'];
}

/** The text line of a row. */
function rowText(row: Row): string {
  if (row['scored'] === false) {
    const why = (row['error'] ?? row['outcome'] ?? 'no cause recorded') as string;
    return `task ${String(row['taskId'])}: not scored (${why})`;
  }
  const savedCode = row['savedCodeTotal'] as number | null;
  const saved = savedCode === null ? 'no saved score' : `saved code ${savedCode}`;
  const verdict =
    row['matches'] === null
      ? ''
      : row['matches']
        ? ' (same)'
        : differsUnderSameVersion(row)
          ? ' (DIFFERENT)'
          : ` (different: saved by scorer ${String(row['savedScorerVersion'])}, scored by ${String(row['scorerVersion'])})`;
  return `task ${String(row['taskId'])}: total ${String(row['total'])}, code ${String(row['codeTotal'])}; ${saved}${verdict}`;
}

/**
 * Prints rows as they come: text lines, or the JSON of all rows (one object when there is one row, else an
 * array, laid out as `JSON.stringify(rows, null, 2)` lays it out, without holding the rows).
 */
function rowPrinter(json: boolean, count: number, print: (line: string) => void) {
  let printed = 0;
  return {
    row(row: Row): void {
      if (!json) {
        print(rowText(row));
        for (const line of raisedLines(row)) print(line);
      } else if (count === 1) print(JSON.stringify(row, null, 2));
      else {
        if (printed === 0) print('[');
        const comma = printed === count - 1 ? '' : ',';
        print(`${JSON.stringify(row, null, 2).replace(/^/gm, '  ')}${comma}`);
      }
      printed++;
    },
    end(): void {
      if (json && count !== 1) print(printed === 0 ? '[]' : ']');
    },
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
 * The file is read twice and never held whole: the first read checks every record (any error stops the
 * command before a line is printed), the second scores them in batches and prints each row as it is ready.
 *
 * A saved score is compared with the new one whatever scorer version saved it, but only a difference under the
 * same version is a failure (exit 7, before 4): another version may score differently by design.
 *
 * With `edits`, each scored episode also goes through the reward audit's edit checks (judge off): the edits that
 * raise its score are listed under its row (in `edits` of its JSON row), the counts per check go to stderr, and
 * any raise exits 6 (after 7, before 4), as a failed audit gate does.
 */
export async function scoreCommand(
  options: ScoreCommandOptions,
  judge: Judge | undefined,
  warn: (line: string) => void = (line) => console.error(line),
  print: (line: string) => void = (line) => console.log(line),
): Promise<number> {
  const path = stringFlag(options.episode);
  if (path === undefined) {
    throw new NavworldError(ERROR_CODES.INVALID_ARGUMENT, 'missing the episode file', {
      hint: 'e.g. navworld score results/results.jsonl (or --episode <file>)',
    });
  }
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw fileError(path, error);
  }
  try {
    return await scoreFile(
      path,
      handle,
      { json: options.json === true, edits: options.edits === true },
      judge,
      warn,
      print,
    );
  } catch (error) {
    throw fileError(path, error);
  } finally {
    await handle.close();
  }
}

async function scoreFile(
  path: string,
  handle: FileHandle,
  { json, edits }: { json: boolean; edits: boolean },
  judge: Judge | undefined,
  warn: (line: string) => void,
  print: (line: string) => void,
): Promise<number> {
  const survey = await surveyFile(path, handle);
  if (survey.kind === 'lines' && survey.cutLine !== undefined) {
    warn(
      `warning: skipped line ${survey.cutLine} of ${path}: it is cut off, as a run stopped mid-write leaves it (evaluate --resume removes it)`,
    );
  }
  const records = survey.kind === 'document' ? 1 : survey.kept.length;
  const keptCount = survey.kind === 'document' ? 1 : survey.kept.filter(Boolean).length;
  const printer = rowPrinter(json, keptCount, print);
  const unscored: EpisodeStatus[] = [];
  let differing = 0;
  // The edit checks' figures over the file.
  const editStats = new Map<EditCheckName, EditCheckStats>();
  // Records waiting for their batch to be scored, in file order (unscored ones wait too, to keep the order),
  // and the episodes among them.
  let pending: Entry[] = [];
  let scorable: Scorable[] = [];
  const flush = async (): Promise<void> => {
    const breakdowns = await scoreAll(scorable, judge);
    let next = 0;
    for (const entry of pending) {
      let row: Row;
      if (entry.validForScoring) {
        const edited = edits ? editsOf(entry) : undefined;
        if (edited !== undefined) addEdits(editStats, edited);
        row = scoredRow(entry, breakdowns[next++]!, json, edited);
      } else row = unscoredRow(entry);
      if (differsUnderSameVersion(row)) differing++;
      printer.row(row);
    }
    pending = [];
    scorable = [];
  };
  const batch = judge === undefined ? SCORE_BATCH : 1;
  for await (const entry of keptEntries(path, handle, survey)) {
    if (!entry.validForScoring) {
      unscored.push({
        taskId: entry.taskId,
        validForScoring: false,
        error: entry.record.error,
        outcome: entry.record.outcome,
      });
    } else scorable.push(entry.episode);
    pending.push(entry);
    if (scorable.length >= batch) await flush();
  }
  await flush();
  printer.end();
  const superseded = records - keptCount;
  if (superseded > 0)
    warn(
      `left out ${superseded} failed record(s) that a later record of the same episode replaces`,
    );
  const causes = unscoredCauses(unscored);
  for (const line of causes) warn(line);
  let raised = 0;
  if (edits) {
    for (const c of EDIT_CHECKS) {
      const stats = editStats.get(c.name) ?? emptyEditStats(c);
      raised += stats.raised;
      warn(`edit check ${c.name}: ${editCountText(stats)}`);
    }
  }
  if (differing > 0) {
    warn(
      `${differing} episode(s) scored differently by the scorer version that saved them: the saved records were changed, or scoring is not reproducible`,
    );
    return EXIT_CODES.scoresDiffer;
  }
  if (raised > 0) {
    warn(
      `${raised} edit(s) raised a score: the reward rewards such an edit on these plans (see docs/reward-audit.md, Edit checks)`,
    );
    return AUDIT_FAILED_EXIT_CODE;
  }
  return causes.length > 0 ? EXIT_CODES.invalidEpisodes : EXIT_CODES.ok;
}

/** The audit's edit checks on one saved episode (judge off; the task id names it in the raised edits). */
function editsOf(entry: Entry & { validForScoring: true }): EpisodeEdits {
  const { problem, trace, answer } = entry.episode;
  return editEpisode({ taskId: entry.taskId, problem, trace, answer });
}

/**
 * The breakdowns of the episodes, in order. Without a judge they are scored as one batch (the same
 * breakdowns, less time per episode); with one, episode by episode, each with its own epoch's salt.
 */
async function scoreAll(
  episodes: readonly Scorable[],
  judge: Judge | undefined,
): Promise<ScoreBreakdown[]> {
  if (episodes.length === 0) return [];
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

function savedBreakdown(value: unknown): ScoreBreakdown | null {
  const parsed = EpisodeResultSchema.shape.breakdown.safeParse(value);
  return parsed.success ? parsed.data : null;
}
