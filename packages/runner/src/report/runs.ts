// Runs in a results file: episodes of one agent and model, in one epoch, stamped with the same versions.
// `report` refuses a file holding several unless forced; forced, it says what was pooled.
import { canonicalJson, type EpisodeResult } from '@navworld/core-types';

/** Values listed at most per differing field in the warning (a long list would not fit on one line). */
const MAX_VALUES_SHOWN = 3;

/** One label per run with its episode count (`2 episode(s): agent …, epoch salt …, versions`), largest first. */
export function runsOf(results: readonly EpisodeResult[]): string[] {
  const runs = new Map<string, { label: string; n: number }>();
  for (const r of results) {
    const key = canonicalJson([r.agent, r.model, r.epoch.salt, r.versions]);
    const run = runs.get(key);
    if (run !== undefined) run.n++;
    else {
      const versions = Object.entries(r.versions)
        .map(([k, v]) => `${k} ${String(v)}`)
        .join(', ');
      const label = `agent ${r.agent}${r.model === null ? '' : ` (${r.model})`}, epoch salt ${r.epoch.salt}, ${versions}`;
      runs.set(key, { label, n: 1 });
    }
  }
  return [...runs.values()].sort((a, b) => b.n - a.n).map((r) => `${r.n} episode(s): ${r.label}`);
}

function listed(values: readonly string[]): string {
  const shown = values.slice(0, MAX_VALUES_SHOWN).join(', ');
  return values.length > MAX_VALUES_SHOWN
    ? `${shown}, … ${values.length - MAX_VALUES_SHOWN} more`
    : shown;
}

/** A version stamp as text (stamps are strings; a loose extra one may be anything, or missing). */
function versionText(value: unknown): string {
  if (value === undefined) return 'none';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)].sort();
}

/**
 * What differs between the runs of `results`, one phrase per field: `agents (openai, reference)`,
 * `models (…)`, `epochs (salt …)`, `scorer versions (…)`. Empty when the results are one run.
 */
export function mixedRunFields(results: readonly EpisodeResult[]): string[] {
  const out: string[] = [];
  const agents = distinct(results.map((r) => r.agent));
  if (agents.length > 1) out.push(`agents (${listed(agents)})`);
  const models = distinct(results.map((r) => r.model ?? 'none'));
  if (models.length > 1) out.push(`models (${listed(models)})`);
  const salts = distinct(results.map((r) => r.epoch.salt));
  if (salts.length > 1) out.push(`epochs (salt ${listed(salts)})`);
  const components = distinct(results.flatMap((r) => Object.keys(r.versions)));
  for (const component of components) {
    const versions = distinct(
      results.map((r) => versionText((r.versions as Record<string, unknown>)[component])),
    );
    if (versions.length > 1) out.push(`${component} versions (${listed(versions)})`);
  }
  return out;
}

/**
 * The one-line warning for a summary that pools several runs, naming what is mixed, or null for one run:
 * `warning: pooled 3 runs that mix agents (openai, reference) and scorer versions (0.9.0, 1.0.0); …`.
 */
export function mixedRunsWarning(results: readonly EpisodeResult[]): string | null {
  const runs = runsOf(results).length;
  if (runs < 2) return null;
  const fields = mixedRunFields(results);
  const mixed =
    fields.length <= 1
      ? (fields[0] ?? '')
      : `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)!}`;
  return `warning: pooled ${runs} runs${mixed === '' ? '' : ` that mix ${mixed}`}; their scores are not comparable`;
}
