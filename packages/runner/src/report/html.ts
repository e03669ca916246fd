import { createHash } from 'node:crypto';
import type { EpisodeResult } from '@navworld/core-types';
import { SCORING_CONFIG } from '@navworld/scorer';
import { countOf, formatCi, noScoresNote, passMarkNote, plural } from '../stats/format';
import type { MeanWithCi } from '../stats/estimators';
import {
  summarize,
  type BatchSummary,
  type GroupSummary,
  type SummarizeOptions,
} from '../stats/summary';
import { CLIENT_SCRIPT } from './client-script';
import { escapeHtml, jsonForScript } from './escape';
import { mixedRunsWarning } from './runs';
import { horizontalBars, verticalBars, type Bar } from './svg';

/** Options of {@link renderHtmlReport}. */
export interface HtmlReportOptions extends SummarizeOptions {
  /** Page title. @default 'NAVWORLD report' */
  title?: string;
  /** A summary computed already (otherwise computed from the results). */
  summary?: BatchSummary;
  /** Line shown under the title (e.g. the source file and generation time). */
  subtitle?: string;
  /** Lines of the results file that could not be read (`readResults`' `skippedLines`); noted under the title. */
  skippedLines?: number;
}

const STYLE = `
:root { font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC", sans-serif; color: #222; }
body { margin: 0; padding: 24px 32px; background: #fafafa; }
h1 { margin: 0 0 4px; font-size: 24px; }
h2 { font-size: 17px; margin: 0 0 10px; }
.sub { color: #666; margin-bottom: 18px; }
.warning { background: #fff4e5; border: 1px solid #f0b35a; border-radius: 6px; padding: 6px 10px; margin: -8px 0 18px; overflow-wrap: anywhere; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; margin-bottom: 18px; }
.card { background: #fff; border: 1px solid #e3e3e3; border-radius: 8px; padding: 10px 14px; min-width: 140px; }
.card .v { font-size: 22px; font-weight: 600; }
.card .l { color: #666; font-size: 12px; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(560px, 100%), 1fr)); gap: 16px; margin-bottom: 16px; }
.panel { background: #fff; border: 1px solid #e3e3e3; border-radius: 8px; padding: 14px; overflow-x: auto; }
table { border-collapse: collapse; font-size: 13px; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #eee; vertical-align: top; }
th[data-sort] { cursor: pointer; user-select: none; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.invalid td { color: #999; }
tr.failed td, tr.failed th { color: #b22; }
button { font: inherit; font-size: 12px; padding: 2px 8px; cursor: pointer; }
input#filter { font: inherit; padding: 4px 8px; width: 260px; margin-bottom: 8px; }
dialog { width: min(1100px, 94vw); max-height: 90vh; border: 1px solid #bbb; border-radius: 8px; padding: 0; }
dialog header { position: sticky; top: 0; background: #fff; padding: 10px 16px; border-bottom: 1px solid #ddd; display: flex; justify-content: space-between; gap: 12px; }
#episode-body { padding: 12px 16px; }
details.section { margin: 10px 0; }
details.section > summary { font-weight: 600; cursor: pointer; }
pre { white-space: pre-wrap; word-break: break-word; background: #f6f6f6; padding: 6px 8px; border-radius: 4px; margin: 4px 0; font-size: 12px; }
.msg { border-left: 3px solid #ccc; padding-left: 8px; margin: 8px 0; }
.msg .role { font-size: 11px; text-transform: uppercase; color: #666; }
.role-assistant { border-color: #4c78a8; } .role-tool { border-color: #72b7b2; } .role-user { border-color: #f58518; }
.mono { font-family: ui-monospace, monospace; font-size: 12px; word-break: break-all; }
table.kv th { width: 220px; color: #555; font-weight: 500; }
table.kv td, #episode-body p { overflow-wrap: anywhere; }
`;

function card(value: string, label: string, title?: string): string {
  const hover = title === undefined ? '' : ` title="${escapeHtml(title)}"`;
  return `<div class="card"${hover}><div class="v">${escapeHtml(value)}</div><div class="l">${escapeHtml(label)}</div></div>`;
}

function pct(v: number | null): string {
  return v === null || !Number.isFinite(v) ? '–' : `${(v * 100).toFixed(1)}%`;
}

function ciBar(group: GroupSummary, label: string): Bar {
  const t: MeanWithCi = group.total;
  return {
    label,
    value: t.mean ?? 0,
    low: t.low,
    high: t.high,
    caption: t.mean === null ? '–' : t.mean.toFixed(1),
    title: `${label}: ${formatCi(t)} (n=${group.episodes}, pass ${pct(group.passRate.mean)})`,
  };
}

function groupTable(title: string, groups: readonly GroupSummary[]): string {
  const rows = groups
    .map(
      (g) =>
        `<tr><td>${escapeHtml(g.key)}</td><td class="num">${g.episodes}</td><td class="num">${escapeHtml(formatCi(g.total))}</td><td class="num">${escapeHtml(formatCi(g.passRate, 100))}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>${escapeHtml(title)}</th><th class="num">n</th><th class="num">mean total [95% CI]</th><th class="num">pass % [95% CI]</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The per-episode data the dialog shows (embedded as JSON, rendered as text). */
function episodeData(results: readonly EpisodeResult[]): unknown[] {
  return results.map((r) => ({
    episodeId: r.episodeId,
    taskId: r.taskId,
    repeat: r.repeat,
    type: r.problem.problemType,
    difficulty: r.problem.difficulty,
    city: r.problem.destinationCity,
    total: r.validForScoring ? r.total : null,
    valid: r.validForScoring,
    outcome: r.outcome,
    error: r.error,
    agent: r.agent,
    model: r.model,
    tokens: r.usage.totalTokens,
    prompt: r.problem.prompt,
    messages: r.messages,
    trace: r.trace,
    stepRewards: r.stepRewards,
    breakdown: r.breakdown,
  }));
}

function episodeRows(results: readonly EpisodeResult[]): string {
  return results
    .map((r, i) => {
      const failed = r.breakdown
        ? Object.entries(r.breakdown.hardConstraints)
            .filter(([, v]) => !v.passed)
            .map(([k]) => k)
            .join(', ')
        : '';
      const cls = r.validForScoring ? '' : ' class="invalid"';
      return (
        `<tr${cls}><td class="num" data-v="${r.taskId}">${r.taskId}</td><td class="num">${r.repeat}</td>` +
        `<td>${escapeHtml(r.problem.problemType)}</td><td class="num">${r.problem.difficulty}</td>` +
        `<td>${escapeHtml(r.problem.destinationCity)}</td>` +
        // An unscored episode has no total (its recorded 0 is not a score); -1 sorts it below every score.
        (r.validForScoring
          ? `<td class="num" data-v="${r.total}">${r.total.toFixed(1)}</td>`
          : '<td class="num" data-v="-1">–</td>') +
        `<td>${escapeHtml(r.outcome)}${r.validForScoring ? '' : ' (invalid)'}</td>` +
        `<td class="num">${r.trace.length}</td><td>${escapeHtml(failed)}</td>` +
        `<td><button type="button" data-episode="${i}">view</button></td></tr>`
      );
    })
    .join('');
}

function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Renders a batch as one self-contained HTML page: headline numbers, charts (score histogram, per-type and
 * per-difficulty means with 95 % intervals, hard-constraint failure rates, tool usage) as inline SVG, tables
 * by city and pass@k, and an episode table whose rows open the conversation, tool trace and score
 * breakdown. Nothing is fetched at view time (a Content-Security-Policy forbids it), and all model text is
 * escaped or inserted as text.
 */
export function renderHtmlReport(
  results: readonly EpisodeResult[],
  options: HtmlReportOptions = {},
): string {
  const summary = options.summary ?? summarize(results, options);
  const title = options.title ?? 'NAVWORLD report';

  const histogram = verticalBars(
    summary.histogram.map((count, i) => ({
      label: i === summary.histogram.length - 1 ? `${i * 10}–100` : `${i * 10}–${i * 10 + 9}`,
      value: count,
      caption: String(count),
    })),
    // Whole-number ticks: round the top up to a multiple of the tick count.
    {
      max: Math.ceil(Math.max(1, ...summary.histogram) / 4) * 4,
      label: 'Score distribution',
      ticks: 4,
    },
  );
  const byType = verticalBars(
    summary.byType.map((g) => ciBar(g, g.key)),
    { max: 100, label: 'Mean total by problem type' },
  );
  const byDifficulty = verticalBars(
    summary.byDifficulty.map((g) => ciBar(g, `level ${g.key}`)),
    { max: 100, label: 'Mean total by difficulty', width: 360 },
  );
  const hardConstraints = horizontalBars(
    summary.hardConstraints.map((h) => ({
      label: h.name,
      value: h.failureRate * 100,
      caption: `${pct(h.evaluated === 0 ? null : h.failureRate)} (${h.failed}/${h.evaluated})`,
    })),
    { max: 100, label: 'Hard-constraint failure rates', color: 'bad' },
  );
  const maxCalls = Math.max(1, ...summary.toolUsage.map((t) => t.calls));
  const tools = horizontalBars(
    summary.toolUsage.map((t) => ({
      label: t.name,
      value: t.calls,
      caption: `${t.calls} (${t.ok} ok, ${t.perEpisode.toFixed(2)}/ep)`,
      title: `${t.name}: errors ${JSON.stringify(t.errors)}`,
    })),
    { max: maxCalls, label: 'Tool usage' },
  );

  const passK = summary.passK
    .map(
      (p) =>
        `<tr><td class="num">${p.k}</td><td class="num">${p.tasks}</td><td class="num">${pct(p.passAtK)}</td><td class="num">${pct(p.passHatK)}</td></tr>`,
    )
    .join('');

  const invalidNote =
    summary.invalidEpisodes === 0
      ? 'none'
      : Object.entries(summary.invalidByError)
          .map(([k, v]) => `${k}×${v}`)
          .join(', ');

  const skipped = options.skippedLines ?? 0;
  const warnings = [
    noScoresNote(summary),
    mixedRunsWarning(results),
    skipped > 0
      ? `skipped ${skipped} unreadable line(s) of the results file: they are not in this report`
      : null,
  ]
    .filter((w): w is string => w !== null)
    .map((w) => `<p class="warning" role="note">${escapeHtml(w)}</p>`)
    .join('\n');

  const script = CLIENT_SCRIPT;
  const csp = [
    "default-src 'none'",
    `script-src ${cspHash(script)}`,
    `style-src ${cspHash(STYLE)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

  // The card has room for a short form of the note; its title carries the whole sentence.
  const passNote = passMarkNote(summary);
  const cards = [
    card(formatCi(summary.total), 'mean total [95% CI]'),
    card(
      formatCi(summary.passRate, 100),
      `pass % (total ≥ ${summary.passThreshold})${passNote === null ? '' : `; nothing judged: code alone ≤ ${SCORING_CONFIG.weights.codeTotal}`}`,
      passNote ?? undefined,
    ),
    card(
      String(summary.episodes),
      `${plural(summary.episodes, 'episode')} (${countOf(summary.tasks, 'task')})`,
    ),
    card(String(summary.invalidEpisodes), `invalid: ${invalidNote}`),
    card(formatCi(summary.codeTotal), 'code score 0–50'),
    card(formatCi(summary.judgeTotal), 'judge score 0–50'),
    card(String(summary.tokens.totalTokens), 'model tokens'),
    card(
      summary.judge.costUsd === null ? 'unknown' : `$${summary.judge.costUsd.toFixed(4)}`,
      `judge cost (${summary.judge.tokens.totalTokens} tokens)`,
    ),
  ].join('');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<div class="sub">${escapeHtml(options.subtitle ?? '')} agents: ${escapeHtml(summary.agents.join(', ') || '–')}${summary.models.length > 0 ? ` · models: ${escapeHtml(summary.models.join(', '))}` : ''}</div>
${warnings}
<div class="cards">${cards}</div>
<div class="grid">
<section class="panel" id="chart-histogram"><h2>Score distribution</h2>${histogram}</section>
<section class="panel" id="chart-type"><h2>Mean total by problem type (95% CI)</h2>${byType}</section>
<section class="panel" id="chart-difficulty"><h2>Mean total by difficulty (95% CI)</h2>${byDifficulty}</section>
<section class="panel" id="chart-hard-constraints"><h2>Hard-constraint failure rates</h2>${hardConstraints}</section>
<section class="panel" id="chart-tools"><h2>Tool usage</h2>${tools}</section>
<section class="panel" id="pass-k"><h2>pass@k and pass^k</h2><table><thead><tr><th class="num">k</th><th class="num">tasks</th><th class="num">pass@k</th><th class="num">pass^k</th></tr></thead><tbody>${passK}</tbody></table></section>
</div>
<div class="grid">
<section class="panel"><h2>By problem type</h2>${groupTable('type', summary.byType)}</section>
<section class="panel"><h2>By city</h2>${groupTable('city', summary.byCity)}</section>
</div>
<section class="panel">
<h2>Episodes</h2>
<input id="filter" type="search" placeholder="filter rows…" aria-label="filter episodes">
<table id="episodes"><thead><tr>
<th data-sort="num" data-col="0" class="num">task</th><th data-sort="num" data-col="1" class="num">rep.</th><th data-sort="text" data-col="2">type</th><th data-sort="num" data-col="3" class="num">diff.</th><th data-sort="text" data-col="4">city</th><th data-sort="num" data-col="5" class="num">total</th><th data-sort="text" data-col="6">outcome</th><th data-sort="num" data-col="7" class="num">calls</th><th>failed constraints</th><th></th>
</tr></thead><tbody>${episodeRows(results)}</tbody></table>
</section>
<dialog id="episode-dialog"><header><strong id="episode-title"></strong><button type="button" id="episode-close">close</button></header><div id="episode-body"></div></dialog>
<script type="application/json" id="episode-data">${jsonForScript({ episodes: episodeData(results) })}</script>
<script>${script}</script>
</body>
</html>
`;
}
