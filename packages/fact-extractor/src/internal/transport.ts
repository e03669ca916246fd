// Transport claims: an id with the price and departure / arrival times written next to it.
import type { TransportClaim } from '@navworld/core-types';
import { ARRIVAL_LABELS, ARRIVAL_WORDS, DEPARTURE_LABELS, DEPARTURE_WORDS } from '../config';
import { firstPrice, scanTimes, type IdHit } from './scanners';

/** Claims by id. */
export type ClaimMap = Map<string, TransportClaim>;

/** One statement about an id: the fields stated next to it (read-only once recorded). */
export interface ClaimStatement {
  id: string;
  kind: 'flight' | 'train';
  fields: Pick<TransportClaim, 'price' | 'departure' | 'arrival'>;
}

/** How a later statement about the same id combines with an earlier one. */
export type MergeMode = 'later-wins' | 'first-wins';

// Clause delimiters ， , 。 ； ; | \n 、 — compared by code, so scanning a context allocates no strings.
function isDelimiter(code: number): boolean {
  return (
    code === 0xff0c ||
    code === 44 ||
    code === 0x3002 ||
    code === 0xff1b ||
    code === 59 ||
    code === 124 ||
    code === 10 ||
    code === 0x3001
  );
}
const NEXT_DAY_RE = /^\s{0,2}(?:\(次日\)|（次日）|\[次日\]|次日|\+1)?\s{0,2}/;

type Role = 'departure' | 'arrival' | null;

// 到 alone is an arrival only right after the time (10:15到上海); inside a clause it is too common.
const LONG_ARRIVAL_WORDS = ARRIVAL_WORDS.filter((w) => w.length > 1);

function wordsRe(words: readonly string[], flags = ''): RegExp {
  return new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), flags);
}

const DEP_START_RE = new RegExp(`^(?:${wordsRe(DEPARTURE_WORDS).source})`);
const ARR_START_RE = new RegExp(`^(?:${wordsRe(ARRIVAL_WORDS).source})`);
const DEP_IN_RE = wordsRe(DEPARTURE_WORDS);
const ARR_IN_RE = wordsRe(LONG_ARRIVAL_WORDS);
// Labels before a time; the last one wins (出发时间：08:00，到达时间：10:15 are separate clauses anyway).
const LABEL_RE = new RegExp(
  `(${wordsRe(DEPARTURE_LABELS).source})|(${wordsRe(ARRIVAL_LABELS).source})`,
  'gi',
);

/**
 * End of the clause that starts at `start`: `window` code points later, but at most `limit`, and before the
 * first newline (with `stopAtSentence`, also before 。 ； ;). One walk, no substrings.
 */
function clauseEnd(
  text: string,
  start: number,
  limit: number,
  window: number,
  stopAtSentence: boolean,
): number {
  let i = start;
  for (let k = 0; k < window && i < limit; k++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (stopAtSentence && (c === 0x3002 || c === 0xff1b || c === 59))) return i;
    i++;
    // A surrogate pair is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i < text.length) {
      const d = text.charCodeAt(i);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return Math.min(i, limit);
}

function roleOf(after: string, before: string): Role {
  const a = after.replace(NEXT_DAY_RE, '');
  if (DEP_START_RE.test(a)) return 'departure';
  if (ARR_START_RE.test(a)) return 'arrival';
  // "08:00从北京首都国际机场出发": the verb closes the clause; the earlier verb wins.
  const dep = a.search(DEP_IN_RE);
  const arr = a.search(ARR_IN_RE);
  if (dep >= 0 || arr >= 0) return arr < 0 || (dep >= 0 && dep < arr) ? 'departure' : 'arrival';
  if (before.length === 0) return null;
  let role: Role = null;
  LABEL_RE.lastIndex = 0;
  for (let m = LABEL_RE.exec(before); m !== null; m = LABEL_RE.exec(before)) {
    role = m[1] !== undefined ? 'departure' : 'arrival';
  }
  return role;
}

/** Price and times stated in the context right after an id. */
export function claimFromContext(
  ctx: string,
): Pick<TransportClaim, 'price' | 'departure' | 'arrival'> {
  const out: Pick<TransportClaim, 'price' | 'departure' | 'arrival'> = {};
  if (!/\d/.test(ctx)) return out;
  const price = firstPrice(ctx);
  if (price !== undefined) out.price = price;
  if (!ctx.includes(':') && !ctx.includes('：')) return out;
  const times = scanTimes(ctx);
  const unlabeled: string[] = [];
  for (let i = 0; i < times.length; i++) {
    const t = times[i];
    if (t === undefined) continue;
    const nextStart = times[i + 1]?.start ?? ctx.length;
    let afterEnd = Math.min(nextStart, t.end + 30);
    for (let k = t.end; k < afterEnd; k++) {
      if (isDelimiter(ctx.charCodeAt(k))) {
        afterEnd = k;
        break;
      }
    }
    const prevEnd = times[i - 1]?.end ?? 0;
    let beforeStart = Math.max(prevEnd, t.start - 16);
    for (let k = t.start - 1; k >= beforeStart; k--) {
      const code = ctx.charCodeAt(k);
      if (isDelimiter(code) && code !== 124) {
        beforeStart = k + 1;
        break;
      }
    }
    const role = roleOf(ctx.slice(t.end, afterEnd), ctx.slice(beforeStart, t.start));
    if (role === 'departure' && out.departure === undefined) out.departure = t.time;
    else if (role === 'arrival' && out.arrival === undefined) out.arrival = t.time;
    else if (role === null) unlabeled.push(t.time);
  }
  for (const t of unlabeled) {
    if (out.departure === undefined) out.departure = t;
    else if (out.arrival === undefined && t !== out.departure) out.arrival = t;
  }
  return out;
}

const CLAIM_FIELDS = ['price', 'departure', 'arrival'] as const;

/** Adds (or merges) a claim for `id`. */
export function mergeClaim(
  map: ClaimMap,
  id: string,
  kind: 'flight' | 'train',
  fields: Pick<TransportClaim, 'price' | 'departure' | 'arrival'>,
  mode: MergeMode,
): void {
  const existing = map.get(id);
  if (existing === undefined) {
    map.set(id, { id, kind, ...fields });
    return;
  }
  for (const key of CLAIM_FIELDS) {
    const v = fields[key];
    if (v === undefined) continue;
    if (mode === 'later-wins' || existing[key] === undefined)
      (existing as Record<string, unknown>)[key] = v;
  }
}

/** Merges recorded statements into `map`, in order. */
export function mergeStatements(
  map: ClaimMap,
  statements: readonly ClaimStatement[],
  mode: MergeMode,
): void {
  for (const st of statements) mergeClaim(map, st.id, st.kind, st.fields, mode);
}

/**
 * The statements for the ids in `ids` (sorted by position), each reading the context between the id and the
 * next id, the end of the line, or `window` code points; `stopAtSentence` also ends it at 。 and ；.
 */
export function contextStatements(
  text: string,
  ids: readonly IdHit[],
  kinds: ReadonlySet<'flight' | 'train'>,
  window: number,
  stopAtSentence: boolean,
): ClaimStatement[] {
  const out: ClaimStatement[] = [];
  // Clauses repeat (a table row quoted again, a summary): each distinct clause is read once. Statements are
  // read-only, so they may share the fields.
  const read = new Map<string, ClaimStatement['fields']>();
  for (let i = 0; i < ids.length; i++) {
    const hit = ids[i];
    if (hit === undefined || !kinds.has(hit.kind)) continue;
    const nextStart = ids[i + 1]?.start ?? text.length;
    const ctx = text.slice(hit.end, clauseEnd(text, hit.end, nextStart, window, stopAtSentence));
    let fields = read.get(ctx);
    if (fields === undefined) {
      fields = claimFromContext(ctx);
      read.set(ctx, fields);
    }
    out.push({ id: hit.id, kind: hit.kind, fields });
  }
  return out;
}

/** Claims for the ids in `ids` read by {@link contextStatements}, merged into `map`. */
export function collectClaims(
  text: string,
  ids: readonly IdHit[],
  kinds: ReadonlySet<'flight' | 'train'>,
  window: number,
  stopAtSentence: boolean,
  map: ClaimMap,
  mode: MergeMode,
): void {
  mergeStatements(map, contextStatements(text, ids, kinds, window, stopAtSentence), mode);
}
