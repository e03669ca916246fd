// Facts from a model's final answer.
import type { ExtractedFacts } from '@navworld/core-types';
import { ANSWER_PRICE_RANGE, TRANSPORT_TIME_KEYWORDS, TRANSPORT_TIME_WINDOW } from './config';
import { createFactSets, finalizeFacts, type FactSets } from './facts';
import { backCodePoints } from './text';
import { weatherContextText } from './weather-context';
import { analyseAnswer } from './internal/answer-analysis';
import {
  alternation,
  scanAnswerPoiFields,
  scanDistances,
  scanDurations,
  scanPrices,
  scanTemperatures,
  scanTimes,
  scanWeatherWords,
  scanWind,
  type IdHit,
} from './internal/scanners';
import { mergeStatements, type ClaimStatement } from './internal/transport';
const TRANSPORT_KEYWORD_RE = new RegExp(alternation(TRANSPORT_TIME_KEYWORDS), 'i');
// Sticky: tested right at the end of a time, without slicing the text.
const ARRIVE_DEPART_AFTER_RE =
  /\s{0,2}(?:\(次日\)|（次日）)?\s{0,2}(?:出发|到达|起飞|降落|发车|开车|抵达|始发|到站)/y;

/**
 * Facts stated in an answer: flight and train ids with their claimed prices and times, transport-context
 * times, prices (`N元`, `¥N`, 万 / 千, ids' prices), weather words and temperatures in weather context only,
 * distances, wind, travel durations, road names and POI names. Never throws.
 */
export function extractAnswerFacts(text: string): ExtractedFacts {
  const sets = createFactSets();
  if (typeof text !== 'string' || text.length === 0) return finalizeFacts(sets);
  const analysis = analyseAnswer(text);
  const raw = analysis.raw;
  const ids = analysis.ids;
  for (const hit of ids) (hit.kind === 'flight' ? sets.flights : sets.trains).add(hit.id);
  if (raw.includes('|')) mergeStatements(sets.transport, analysis.tableStatements, 'first-wins');
  mergeStatements(sets.transport, analysis.contextStatements, 'first-wins');
  if (raw.includes('{') && analysis.json.value !== undefined) {
    const onPartial = (found: readonly ClaimStatement[]): void => {
      mergeStatements(sets.transport, found, 'later-wins');
    };
    mergeStatements(sets.transport, analysis.jsonStatements(onPartial), 'later-wins');
  }
  addTransportTimes(raw, ids, sets);
  scanPrices(raw, sets.prices, ANSWER_PRICE_RANGE.min, ANSWER_PRICE_RANGE.max, true);
  for (const claim of sets.transport.values()) {
    if (claim.price !== undefined && claim.price >= 1)
      sets.prices.add(String(Math.trunc(claim.price)));
  }
  const weatherText = weatherContextText(raw);
  if (weatherText.length > 0) {
    scanWeatherWords(weatherText, sets.weather);
    scanTemperatures(weatherText, sets.weather, true);
  }
  scanDistances(raw, sets.distances, 0, false);
  scanWind(raw, sets.wind_info);
  scanDurations(raw, sets.travel_durations, false);
  const suffixNames = analysis.suffixNames;
  for (const road of suffixNames.roads) sets.road_names.add(road);
  scanAnswerPoiFields(raw, sets.pois, analysis.cleanName);
  for (const poi of suffixNames.pois) sets.pois.add(poi);
  return finalizeFacts(sets);
}

/**
 * Times in transport context: a transport keyword or id at most {@link TRANSPORT_TIME_WINDOW} code points
 * before the time on the same line, or a departure / arrival verb right after it.
 */
function addTransportTimes(text: string, ids: readonly IdHit[], sets: FactSets): void {
  const times = scanTimes(text);
  if (times.length === 0) return;
  let idIndex = 0;
  // The start of the current time's line and the next line break after it, carried forward from time to time
  // (times come in text order): looking each line start up backwards would make one long line quadratic.
  let lineStart = 0;
  let nextBreak = text.indexOf('\n');
  for (const t of times) {
    // Times repeat (a schedule, then a summary): one that is in already needs no second look. Window starts
    // only grow, so the id cursor below stays right when times are skipped.
    if (sets.times.has(t.time)) continue;
    while (nextBreak >= 0 && nextBreak < t.start) {
      lineStart = nextBreak + 1;
      nextBreak = text.indexOf('\n', lineStart);
    }
    // A line start at most that many units back is within that many code points: no need to count them.
    const windowStart =
      t.start - lineStart <= TRANSPORT_TIME_WINDOW
        ? lineStart
        : Math.max(backCodePoints(text, t.start, TRANSPORT_TIME_WINDOW), lineStart);
    while (idIndex < ids.length && (ids[idIndex]?.end ?? 0) <= windowStart) idIndex++;
    const idNear = idIndex < ids.length && (ids[idIndex]?.end ?? Infinity) <= t.start;
    if (
      idNear ||
      arriveDepartAfter(text, t.end) ||
      TRANSPORT_KEYWORD_RE.test(text.slice(windowStart, t.start))
    ) {
      sets.times.add(t.time);
    }
  }
}

/** Whether a departure / arrival verb (after an optional 次日) starts at `at`. */
function arriveDepartAfter(text: string, at: number): boolean {
  ARRIVE_DEPART_AFTER_RE.lastIndex = at;
  return ARRIVE_DEPART_AFTER_RE.test(text);
}
