/** What {@link unscoredCauses} reads of an episode record. */
export interface EpisodeStatus {
  taskId: number;
  validForScoring: boolean;
  /** `CODE: message` of an infrastructure failure. */
  error?: string | null | undefined;
  /** How the run ended; named when a record has no `error`. */
  outcome?: string | undefined;
}

/** Distinct causes shown on stderr at most; the rest are counted. */
const MAX_CAUSES_SHOWN = 3;
/** Task ids named per cause at most. */
const MAX_TASKS_SHOWN = 5;

/**
 * One line per distinct cause of the unscored episodes among `records` (infrastructure failures), most
 * frequent first, with its count and the lowest task ids it hit; no line when every episode was scored. A
 * summary only counts error codes, and exit code 4 alone does not say whether the endpoint was unreachable
 * or a key was refused. `evaluate` and `score` print the same lines.
 */
export function unscoredCauses(records: readonly EpisodeStatus[]): string[] {
  const causes = new Map<string, { n: number; tasks: Set<number> }>();
  let total = 0;
  for (const r of records) {
    if (r.validForScoring) continue;
    total++;
    const cause = r.error ?? r.outcome ?? 'unknown cause';
    const seen = causes.get(cause) ?? { n: 0, tasks: new Set<number>() };
    seen.n++;
    seen.tasks.add(r.taskId);
    causes.set(cause, seen);
  }
  if (total === 0) return [];
  const sorted = [...causes]
    .map(([cause, { n, tasks }]) => ({ cause, n, tasks: [...tasks].sort((x, y) => x - y) }))
    .sort((x, y) => y.n - x.n || (x.tasks[0] ?? 0) - (y.tasks[0] ?? 0));
  const lines = [`${total} episode(s) not scored (infrastructure failures):`];
  for (const { cause, n, tasks } of sorted.slice(0, MAX_CAUSES_SHOWN)) {
    const shown = tasks.slice(0, MAX_TASKS_SHOWN).join(', ');
    const more = tasks.length > MAX_TASKS_SHOWN ? ', …' : '';
    lines.push(`  ${n}× ${cause} (task${tasks.length > 1 ? 's' : ''} ${shown}${more})`);
  }
  if (sorted.length > MAX_CAUSES_SHOWN)
    lines.push(`  … and ${sorted.length - MAX_CAUSES_SHOWN} other cause(s); see the results file`);
  return lines;
}
