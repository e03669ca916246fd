// Facts from a tool trace, dispatched by tool name.
import type { ExtractedFacts, ToolTraceEntry } from '@navworld/core-types';
import {
  FACT_TOOLS,
  MIN_TOOL_DISTANCE_METRES,
  TOOL_CLAIM_WINDOW,
  TOOL_PRICE_RANGE,
} from './config';
import { createFactSets, finalizeFacts, type FactSets } from './facts';
import { resultTextOf } from './result-text';
import { foldFullWidth } from './text';
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
  const sets = createFactSets();
  if (!Array.isArray(trace)) return finalizeFacts(sets);
  const clean = createNameCleaner(false);
  for (const entry of trace as readonly unknown[]) {
    if (entry === null || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    if (e.ok === false) continue;
    const name = typeof e.name === 'string' ? e.name : '';
    const text = foldFullWidth(resultTextOf(e));
    if (text.length === 0) continue;
    addToolText(sets, name, text, clean);
  }
  return finalizeFacts(sets);
}

/** Adds the facts of one tool result to `sets`; `clean` may be shared by the results of one trace. */
export function addToolText(
  sets: FactSets,
  toolName: string,
  text: string,
  clean: NameCleaner = createNameCleaner(false),
): void {
  switch (toolName) {
    case FACT_TOOLS.poi[0]:
    case FACT_TOOLS.poi[1]:
      scanToolPois(text, sets.pois, clean);
      scanPrices(text, sets.prices, TOOL_PRICE_RANGE.min, TOOL_PRICE_RANGE.max, true);
      return;
    case FACT_TOOLS.direction:
      scanDistances(text, sets.distances, MIN_TOOL_DISTANCE_METRES, true);
      scanDurations(text, sets.travel_durations, true);
      scanRoads(text, sets.road_names);
      scanPrices(text, sets.prices, TOOL_PRICE_RANGE.min, TOOL_PRICE_RANGE.max, true);
      return;
    case FACT_TOOLS.weather:
      scanWeatherWords(text, sets.weather);
      scanTemperatures(text, sets.weather, true);
      scanWind(text, sets.wind_info);
      return;
    case FACT_TOOLS.flights:
      addTransportText(sets, transportLines(text), 'flight');
      return;
    case FACT_TOOLS.trains:
      addTransportText(sets, transportLines(text), 'train');
      return;
    default:
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
    const hit = m === null ? undefined : scanIds(m[1] ?? '')[0];
    if (m === null || hit === undefined || hit.kind !== kind || hit.id !== m[1]) {
      if (line.trim().length > 0) rest += `${line}\n`;
      continue;
    }
    const price = Number(m[2]);
    const departure = m[3] ?? '';
    const arrival = m[4] ?? '';
    ids.add(hit.id);
    mergeClaim(sets.transport, hit.id, kind, { price, departure, arrival }, 'later-wins');
    sets.times.add(departure);
    sets.times.add(arrival);
    if (price >= TOOL_PRICE_RANGE.min && price <= TOOL_PRICE_RANGE.max)
      sets.prices.add(String(price));
  }
  if (rest.length > 0) addTransportGeneric(sets, rest, kind);
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
