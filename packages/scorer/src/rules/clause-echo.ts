// Clause echo: an answer made of tool-result clauses pasted whole, whatever was put around each of them.
import { SCORING_CONFIG } from '../config';
import type { ScoringContext } from '../context';
import { linearFall } from '../internal/text';
import { comparedAnswer, comparedResults, type ComparedTexts } from '../internal/compared-text';
import { HASH_BASE_1, HASH_BASE_2, KeySet } from '../internal/key-set';

const C = SCORING_CONFIG.clauseEcho;

/** Result of {@link clauseEcho}. */
export interface ClauseEchoResult {
  /** Share (0–1) of the answer's compared code points inside clauses copied from the tool results. */
  fraction: number;
  /** Answer clauses found among the tool clauses. */
  clauses: number;
  /** Multiplier on the code score (1 when the defence does not fire). */
  multiplier: number;
}

// Clauses are keyed by the two polynomial hashes of their compared code points (a KeySet key): no substring
// is ever built.

/**
 * A cheap first test before the hashes: a clause's first and last compared code points and its length, as
 * one bit of {@link PROBES}. Most answer clauses fail it for every way of trimming them.
 */
function probeOf(first: number, last: number, length: number): number {
  return (
    (Math.imul(first, 0x9e3779b1) ^ Math.imul(last, 0x85ebca6b) ^ Math.imul(length, 0xc2b2ae35)) >>>
    (32 - PROBE_BITS_LOG2)
  );
}
const PROBE_BITS_LOG2 = 15;
/** 32,768 probe bits (4 KiB) of the tool clauses, zeroed before they are refilled. */
const PROBES = new Uint32Array(1 << (PROBE_BITS_LOG2 - 5));

/** The tool clauses' keys (the function is synchronous). */
const TOOL_CLAUSES = new KeySet();
/**
 * The view of the compared results that {@link TOOL_CLAUSES}, {@link PROBES} and {@link toolClauseCount} were
 * filled from. The compared results keep their view while they hold the same tool side's texts, so the
 * episodes of one tool side fill them once.
 */
let clausesFrom: ComparedTexts | undefined;
let toolClauseCount = 0;
/** Scratch storage, grown as needed. */
let prefix1 = new Int32Array(257);
let prefix2 = new Int32Array(257);
let pow1 = new Int32Array([1]);
let pow2 = new Int32Array([1]);

/** Powers of the bases up to `n`. */
function powersTo(n: number): void {
  if (pow1.length > n) return;
  const size = Math.max(n + 1, pow1.length * 2);
  const p1 = new Int32Array(size);
  const p2 = new Int32Array(size);
  p1[0] = p2[0] = 1;
  for (let i = 1; i < size; i++) {
    p1[i] = Math.imul(p1[i - 1]!, HASH_BASE_1);
    p2[i] = Math.imul(p2[i - 1]!, HASH_BASE_2);
  }
  pow1 = p1;
  pow2 = p2;
}

/**
 * Hash prefixes of `forms[0, n)` into `prefix1` / `prefix2` (grown as needed): the key of any run
 * `[a, b)` is then `prefix[b] − prefix[a] · base^(b − a)`, modulo 2^32, whatever clause it lies in.
 */
function hashPrefixes(forms: Int32Array, n: number): void {
  if (prefix1.length < n + 1) {
    const size = Math.max(n + 1, 2 * prefix1.length);
    prefix1 = new Int32Array(size);
    prefix2 = new Int32Array(size);
  }
  let h1 = 0;
  let h2 = 0;
  for (let i = 0; i < n; i++) {
    const f = forms[i]!;
    h1 = (Math.imul(h1, HASH_BASE_1) + f) | 0;
    h2 = (Math.imul(h2, HASH_BASE_2) + f) | 0;
    prefix1[i + 1] = h1;
    prefix2[i + 1] = h2;
  }
}

/** Adds a tool clause's key and probe. */
function addToolClause(h1: number, h2: number, first: number, last: number, n: number): void {
  TOOL_CLAUSES.add(h1, h2);
  const probe = probeOf(first, last, n);
  PROBES[probe >>> 5]! |= 1 << (probe & 31);
}

/** The number of tool clauses of `tool`, their keys and probes filled in when they hold another view's. */
function toolClauses(tool: ComparedTexts): number {
  if (clausesFrom !== tool) {
    // Dropped first: should the fill throw, no view owns half-filled tables.
    clausesFrom = undefined;
    PROBES.fill(0);
    toolClauseCount = fillToolClauses(tool);
    clausesFrom = tool;
  }
  return toolClauseCount;
}

/**
 * Collects the keys of every tool clause of at least `minClause` compared code points into the clause table,
 * and their probes. Returns the number of clauses. A tool clause needs only its key, its ends and its length,
 * not the hash prefixes of every code point.
 */
function fillToolClauses(tool: ComparedTexts): number {
  let count = 0;
  TOOL_CLAUSES.clear();
  const { forms, clauseStarts } = tool;
  let n = 0;
  let h1 = 0;
  let h2 = 0;
  let first = 0;
  let last = 0;
  for (let p = 0; p < tool.length; p++) {
    const f = forms[p]!;
    // A clause ends where the next one starts, and at the −1 after each text.
    if (clauseStarts[p] === 1) {
      if (n >= C.minClause) {
        addToolClause(h1, h2, first, last, n);
        count++;
      }
      n = h1 = h2 = 0;
      if (f < 0) continue;
    }
    if (n === 0) first = f;
    last = f;
    h1 = (Math.imul(h1, HASH_BASE_1) + f) | 0;
    h2 = (Math.imul(h2, HASH_BASE_2) + f) | 0;
    n++;
  }
  return count;
}

/**
 * Whether the answer clause `forms[s, s + n)` (hash prefixes in `prefix1` / `prefix2`) is a tool clause with
 * at most `maxAdded` compared code points added around it (a bullet, a number, 建议 …).
 */
function isCopiedClause(forms: Int32Array, s: number, n: number): boolean {
  for (let added = 0; added <= C.maxAdded; added++) {
    const length = n - added;
    if (length < C.minClause) return false;
    for (let a = s; a <= s + added; a++) {
      const end = a + length;
      const probe = probeOf(forms[a]!, forms[end - 1]!, length);
      if ((PROBES[probe >>> 5]! & (1 << (probe & 31))) === 0) continue;
      const h1 = (prefix1[end]! - Math.imul(prefix1[a]!, pow1[length]!)) | 0;
      const h2 = (prefix2[end]! - Math.imul(prefix2[a]!, pow2[length]!)) | 0;
      if (TOOL_CLAUSES.has(h1, h2)) return true;
    }
  }
  return false;
}

/**
 * Clause echo (named defence `clause_echo`). Tool results and answer are cut into clauses at line breaks and
 * the configured separators and compared in the echo defence's form (letters and digits only, full-width
 * folded, ASCII lower-cased). An answer clause is copied when, without at most `maxAdded` compared code points
 * at its ends, it is a tool clause of at least `minClause`. The share of the answer's compared code points in
 * copied clauses scales the code score: 1 up to `start`, linearly down to `floor` at `full`. It catches the
 * dump that the span-based echo defence cannot see: tool lines picked, reordered and each given a word or a
 * bullet, which breaks every long verbatim span. A plan restates tool facts inside its own sentences, which
 * are not tool clauses.
 */
export function clauseEcho(ctx: ScoringContext): ClauseEchoResult {
  const none: ClauseEchoResult = { fraction: 0, clauses: 0, multiplier: 1 };
  if (ctx.trimmedLength < SCORING_CONFIG.formatMinLength) return none;
  if (toolClauses(comparedResults(ctx)) === 0) return none;
  const answer = comparedAnswer(ctx);
  const { forms, clauseStarts } = answer;
  // The answer's compared code points: the −1 after them excluded.
  const total = answer.length - 1;
  if (total <= 0) return none;
  hashPrefixes(forms, total);
  let covered = 0;
  let clauses = 0;
  // Each clause runs from one clause start to the next (the −1 at `total` starts none, but ends the last).
  for (let s = 0; s < total;) {
    let e = s + 1;
    while (clauseStarts[e] !== 1) e++;
    const n = e - s;
    if (n >= C.minClause) {
      powersTo(n);
      if (isCopiedClause(forms, s, n)) {
        covered += n;
        clauses++;
      }
    }
    s = e;
  }
  const fraction = covered / total;
  return { fraction, clauses, multiplier: clauseEchoDefence(fraction) };
}

/** Multiplier on the code score: 1 up to `start`, linearly down to `floor` at `full`. */
export function clauseEchoDefence(fraction: number): number {
  return linearFall(fraction, C.start, C.full, C.floor);
}
