// Fact precision: of everything checkable the answer states, how much the tools of this episode returned.
import { includesNormalized, isAdministrativeName, normalizeText } from '@navworld/fact-extractor';
import { SCORING_CONFIG } from '../config';
import type { ScoringContext } from '../context';
import {
  DIGIT,
  allMatches,
  anyInRange,
  cpLength,
  isDigitUnit,
  round,
  linearFall,
  LineTexts,
  LinesWith,
  insideSpan,
  spanIndex,
  type SpanIndex,
} from '../internal/text';
import { toolPoiRatings } from '../internal/price-text';
import { toolSideTable } from '../internal/tool-side';
import { BRANCH_LABEL, brandOf, isTripCity, tripCities } from '../internal/place-names';
import type { PriceGroundingResult } from './price-grounding';
import { factContextOf } from './fact-context';

const C = SCORING_CONFIG.factPrecision;

/** Result of {@link factPrecision}. */
export interface FactPrecisionResult {
  /** Checkable facts: counted prices, dated weather facts and stated ratings. */
  checked: number;
  /** Those the tools of this episode do not support. */
  unsupported: number;
  /** unsupported / checked. */
  ratio: number;
  /** Parts of the count. */
  parts: {
    /** Prices: [counted, untraceable]. */
    prices: [number, number];
    /** Dated weather facts: [checked, unsupported]. */
    weather: [number, number];
    /** Stated ratings: [checked, unsupported]. */
    ratings: [number, number];
    /** Named places (held to their own share, not pooled): [named, found in no tool result]. */
    places: [number, number];
  };
  /** Multiplier on the code score. */
  multiplier: number;
}

/** One day of a weather forecast. */
interface Forecast {
  conditions: string[];
  temperatures: Set<number>;
  winds: string[];
}

/** Month-day key of a date written 2025-03-04, 2025/3/4 or 3月4日. */
function dayKey(month: string, day: string): string {
  return `${Number(month)}-${Number(day)}`;
}

/** The weather tool's forecasts by day. */
function forecasts(ctx: ScoringContext): Map<string, Forecast> {
  const out = new Map<string, Forecast>();
  ctx.trace.forEach((entry, i) => {
    if (entry.name !== 'weather' || !entry.ok) return;
    let current: Forecast | undefined;
    for (const line of (ctx.resultTexts[i] ?? '').split('\n')) {
      const date = C.toolDate.exec(line);
      if (date) {
        const key = dayKey(date[1]!, date[2]!);
        current = out.get(key) ?? { conditions: [], temperatures: new Set(), winds: [] };
        out.set(key, current);
        continue;
      }
      if (!current) continue;
      const field = C.toolField.exec(line);
      if (!field) continue;
      const [, name, value] = field as unknown as [string, string, string];
      if (name.includes('天气')) current.conditions.push(value);
      else if (name.includes('温度')) current.temperatures.add(Number.parseInt(value, 10));
      else if (name.includes('风向')) current.winds.push(value);
    }
  });
  return out;
}

/**
 * The configured date pattern, whose forms are 19xx / 20xx (ASCII) then digits and separators, or one or two
 * digits then 月: a match can only start at a digit that opens 19 or 20 or has a 月 within the next four
 * UTF-16 units. {@link datesOf} tries just those positions (the pattern's Unicode digit class costs more per
 * character than the rest of the rule). Any other pattern is scanned in full.
 */
export const DIGIT_LED_DATE =
  C.answerDate.source ===
    String.raw`(?:19|20)\p{Nd}{2}[-/.](\p{Nd}{1,2})[-/.](\p{Nd}{1,2})|(\p{Nd}{1,2})月(\p{Nd}{1,2})[日号]` &&
  C.answerDate.flags === 'gu';
const DATE_AT = new RegExp(C.answerDate.source, 'uy');

/** Whether a digit (one code unit, or a surrogate pair whose code point is one) starts at `i`. */
function digitAt(line: string, i: number): boolean {
  const c = line.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && (line.charCodeAt(i + 1) & 0xfc00) === 0xdc00)
    return DIGIT.test(line.slice(i, i + 2));
  return isDigitUnit(c);
}

/** The first two matches of the date pattern in a line, as `allMatches(answerDate, line, 2)` finds them. */
export function datesOf(line: string): RegExpExecArray[] {
  if (!DIGIT_LED_DATE) return allMatches(C.answerDate, line, 2);
  // Where a date can start (see DIGIT_LED_DATE): up to four units before a 月, or at 19 / 20.
  const starts: number[] = [];
  for (let m = line.indexOf('月'); m >= 0; m = line.indexOf('月', m + 1))
    for (let p = Math.max(0, m - 4); p < m; p++) starts.push(p);
  for (const year of ['19', '20'])
    for (let p = line.indexOf(year); p >= 0; p = line.indexOf(year, p + 1)) starts.push(p);
  const out: RegExpExecArray[] = [];
  if (starts.length === 0) return out;
  starts.sort((a, b) => a - b);
  // The global scan resumes after each match, so positions inside a match are never tried.
  let from = 0;
  for (const p of starts) {
    if (p < from || !digitAt(line, p)) continue;
    DATE_AT.lastIndex = p;
    const m = DATE_AT.exec(line);
    from = p + 1;
    if (m) {
      out.push(m);
      if (out.length === 2) break;
      from = DATE_AT.lastIndex;
    }
  }
  return out;
}

/** What a line holds wherever it holds a date that {@link datesOf} reads. */
const DATE_HINTS = ['月', '19', '20'];

/** Dated weather facts of the answer checked against that day's forecast: [checked, unsupported]. */
function datedWeather(ctx: ScoringContext): [number, number] {
  // The forecasts are read on the first dated line: most plans date no line, and then the weather results
  // need no reading at all.
  let days: Map<string, Forecast> | undefined;
  let checked = 0;
  let unsupported = 0;
  // Folded, so a date or temperature in full-width digits (３月１日，１２度) is read like the ASCII one. With
  // the configured pattern only lines holding 月, 19 or 20 can hold a date (see DIGIT_LED_DATE): the walk jumps
  // from one such line to the next; with any other pattern it reads every line.
  const text = ctx.folded;
  for (const lines = new LinesWith(text, DIGIT_LED_DATE ? DATE_HINTS : null, true); lines.next();) {
    const line = text.slice(lines.from, lines.end);
    const dates = datesOf(line);
    if (dates.length !== 1) continue;
    days ??= forecasts(ctx);
    if (days.size === 0) break;
    const m = dates[0]!;
    const day = days.get(dayKey(m[1] ?? m[3]!, m[2] ?? m[4]!));
    if (!day) continue;
    for (const t of allMatches(C.temperature, line)) {
      checked++;
      if (!day.temperatures.has(Number.parseInt(t[1]!, 10))) unsupported++;
    }
    for (const c of allMatches(C.condition, line)) {
      checked++;
      if (!day.conditions.some((x) => x.includes(c[0]) || c[0].includes(x))) unsupported++;
    }
    for (const w of allMatches(C.wind, line)) {
      checked++;
      if (!day.winds.includes(w[0])) unsupported++;
    }
  }
  return [checked, unsupported];
}

/** The branch label that ends a POI's name, its text in group 1: 华美酒店(亚龙湾店). */
const TRAILING_BRANCH_LABEL = /[（(]([^（）()]+)[)）]\s*$/u;
/** Code points a POI's name must keep without its branch label to be searched on its own. */
const MIN_BASE_NAME = 2;

/**
 * Ratings the answer states (评分4.7): [checked, unsupported]. A rating is supported when a tool POI with that
 * rating is named before it, at most `ratingWindow` code points back and after the answer's previous rating
 * (which belongs to an earlier record), or starts at most `ratingAfter` code points after it (评分4.8的…). A
 * rating next to a place the tools did not return, or a tool place's rating from another week, is unsupported.
 * Any named place with the rating will do, not only the nearest: an address (黄山东路) or a branch label may
 * name another tool place between a place and its rating.
 */
function statedRatings(ctx: ScoringContext): [number, number] {
  // The search form, whose code-point index and POI positions the check shares (digits folded to ASCII).
  const text = ctx.lower;
  if (!text.includes('评分')) return [0, 0];
  // A value above the tools' scale (综合评分：9) rates the plan or something else, not a place.
  const matches = allMatches(C.answerRating, text, C.maxRatings).filter(
    (m) => Number(m[1]) <= C.maxRating,
  );
  if (matches.length === 0) return [0, 0];
  const cities = tripCities(ctx);
  const namesOf = new Map<number, string[]>();
  for (const [name, rating] of toolPoiRatings(ctx)) {
    const names = namesOf.get(rating);
    if (names === undefined) namesOf.set(rating, [name]);
    else names.push(name);
  }
  // Where the tool POIs of a rating are named (code points, ascending): written exactly (the shared search
  // index answers at once), or also as the fact extractor's fuzzy POI match finds them (a shortened name, a
  // branch written apart), computed only for a rating the exact names do not support.
  const exactAt = new Map<number, number[]>();
  const fuzzyAt = new Map<number, number[]>();
  const positions = (rating: number, fuzzy: boolean): number[] => {
    const cache = fuzzy ? fuzzyAt : exactAt;
    let list = cache.get(rating);
    if (list === undefined) {
      list = [];
      for (const name of namesOf.get(rating) ?? []) {
        if (fuzzy) {
          list.push(...ctx.locate(name, true));
          const brand = brandOf(name, cities);
          if (brand !== undefined) for (const at of ctx.exact(brand)) list.push(ctx.cpi.at(at));
          continue;
        }
        for (const at of ctx.exact(name)) list.push(ctx.cpi.at(at));
        // A branch is often written without its label (华美酒店 for 华美酒店(亚龙湾店)); when several branches share
        // the name, the rating of any of them will do.
        const base = name.replace(BRANCH_LABEL, '').trim();
        if (base !== name && cpLength(base) >= MIN_BASE_NAME)
          for (const at of ctx.exact(base)) list.push(ctx.cpi.at(at));
      }
      list.sort((a, b) => a - b);
      cache.set(rating, list);
    }
    return list;
  };
  let unsupported = 0;
  let checked = 0;
  let previous = -1;
  // A line repeated word for word is read once, as LinesWith reads it for the prices and the weather.
  const lines = new LineTexts(text);
  for (const m of matches) {
    const lineBreak = text.indexOf('\n', m.index);
    if (!lines.first(text.lastIndexOf('\n', m.index) + 1, lineBreak < 0 ? text.length : lineBreak))
      continue;
    checked++;
    const at = ctx.cpi.at(m.index);
    const end = ctx.cpi.at(m.index + m[0].length);
    const rating = Number(m[1]);
    const from = Math.max(previous + 1, at - C.ratingWindow);
    // Or named right after it (评分4.8的…), on its line (the next line's place is the next record's).
    const lineEnd = text.indexOf('\n', m.index + m[0].length);
    const until = Math.min(end + C.ratingAfter, lineEnd < 0 ? Infinity : ctx.cpi.at(lineEnd) - 1);
    previous = at;
    if (!namesOf.has(rating)) {
      unsupported++;
      continue;
    }
    const near = (list: readonly number[]): boolean =>
      anyInRange(list, from, at - 1) || anyInRange(list, end, until);
    if (near(positions(rating, false))) continue;
    if (!near(positions(rating, true))) unsupported++;
  }
  return [checked, unsupported];
}

/** A branch label's POIs: the normalised names without the label, by normalised label. */
function basesByLabel(pois: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const poi of pois) {
    const label = TRAILING_BRANCH_LABEL.exec(poi);
    if (label === null) continue;
    const key = normalizeText(label[1]!);
    const base = normalizeText(poi.slice(0, label.index));
    if (base.length === 0) continue;
    const list = out.get(key);
    if (list === undefined) out.set(key, [base]);
    else list.push(base);
  }
  return out;
}

/**
 * The branch-labelled names of an answer, each once (by its normalised name and label, as the suffix and slot
 * places are counted once by name): [name run before the label, label], both as first written. Counting every
 * mention let a plan dilute its invented places by repeating a line that names a tool's branch.
 */
function branchNames(answer: string): [string, string][] {
  const out: [string, string][] = [];
  const seen = new Set<string>();
  for (const m of allMatches(C.branchLabel, answer, C.maxBranchNames)) {
    // 16 Han code points take at most 32 UTF-16 units.
    const run = C.branchRun.exec(answer.slice(Math.max(0, m.index - 32), m.index));
    if (run === null) continue;
    const key = `${normalizeText(run[0])}(${normalizeText(m[1]!)})`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([run[0], m[1]!]);
  }
  return out;
}

/** What a tool side's results say about place names (see {@link PlaceSources}). */
interface ResultPlaces {
  /** The tool POIs' names as written. */
  poiNames: ReadonlySet<string>;
  /** Normalised names looked up in the result texts so far → whether one holds it. */
  found: Map<string, boolean>;
}

const RESULT_PLACES = Symbol('resultPlaces');
/** Names remembered per tool side, at most (an answer names a few dozen places). */
const MAX_FOUND = 4096;

/**
 * Where the named places are looked up: the tool results and the request. A name is looked for among the
 * tool POIs' names as written, then in each text read normalised ({@link includesNormalized}, which spares
 * normalising the texts for names that start with an ideograph). What the results hold is a function of the
 * tool side, so it is kept with it: the rollouts of a task name mostly the same places.
 */
class PlaceSources {
  private readonly results: readonly string[];
  private readonly prompt: string;
  private readonly places: ResultPlaces;
  constructor(ctx: ScoringContext) {
    this.results = ctx.resultTexts;
    this.prompt = ctx.problem.prompt;
    const pois = ctx.toolFacts.pois;
    this.places = toolSideTable(ctx, RESULT_PLACES, () => ({
      poiNames: new Set(pois),
      found: new Map(),
    }));
  }

  has(written: string, normalized: string): boolean {
    if (this.places.poiNames.has(written)) return true;
    const { found } = this.places;
    let inResults = found.get(normalized);
    if (inResults === undefined) {
      inResults = this.results.some((t) => includesNormalized(t, normalized));
      if (found.size < MAX_FOUND) found.set(normalized, inResults);
    }
    return inResults || includesNormalized(this.prompt, normalized);
  }
}

/** An answer POI with a place suffix: as the extractor read it, without a leading 位于, and normalised. */
interface SuffixPlace {
  poi: string;
  written: string;
  name: string;
}

/** The answer POIs that end in a place suffix, one per normalised name, a branch's label left out. */
function suffixPlaces(ctx: ScoringContext, labels: readonly string[]): SuffixPlace[] {
  const out = new Map<string, SuffixPlace>();
  for (const poi of ctx.answerFacts.pois) {
    const written = poi.replace(C.placeLead, '');
    const name = normalizeText(written);
    // 人民广场 of 锦江之星(人民广场店) is the branch's label, counted with its branch name.
    if (C.placeSuffix.test(name) && !labels.some((label) => label.includes(name)) && !out.has(name))
      out.set(name, { poi, written, name });
  }
  return [...out.values()];
}

/** Longest administrative prefix tried, in code points (内蒙古自治区 is 6). */
const MAX_ADMIN_PREFIX = 8;

/**
 * A normalised place name without the administrative names written in front of it — provinces, cities,
 * districts, and the trip's own cities, which the graph keeps usable as names when a sight gave them theirs
 * (峨眉山, 都江堰): 杭州灵隐寺 → 灵隐寺, 浙江杭州西湖风景区 → 杭州西湖风景区 → 西湖风景区. A form is never
 * cut down to a bare suffix (浙江省博物馆 does not become 博物馆).
 */
function withoutAdminPrefixes(name: string, cities: readonly string[]): string[] {
  const isPrefix = (p: string): boolean => isAdministrativeName(p) || isTripCity(p, cities);
  const forms: string[] = [];
  let cps = Array.from(name);
  for (let round = 0; round < 3; round++) {
    let cut = 0;
    for (let k = Math.min(MAX_ADMIN_PREFIX, cps.length - 2); k >= 2; k--) {
      if (isPrefix(cps.slice(0, k).join(''))) {
        cut = k;
        break;
      }
    }
    if (cut === 0) break;
    const rest = cps.slice(cut).join('');
    if (rest.replace(C.placeSuffix, '').length === 0) break;
    forms.push(rest);
    cps = cps.slice(cut);
  }
  return forms;
}

/**
 * Whether the results or the request hold a suffix place, or its stem (西湖景区 for 西湖风景区) unless the
 * stem is only a district or one of the trip's cities; the same for the name without the city or province
 * written before it (杭州灵隐寺 for the tools' 灵隐寺).
 */
function isSuffixPlaceSourced(
  place: SuffixPlace,
  sources: PlaceSources,
  cities: readonly string[],
): boolean {
  const sourcedForm = (name: string, written: string): boolean => {
    if (sources.has(written, name)) return true;
    const stem = name.replace(C.placeSuffix, '');
    return (
      stem !== name &&
      cpLength(stem) >= 2 &&
      !isAdministrativeName(stem) &&
      !cities.some((city) => city.includes(stem)) &&
      sources.has(stem, stem)
    );
  };
  // The prefixes are read only for a name not found as written.
  return (
    sourcedForm(place.name, place.written) ||
    withoutAdminPrefixes(place.name, cities).some((form) => sourcedForm(form, form))
  );
}

const HAN = /\p{Script=Han}/u;

/**
 * The names the answer writes where only a place can stand — in 【】 after a visiting verb, or at the head of
 * a list item followed by a place's address or hours — as written, in text order per kind of slot.
 */
function slotNames(answer: string): string[] {
  const out: string[] = [];
  for (const m of allMatches(C.placeVisit, answer, C.maxSlotPlaces)) out.push(m[1]!);
  for (const m of allMatches(C.placeItem, answer, C.maxSlotPlaces)) out.push(m[1]!);
  return out;
}

/**
 * The places named at slots ({@link slotNames}) that the suffix places and the branch names do not already
 * count, one per normalised name: names without an ideograph or with a digit (times, prices), names in
 * brackets of their own (branches), generic words (酒店, 景区), administrative names and the trip's cities
 * are not places to check.
 */
function slotPlaces(
  ctx: ScoringContext,
  counted: readonly SuffixPlace[],
  labels: readonly string[],
  cities: readonly string[],
): SuffixPlace[] {
  const seen = new Set(counted.map((place) => place.name));
  const out: SuffixPlace[] = [];
  for (const raw of slotNames(ctx.answer)) {
    const written = raw.replace(C.placeLead, '');
    if (!HAN.test(written) || DIGIT.test(written) || /[（(]/u.test(written)) continue;
    const name = normalizeText(written);
    if (cpLength(name) < 2 || seen.has(name)) continue;
    seen.add(name);
    if (C.genericPlace.test(name) || isAdministrativeName(name)) continue;
    if (isTripCity(name, cities)) continue;
    if (labels.some((label) => label.includes(name))) continue;
    out.push({ poi: raw, written, name });
  }
  return out;
}

/**
 * Whether a slot place is sourced: as a suffix place is ({@link isSuffixPlaceSourced}), or because it holds
 * the name of a tool POI (入住宜程酒店, 天涯海角景区).
 */
function isSlotPlaceSourced(
  place: SuffixPlace,
  sources: PlaceSources,
  cities: readonly string[],
  toolNames: () => readonly string[],
): boolean {
  return (
    sources.has(place.written, place.name) ||
    toolNames().some((poi) => place.name.includes(poi)) ||
    isSuffixPlaceSourced(place, sources, cities)
  );
}

/**
 * Whether every occurrence of a name in the answer lies inside a bare list of facts (the fact context's
 * `bareLines`, see {@link factContextOf}); false for a name not found as written. `bare` is the index of those lines.
 */
function onlyListed(ctx: ScoringContext, bare: SpanIndex, written: string): boolean {
  const at = ctx.findInAnswer(written, C.maxListedLookups);
  if (at.length === 0) return false;
  return at.every((i) => {
    const p = ctx.cpi.at(i);
    return insideSpan(bare, p, p + 1);
  });
}

/**
 * Named places of the answer that no tool result (nor the request) contains: [named, unsourced]. The named
 * places are the fact extractor's answer POIs that end in a place suffix (景区, 博物馆, 酒店 …), the
 * restaurants and hotels written with a branch label (粤盛阁家常菜(珠海大道店)), and the names written at a
 * place slot whatever their ending ({@link slotPlaces}: 游览【天涯海角】). Compared normalised (no
 * spaces, punctuation or brackets, lower-cased), so any format of the results will do. A suffix name also
 * counts as sourced when its stem is (西湖景区 for 西湖风景区), unless the stem is only a district or the
 * city; a branch name when the run before its label ends with the name of a tool POI of that branch (the
 * run may start with a verb: 选择金湾酒店(中南路店)).
 *
 * A sourced place written only inside bare lists of facts (`bareLines`, the lines info consistency weighs 0)
 * is left out of the count: a list that repeats the tools' places plans none of them, and counting it would
 * dilute the share of the places the plan invented. Unsourced places count wherever they are written.
 */
function namedPlaces(
  ctx: ScoringContext,
  bareLines: ReadonlyArray<readonly [number, number]>,
): [number, number] {
  const branches = branchNames(ctx.answer);
  const labels = branches.map(([, label]) => normalizeText(label));
  const places = suffixPlaces(ctx, labels);
  const cities = tripCities(ctx);
  const slots = slotPlaces(ctx, places, labels, cities);
  let named = places.length + branches.length + slots.length;
  if (named < C.minChecked) return [named, 0];
  const sources = new PlaceSources(ctx);
  const bare = bareLines.length > 0 ? spanIndex(bareLines) : undefined;
  // A sourced place: counted unless it is only listed.
  const sourced = (written: string): void => {
    if (bare !== undefined && onlyListed(ctx, bare, written)) named--;
  };
  let unsourced = 0;
  for (const place of places) {
    if (isSuffixPlaceSourced(place, sources, cities)) sourced(place.poi);
    else unsourced++;
  }
  // The tool POIs' normalised names are needed only for a slot place not found as written.
  let toolNames: string[] | undefined;
  const names = (): string[] =>
    (toolNames ??= ctx.toolFacts.pois.map(normalizeText).filter((poi) => cpLength(poi) >= 2));
  for (const place of slots) {
    if (isSlotPlaceSourced(place, sources, cities, names)) sourced(place.poi);
    else unsourced++;
  }
  let byLabel: Map<string, string[]> | undefined;
  branches.forEach(([written, writtenLabel], i) => {
    const run = normalizeText(written);
    const label = labels[i]!;
    byLabel ??= basesByLabel(ctx.toolFacts.pois);
    if (
      (byLabel.get(label) ?? []).some((base) => run.endsWith(base)) ||
      sources.has(`${written}(${writtenLabel})`, run + label)
    )
      sourced(written);
    else unsourced++;
  });
  return [named, unsourced];
}

/**
 * The answer POIs (as the fact extractor read them) that end in a place suffix and that the tool results or
 * the request hold, by the rules of the named-places check, however few the plan names. The judge summary
 * does not list these as places without a source.
 */
export function sourcedAnswerPlaces(ctx: ScoringContext): string[] {
  const labels = branchNames(ctx.answer).map(([, label]) => normalizeText(label));
  const sources = new PlaceSources(ctx);
  const cities = tripCities(ctx);
  return suffixPlaces(ctx, labels)
    .filter((place) => isSuffixPlaceSourced(place, sources, cities))
    .map((place) => place.poi);
}

/** Multiplier for an unsupported share: 1 up to `freeRatio`, linearly down to `floor` at `floorRatio`. */
export function factPrecisionMultiplier(ratio: number): number {
  return linearFall(ratio, C.freeRatio, C.floorRatio, C.floor);
}

/**
 * Multiplier for the unsourced share of a plan's named places: 1 up to `placeFreeRatio`, linearly down to
 * `placeFloor` at `placeFloorRatio`.
 */
export function namedPlacesMultiplier(ratio: number): number {
  return linearFall(ratio, C.placeFreeRatio, C.placeFloorRatio, C.placeFloor);
}

/**
 * Multiplier for the number of a plan's unsourced named places, whatever their share: 1 up to
 * `placeFreeCount`, linearly down to `placeFloor` at `placeFloorCount`.
 */
export function unsourcedPlacesMultiplier(count: number): number {
  return linearFall(count, C.placeFreeCount, C.placeFloorCount, C.placeFloor);
}

/**
 * Fact precision (named defence `fact_precision`): pools every fact of the answer that can be checked
 * against this episode's tool results — the prices of {@link priceGrounding} and the weather conditions,
 * temperatures and wind directions written on a dated line (checked against that day's forecast), and the
 * ratings it states (checked against the tool POIs named just before them) — and scales the code score by
 * the unsupported share. The ratings are also held to that share on their own, and the plan's named places
 * on a more lenient one, {@link namedPlacesMultiplier} (a plan may rightly name a few well-known sights the
 * tools did not list), and by their number, {@link unsourcedPlacesMultiplier}. A plan memorised from another epoch, written from another trace or planned on
 * invented places states facts the tools did not return this time.
 */
export function factPrecision(
  ctx: ScoringContext,
  prices: PriceGroundingResult,
  bareLines: ReadonlyArray<readonly [number, number]> = factContextOf(ctx).bareLines,
): FactPrecisionResult {
  const weather = datedWeather(ctx);
  const ratings = statedRatings(ctx);
  const checked = prices.counted + weather[0] + ratings[0];
  const unsupported = prices.ungrounded + weather[1] + ratings[1];
  const ratio = checked > 0 ? unsupported / checked : 0;
  const pooled = checked >= C.minChecked ? factPrecisionMultiplier(ratio) : 1;
  // The ratings are held to the same share on their own: a plan of invented places keeps the tools' prices
  // and weather (a low pooled share) while every rating it gives them is one the tools never returned.
  const rated = ratings[0] >= C.minChecked ? factPrecisionMultiplier(ratings[1] / ratings[0]) : 1;
  // Places only on their own, on a more lenient scale (a plan may name a few sights the tools did not list):
  // a plan of invented places that states neither their ratings nor their prices is still caught here.
  const places = namedPlaces(ctx, bareLines);
  // Their number too: naming every place the tools returned in passing dilutes the share of invented ones.
  const placed =
    places[0] >= C.minChecked
      ? Math.min(namedPlacesMultiplier(places[1] / places[0]), unsourcedPlacesMultiplier(places[1]))
      : 1;
  return {
    checked,
    unsupported,
    ratio: round(ratio, 4),
    parts: { prices: [prices.counted, prices.ungrounded], weather, ratings, places },
    multiplier: Math.min(pooled, rated, placed),
  };
}
