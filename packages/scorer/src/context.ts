// Everything the rules share about one episode, computed once: facts, parsed plan, lower-cased answer and
// caches of where each tool fact sits in the answer.
import type {
  ExtractedFacts,
  ParsedPlan,
  ToolTraceEntry,
  TravelProblem,
} from '@navworld/core-types';
import {
  extractAnswerFacts,
  extractToolFacts,
  isGenericHalf,
  matchPoi,
  parsePlan,
  prepareAnswer,
  resultTextOf,
  type PreparedAnswer,
} from '@navworld/fact-extractor';
import { SCORING_CONFIG } from './config';
import { codePointIndex, cpLength, occurrences, type CodePointIndex } from './internal/text';

/** The per-episode state every rule reads. */
export interface ScoringContext {
  problem: TravelProblem;
  trace: readonly ToolTraceEntry[];
  /** The answer as given. */
  answer: string;
  /** The answer lower-cased (keyword, context and fact searches run on it). */
  lower: string;
  /** UTF-16 → code-point offsets of `lower`. */
  cpi: CodePointIndex;
  /** Code points of the trimmed answer. */
  trimmedLength: number;
  /** Code points of the answer. */
  length: number;
  parsed: ParsedPlan;
  toolFacts: ExtractedFacts;
  answerFacts: ExtractedFacts;
  /** Every tool name called, failed calls included. */
  called: ReadonlySet<string>;
  /** Tool names with at least one successful call. */
  successful: ReadonlySet<string>;
  /** Tool names with at least one failed call. */
  attempted: ReadonlySet<string>;
  /** Unwrapped result texts, in trace order. */
  resultTexts: readonly string[];
  /** Whether this type must plan intercity transport. */
  transportType: boolean;
  /** Code-point positions of a fact in the answer (sorted); POIs use fuzzy matching. */
  locate(fact: string, poi?: boolean): readonly number[];
  /** Whether a tool POI is named in the answer (exact, normalised or half match). */
  poiMatched(name: string): boolean;
}

const NORMALISE_CHARS = '\\s\\u3000·\\-—–_,，。.!！?？;；:：()（）【】\\[\\]{}"\'';
const DIGIT = /\p{Nd}/u;

function isDigitAt(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false;
  const c = text[i]!;
  return (c >= '0' && c <= '9') || c === '.' || DIGIT.test(c);
}

/** Occurrences of a fact; numeric edges must not touch other digits, so "30" is not found in "300元". */
function factOccurrences(lower: string, fact: string): number[] {
  const needle = fact.toLowerCase();
  const raw = occurrences(lower, needle, 64);
  const startsNumeric = isDigitAt(needle, 0);
  const endsNumeric = isDigitAt(needle, needle.length - 1);
  if (!startsNumeric && !endsNumeric) return raw;
  return raw.filter(
    (i) =>
      !(startsNumeric && isDigitAt(lower, i - 1)) &&
      !(endsNumeric && isDigitAt(lower, i + needle.length)),
  );
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Positions of a POI name in the answer, following the kind of match the fact extractor reports. */
function poiOccurrences(prepared: PreparedAnswer, lower: string, name: string): number[] {
  const kind = matchPoi(name, prepared);
  if (kind === null) return [];
  const exact = occurrences(lower, name.toLowerCase(), 64);
  if (exact.length > 0) return exact;
  if (kind === 'normalized') {
    // The name's characters with optional separators between them.
    const chars = Array.from(
      name.toLowerCase().replace(new RegExp(`[${NORMALISE_CHARS}]+`, 'gu'), ''),
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
  // Half match: the longer half that occurs.
  const cps = Array.from(name.toLowerCase());
  const k = Math.floor(cps.length / 2);
  const halves = [cps.slice(0, k).join(''), cps.slice(k).join('')]
    .filter((h) => Array.from(h).length >= 3 && !isGenericHalf(h))
    .sort((a, b) => b.length - a.length);
  for (const half of halves) {
    const found = occurrences(lower, half, 64);
    if (found.length > 0) return found;
  }
  // The extractor matched but no position could be recovered: anchor at the start so presence still counts.
  return [0];
}

/** Builds the {@link ScoringContext} of one episode. */
export function buildContext(
  problem: TravelProblem,
  trace: readonly ToolTraceEntry[],
  answer: string,
): ScoringContext {
  const lower = answer.toLowerCase();
  const cpi = codePointIndex(lower);
  const called = new Set<string>();
  const successful = new Set<string>();
  const attempted = new Set<string>();
  const resultTexts: string[] = [];
  for (const entry of trace) {
    called.add(entry.name);
    if (entry.ok && entry.resultText.trim() !== '') successful.add(entry.name);
    else attempted.add(entry.name);
    resultTexts.push(resultTextOf(entry));
  }
  const prepared = prepareAnswer(answer);
  const cache = new Map<string, readonly number[]>();
  const poiCache = new Map<string, boolean>();
  const ctx: ScoringContext = {
    problem,
    trace,
    answer,
    lower,
    cpi,
    trimmedLength: cpLength(answer.trim()),
    length: cpLength(answer),
    parsed: parsePlan(answer),
    toolFacts: extractToolFacts(trace),
    answerFacts: extractAnswerFacts(answer),
    called,
    successful,
    attempted,
    resultTexts,
    transportType: SCORING_CONFIG.transportTypes.includes(problem.problemType),
    locate(fact, poi = false) {
      const key = (poi ? 'p\u0000' : 'f\u0000') + fact;
      let hit = cache.get(key);
      if (hit === undefined) {
        const raw =
          fact === ''
            ? []
            : poi
              ? poiOccurrences(prepared, lower, fact)
              : factOccurrences(lower, fact);
        hit = raw.map((i) => cpi.at(i));
        cache.set(key, hit);
      }
      return hit;
    },
    poiMatched(name) {
      let hit = poiCache.get(name);
      if (hit === undefined) {
        hit = name !== '' && matchPoi(name, prepared) !== null;
        poiCache.set(name, hit);
      }
      return hit;
    },
  };
  return ctx;
}
