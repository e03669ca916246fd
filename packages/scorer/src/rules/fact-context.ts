// Context-free facts: tool facts cited in bare lists, or far from any planning keyword, are not planning.
import { SCORING_CONFIG } from '../config';
import type { ProblemType } from '@navworld/core-types';
import type { ScoringContext } from '../context';
import { CodeUnitBuffer, isWhitespaceCode } from '@navworld/fact-extractor';
import { anyInRange, insideSpan, isBlank, lowerCase, spanIndex, unitTest } from '../internal/text';
import { PieceSet, setMembership, type RangeMembership } from '../internal/piece-set';
import { toolSideKey } from '../internal/tool-side';

const C = SCORING_CONFIG.factContext;

/** Where tool facts sit in the answer, computed once per episode. */
export interface FactContext {
  /**
   * Weight (0–1) of a cited tool fact: 1 when one of its mentions lies within `window` code points of a
   * planning keyword of the problem type, `farWeight` when it is only mentioned far from every keyword,
   * 0 when every mention sits in a bare list of facts. 1 when no position can be recovered (the fact was
   * matched after normalisation), so the defence never removes a citation it cannot see.
   */
  weight(fact: string, poi?: boolean): number;
  /** Code-point ranges [start, end) of the bare-list lines. */
  bareLines: ReadonlyArray<readonly [number, number]>;
}

/**
 * The tool facts and result-line pieces of one tool side (scratch, refilled when an episode of another tool
 * side is scored).
 */
const PIECES = new PieceSet();
/** The tool side whose pieces {@link PIECES} holds. */
let piecesOwner: object | undefined;

/**
 * Fills {@link PIECES} with every string a tool fact can be cited as in a bare list (prices also with 元), and
 * the pieces (between list separators, at least 2 units, lower-cased) of the tool results' lines: of the value
 * for `label: value` lines, else of the whole line. A table or list of values copied from the results
 * (addresses, coordinates, opening hours, the POI's type …) is then as bare as a list of facts, though most of
 * its cells are no fact category.
 */
function factPieces(ctx: ScoringContext): PieceSet {
  const T = ctx.toolFacts;
  const out = PIECES;
  const owner = toolSideKey(ctx);
  if (piecesOwner === owner) return out;
  // Cleared first: should a fill throw, no tool side owns a half-filled set.
  piecesOwner = undefined;
  out.clear();
  for (const list of [
    T.pois,
    T.flights,
    T.trains,
    T.weather,
    T.times,
    T.distances,
    T.travel_durations,
    T.wind_info,
    T.road_names,
  ]) {
    for (const f of list) if (f !== '') out.addString(lowerCase(f));
  }
  for (const p of T.prices) {
    const price = lowerCase(p);
    out.addString(price);
    // 元 has no case: the price lower-cased, then 元.
    out.addString(`${price}元`);
  }
  for (const text of ctx.resultTexts) {
    const units = UNITS.load(text);
    for (let from = 0; from < text.length;) {
      let to = text.indexOf('\n', from);
      if (to < 0) to = text.length;
      addLinePieces(out, text, units, from, to);
      from = to + 1;
    }
  }
  piecesOwner = owner;
  return out;
}

/** Longest label of a tool result's `label: value` line (UTF-16 units). */
const MAX_LABEL = 12;

/**
 * The code units of the text being read (a tool result, then the answer's search form): the item loops read
 * every unit, and a typed copy reads faster than `charCodeAt`.
 */
const UNITS = new CodeUnitBuffer(4096);

/**
 * Adds the pieces of the line `text[from, to)` (`units`: its code units): of its value when it is a
 * `label: value` line.
 */
function addLinePieces(
  out: PieceSet,
  text: string,
  units: Uint16Array,
  from: number,
  to: number,
): void {
  let a = from;
  while (a < to && isWhitespaceCode(units[a]!)) a++;
  let colon = -1;
  for (let i = a; i < to && i <= a + MAX_LABEL; i++) {
    const c = units[i]!;
    if (c === 0x3a || c === 0xff1a) {
      colon = i;
      break;
    }
  }
  // A line without a label (a flight, a route step) is read whole.
  eachItem(units, colon > a ? colon + 1 : a, to, (start, end) => {
    if (end - start >= 2) out.addLowerRange(text, start, end);
    return true;
  });
}

/**
 * Whether a UTF-16 unit is a bare-list separator: the configured `listSeparators` class, tested per character
 * through a memo table because it runs on every character of every line.
 */
export const isListSeparatorCode: (code: number) => boolean = unitTest(C.listSeparators);

/**
 * Whether a line is a bare list of tool facts: at least `minListItems` items separated only by
 * punctuation, and at least `bareShare` of them are tool facts verbatim.
 */
export function isBareFactList(line: string, facts: ReadonlySet<string>): boolean {
  return bareFactList(line, UNITS.load(line), 0, line.length, setMembership(facts));
}

/**
 * Calls `visit(start, end)` for each item of the code units `units[from, to)` (a run of non-separators), in
 * order, until it returns false.
 */
function eachItem(
  units: Uint16Array,
  from: number,
  to: number,
  visit: (start: number, end: number) => boolean,
): void {
  let start = -1;
  for (let i = from; i <= to; i++) {
    const sep = i === to || isListSeparatorCode(units[i]!);
    if (!sep) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    if (!visit(start, i)) return;
    start = -1;
  }
}

/**
 * {@link isBareFactList} of the line `text[from, to)`, given the longest fact: an item longer than every fact
 * cannot be one, so most lines of prose are settled by the counting pass alone, without a slice or a lookup.
 */
function bareFactList(
  text: string,
  units: Uint16Array,
  from: number,
  to: number,
  facts: RangeMembership,
): boolean {
  const longest = facts.longest;
  // Count the items (and those too long to be facts) first, then look the others up, stopping once too many
  // are not facts.
  let items = 0;
  let tooLong = 0;
  eachItem(units, from, to, (start, end) => {
    items++;
    if (end - start > longest) tooLong++;
    return true;
  });
  if (items < C.minListItems) return false;
  const need = C.bareShare * items;
  if (items - tooLong < need) return false;
  let misses = 0;
  eachItem(units, from, to, (start, end) => {
    if (facts.hasRange(text, start, end)) return true;
    misses++;
    return items - misses >= need;
  });
  return items - misses >= need;
}

/**
 * Whether a line is one tool fact or value and nothing else, but for a bullet or number, a short label
 * (建议：…) and closing punctuation: an item of a vertical bare list. `longest` is the longest fact.
 */
function isBareItemLine(line: string, facts: RangeMembership): boolean {
  const longest = facts.longest;
  const marked = line.trim().replace(C.itemMark, '').replace(C.itemLabel, '');
  // What is left is a prefix of `marked`: only closing punctuation and spaces are taken off its end. When the
  // unit past the longest fact is neither, it stays, and the line is no fact; a line of prose is settled so,
  // without running the closing-punctuation regex over all of it.
  if (marked.length > longest) {
    const c = marked.charCodeAt(longest);
    if (!isWhitespaceCode(c) && !C.itemEnd.test(String.fromCharCode(c))) return false;
  }
  const rest = marked.replace(C.itemEnd, '').trim();
  return rest.length > 0 && facts.hasString(rest);
}

/** Merges two ascending arrays into one. */
function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = new Array<number>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i]! <= b[j]! ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/** The regexes whose matches anchor facts, by problem type: its dimensions' keywords, then the planning words. */
const ANCHOR_REGEXES = new Map<ProblemType, readonly RegExp[]>();

function anchorRegexes(type: ProblemType): readonly RegExp[] {
  let out = ANCHOR_REGEXES.get(type);
  if (out === undefined) {
    out = [
      ...SCORING_CONFIG.dimensions[type].flatMap((d) => (d.keyword ? [d.keyword] : [])),
      C.planningWords,
    ];
    ANCHOR_REGEXES.set(type, out);
  }
  return out;
}

/**
 * The fact context of the episode being scored, with its scoring context: info consistency and fact precision
 * both read it. Episodes are scored one at a time, so only the current one is kept. (A WeakMap keyed by the
 * scoring context made young-generation collections treat every episode's fact context as live: they were
 * promoted to the old generation and collected there, which cost about a tenth of a fresh episode's time.)
 */
let current: { ctx: ScoringContext; fc: FactContext } | undefined;

/** The {@link FactContext} of an episode, built on first use and kept while that episode is scored. */
export function factContextOf(ctx: ScoringContext): FactContext {
  if (current?.ctx === ctx) return current.fc;
  // Dropped first: should the build throw, no context owns a stale entry.
  current = undefined;
  const fc = buildFactContext(ctx);
  current = { ctx, fc };
  return fc;
}

/** Builds the {@link FactContext} of an answer (named defence `context_free_facts`). */
export function buildFactContext(ctx: ScoringContext): FactContext {
  const facts = factPieces(ctx);
  const bareLines: Array<[number, number]> = [];
  const lower = ctx.lower;
  // Loaded after the pieces: both use the one buffer.
  const units = UNITS.load(lower);
  // Lines that are one fact each, waiting to be a vertical list (blank lines neither count nor end one).
  let items: Array<[number, number]> = [];
  const endItems = (): void => {
    // A loop, not a spread: a list may have more lines than a call takes arguments.
    if (items.length >= C.minListItems) for (const item of items) bareLines.push(item);
    items = [];
  };
  for (let from = 0; from <= lower.length;) {
    let to = lower.indexOf('\n', from);
    if (to < 0) to = lower.length;
    const span: [number, number] = [ctx.cpi.at(from), ctx.cpi.at(to)];
    if (bareFactList(lower, units, from, to, facts)) {
      endItems();
      bareLines.push(span);
    } else if (isBareItemLine(lower.slice(from, to), facts)) items.push(span);
    else if (!isBlank(lower, from, to)) endItems();
    from = to + 1;
  }
  endItems();
  const bareIndex = spanIndex(bareLines);
  const inBare = (at: number): boolean => insideSpan(bareIndex, at, at + 1);
  let anchors: number[] = [];
  // Each regex's matches come in order: merging the lists is cheaper than sorting them together.
  for (const re of anchorRegexes(ctx.problem.problemType)) {
    const starts: number[] = [];
    for (const { start } of ctx.spans(re, C.maxAnchors)) if (!inBare(start)) starts.push(start);
    anchors = anchors.length === 0 ? starts : mergeSorted(anchors, starts);
  }
  // One map per kind, keyed by the fact itself (see `locate`).
  const factWeights = new Map<string, number>();
  const poiWeights = new Map<string, number>();
  return {
    bareLines,
    weight(fact, poi = false) {
      const cache = poi ? poiWeights : factWeights;
      let w = cache.get(fact);
      if (w !== undefined) return w;
      const at = ctx.locate(fact, poi);
      if (at.length === 0) w = 1;
      else {
        w = 0;
        for (const p of at) {
          if (inBare(p)) continue;
          if (anyInRange(anchors, p - C.window, p + C.window)) {
            w = 1;
            break;
          }
          w = C.farWeight;
        }
      }
      cache.set(fact, w);
      return w;
    },
  };
}
