// Clause echo: an answer made of tool-result clauses pasted whole, whatever was put around each of them.
import { SCORING_CONFIG } from '../config';
import type { ScoringContext } from '../context';
import { linearFall } from '../internal/text';
import { compareForm } from '../internal/compare-form';
import { CodeUnitBuffer } from '@navworld/fact-extractor';

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

/** Clause separators by UTF-16 unit: line breaks and the configured characters. */
const SEPARATOR = new Uint8Array(0x10000);
SEPARATOR[0x0a] = SEPARATOR[0x0d] = 1;
for (const ch of C.separators) SEPARATOR[ch.charCodeAt(0)] = 1;

// Clauses are keyed by two polynomial hashes modulo 2^32 (odd bases), 64 bits in all: collisions between a
// few thousand clauses are out of reach, and no substring is ever built.
const B1 = 0x01000193;
const B2 = 0x5bd1e995;

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
/** 32,768 probe bits (4 KiB), zeroed after each call. */
const PROBES = new Uint32Array(1 << (PROBE_BITS_LOG2 - 5));

/** Scratch storage (the function is synchronous), grown as needed. */
let toolKeys = new Int32Array(512);
let slots = new Int32Array(1024);
let used = new Uint8Array(512);
let mask = 0;
let forms = new Int32Array(256);
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
    p1[i] = Math.imul(p1[i - 1]!, B1);
    p2[i] = Math.imul(p2[i - 1]!, B2);
  }
  pow1 = p1;
  pow2 = p2;
}

/** Room for `n` compared code points of one answer clause (keeping what is there). */
function growClause(n: number): void {
  if (forms.length >= n) return;
  const size = Math.max(n, forms.length * 2);
  const f = new Int32Array(size);
  f.set(forms);
  forms = f;
  const p1 = new Int32Array(size + 1);
  p1.set(prefix1);
  prefix1 = p1;
  const p2 = new Int32Array(size + 1);
  p2.set(prefix2);
  prefix2 = p2;
}

function slotOf(h1: number, h2: number): number {
  return (Math.imul(h1 ^ (h2 >>> 7), 0x9e3779b1) >>> 0) & mask;
}

/** Whether the pair (h1, h2) is a tool clause's key. */
function hasKey(h1: number, h2: number): boolean {
  for (let s = slotOf(h1, h2); used[s] === 1; s = (s + 1) & mask) {
    if (slots[2 * s] === h1 && slots[2 * s + 1] === h2) return true;
  }
  return false;
}

/** The code units of the text being cut: a typed copy reads faster than `charCodeAt` in the loop below. */
const UNITS = new CodeUnitBuffer(4096);

/**
 * Cuts `text` into clauses and calls `visit(n)` at the end of each non-empty one, with its `n` compared code
 * points in `forms[0, n)` and their hash prefixes in `prefix1` / `prefix2` (the clause's key is
 * `prefix1[n], prefix2[n]`). Tool results and the answer are read by this one loop.
 */
function eachClause(text: string, visit: (n: number) => void): void {
  let n = 0;
  let h1 = 0;
  let h2 = 0;
  const units = UNITS.load(text);
  for (let i = 0; i <= units.length; i++) {
    const unit = i < units.length ? units[i]! : 0x0a;
    if (SEPARATOR[unit] === 1) {
      if (n > 0) visit(n);
      n = h1 = h2 = 0;
      continue;
    }
    let f = unit;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      f = text.codePointAt(i)!;
      if (f > 0xffff) i++;
    }
    f = compareForm(f);
    if (f < 0) continue;
    if (n === forms.length) growClause(n + 1);
    forms[n] = f;
    h1 = (Math.imul(h1, B1) + f) | 0;
    h2 = (Math.imul(h2, B2) + f) | 0;
    n++;
    prefix1[n] = h1;
    prefix2[n] = h2;
  }
}

/**
 * Collects the keys of every tool clause of at least `minClause` compared code points into the clause table,
 * and their probes. Returns the number of clauses. The texts are cut as {@link eachClause} cuts them, but a
 * tool clause needs only its key, its ends and its length, not the forms and hash prefixes of every code point.
 */
function toolClauses(texts: readonly string[]): number {
  let count = 0;
  for (const text of texts) {
    let n = 0;
    let h1 = 0;
    let h2 = 0;
    let first = 0;
    let last = 0;
    const units = UNITS.load(text);
    for (let i = 0; i <= units.length; i++) {
      const unit = i < units.length ? units[i]! : 0x0a;
      if (SEPARATOR[unit] === 1) {
        if (n >= C.minClause) {
          if (2 * count + 2 > toolKeys.length) {
            const grown = new Int32Array(toolKeys.length * 2);
            grown.set(toolKeys);
            toolKeys = grown;
          }
          toolKeys[2 * count] = h1;
          toolKeys[2 * count + 1] = h2;
          count++;
          const probe = probeOf(first, last, n);
          PROBES[probe >>> 5]! |= 1 << (probe & 31);
        }
        n = h1 = h2 = 0;
        continue;
      }
      let f = unit;
      if (unit >= 0xd800 && unit <= 0xdbff) {
        f = text.codePointAt(i)!;
        if (f > 0xffff) i++;
      }
      f = compareForm(f);
      if (f < 0) continue;
      if (n === 0) first = f;
      last = f;
      h1 = (Math.imul(h1, B1) + f) | 0;
      h2 = (Math.imul(h2, B2) + f) | 0;
      n++;
    }
  }
  if (count === 0) return 0;
  // Open addressing, at most half full.
  let size = 64;
  while (size < 2 * count) size *= 2;
  mask = size - 1;
  if (used.length < size) {
    used = new Uint8Array(size);
    slots = new Int32Array(2 * size);
  } else used.fill(0, 0, size);
  for (let k = 0; k < count; k++) {
    const h1 = toolKeys[2 * k]!;
    const h2 = toolKeys[2 * k + 1]!;
    let s = slotOf(h1, h2);
    while (used[s] === 1) s = (s + 1) & mask;
    used[s] = 1;
    slots[2 * s] = h1;
    slots[2 * s + 1] = h2;
  }
  return count;
}

/**
 * Whether the answer clause held in `forms[0, n)` (hash prefixes in `prefix1` / `prefix2`) is a tool clause
 * with at most `maxAdded` compared code points added around it (a bullet, a number, 建议 …).
 */
function isCopiedClause(n: number): boolean {
  for (let added = 0; added <= C.maxAdded; added++) {
    const length = n - added;
    if (length < C.minClause) return false;
    for (let a = 0; a <= added; a++) {
      const end = a + length;
      const probe = probeOf(forms[a]!, forms[end - 1]!, length);
      if ((PROBES[probe >>> 5]! & (1 << (probe & 31))) === 0) continue;
      const h1 = (prefix1[end]! - Math.imul(prefix1[a]!, pow1[length]!)) | 0;
      const h2 = (prefix2[end]! - Math.imul(prefix2[a]!, pow2[length]!)) | 0;
      if (hasKey(h1, h2)) return true;
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
  try {
    if (toolClauses(ctx.resultTexts) === 0) return none;
    let total = 0;
    let covered = 0;
    let clauses = 0;
    eachClause(ctx.answer, (n) => {
      total += n;
      if (n < C.minClause) return;
      powersTo(n);
      if (isCopiedClause(n)) {
        covered += n;
        clauses++;
      }
    });
    if (total === 0) return none;
    const fraction = covered / total;
    return { fraction, clauses, multiplier: clauseEchoDefence(fraction) };
  } finally {
    PROBES.fill(0);
  }
}

/** Multiplier on the code score: 1 up to `start`, linearly down to `floor` at `full`. */
export function clauseEchoDefence(fraction: number): number {
  return linearFall(fraction, C.start, C.full, C.floor);
}
