// Adding up the edit checks over many episodes, and how their figures read: the audit's gates and
// `navworld score --edits` report them alike.
import { EDIT_CHECKS, type EditCheckName, type EditCheckStats, type RaisedEdit } from './edits';

/** What a check's measure is called in reports. */
export function measureWord(measure: EditCheckStats['measure']): string {
  return measure === 'total' ? 'total' : 'IC';
}

/** A check's figures as they read: `0 of 1400 edits raised the total`. */
export function editCountText(stats: EditCheckStats): string {
  return `${stats.raised} of ${stats.edits} edits raised the ${measureWord(stats.measure)}`;
}

/**
 * Whether `a` rose more than `b`, ties going to the lower task, then to the edit's text: episodes finish in any
 * order, and the figures must not depend on it.
 */
function worse(a: RaisedEdit, b: RaisedEdit): boolean {
  const da = a.after - a.before;
  const db = b.after - b.before;
  if (da !== db) return da > db;
  if (a.taskId !== b.taskId) return a.taskId < b.taskId;
  return `${a.variant} ${a.edit}` < `${b.variant} ${b.edit}`;
}

/** The figures of a check before any edit. */
export function emptyEditStats(check: (typeof EDIT_CHECKS)[number]): EditCheckStats {
  return {
    name: check.name,
    description: check.description,
    measure: check.measure,
    edits: 0,
    raised: 0,
  };
}

/** Adds one episode's edits to the running figures (kept: counts and the largest rise). */
export function addEdits(
  stats: Map<EditCheckName, EditCheckStats>,
  edited: Record<EditCheckName, { edits: number; raised: readonly RaisedEdit[] }>,
): void {
  for (const c of EDIT_CHECKS) {
    const s = stats.get(c.name) ?? emptyEditStats(c);
    const { edits, raised } = edited[c.name];
    s.edits += edits;
    s.raised += raised.length;
    for (const r of raised) if (s.worst === undefined || worse(r, s.worst)) s.worst = r;
    stats.set(c.name, s);
  }
}
