// Facts from a tool trace, dispatched by tool name.
import {
  FACT_CATEGORIES,
  type ExtractedFacts,
  type FactCategory,
  type ToolTraceEntry,
  type TransportClaim,
} from '@navworld/core-types';
import {
  FACT_TOOLS,
  MIN_TOOL_DISTANCE_METRES,
  TOOL_CLAIM_WINDOW,
  TOOL_PRICE_RANGE,
} from './config';
import { copyFacts, createFactSets, finalizeFacts, type FactSets } from './facts';
import { resultTextOf } from './result-text';
import { asciiCopy, foldFullWidth, isAsciiUpper, isDigit } from './text';
import { RecurringTextCache, fingerprintFolding, lastHadFullWidth } from './text-cache';
import {
  scanDistances,
  scanDurations,
  scanIds,
  scanPrices,
  scanRoads,
  scanTemperatures,
  scanTimes,
  scanToolPois,
  scanWeatherWords,
  scanWind,
  createNameCleaner,
  type NameCleaner,
} from './internal/scanners';
import { collectClaims, mergeClaim } from './internal/transport';

/** A trace entry as accepted by {@link extractToolFacts}: ours, or the reference's `{ name, result: { text } }`. */
export type ToolFactsEntry =
  | ToolTraceEntry
  | {
      name?: unknown;
      ok?: unknown;
      resultText?: unknown;
      result?: unknown;
      [key: string]: unknown;
    };

const FLIGHT_ONLY = new Set<'flight' | 'train'>(['flight']);
const TRAIN_ONLY = new Set<'flight' | 'train'>(['train']);

/**
 * Facts from the results of a tool trace, by tool name: POI names and prices from poi_search / around_search,
 * distances, durations, roads and taxi prices from direction, conditions, temperatures and wind from weather,
 * ids, prices, times and id → price / time claims from search_flights / search_train_tickets. Entries with
 * `ok: false` and unknown tool names contribute nothing. Never throws.
 */
export function extractToolFacts(
  trace: readonly ToolFactsEntry[] | null | undefined,
): ExtractedFacts {
  if (!Array.isArray(trace)) return finalizeFacts(createFactSets());
  // Results seen for the first time are scanned straight into the merged sets; only results the cache keeps
  // get facts of their own. Either way a category's values end up in one set, and claims are merged
  // later-wins field by field, so the merged facts are the same.
  const sets = createFactSets();
  const parts: ResultFacts[] = [];
  let allCached = true;
  let clean: NameCleaner | undefined;
  const entries: unknown[] = [];
  const texts: string[] = [];
  const prints: number[] = [];
  for (const entry of trace as readonly unknown[]) {
    if (entry === null || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    if (e.ok === false) continue;
    const kind = toolKindOf(typeof e.name === 'string' ? e.name : '');
    if (kind === undefined) continue;
    const text = resultTextOf(e);
    if (text.length === 0) continue;
    // The same entry with the same text at the same place as in the previous call (the scorer and the audit
    // read one trace) keeps its fingerprint. Entries are compared first: comparing a new text with the last
    // one would read both. A new text is hashed in the pass that tells whether it needs folding.
    const at = texts.length;
    let folded: string | undefined;
    let print: number;
    if (lastEntries[at] === entry && lastTexts[at] === text) print = lastPrints[at] ?? 0;
    else {
      print = fingerprintFolding(text);
      if (!lastHadFullWidth()) folded = text;
    }
    entries.push(entry);
    texts.push(text);
    prints.push(print);
    let facts = cachedResultFacts(kind, text, print);
    if (facts === undefined) {
      clean ??= createNameCleaner(false);
      folded ??= foldFullWidth(text);
      if (!resultCache.admit(text, print)) {
        if (allCached) {
          // From here on, merge as we go: what came before first, so later results keep winning.
          allCached = false;
          for (const part of parts) mergeResultFacts(sets, part);
        }
        addToolText(sets, kind, folded, clean);
        continue;
      }
      facts = resultFacts(kind, folded, clean);
      cacheResultFacts(kind, text, print, facts);
    }
    if (allCached) parts.push(facts);
    else mergeResultFacts(sets, facts);
  }
  lastEntries = entries;
  lastTexts = texts;
  lastPrints = prints;
  // The same cached results in the same order (the scorer and the audit read one trace) merge to the same
  // facts.
  if (allCached && lastMerge !== undefined && sameParts(lastMerge.parts, parts))
    return copyFacts(lastMerge.facts);
  if (allCached) for (const part of parts) mergeResultFacts(sets, part);
  const merged = finalizeFacts(sets);
  // Callers own what they get: keep a copy.
  if (allCached) lastMerge = { parts, facts: copyFacts(merged) };
  return merged;
}

/** Adds one result's cached facts to `sets` (later results win for the same id, as when reading in turn). */
function mergeResultFacts(sets: FactSets, facts: ResultFacts): void {
  for (const [category, values] of facts.lists) {
    const set = sets[category];
    for (const v of values) set.add(v);
  }
  for (const c of facts.claims) mergeClaim(sets.transport, c.id, c.kind, c, 'later-wins');
}

// The entries of the previous call with their result texts and fingerprints, by position.
let lastEntries: readonly unknown[] = [];
let lastTexts: readonly string[] = [];
let lastPrints: readonly number[] = [];

// The last merge, by the identity of its cached parts (a part is recomputed, as a new object, only after
// leaving the cache, so equal identities mean equal facts).
let lastMerge: { parts: readonly ResultFacts[]; facts: ExtractedFacts } | undefined;

function sameParts(a: readonly ResultFacts[], b: readonly ResultFacts[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The kinds of tool results that carry facts (poi_search and around_search read alike). */
type ToolKind = 'poi' | 'direction' | 'weather' | 'flight' | 'train';

function toolKindOf(name: string): ToolKind | undefined {
  switch (name) {
    case FACT_TOOLS.poi[0]:
    case FACT_TOOLS.poi[1]:
      return 'poi';
    case FACT_TOOLS.direction:
      return 'direction';
    case FACT_TOOLS.weather:
      return 'weather';
    case FACT_TOOLS.flights:
      return 'flight';
    case FACT_TOOLS.trains:
      return 'train';
    default:
      return undefined;
  }
}

/** What one tool result contributes: frozen, as it is shared by every trace that holds the same result. */
interface ResultFacts {
  readonly lists: ReadonlyArray<readonly [FactCategory, readonly string[]]>;
  /** One claim per id, fields merged later-wins within the result. */
  readonly claims: readonly TransportClaim[];
}

/** The facts of one (full-width folded) tool result of `kind`. */
function resultFacts(kind: ToolKind, text: string, clean: NameCleaner): ResultFacts {
  const sets = createFactSets();
  addToolText(sets, kind, text, clean);
  const lists: Array<readonly [FactCategory, readonly string[]]> = [];
  for (const category of FACT_CATEGORIES) {
    const set = sets[category];
    if (set.size > 0) lists.push(Object.freeze([category, Object.freeze([...set])] as const));
  }
  const claims = [...sets.transport.values()].map((c) => Object.freeze(c));
  return Object.freeze({ lists: Object.freeze(lists), claims: Object.freeze(claims) });
}

// Tool results recur: the scorer and the audit read the same trace, and the same searches come back across
// the episodes of a task. Their facts are kept by result text (at most 4,096 results and 4 M characters),
// from a result's second sighting on.
type CacheSlot = Partial<Record<ToolKind, ResultFacts>>;
const resultCache = new RecurringTextCache<CacheSlot>({ maxEntries: 4096, maxChars: 4_000_000 });

function cachedResultFacts(kind: ToolKind, text: string, print: number): ResultFacts | undefined {
  return resultCache.get(text, print)?.[kind];
}

/** Caches the facts of an admitted result text. */
function cacheResultFacts(kind: ToolKind, text: string, print: number, facts: ResultFacts): void {
  const slot = resultCache.get(text, print);
  if (slot !== undefined) slot[kind] = facts;
  else resultCache.set(text, { [kind]: facts }, print);
}

/** Adds the facts of one tool result of `kind` to `sets`. */
function addToolText(sets: FactSets, kind: ToolKind, text: string, clean: NameCleaner): void {
  switch (kind) {
    case 'poi':
      scanToolPois(text, sets.pois, clean);
      scanPrices(text, sets.prices, TOOL_PRICE_RANGE.min, TOOL_PRICE_RANGE.max, true);
      return;
    case 'direction':
      scanDistances(text, sets.distances, MIN_TOOL_DISTANCE_METRES, true);
      scanDurations(text, sets.travel_durations, true);
      scanRoads(text, sets.road_names);
      scanPrices(text, sets.prices, TOOL_PRICE_RANGE.min, TOOL_PRICE_RANGE.max, true);
      return;
    case 'weather':
      scanWeatherWords(text, sets.weather);
      scanTemperatures(text, sets.weather, true);
      scanWind(text, sets.wind_info);
      return;
    case 'flight':
    case 'train':
      addTransportText(sets, transportLines(text), kind);
      return;
  }
}

/** The records of a transport result: a JSON array of strings becomes one record per line. */
function transportLines(text: string): string {
  const t = text.trimStart();
  if (!t.startsWith('[')) return text;
  try {
    const value: unknown = JSON.parse(t);
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join('\n');
  } catch {
    // Not JSON: the line scan below still finds every record.
  }
  return text;
}

// One mock-transport record per line (our render and the reference's): read in a single anchored match.
const RECORD_RE =
  /^\s{0,4}(?:\d{1,3}[.、)]\s{0,2})?(?:直达)?(?:航班|车次)\s{0,2}([A-Z0-9]{2}\d{1,4}|[GDCZTK]\d{1,5})(?:（[^）\n]{0,12}）)?[，,][^，,\n]{0,8}?价格(\d{1,6})元[，,](\d{2}:\d{2})从[^，,\n]{1,40}?出发[，,](\d{2}:\d{2})(?:\((?:次日|第\d日)\))?到达[^:：元\n]*$/;

function addTransportText(sets: FactSets, text: string, kind: 'flight' | 'train'): void {
  const ids = kind === 'flight' ? sets.flights : sets.trains;
  let rest = '';
  for (const line of text.split('\n')) {
    const m = RECORD_RE.exec(line);
    const record = m === null ? '' : (m[1] ?? '');
    if (m === null || wholeIdKind(record) !== kind) {
      if (line.trim().length > 0) rest += `${line}\n`;
      continue;
    }
    const id = asciiCopy(record);
    const price = Number(m[2]);
    const departure = asciiCopy(m[3] ?? '');
    const arrival = asciiCopy(m[4] ?? '');
    ids.add(id);
    mergeClaim(sets.transport, id, kind, { price, departure, arrival }, 'later-wins');
    sets.times.add(departure);
    sets.times.add(arrival);
    if (price >= TOOL_PRICE_RANGE.min && price <= TOOL_PRICE_RANGE.max)
      sets.prices.add(String(price));
  }
  if (rest.length > 0) addTransportGeneric(sets, rest, kind);
}

/** Whether the code units `text[from, to)` are all ASCII digits. */
function allDigits(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (!isDigit(text.charCodeAt(k))) return false;
  return true;
}

/**
 * The kind of id `s` is when {@link scanIds} reads all of it as one id (what its pattern finds first when
 * the whole string is an id), else undefined: a flight is `[A-Z0-9][A-Z]` and 3–4 digits, a train one of
 * `GDCZTK` and 1–5 digits (the flight form wins). Checked in place, without a regex run per record.
 */
export function wholeIdKind(s: string): 'flight' | 'train' | undefined {
  const n = s.length;
  if (n < 2) return undefined;
  const a = s.charCodeAt(0);
  if ((n === 5 || n === 6) && (isAsciiUpper(a) || isDigit(a)) && isAsciiUpper(s.charCodeAt(1)))
    return allDigits(s, 2, n) ? 'flight' : undefined;
  if (n <= 6 && 'GDCZTK'.includes(s[0] ?? '') && allDigits(s, 1, n)) return 'train';
  return undefined;
}

/** Any other transport text: ids, claims from the context after each id, every time and price. */
function addTransportGeneric(sets: FactSets, text: string, kind: 'flight' | 'train'): void {
  const ids = scanIds(text);
  for (const hit of ids) {
    if (hit.kind !== kind) continue;
    (kind === 'flight' ? sets.flights : sets.trains).add(hit.id);
  }
  collectClaims(
    text,
    ids,
    kind === 'flight' ? FLIGHT_ONLY : TRAIN_ONLY,
    TOOL_CLAIM_WINDOW,
    false,
    sets.transport,
    'later-wins',
  );
  for (const t of scanTimes(text)) sets.times.add(t.time);
  scanPrices(text, sets.prices, TOOL_PRICE_RANGE.min, TOOL_PRICE_RANGE.max, true);
}
