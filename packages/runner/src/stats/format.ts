import { SCORING_CONFIG } from '@navworld/scorer';
import type { BatchSummary, GroupSummary } from './summary';
import type { MeanWithCi } from './estimators';

/** Terminal width of a string: East Asian wide characters take two columns. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u.test(ch) ? 2 : 1;
  return width;
}

function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

function padStart(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - displayWidth(text))) + text;
}

function fixed(value: number | null, digits = 1): string {
  return value === null || !Number.isFinite(value) ? '–' : value.toFixed(digits);
}

function percent(value: number | null): string {
  return value === null || !Number.isFinite(value) ? '–' : `${(value * 100).toFixed(1)}%`;
}

/** `62.4 [58.1, 66.7]` for a mean with its interval. */
export function formatCi(ci: MeanWithCi, scale = 1, digits = 1): string {
  if (ci.mean === null) return '–';
  const s = (v: number | null): string => fixed(v === null ? null : v * scale, digits);
  return `${s(ci.mean)} [${s(ci.low)}, ${s(ci.high)}]`;
}

function table(headers: string[], rows: string[][], rightAligned: boolean[]): string[] {
  const widths = headers.map((h, i) =>
    Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))),
  );
  const line = (cells: string[]): string =>
    cells
      .map((c, i) =>
        (rightAligned[i] ?? false) ? padStart(c, widths[i] ?? 0) : padEnd(c, widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

function groupTable(title: string, groups: readonly GroupSummary[]): string[] {
  if (groups.length === 0) return [];
  return [
    '',
    ...table(
      [title, 'n', 'mean total [95% CI]', 'pass rate [95% CI]'],
      groups.map((g) => [g.key, String(g.episodes), formatCi(g.total), formatCi(g.passRate, 100)]),
      [false, true, true, true],
    ),
  ];
}

function counts(record: Record<string, number>): string {
  const entries = Object.entries(record).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return entries.length === 0 ? 'none' : entries.map(([k, v]) => `${k}×${v}`).join(', ');
}

/** `1 episode`, `3 episodes`: a count with its noun in the right number (nouns here take a plain -s). */
export function countOf(count: number, noun: string): string {
  return `${count} ${plural(count, noun)}`;
}

/** `noun`, or `noun` + `s` unless `count` is 1. */
export function plural(count: number, noun: string): string {
  return count === 1 ? noun : `${noun}s`;
}

/** Number of cities listed in the text table (the HTML report lists them all). */
const CITY_ROWS = 10;

/**
 * Why nothing can pass, when no valid episode was judged and the pass mark is above the most the code score
 * alone reaches (50): a judge-free sweep would otherwise read as if every episode had failed. Null otherwise.
 */
export function passMarkNote(summary: BatchSummary): string | null {
  const codeMax = SCORING_CONFIG.weights.codeTotal;
  return summary.validEpisodes > 0 && summary.judgeTotal.n === 0 && summary.passThreshold > codeMax
    ? `no episode was judged: the code score alone reaches at most ${codeMax}, below the pass mark of ${summary.passThreshold} (--pass-threshold sets another)`
    : null;
}

/**
 * Why every score is blank, when the batch has episodes but none of them valid (all infrastructure
 * failures): the dashes and empty charts would otherwise read as a broken report. Null otherwise.
 */
export function noScoresNote(summary: BatchSummary): string | null {
  if (summary.episodes === 0 || summary.validEpisodes > 0) return null;
  const all = summary.episodes === 1 ? 'the only episode was an' : `all ${summary.episodes} were`;
  const causes = counts(summary.invalidByError);
  return `no scored episodes: ${all} infrastructure ${plural(summary.episodes, 'failure')} (${causes}), so there are no scores`;
}

/**
 * The plain-text summary printed at the end of `navworld evaluate` and by `navworld report`: headline
 * means with 95 % intervals, pass@k / pass^k, breakdowns, hard constraints, tool usage, tokens and judge.
 */
export function formatSummaryTable(summary: BatchSummary): string {
  const lines: string[] = [];
  const { min, max } = summary.attemptsPerTask;
  // Without valid episodes no task has an attempt: 0–0 would read as a measured value.
  const attempts = summary.validEpisodes === 0 ? '–' : `${min}–${max}`;
  lines.push('NAVWORLD batch summary');
  lines.push(
    `episodes ${summary.episodes}  valid ${summary.validEpisodes}  invalid ${summary.invalidEpisodes}` +
      (summary.invalidEpisodes > 0 ? ` (${counts(summary.invalidByError)})` : '') +
      `  tasks ${summary.tasks}  attempts/task ${attempts}`,
  );
  const nothingScored = noScoresNote(summary);
  if (nothingScored !== null) lines.push(`note       ${nothingScored}`);
  lines.push(`outcomes   ${counts(summary.outcomes)}`);
  lines.push('');
  lines.push(`total      ${formatCi(summary.total)}   (0–100, mean [95% CI])`);
  lines.push(`code       ${formatCi(summary.codeTotal)}   (0–50)`);
  lines.push(`judge      ${formatCi(summary.judgeTotal)}   (0–50, judged episodes only)`);
  lines.push(
    `pass rate  ${formatCi(summary.passRate, 100)}${summary.passRate.n === 0 ? '' : ' %'}   (total ≥ ${summary.passThreshold})`,
  );
  const note = passMarkNote(summary);
  if (note !== null) lines.push(`           ${note}`);
  lines.push(`step rew.  ${formatCi(summary.stepReward, 1, 3)}`);
  if (summary.passK.length > 0) {
    lines.push('');
    lines.push(
      ...table(
        ['k', 'tasks', 'pass@k', 'pass^k'],
        summary.passK.map((p) => [
          String(p.k),
          String(p.tasks),
          percent(p.passAtK),
          percent(p.passHatK),
        ]),
        [true, true, true, true],
      ),
    );
  }
  lines.push(...groupTable('type', summary.byType));
  lines.push(...groupTable('difficulty', summary.byDifficulty));
  const cities = summary.byCity.slice(0, CITY_ROWS);
  lines.push(...groupTable('city', cities));
  if (summary.byCity.length > CITY_ROWS) {
    lines.push(`… ${summary.byCity.length - CITY_ROWS} more cities (see the HTML report)`);
  }
  lines.push('');
  lines.push(
    ...table(
      ['hard constraint', 'failed', 'evaluated', 'failure rate'],
      summary.hardConstraints.map((h) => [
        h.name,
        String(h.failed),
        String(h.evaluated),
        percent(h.evaluated === 0 ? null : h.failureRate),
      ]),
      [false, true, true, true],
    ),
  );
  if (summary.toolUsage.length > 0) {
    lines.push('');
    lines.push(
      ...table(
        ['tool', 'calls', 'ok', 'per episode', 'errors'],
        summary.toolUsage.map((t) => [
          t.name,
          String(t.calls),
          String(t.ok),
          t.perEpisode.toFixed(2),
          Object.keys(t.errors).length === 0 ? '' : counts(t.errors),
        ]),
        [false, true, true, true, false],
      ),
    );
  }
  lines.push('');
  const t = summary.tokens;
  lines.push(
    `tokens     prompt ${t.promptTokens}  completion ${t.completionTokens}  total ${t.totalTokens}` +
      `  per episode ${fixed(t.perEpisode, 0)}`,
  );
  const j = summary.judge;
  lines.push(
    `judge      ${counts(j.status)}  tokens ${j.tokens.totalTokens}` +
      `  cost ${j.costUsd === null ? 'unknown' : `$${j.costUsd.toFixed(4)}`}`,
  );
  if (summary.versions.length > 1) {
    lines.push(
      `warning    ${summary.versions.length} different version stamps are mixed in these results`,
    );
  }
  return lines.join('\n');
}
