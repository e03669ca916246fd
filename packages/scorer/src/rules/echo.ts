// Echo defence: how much of the answer is long verbatim spans of tool results.
import { SCORING_CONFIG } from '../config';
import type { ScoringContext } from '../context';
import { linearFall } from '../internal/text';
import { compareForm } from '../internal/compare-form';

const C = SCORING_CONFIG.echo;
/** Shingle length hashed on both sides (code points, letters and digits only). */
const K = 12;
const BASE = 0x01000193;
/**
 * The tool-text windows go into a blocked Bloom filter: each window sets four bits inside one 512-bit block (one
 * cache line, so a lookup costs one memory access). The filter is sized to the tool texts, 32 bits or more per
 * code unit up to 65,536 units, which keeps false positives (an answer window taken for a tool window) near
 * 10^-4 and the filter inside the processor's caches; the fixed 256 KiB one-bit-per-window bitmap this replaces
 * missed the cache on almost every tool window and was wrong about 0.25 % of the time. A copied span needs
 * minSpan − K + 1 consecutive hits, so a false positive can at most extend a real span by a code point.
 */
const BLOCK_WORDS_LOG2 = 4;
/** Blocks of the largest filter: 2^12 blocks of 512 bits (256 KiB), for 65,536 tool-text code units and more. */
const MAX_BLOCKS_LOG2 = 12;
/** log2 of the filter bits per tool-text code unit. */
const BITS_PER_UNIT_LOG2 = 5;

/**
 * One filter shared by all calls (the function is synchronous). Only its first `2^blocksLog2` blocks are used by
 * a call, and they are zeroed after it: allocating per answer cost more than the hashing.
 */
const SEEN = new Uint32Array(1 << (MAX_BLOCKS_LOG2 + BLOCK_WORDS_LOG2));
/** log2 of the blocks in use by the current call. */
let blocksLog2 = 1;
/** Window hits of the answer, reused and grown as needed (only the first answer-length bytes are used). */
let HIT = new Uint8Array(4096);

/**
 * log2 of the blocks for tool texts of `units` code units in all: 32 bits or more per unit, from 2 to 2^12
 * blocks (at least two, so the block index is never a shift by 32, which JavaScript takes as a shift by 0).
 */
function filterBlocksLog2(units: number): number {
  const bitsLog2 = Math.ceil(Math.log2(Math.max(1, units))) + BITS_PER_UNIT_LOG2;
  return Math.min(MAX_BLOCKS_LOG2, Math.max(1, bitsLog2 - BLOCK_WORDS_LOG2 - 5));
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
 * Rolling hashes of every K-long window of a text's compared code points (see `compareForm`; a ring buffer
 * holds the last K). With `answer` false each window's four bits are set in {@link SEEN}; with `answer` true, `HIT[start]` is
 * set for every window (code points [start, start + K)) whose four bits are all set. Returns the number of
 * compared code points. One loop for both sides, with a predictable branch, instead of a callback per
 * window: it runs on every character of every text.
 */
function scanWindows(text: string, answer: boolean): number {
  const seen = SEEN;
  const hit = HIT;
  // The block comes from the top bits of one multiplicative mix of the window hash, the four bits in it from
  // two others (the low bits of a polynomial hash depend on the low bits of the characters only).
  const blockShift = 32 - blocksLog2;
  let h = 0;
  let n = 0;
  let slot = 0;
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    const c = compareForm(cp);
    if (c < 0) continue;
    if (n >= K) h = (h - Math.imul(RING[slot]!, TOP)) | 0;
    h = (Math.imul(h, BASE) + c) | 0;
    RING[slot] = c;
    slot = slot === K - 1 ? 0 : slot + 1;
    n++;
    if (n < K) continue;
    const word = (Math.imul(h, 0x9e3779b1) >>> blockShift) << BLOCK_WORDS_LOG2;
    const mix = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
    const more = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    const wordA = word | ((mix >>> 5) & 15);
    const wordB = word | ((mix >>> 14) & 15);
    const wordC = word | ((mix >>> 23) & 15);
    const wordD = word | ((more >>> 5) & 15);
    const maskA = 1 << (mix & 31);
    const maskB = 1 << ((mix >>> 9) & 31);
    const maskC = 1 << ((mix >>> 18) & 31);
    const maskD = 1 << (more & 31);
    if (answer) {
      if (
        (seen[wordA]! & maskA) !== 0 &&
        (seen[wordB]! & maskB) !== 0 &&
        (seen[wordC]! & maskC) !== 0 &&
        (seen[wordD]! & maskD) !== 0
      )
        hit[n - K] = 1;
      continue;
    }
    seen[wordA]! |= maskA;
    seen[wordB]! |= maskB;
    seen[wordC]! |= maskC;
    seen[wordD]! |= maskD;
  }
  return n;
}

/**
 * Share (0–1) of the answer's letters and digits that lie inside tool-result spans of at least `minSpan` of
 * them copied in order, whatever whitespace, punctuation or symbols stand between them (full-width and ASCII
 * forms, and ASCII case, count as the same).
 */
export function echoFraction(ctx: ScoringContext): number {
  const answer = ctx.answer;
  let units = 0;
  for (const text of ctx.resultTexts) if (text.length >= C.minSpan) units += text.length;
  if (units === 0) return 0;
  blocksLog2 = filterBlocksLog2(units);
  for (const text of ctx.resultTexts) if (text.length >= C.minSpan) scanWindows(text, false);
  // The answer's compared length is at most its UTF-16 length.
  if (HIT.length < answer.length) HIT = new Uint8Array(answer.length * 2);
  HIT.fill(0, 0, answer.length);
  const answerLength = scanWindows(answer, true);
  // Leave the shared filter empty for the next call.
  SEEN.fill(0, 0, 1 << (blocksLog2 + BLOCK_WORDS_LOG2));
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
  return linearFall(fraction, C.start, C.full, C.floor);
}
