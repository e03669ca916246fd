// Echo defence: how much of the answer is tool-result text copied in long runs.
import { SCORING_CONFIG } from '../config';
import type { ScoringContext } from '../context';
import { linearFall } from '../internal/text';
import { comparedAnswer, comparedResults, type ComparedTexts } from '../internal/compared-text';

const C = SCORING_CONFIG.echo;
/** Compared code points a copy must share with the tool text before it is followed (the index's key). */
const SEED = 4;
/** Tool positions tried per seed (a seed such as 国际机场 recurs in every flight line). */
const MAX_CANDIDATES = 32;

/**
 * Scratch storage shared by all calls (the function is synchronous), grown as needed: the long tool texts'
 * compared forms when some result is too short to be searched, and an index of the tool positions by seed —
 * `head` holds the first position of each bucket, `next` the following one.
 */
let longTexts: Int32Array = new Int32Array(4096);
let head = new Int32Array(1024);
let next = new Int32Array(4096);

/**
 * The compared forms of the result texts long enough to hold a copy, each followed by −1, and their length:
 * the episode's compared results themselves when no text is too short.
 */
function searchedTool(ctx: ScoringContext, all: ComparedTexts): [Int32Array, number] {
  const texts = ctx.resultTexts;
  if (texts.every((t) => t.length >= C.minSpan)) return [all.forms, all.length];
  let need = 0;
  for (let k = 0; k < texts.length; k++)
    if (texts[k]!.length >= C.minSpan) need += all.ends[k]! - all.starts[k]! + 1;
  if (longTexts.length < need) longTexts = new Int32Array(Math.max(need, 2 * longTexts.length));
  let n = 0;
  for (let k = 0; k < texts.length; k++) {
    if (texts[k]!.length < C.minSpan) continue;
    // The text's forms and the −1 after them.
    longTexts.set(all.forms.subarray(all.starts[k], all.ends[k]! + 1), n);
    n += all.ends[k]! - all.starts[k]! + 1;
  }
  return [longTexts, n];
}

/** Multiplier of the seed polynomial (odd, so it has an inverse modulo 2³²). */
const SEED_BASE = 0x01000193;
/** SEED_BASE³, the weight of a seed's first form. */
const SEED_LEAD = 0x3ee6b34b;
/** The inverse of SEED_BASE modulo 2³². */
const SEED_BASE_INVERSE = 0x359c449b;

/**
 * The polynomial of the SEED forms at `at`: f₀·B³ + f₁·B² + f₂·B + f₃ modulo 2³². A neighbour's follows from
 * it with two multiplications ({@link rollForward}, {@link rollBack}), so the scans compute it in full only
 * after a jump.
 */
function seedPolynomial(forms: Int32Array, at: number): number {
  let h = forms[at]!;
  for (let k = 1; k < SEED; k++) h = (Math.imul(h, SEED_BASE) + forms[at + k]!) | 0;
  return h;
}

/** The seed polynomial at `at + 1`, given the one at `at`. */
function rollForward(forms: Int32Array, at: number, h: number): number {
  return (Math.imul((h - Math.imul(forms[at]!, SEED_LEAD)) | 0, SEED_BASE) + forms[at + SEED]!) | 0;
}

/** The seed polynomial at `at`, given the one at `at + 1`. */
function rollBack(forms: Int32Array, at: number, h: number): number {
  return (
    (Math.imul(forms[at]!, SEED_LEAD) + Math.imul((h - forms[at + SEED]!) | 0, SEED_BASE_INVERSE)) |
    0
  );
}

/** A seed's hash: its polynomial mixed so that the top bits (the bucket) depend on every form. */
function seedHash(polynomial: number): number {
  return Math.imul(polynomial, 0x9e3779b1);
}

/**
 * One bit per value of a seed hash's low 16 bits, set for the seeds of the tool text: an answer seed whose
 * bit is clear occurs nowhere in the tool text, so its bucket (which may hold other seeds) is not walked.
 */
const present = new Int32Array(1 << 11);

/** The searched tool text and its seed index, built from one view of the compared results. */
interface ToolIndex {
  /** The view it was built from. */
  results: ComparedTexts;
  tool: Int32Array;
  length: number;
  /** Shift from a seed hash to its bucket. */
  shift: number;
}
let indexed: ToolIndex | undefined;

/**
 * The searched tool text of the episode and its index. The compared results keep their view (the same
 * object) for as long as they hold the texts of the same tool side, and the index and the searched text are
 * only ever rebuilt here, so an index built from the current view is still right: the episodes of one tool
 * side (the rollouts of a task) build it once.
 */
function toolIndex(ctx: ScoringContext): ToolIndex {
  const results = comparedResults(ctx);
  if (indexed?.results === results) return indexed;
  // Dropped first: should the build throw, no view owns a half-built index.
  indexed = undefined;
  const [tool, length] = searchedTool(ctx, results);
  const shift = length === 0 ? 0 : indexTool(tool, length);
  indexed = { results, tool, length, shift };
  return indexed;
}

/**
 * Builds the seed index over `tool[0, length)` (a trailing −1 included): every position whose SEED forms hold no
 * separator, chained in increasing order per bucket. Returns the shift that maps a seed hash to its bucket.
 */
function indexTool(tool: Int32Array, length: number): number {
  let bucketsLog2 = 6;
  while (1 << bucketsLog2 < length && bucketsLog2 < 20) bucketsLog2++;
  const buckets = 1 << bucketsLog2;
  if (head.length < buckets) head = new Int32Array(buckets);
  head.fill(-1, 0, buckets);
  if (next.length < length) next = new Int32Array(Math.max(length, 2 * next.length));
  present.fill(0);
  const shift = 32 - bucketsLog2;
  // Scanning backwards, `clear` is the number of separator-free forms from p on; `h` is the seed polynomial
  // at p + 1 when `rolled`.
  let clear = 0;
  let h = 0;
  let rolled = false;
  for (let p = length - 1; p >= 0; p--) {
    clear = tool[p]! < 0 ? 0 : clear + 1;
    if (clear < SEED) {
      rolled = false;
      continue;
    }
    h = rolled ? rollBack(tool, p, h) : seedPolynomial(tool, p);
    rolled = true;
    const m = seedHash(h);
    const word = (m >>> 5) & 0x7ff;
    present[word] = present[word]! | (1 << (m & 31));
    const b = m >>> shift;
    next[p] = head[b]!;
    head[b] = p;
  }
  return shift;
}

/**
 * Share (0–1) of the answer's letters and digits that lie in copies of tool-result text: runs of at least
 * `minSpan` compared code points found in the tool results in the same order, where at most `maxInserted`
 * code points may stand between two copied pieces (a word put between fields). Whitespace, punctuation and
 * symbols are not compared, and full-width and ASCII forms, and ASCII case, count as the same, so neither
 * changed separators nor words put in the middle of a line hide a copy. Text the answer reorders or shortens
 * is not followed: a plan restates tool facts in its own order and words.
 */
export function echoFraction(ctx: ScoringContext): number {
  const answer = comparedAnswer(ctx);
  // The answer's compared code points (the −1 after them excluded).
  const n = answer.length - 1;
  if (n < C.minSpan) return 0;
  const { tool: t, length, shift } = toolIndex(ctx);
  if (length === 0) return 0;
  const a = answer.forms;
  let covered = 0;
  let i = 0;
  // The seed polynomial at `hashedAt` (−2: none computed yet).
  let h = 0;
  let hashedAt = -2;
  while (i + SEED <= n) {
    h = hashedAt === i - 1 ? rollForward(a, i - 1, h) : seedPolynomial(a, i);
    hashedAt = i;
    const m = seedHash(h);
    if ((present[(m >>> 5) & 0x7ff]! & (1 << (m & 31))) === 0) {
      // No tool position has this seed: no copy starts here.
      i++;
      continue;
    }
    // The tool position that the answer follows furthest from here.
    let best = -1;
    let bestLength = 0;
    let tries = 0;
    for (let p = head[m >>> shift]!; p >= 0 && tries < MAX_CANDIDATES; p = next[p]!) {
      tries++;
      // A candidate that differs at the best length so far cannot beat it: skip the comparison from the start.
      if (t[p + bestLength] !== a[i + bestLength] || i + bestLength >= n) continue;
      let l = 0;
      while (i + l < n && t[p + l] === a[i + l]) l++;
      if (l > bestLength) {
        bestLength = l;
        best = p;
      }
    }
    if (bestLength < SEED) {
      i++;
      continue;
    }
    // Follow the copy, letting at most maxInserted answer code points stand between two pieces; a piece after
    // an insertion must match two code points, so that a stray match does not carry the copy on.
    let q = best + bestLength;
    let at = i + bestLength;
    let matched = bestLength;
    let end = at;
    let inserted = 0;
    while (at < n && t[q]! >= 0) {
      if (a[at] === t[q] && (inserted === 0 || (at + 1 < n && a[at + 1] === t[q + 1]))) {
        q++;
        at++;
        matched++;
        end = at;
        inserted = 0;
        continue;
      }
      if (inserted === C.maxInserted) break;
      inserted++;
      at++;
    }
    if (matched >= C.minSpan) {
      covered += end - i;
      i = end;
    } else i++;
  }
  return Math.min(1, covered / n);
}

/** Multiplier on IC and completeness: 1 up to `start`, linearly down to `floor` at `full`. */
export function echoDefence(fraction: number): number {
  return linearFall(fraction, C.start, C.full, C.floor);
}
