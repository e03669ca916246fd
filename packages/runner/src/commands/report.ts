import { writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { ERROR_CODES, NavworldError } from '@navworld/core-types';
import { EXIT_CODES, checkReportPath, ensureFolder, numberFlag } from '../internal/cli-support';
import { renderHtmlReport } from '../report/html';
import { mixedRunsWarning, runsOf } from '../report/runs';
import { readResults } from '../results/store';
import { countOf } from '../stats/format';
import { formatSummaryTable, summarize } from '../stats/summary';

/** Options of `navworld report`. */
export interface ReportCommandOptions {
  /** Write the self-contained HTML report to this path. */
  html?: string;
  /** Print the summary as JSON instead of the text table. */
  json?: boolean;
  /** Pass threshold on the 0–100 total. @default 60 */
  passThreshold?: number | string;
  /** Bootstrap seed. */
  seed?: string;
  /** Judge price in USD per million prompt tokens (for the cost line). */
  judgePromptPrice?: number | string;
  /** Judge price in USD per million completion tokens. */
  judgeCompletionPrice?: number | string;
  /**
   * Pool results of different runs (agents, models, epochs or component versions) into one summary; without
   * it such a file is refused, since its numbers would not measure any one run. Pooled, a one-line warning
   * naming what is mixed goes to `warn` and into the HTML header.
   */
  force?: boolean;
  /** Where text goes. @default console.log */
  write?: (line: string) => void;
  /** Where warnings go (kept apart from `write`, so that `--json` output stays JSON). @default console.error */
  warn?: (line: string) => void;
}

/** Runs shown at most when mixed runs are refused. */
const MAX_RUNS_SHOWN = 5;

/** The error for a file mixing several runs. */
function mixedRuns(file: string, runs: readonly string[]): NavworldError {
  const shown = runs.slice(0, MAX_RUNS_SHOWN).map((r) => `  ${r}`);
  if (runs.length > MAX_RUNS_SHOWN) shown.push(`  … and ${runs.length - MAX_RUNS_SHOWN} more`);
  return new NavworldError(
    ERROR_CODES.VERSION_MISMATCH,
    `${file} mixes ${runs.length} runs, whose scores are not comparable:\n${shown.join('\n')}`,
    {
      hint: 'Report each run from a file of its own, or pass --force to pool them into one summary.',
      details: { runs: runs.length },
    },
  );
}

/** The error for a results file without a single episode record. */
function noEpisodes(file: string, skippedLines: number): NavworldError {
  return skippedLines === 0
    ? new NavworldError(ERROR_CODES.IO_ERROR, `no episode in ${file}: the file is empty`, {
        hint: 'Report on a file that `navworld evaluate --out` has written episodes to.',
      })
    : new NavworldError(
        ERROR_CODES.IO_ERROR,
        `no episode in ${file}: none of its ${skippedLines} line(s) is an episode record`,
        {
          hint: 'Pass a JSONL file written by `navworld evaluate --out` (one episode result per line).',
          details: { skippedLines },
        },
      );
}

/** Highest judge price accepted, in USD per million tokens (a guard against a misplaced digit). */
const MAX_PRICE_PER_MILLION = 10_000;

/**
 * `navworld report <results.jsonl> [--html report.html]`: prints the batch summary of a results file and
 * optionally writes the HTML report. Unreadable lines (a torn last line) are skipped and counted. A file
 * without any episode record (empty, or only unreadable lines) is an `IO_ERROR` (exit 3): there is nothing to
 * report. A file mixing runs (agents, models, epochs or versions) is refused with `VERSION_MISMATCH` unless
 * `force` pools them, with a warning naming what is mixed.
 */
export async function reportCommand(
  file: string,
  options: ReportCommandOptions = {},
): Promise<number> {
  const write = options.write ?? ((line: string) => console.log(line));
  const warn = options.warn ?? ((line: string) => console.error(line));
  // Flags first: a bad one is reported before a large file is read.
  const passThreshold = numberFlag(options.passThreshold, 'pass-threshold', 0, 100);
  const promptPrice = numberFlag(
    options.judgePromptPrice,
    'judge-prompt-price',
    0,
    MAX_PRICE_PER_MILLION,
  );
  const completionPrice = numberFlag(
    options.judgeCompletionPrice,
    'judge-completion-price',
    0,
    MAX_PRICE_PER_MILLION,
  );
  if (options.html !== undefined) await checkReportPath(resolve(options.html), 'html', file);
  // The text and JSON summaries read no conversation or tool text: leave them out of memory.
  const { results, skippedLines } = await readResults(file, {
    summaryOnly: options.html === undefined,
  });
  // A summary of nothing would print dashes and exit 0, which a script would take for a finished run.
  if (results.length === 0) throw noEpisodes(file, skippedLines);
  const runs = runsOf(results);
  if (runs.length > 1 && options.force !== true) throw mixedRuns(file, runs);
  const pooled = mixedRunsWarning(results);
  if (pooled !== null) warn(pooled);
  const summaryOptions = {
    ...(passThreshold === undefined ? {} : { passThreshold }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(promptPrice === undefined && completionPrice === undefined
      ? {}
      : {
          judgePrice: {
            promptPerMillion: promptPrice ?? 0,
            completionPerMillion: completionPrice ?? 0,
          },
        }),
  };
  const summary = summarize(results, summaryOptions);
  if (options.json === true) write(JSON.stringify({ ...summary, skippedLines }, null, 2));
  else {
    write(formatSummaryTable(summary));
    if (skippedLines > 0) write(`skipped ${skippedLines} unreadable line(s) in ${file}`);
  }
  if (options.html !== undefined) {
    const path = resolve(options.html);
    const html = renderHtmlReport(results, {
      ...summaryOptions,
      summary,
      skippedLines,
      title: 'NAVWORLD report',
      subtitle: `${basename(file)} · ${countOf(results.length, 'episode')} ·`,
    });
    try {
      // Missing folders are made, as for `evaluate --out`.
      await ensureFolder(dirname(path));
      await writeFile(path, html, 'utf8');
    } catch (error) {
      throw new NavworldError(
        ERROR_CODES.IO_ERROR,
        `cannot write ${path}: ${(error as Error).message}`,
        { cause: error, hint: 'Pass --html a path in a writable folder.' },
      );
    }
    if (options.json !== true) write(`HTML report written to ${path}`);
  }
  return EXIT_CODES.ok;
}
