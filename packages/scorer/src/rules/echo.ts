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
/** Window hits of the answer, reused and grown as needed (only the first answer-length bytes are used). */
let HIT = new Uint8Array(4096);
/**
 * Words of {@link SEEN} set by the current call: the first {@link touchedCount} entries. A typed array that is
 * only ever grown (emptying a plain array by `length = 0` gives its storage back, so every call reallocated it).
 */
let touched = new Int32Array(4096);
let touchedCount = 0;

/** Space, tab, line breaks, form and vertical feed, NBSP and the ideographic space (CJK text decides early). */
function isSpace(c: number): boolean {
  return c <= 32 ? c === 32 || (c >= 9 && c <= 13) : c === 0x3000 || c === 0xa0;
}

function powBase(k: number): number {
  let p = 1;
  for (let i = 0; i < k - 1; i++) p = Math.imul(p, BASE);
  return p;
}
const TOP = powBase(K);

/** The last K code points hashed (reused; the functions below are synchronous). */
const RING = new Int32Array(K);

/**
 * Rolling hashes of every K-long window of a text's non-whitespace code points (a ring buffer holds the last
 * K). With `answer` false the windows' bits are set in {@link SEEN}; with `answer` true, `HIT[start]` is
 * set for every window (code points [start, start + K)) whose bit is already set. Returns the number of non-whitespace code points. One loop for both sides, with a
 * predictable branch, instead of a callback per window: it runs on every character of every text.
 */
function scanWindows(text: string, answer: boolean): number {
  const seen = SEEN;
  const hit = HIT;
  let h = 0;
  let n = 0;
  let slot = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.codePointAt(i)!;
    if (c > 0xffff) i++;
    if (isSpace(c)) continue;
    if (n >= K) h = (h - Math.imul(RING[slot]!, TOP)) | 0;
    h = (Math.imul(h, BASE) + c) | 0;
    RING[slot] = c;
    slot = slot === K - 1 ? 0 : slot + 1;
    n++;
    if (n < K) continue;
    const b = h & BITMAP_MASK;
    const w = b >>> 5;
    if (answer) {
      if ((seen[w]! & (1 << (b & 31))) !== 0) hit[n - K] = 1;
      continue;
    }
    if (seen[w] === 0) {
      if (touchedCount === touched.length) {
        const grown = new Int32Array(touched.length * 2);
        grown.set(touched);
        touched = grown;
      }
      touched[touchedCount++] = w;
    }
    seen[w]! |= 1 << (b & 31);
  }
  return n;
}

/**
 * Share (0–1) of the answer's non-whitespace code points that lie inside verbatim tool-result spans of at
 * least `minSpan` code points.
 */
export function echoFraction(ctx: ScoringContext): number {
  const answer = ctx.answer;
  // Window hashes of the tool texts go into a bitmap (a one-hash Bloom filter): a false positive could only
  // matter if minSpan − K + 1 consecutive windows all collided, which the filter's load makes negligible.
  touchedCount = 0;
  for (const text of ctx.resultTexts) if (text.length >= C.minSpan) scanWindows(text, false);
  if (touchedCount === 0) return 0;
  // The answer's non-whitespace length is at most its UTF-16 length.
  if (HIT.length < answer.length) HIT = new Uint8Array(answer.length * 2);
  HIT.fill(0, 0, answer.length);
  const answerLength = scanWindows(answer, true);
  // Leave the shared bitmap empty for the next call.
  for (let k = 0; k < touchedCount; k++) SEEN[touched[k]!] = 0;
  touchedCount = 0;
  if (answerLength < C.minSpan) return 0;
  // A span of length ≥ minSpan is a run of ≥ minSpan − K + 1 consecutive window hits.
  const hit = HIT;
  const minRun = C.minSpan - K + 1;
  let covered = 0;
  let coveredTo = 0;
  let runStart = -1;
  for (let i = 0; i <= answerLength; i++) {
    if (i < answerLength && hit[i] === 1) {
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
