// Fuzzy POI matching: exact, normalised, half-match.
import { GENERIC_PLACE_WORDS, POI_HALF_MATCH } from './config';
import { memoize } from './internal/memo';
import {
  mayContainPairs,
  normalizedPairFilter,
  PAIR_FILTER_WORDS,
} from './internal/normalized-pairs';
import { codePointLength, normalizeText } from './text';

/** How a tool POI was found in an answer. */
export type PoiMatchKind = 'exact' | 'normalized' | 'half';

/** An answer prepared once for many {@link matchPoi} calls. */
export interface PreparedAnswer {
  /** The answer as given. */
  raw: string;
  /** {@link normalizeText} of the answer. */
  normalized: string;
}

/**
 * Prepares an answer for repeated matching. The normalised text is computed on first use and kept: when every
 * POI is named exactly, it is never needed.
 */
export function prepareAnswer(answerText: string): PreparedAnswer {
  const raw = typeof answerText === 'string' ? answerText : '';
  let normalized: string | undefined;
  const prepared: PreparedAnswer = {
    raw,
    get normalized(): string {
      normalized ??= normalizeText(raw);
      return normalized;
    },
  };
  let filter: Uint32Array | null | undefined;
  let rawSearches = 0;
  const filters: PairFilters = {
    normalized: () => {
      // Built into the shared storage, and built again should a later answer have taken it over since.
      if (filter === undefined || (filter !== null && filterOwner !== filters)) {
        filterOwner = filters;
        filter = normalizedPairFilter(raw, SHARED_FILTER);
      }
      return filter;
    },
    // Raw searches use the filter once it is built, or once enough of them were made to pay for it.
    forRaw: () =>
      filter !== undefined || ++rawSearches > RAW_FILTER_AFTER ? filters.normalized() : undefined,
  };
  // A hidden property rather than a WeakMap entry: young-generation collections keep WeakMap values alive, so
  // the filters of every answer were promoted to the old generation before they could be collected.
  Object.defineProperty(prepared, PAIR_FILTERS, { value: filters });
  return prepared;
}

/**
 * Storage of the pair filter of the latest answer that built one (answers are matched one at a time, and an
 * answer whose filter was overwritten builds it again when asked). One array instead of one per answer: an
 * 8 KiB typed array is allocated outside the JavaScript heap, which costs several microseconds.
 */
const SHARED_FILTER = new Uint32Array(PAIR_FILTER_WORDS);
/** The filters whose filter {@link SHARED_FILTER} holds. */
let filterOwner: PairFilters | undefined;

/** The pair filter of an answer prepared by {@link prepareAnswer}. */
interface PairFilters {
  /** The filter (built on first use; null when the answer cannot have one). */
  normalized: () => Uint32Array | null;
  /** The filter for a search of the answer as given, when it is worth having (undefined: search directly). */
  forRaw: () => Uint32Array | null | undefined;
}

/**
 * The key of the pair filter on answers made by {@link prepareAnswer} (an object built elsewhere may carry a
 * `normalized` text that is not the normalisation of its `raw`: it has none, and is always searched).
 */
const PAIR_FILTERS = Symbol('pairFilters');

function pairFiltersOf(answer: PreparedAnswer): PairFilters | undefined {
  return (answer as PreparedAnswer & { [PAIR_FILTERS]?: PairFilters })[PAIR_FILTERS];
}

/**
 * Whether the normalised answer may contain `normalized` (a normalised needle of at least two units): false
 * is certain. Normalisation maps or drops each unit on its own (the filter is null for texts where it does
 * not), so a needle found in the answer as given is found normalised in the normalised answer: a needle the
 * filter rules out is absent both ways.
 */
function mayOccur(answer: PreparedAnswer, normalized: string | null, raw = false): boolean {
  if (normalized === null || normalized.length < 2) return true;
  const filters = pairFiltersOf(answer);
  const filter = raw ? filters?.forRaw() : filters?.normalized();
  return filter == null || mayContainPairs(filter, normalized);
}

/** Whether the normalised answer contains `needle` (normalised), skipping the search when the filter rules it out. */
function normalizedIncludes(answer: PreparedAnswer, needle: string): boolean {
  return mayOccur(answer, needle) && answer.normalized.includes(needle);
}

/**
 * Shorter answers are searched as given directly, and longer ones through the filter once the normalised
 * searches have built it or after this many searches: building it costs about as much as a dozen searches of
 * the answer, and when every name is found as given it is never needed.
 */
const RAW_FILTER_MIN_LENGTH = 2_048;
const RAW_FILTER_AFTER = 16;

/**
 * Whether the answer as given contains `needle`, whose normalisation is `normalized`; long answers skip the
 * search when the pair filter rules the normalised needle out.
 */
function rawIncludes(answer: PreparedAnswer, needle: string, normalized: string | null): boolean {
  if (answer.raw.length >= RAW_FILTER_MIN_LENGTH && !mayOccur(answer, normalized, true))
    return false;
  return answer.raw.includes(needle);
}

const GENERIC_BY_LENGTH = [...GENERIC_PLACE_WORDS].sort((a, b) => b.length - a.length);
const BRANCH_RE = /[(（][^()（）]{1,20}[)）]\s*$/;

/**
 * Whether a name half carries no identity of its own: after removing generic place words (公园, 博物馆,
 * 国际机场, 酒店 …) from its ends, fewer than two code points are left.
 */
export function isGenericHalf(half: string): boolean {
  return genericHalfMemo(half);
}

/** {@link isGenericHalf}'s answers (a pure function of its argument; halves recur across episodes). */
const genericHalfMemo = memoize(genericHalf, 8192);

function genericHalf(half: string): boolean {
  let rest = normalizeText(half);
  for (let changed = true; changed && rest.length > 0;) {
    changed = false;
    for (const w of GENERIC_BY_LENGTH) {
      if (rest.endsWith(w)) {
        rest = rest.slice(0, rest.length - w.length);
        changed = true;
      } else if (w.length > 1 && rest.startsWith(w)) {
        rest = rest.slice(w.length);
        changed = true;
      }
    }
  }
  return codePointLength(rest) < POI_HALF_MATCH.minDistinctive;
}

/**
 * How `toolPoi` appears in `answerText`:
 * - `'exact'`: as a substring;
 * - `'normalized'`: after {@link normalizeText} on both sides (at least 2 code points), or its name without a
 *   trailing branch in brackets (陈麻婆豆腐(青华路店) → 陈麻婆豆腐, at least 3 code points);
 * - `'half'`: names of at least 6 code points split in two halves (first ⌊n/2⌋ code points, then the rest);
 *   a half of at least 3 code points that is not a generic word (公园, 博物馆, 国际机场 …) appears;
 * - `null`: none of these. An empty or blank name never matches.
 */
export function matchPoi(
  toolPoi: string,
  answerText: string | PreparedAnswer,
): PoiMatchKind | null {
  if (typeof toolPoi !== 'string') return null;
  const name = toolPoi.trim();
  if (name.length === 0) return null;
  const answer = typeof answerText === 'string' ? prepareAnswer(answerText) : answerText;
  const parts = namePartsOf(name);
  if (rawIncludes(answer, name, parts.normalized)) return 'exact';
  if (parts.normalized !== null && normalizedIncludes(answer, parts.normalized))
    return 'normalized';
  if (parts.core !== null && normalizedIncludes(answer, parts.core)) return 'normalized';
  for (const [half, nh] of parts.halves) {
    if (rawIncludes(answer, half, nh) || normalizedIncludes(answer, nh)) return 'half';
  }
  return null;
}

/** What {@link matchPoi} looks for, derived from a (trimmed) name alone. */
interface NameParts {
  /** The normalised name, when it has at least 2 code points. */
  normalized: string | null;
  /** The normalised name without its trailing branch, when it has one and at least 3 code points. */
  core: string | null;
  /** The usable halves (not generic, long enough), each as given and normalised. */
  halves: ReadonlyArray<readonly [string, string]>;
}

/**
 * Name parts by name: tool POI names recur across the episodes of a city and across the scorer and the judge
 * summary, and deriving the parts costs more than the answer lookups.
 */
const namePartsOf = memoize(nameParts, 8192);

function nameParts(name: string): NameParts {
  const n1 = normalizeText(name);
  let core: string | null = null;
  if (BRANCH_RE.test(name)) {
    const c = normalizeText(name.replace(BRANCH_RE, ''));
    if (codePointLength(c) >= 3) core = c;
  }
  const halves: Array<readonly [string, string]> = [];
  const cps = Array.from(name);
  if (cps.length >= POI_HALF_MATCH.minName) {
    const k = Math.floor(cps.length / 2);
    for (const half of [cps.slice(0, k).join(''), cps.slice(k).join('')]) {
      const nh = normalizeText(half);
      if (codePointLength(nh) < POI_HALF_MATCH.minHalf || isGenericHalf(half)) continue;
      halves.push([half, nh]);
    }
  }
  return { normalized: codePointLength(n1) >= 2 ? n1 : null, core, halves };
}

/** Number of distinct tool POIs that {@link matchPoi} finds in the answer. */
export function countPoiMatches(toolPois: Iterable<string>, answerText: string): number {
  const answer = prepareAnswer(answerText);
  let n = 0;
  for (const poi of new Set(toolPois)) if (matchPoi(poi, answer) !== null) n++;
  return n;
}
