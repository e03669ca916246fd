// Echo defence: how much of the answer is long verbatim spans of tool results.
import { SCORING_CONFIG } from '../config';
import type { ScoringContext } from '../context';

const C = SCORING_CONFIG.echo;
/** Shingle length hashed on both sides (code points, whitespace removed). */
const K = 12;
const BASE = 0x01000193;
/** Bitmap of 2^21 bits for the tool-text window hashes. */
const BITMAP_BITS = 21;
const BITMAP_MASK = (1 << BITMAP_BITS) - 1;
const BITMAP_WORDS = 1 << (BITMAP_BITS - 5);

/**
 * One bitmap shared by all calls (the function is synchronous) and cleared word by word after use: allocating
 * and zeroing 256 KiB per answer cost more than the hashing.
 */
const SEEN = new Uint32Array(BITMAP_WORDS);
/** Words of {@link SEEN} set by the current call. */
const touched: number[] = [];

function isSpace(c: number): boolean {
  return (
    c === 32 ||
    c === 9 ||
    c === 10 ||
    c === 13 ||
    c === 0x3000 ||
    c === 12 ||
    c === 11 ||
    c === 0xa0
  );
}

/** Number of code points of a text without whitespace. */
function compactLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.codePointAt(i)!;
    if (c > 0xffff) i++;
    if (!isSpace(c)) n++;
  }
  return n;
}

function powBase(k: number): number {
  let p = 1;
  for (let i = 0; i < k - 1; i++) p = Math.imul(p, BASE);
  return p;
}
const TOP = powBase(K);

/** The last K code points seen by {@link windowHashes} (reused; the function is synchronous). */
const RING = new Int32Array(K);

/**
 * Rolling hashes of every K-long window of the text's non-whitespace code points (the window of code points
 * [start, start + K) is reported with its start), read straight from the string with a ring buffer.
 */
function windowHashes(text: string, each: (start: number, hash: number) => void): void {
  let h = 0;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.codePointAt(i)!;
    if (c > 0xffff) i++;
    if (isSpace(c)) continue;
    const slot = n % K;
    if (n >= K) h = (h - Math.imul(RING[slot]!, TOP)) | 0;
    h = (Math.imul(h, BASE) + c) | 0;
    RING[slot] = c;
    n++;
    if (n >= K) each(n - K, h);
  }
}

/**
 * Share (0–1) of the answer's non-whitespace code points that lie inside verbatim tool-result spans of at
 * least `minSpan` code points.
 */
export function echoFraction(ctx: ScoringContext): number {
  const answerLength = compactLength(ctx.answer);
  if (answerLength < C.minSpan) return 0;
  // Window hashes of the tool texts go into a bitmap (a one-hash Bloom filter): a false positive could only
  // matter if minSpan − K + 1 consecutive windows all collided, which the filter's load makes negligible.
  const seen = SEEN;
  touched.length = 0;
  let any = false;
  for (const text of ctx.resultTexts) {
    if (text.length < C.minSpan) continue;
    windowHashes(text, (_, h) => {
      const b = h & BITMAP_MASK;
      const w = b >>> 5;
      if (seen[w] === 0) touched.push(w);
      seen[w]! |= 1 << (b & 31);
      any = true;
    });
  }
  if (!any) return 0;
  const hit = new Uint8Array(answerLength);
  windowHashes(ctx.answer, (start, h) => {
    const b = h & BITMAP_MASK;
    if ((seen[b >>> 5]! & (1 << (b & 31))) !== 0) hit[start] = 1;
  });
  // Leave the shared bitmap empty for the next call.
  for (const w of touched) seen[w] = 0;
  touched.length = 0;
  // A span of length ≥ minSpan is a run of ≥ minSpan − K + 1 consecutive window hits.
  const minRun = C.minSpan - K + 1;
  let covered = 0;
  let coveredTo = 0;
  let runStart = -1;
  for (let i = 0; i <= hit.length; i++) {
    if (i < hit.length && hit[i] === 1) {
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart >= 0 && i - runStart >= minRun) {
      const from = Math.max(runStart, coveredTo);
      const to = i - 1 + K;
      if (to > from) covered += to - from;
      coveredTo = Math.max(coveredTo, to);
    }
    runStart = -1;
  }
  return Math.min(1, covered / answerLength);
}

/** Multiplier on IC and completeness: 1 up to `start`, linearly down to `floor` at `full`. */
export function echoDefence(fraction: number): number {
  if (fraction <= C.start) return 1;
  if (fraction >= C.full) return C.floor;
  return 1 - (1 - C.floor) * ((fraction - C.start) / (C.full - C.start));
}
