// Everything the rules share about one episode, computed once: facts, parsed plan, the answer's search form
// and caches of where each tool fact sits in the answer.
import type {
  ExtractedFacts,
  ParsedPlan,
  ToolTraceEntry,
  TravelProblem,
} from '@navworld/core-types';
import {
  CodeUnitBuffer,
  extractAnswerFacts,
  canonicalAnswer,
  copyFacts,
  extractToolFacts,
  foldFullWidth,
  hasSurrogates,
  isAdministrativeName,
  isGenericHalf,
  matchPoi,
  parsePlan,
  prepareAnswer,
  resultTextOf,
  type PoiMatchKind,
} from '@navworld/fact-extractor';
import { SCORING_CONFIG } from './config';
import {
  captureFree,
  codePointIndex,
  cpLength,
  createSearcher,
  eachAlternative,
  eachMatch,
  ideographAlternatives,
  insideSpan,
  isBlank,
  isDigitUnit,
  searchForm,
  spanIndex,
  trimmedLength,
  unitTest,
  type CodePointIndex,
  type SpanIndex,
} from './internal/text';
import { toolSideOf, toolSideTable, type ToolSide } from './internal/tool-side';

/** A code-point span [start, end) of the answer. */
export interface Span {
  /** First code point. */
  start: number;
  /** Code point after the last one. */
  end: number;
}

/** The per-episode state every rule reads. */
export interface ScoringContext {
  /** The problem. */
  problem: TravelProblem;
  /** The tool trace, in call order. */
  trace: readonly ToolTraceEntry[];
  /** The answer as given. */
  answer: string;
  /**
   * The answer with full-width letters and digits folded to ASCII (same offsets), for rules that parse
   * numbers and case-sensitive units (°C) in it; the answer itself when it has none.
   */
  folded: string;
  /**
   * The answer lower-cased, full-width letters and digits folded to ASCII (`searchForm`): keyword, context
   * and fact searches run on it, with their needles in the same form.
   */
  lower: string;
  /** UTF-16 → code-point offsets of `lower`. */
  cpi: CodePointIndex;
  /** Whether the answer holds a UTF-16 surrogate (else UTF-16 and code-point offsets coincide). */
  surrogates: boolean;
  /** Code points of the trimmed answer. */
  trimmedLength: number;
  /** Code points of the answer. */
  length: number;
  /** The parsed plan. */
  parsed: ParsedPlan;
  /** Facts of the tool results. */
  toolFacts: ExtractedFacts;
  /** Facts of the answer. */
  answerFacts: ExtractedFacts;
  /** Every tool name called, failed calls included. */
  called: ReadonlySet<string>;
  /** Tool names with at least one successful call. */
  successful: ReadonlySet<string>;
  /** Tool names with at least one failed call. */
  attempted: ReadonlySet<string>;
  /** Unwrapped result texts, in trace order. */
  resultTexts: readonly string[];
  /**
   * The identity of the episode's tool side (tool names, outcomes and result texts): contexts built for equal
   * tool sides share this object, and the tables a rule builds from the tool results alone are kept for it,
   * so the next such episode reuses them. A context built by hand may leave it out; it then keeps those tables
   * for itself. A context copied from a built one with another trace must leave it out too.
   */
  toolSide?: object;
  /** Whether this type must plan intercity transport. */
  transportType: boolean;
  /** Code-point positions of a fact in the answer (sorted); POIs use fuzzy matching. */
  locate(fact: string, poi?: boolean): readonly number[];
  /** Whether a tool POI is named in the answer (exact, normalised or half match). */
  poiMatched(name: string): boolean;
  /** Whether the extractor half-matched a tool POI only on an administrative or road name (not counted). */
  poiHalfRejected(name: string): boolean;
  /**
   * Code-point spans [start, end) of the first `limit` matches of a global regex in the lower-cased answer,
   * cached per regex and limit (several rules scan the same keywords).
   */
  spans(re: RegExp, limit: number): readonly Span[];
  /** UTF-16 indices of the exact occurrences of a name (in search form), at most 64, cached. */
  exact(name: string): readonly number[];
  /** UTF-16 indices of the sequential occurrences of a needle in the answer as given (at most `limit`). */
  findInAnswer(needle: string, limit?: number): number[];
}

const NORMALISE_CHARS = '\\s\\u3000·\\-—–_,，。.!！?？;；:：()（）【】\\[\\]{}"\'';
const FS = SCORING_CONFIG.factSearch;
/** Suffixes that turn a stem into an administrative name (虎丘 → 虎丘区, 沱江 → 沱江镇). */
const ADMIN_SUFFIXES = '区县市省镇乡';
/** Brackets: a name half containing one is a branch label. */
const BRACKET = /[()（）]/u;
/** A half that is itself a road name (经三路 of 经三路美食街). */
const ROAD_END = /(路|大道|大街|街|巷)$/u;
/** Text right after a half that continues it into a road name (沿江大 + 道, 东风中 + 路). */
const ROAD_START = /^(路|道|街|巷)/u;

/** Sequential occurrences of a needle in the answer's search form (see `createSearcher`). */
type Find = (needle: string, limit?: number) => number[];

function isDigitAt(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false;
  const c = text.charCodeAt(i);
  return c === 46 || isDigitUnit(c);
}

/** Whether a UTF-16 unit is a letter (CJK included): the first unit of a measurement's unit. */
const isLetterUnit = unitTest(/\p{L}/u);
/** Whether a UTF-16 unit may stand between a number and its unit (one of `unitGap`). */
const isGapUnit = unitTest(new RegExp(`[${FS.unitGap}]`, 'u'));

/** Whether `needle[k - 1]` and `needle[k]` are a digit and a letter, in either order (8.5|公里, 小时|59). */
function unitBoundary(needle: string, k: number): boolean {
  const a = needle.charCodeAt(k - 1);
  const b = needle.charCodeAt(k);
  return (isDigitUnit(a) && isLetterUnit(b)) || (isLetterUnit(a) && isDigitUnit(b));
}

/**
 * The end of `needle` read in `text` from `at` with up to `maxUnitGap` spaces at each of its digit–letter
 * boundaries (1 小时 59 分钟 for 1小时59分钟), or -1.
 */
function spacedEnd(text: string, at: number, needle: string): number {
  let j = at;
  for (let k = 0; k < needle.length; k++, j++) {
    if (k > 0 && unitBoundary(needle, k))
      for (let n = 0; n < FS.maxUnitGap && isGapUnit(text.charCodeAt(j)); n++) j++;
    if (text.charCodeAt(j) !== needle.charCodeAt(k)) return -1;
  }
  return j;
}

/** Where an answer has spaces between a number and a letter (see {@link unitGapsOf}). */
interface UnitGaps {
  /** The digit runs (digits and dots) that spaces part from a letter after them (8.5 of 8.5 公里). */
  numbers: ReadonlySet<string>;
  /** Whether spaces part a letter from a digit after it anywhere (小时 59). */
  beforeNumber: boolean;
}

/** The digit run (digits and dots) of `text` that ends before `end`. */
function runBefore(text: string, end: number): string {
  let start = end;
  while (isDigitAt(text, start - 1)) start--;
  return text.slice(start, end);
}

/** The code units of the text {@link unitGapsOf} scans: a typed copy reads faster than `charCodeAt`. */
const GAP_UNITS = new CodeUnitBuffer(4096);

/** The {@link UnitGaps} of a text, in one scan (runs of more than `maxUnitGap` spaces do not count). */
function unitGapsOf(text: string): UnitGaps {
  const numbers = new Set<string>();
  let beforeNumber = false;
  const units = GAP_UNITS.load(text);
  const n = units.length;
  for (let i = 1; i < n; i++) {
    if (!isGapUnit(units[i]!)) continue;
    let j = i + 1;
    while (j < n && isGapUnit(units[j]!)) j++;
    if (j - i <= FS.maxUnitGap && j < n) {
      const a = units[i - 1]!;
      const b = units[j]!;
      if (isDigitUnit(a) && isLetterUnit(b)) numbers.add(runBefore(text, i));
      else if (isLetterUnit(a) && isDigitUnit(b)) beforeNumber = true;
    }
    i = j;
  }
  return { numbers, beforeNumber };
}

/**
 * Occurrences of a fact (at most 64); numeric edges must not touch other digits, so "30" is not found in
 * "300元". A measurement (8.5公里, 1小时59分钟) is also found with spaces between its numbers and units, as the
 * fact extractor reads it (8.5 公里; see `factSearch`).
 */
function factOccurrences(
  lower: string,
  find: Find,
  fact: string,
  unitGaps: () => UnitGaps,
): number[] {
  const needle = searchForm(fact);
  const startsNumeric = isDigitAt(needle, 0);
  const endsNumeric = isDigitAt(needle, needle.length - 1);
  const bounded = (start: number, end: number): boolean =>
    !(startsNumeric && isDigitAt(lower, start - 1)) && !(endsNumeric && isDigitAt(lower, end));
  const raw = find(needle, 64);
  const found =
    startsNumeric || endsNumeric ? raw.filter((i) => bounded(i, i + needle.length)) : raw;
  const number = FS.numberThenUnit.exec(needle)?.[1];
  if (number === undefined) return found;
  // Which boundaries of the measurement the answer spaces anywhere: the first (after the number), a later one.
  const gaps = unitGaps();
  let first = false;
  let later = -1;
  for (let k = number.length; k < needle.length; k++) {
    if (!unitBoundary(needle, k)) continue;
    const spaced = isDigitUnit(needle.charCodeAt(k - 1))
      ? gaps.numbers.has(runBefore(needle, k))
      : gaps.beforeNumber;
    if (k === number.length) first = spaced;
    else if (spaced && later < 0) later = k;
  }
  // A mention spaced at the first boundary starts with the number and a space; one spaced only later, with
  // the needle up to the first boundary that can be spaced: each searched as one needle.
  const spaced: number[] = [];
  const add = (head: string): void => {
    for (const i of find(head, 64)) {
      const end = spacedEnd(lower, i, needle);
      if (end >= 0 && end !== i + needle.length && bounded(i, end)) spaced.push(i);
    }
  };
  if (first) for (const gap of FS.unitGap) add(number + gap);
  if (later >= 0) add(needle.slice(0, later));
  if (spaced.length === 0) return found;
  return [...found, ...spaced].sort((a, b) => a - b).slice(0, 64);
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Answer spans (UTF-16 [start, end)) of road and street names: a POI half inside one is an address. */
function roadSpans(find: Find, roads: Iterable<string>): SpanIndex {
  const spans: Array<[number, number]> = [];
  for (const road of roads) {
    const needle = searchForm(road);
    if (needle.length < 2) continue;
    for (const i of find(needle, 64)) spans.push([i, i + needle.length]);
  }
  return spanIndex(spans);
}

/**
 * Positions (UTF-16) of the halves of a half-matched POI name that really name the place (named defence
 * `admin_half_match`): a half that is an administrative name (景德镇 of 景德镇博物馆) or part of the
 * destination city's name (乌鲁木 of 乌鲁木齐动物园), a branch label in brackets (丽江古城店), a road name
 * (经三路 of 经三路美食街), or that occurs only inside a road name (东风中 of 东风中路美食街, written in an
 * address; 沿江大 of 沿江大道夜市), is not a mention of the POI. `undefined` when no half is found verbatim
 * (the extractor matched it normalised).
 */
function placeHalfPositions(
  name: string,
  lower: string,
  find: Find,
  city: string,
  roads: SpanIndex,
): number[] | undefined {
  const cps = Array.from(searchForm(name));
  const k = Math.floor(cps.length / 2);
  const halves = [cps.slice(0, k).join(''), cps.slice(k).join('')]
    .filter((h) => Array.from(h).length >= 3 && !isGenericHalf(h))
    .sort((a, b) => b.length - a.length);
  let seen = false;
  for (const half of halves) {
    // A bracketed half is a branch label shared by a chain (丽江古城店), not the place.
    if (BRACKET.test(half)) {
      seen = true;
      continue;
    }
    const found = find(half, 64);
    if (found.length === 0) continue;
    seen = true;
    if (isAdministrativeName(half) || city.includes(half) || half.includes(city)) continue;
    if (ROAD_END.test(half)) continue;
    const kept = found.filter(
      (i) =>
        !insideSpan(roads, i, i + half.length) &&
        !ROAD_START.test(lower.slice(i + half.length, i + half.length + 2)),
    );
    if (kept.length > 0) return kept;
  }
  return seen ? [] : undefined;
}

/**
 * Whether every occurrence of a name is the stem of an administrative name (虎丘 in 虎丘区): the plan names
 * the district, not the place.
 */
function onlyInAdminNames(lower: string, name: string, found: readonly number[]): boolean {
  if (found.length === 0) return false;
  return found.every((i) => {
    const next = lower[i + name.length];
    return next !== undefined && ADMIN_SUFFIXES.includes(next) && isAdministrativeName(name + next);
  });
}

/** Positions of a POI name in the answer, following the kind of match the fact extractor reports. */
function poiOccurrences(
  kind: PoiMatchKind | null,
  lower: string,
  name: string,
  exact: readonly number[],
  halfPositions: () => number[] | undefined,
): readonly number[] {
  if (kind === null) return [];
  if (exact.length > 0) return exact;
  if (kind === 'normalized') {
    // The name's characters with optional separators between them.
    const chars = Array.from(
      searchForm(name).replace(new RegExp(`[${NORMALISE_CHARS}]+`, 'gu'), ''),
    );
    if (chars.length >= 2) {
      const sep = `[${NORMALISE_CHARS}]*`;
      const re = new RegExp(chars.map(escapeRegex).join(sep), 'gu');
      const found: number[] = [];
      let m: RegExpExecArray | null;
      while (found.length < 64 && (m = re.exec(lower)) !== null) found.push(m.index);
      if (found.length > 0) return found;
    }
  }
  if (kind === 'half') {
    const found = halfPositions();
    if (found !== undefined) return found;
  }
  // The extractor matched but no position could be recovered: anchor at the start so presence still counts.
  return [0];
}

/**
 * Code-point spans of the first `limit` matches of `re` in `text`, in the order `allMatches` finds them, without
 * keeping the match objects (keyword regexes match hundreds of times in a long plan).
 */
function matchSpans(re: RegExp, text: string, limit: number, cpi: CodePointIndex): Span[] {
  const out: Span[] = [];
  // Most keyword regexes are a few words of ideographs: searching each word is twice as fast as the regex.
  const words = ideographAlternatives(re);
  if (words !== null) {
    eachAlternative(words, text, limit, (start, end) => {
      out.push({ start: cpi.at(start), end: cpi.at(end) });
    });
    return out;
  }
  eachMatch(captureFree(re), text, limit, (m) => {
    out.push({ start: cpi.at(m.index), end: cpi.at(m.index + m[0].length) });
  });
  return out;
}

/** The code-point index of a text without surrogates. */
const IDENTITY_INDEX: CodePointIndex = { at: (i) => i };

/** Builds the {@link ScoringContext} of one episode. */
export function buildContext(
  problem: TravelProblem,
  trace: readonly ToolTraceEntry[],
  answer: string,
): ScoringContext {
  return contextWith(problem, trace, answer, traceTools(trace));
}

/** What a context takes from its trace's results: their unwrapped texts, its tool side and the tool facts. */
export interface TraceTools {
  /** Unwrapped result texts, in trace order. */
  resultTexts: string[];
  /** The trace's tool side. */
  toolSide: ToolSide;
  /** The facts of the results, the episode's own copy. */
  toolFacts: ExtractedFacts;
}

const TOOL_FACTS = Symbol('toolFacts');

/**
 * The {@link TraceTools} of a trace: its results unwrapped once, its tool side, and its tool facts as
 * `extractToolFacts` gives them, extracted once per tool side (they are a function of it) and kept as
 * extracted, so the rollouts of a task skip even the fact extractor's cache lookups, which read every result
 * text. Each call gets a copy of its own: the facts reach callers in a breakdown's details, where they may be
 * changed.
 */
export function traceTools(trace: readonly ToolTraceEntry[]): TraceTools {
  const resultTexts = trace.map(resultTextOf);
  const toolSide = toolSideOf(trace, resultTexts);
  const toolFacts = copyFacts(
    toolSideTable({ toolSide }, TOOL_FACTS, () => extractToolFacts(trace)),
  );
  return { resultTexts, toolSide, toolFacts };
}

/**
 * {@link buildContext} with the trace's results already read (a batch reads those of all its traces in one
 * go, before it builds the contexts).
 */
export function contextWith(
  problem: TravelProblem,
  trace: readonly ToolTraceEntry[],
  answer: string,
  { resultTexts, toolSide, toolFacts }: TraceTools,
): ScoringContext {
  // Every rule reads the answer as it renders: zero-width and other invisible characters inside a name, an
  // amount or an id would hide it from them.
  answer = canonicalAnswer(answer);
  // One fold per answer: the search form is the folded answer lower-cased.
  const folded = foldFullWidth(answer);
  const lower = folded.toLowerCase();
  // Lower-casing maps code points of the BMP into the BMP and the others out of it (a test checks every code
  // point), and folding maps BMP units to ASCII, so the search form holds surrogates exactly when the answer
  // does.
  const surrogates = hasSurrogates(answer);
  const cpi = surrogates ? codePointIndex(lower) : IDENTITY_INDEX;
  const find = createSearcher(lower);
  const called = new Set<string>();
  const successful = new Set<string>();
  const attempted = new Set<string>();
  for (const entry of trace) {
    called.add(entry.name);
    if (entry.ok && !isBlank(entry.resultText)) successful.add(entry.name);
    else attempted.add(entry.name);
  }
  const prepared = prepareAnswer(answer);
  const factCache = new Map<string, readonly number[]>();
  const poiCache = new Map<string, readonly number[]>();
  const kinds = new Map<string, PoiMatchKind | null>();
  const rejected = new Set<string>();
  const exactCache = new Map<string, number[]>();
  const exact = (name: string): number[] => {
    let hit = exactCache.get(name);
    if (hit === undefined) {
      hit = find(searchForm(name), 64);
      exactCache.set(name, hit);
    }
    return hit;
  };
  const spanCache = new Map<RegExp, Map<number, Span[]>>();
  let gaps: UnitGaps | undefined;
  const unitGaps = (): UnitGaps => (gaps ??= unitGapsOf(lower));
  const answerFacts = extractAnswerFacts(answer);
  const city = searchForm(problem.destinationCity);
  let roads: SpanIndex | undefined;
  const halves = new Map<string, number[] | undefined>();
  const halfPositions = (name: string): number[] | undefined => {
    if (!halves.has(name)) {
      roads ??= roadSpans(find, new Set([...toolFacts.road_names, ...answerFacts.road_names]));
      halves.set(name, placeHalfPositions(name, lower, find, city, roads));
    }
    return halves.get(name);
  };
  // The extractor's match kind, with half matches on admin names or inside road names dropped.
  const kindOf = (name: string): PoiMatchKind | null => {
    if (name === '') return null;
    let kind = kinds.get(name);
    if (kind === undefined) {
      kind = matchPoi(name, prepared);
      if (kind === 'exact' && onlyInAdminNames(lower, searchForm(name), exact(name))) {
        kind = null;
        rejected.add(name);
      } else if (kind === 'half' && halfPositions(name)?.length === 0) {
        kind = null;
        rejected.add(name);
      }
      kinds.set(name, kind);
    }
    return kind;
  };
  const ctx: ScoringContext = {
    problem,
    trace,
    answer,
    folded,
    lower,
    cpi,
    surrogates,
    // Without surrogates, code points are UTF-16 units: no counting loop over the answer.
    trimmedLength: surrogates ? cpLength(answer.trim()) : trimmedLength(answer),
    length: surrogates ? cpLength(answer) : answer.length,
    parsed: parsePlan(answer),
    toolFacts,
    answerFacts,
    called,
    successful,
    attempted,
    resultTexts,
    toolSide,
    transportType: SCORING_CONFIG.transportTypes.includes(problem.problemType),
    locate(fact, poi = false) {
      // One map per kind, keyed by the fact itself: a string a rule passes again keeps its hash, where a
      // prefixed key would be a new string to hash on every call.
      const cache = poi ? poiCache : factCache;
      let hit = cache.get(fact);
      if (hit === undefined) {
        const raw =
          fact === ''
            ? []
            : poi
              ? poiOccurrences(kindOf(fact), lower, fact, exact(fact), () => halfPositions(fact))
              : factOccurrences(lower, find, fact, unitGaps);
        // Without surrogate pairs UTF-16 and code-point offsets coincide: no copy needed.
        hit = surrogates ? raw.map((i) => cpi.at(i)) : raw;
        cache.set(fact, hit);
      }
      return hit;
    },
    poiMatched(name) {
      return kindOf(name) !== null;
    },
    poiHalfRejected(name) {
      kindOf(name);
      return rejected.has(name);
    },
    spans(re, limit) {
      let byLimit = spanCache.get(re);
      if (byLimit === undefined) {
        byLimit = new Map();
        spanCache.set(re, byLimit);
      }
      let hit = byLimit.get(limit);
      if (hit === undefined) {
        hit = matchSpans(re, lower, limit, cpi);
        byLimit.set(limit, hit);
      }
      return hit;
    },
    exact,
    findInAnswer: createSearcher(answer),
  };
  return ctx;
}
