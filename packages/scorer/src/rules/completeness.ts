// Completeness (0–25): whether the plan covers its type's dimensions, each grounded in tool facts.
import type { CompletenessDimensionScore } from '@navworld/core-types';
import { foldFullWidth } from '@navworld/fact-extractor';
import { SCORING_CONFIG, type DimensionSpec, type FactSource, type TargetRule } from '../config';
import type { ScoringContext, Span } from '../context';
import { allMatches, anyInRange, matches, round, searchForm, unitTest } from '../internal/text';
import { MatchScanner, MatchStarts } from '../internal/completeness-scan';
import { trimmedLineLengths, wordStats } from '../internal/completeness-template';

const C = SCORING_CONFIG.completeness;

/** Result of {@link completeness}. */
export interface CompletenessResult {
  /** Completeness after the template and fact-integration multipliers, before defences (2 decimals). */
  score: number;
  /** Sum of the dimensions. */
  raw: number;
  /** Per-dimension scores (as in the breakdown's `completenessDimensions`). */
  dimensions: Record<string, CompletenessDimensionScore>;
  /** Template-detector multiplier (1 when it does not fire). */
  templateMultiplier: number;
  /** Fact-integration multiplier (1 when it does not fire). */
  integrationMultiplier: number;
  /** What applied (`template`, `fact_integration`, single-mode transfers). */
  notes: string[];
}

/**
 * Grounding facts: the tool's fact lists as they are (empty strings are skipped when read), each with whether
 * it holds POI names (fuzzy matching).
 */
type FactLists = ReadonlyArray<readonly [values: readonly string[], poi: boolean]>;

function factsOf(ctx: ScoringContext, source: FactSource): FactLists {
  const T = ctx.toolFacts;
  switch (source) {
    case 'pois':
      return [[T.pois, true]];
    case 'prices':
      return [[T.prices, false]];
    case 'times':
      return [[T.times, false]];
    case 'weather':
      return [[T.weather, false]];
    case 'distances_durations':
      return [
        [T.distances, false],
        [T.travel_durations, false],
      ];
    case 'transport_ids':
      return [
        [T.flights, false],
        [T.trains, false],
      ];
    case 'flights':
      return [[T.flights, false]];
    case 'trains':
      return [[T.trains, false]];
    case 'prices_times':
      return [
        [T.prices, false],
        [T.times, false],
      ];
    case 'pois_weather':
      return [
        [T.pois, true],
        [T.weather, false],
      ];
    case 'pois_distances':
      return [
        [T.pois, true],
        [T.distances, false],
      ];
  }
}

/** Whether fact lists hold at least one (non-empty) fact. */
function anyFact(facts: FactLists): boolean {
  return facts.some(([values]) => values.some((v) => v !== ''));
}

/** Target count of a dimension for a trip of `days` days. */
export function targetCount(rule: TargetRule | undefined, days: number): number {
  const d = Math.max(1, days);
  if (rule === undefined) return 0;
  if (typeof rule === 'number') return rule;
  switch (rule) {
    case 'pois_per_day':
      return Math.max(3, 2 * d);
    case 'dining_per_day':
      return Math.max(2, d);
    case 'nights':
      return Math.max(1, d - 1);
  }
}

/** The first `limit` matches, from the scan shared with the other rules (up to 1024 matches per regex). */
function spans(ctx: ScoringContext, re: RegExp, limit: number): readonly Span[] {
  const all = ctx.spans(re, SCORING_CONFIG.factContext.maxAnchors);
  return all.length > limit ? all.slice(0, limit) : all;
}

/** Context matches examined per dimension. */
const MAX_CONTEXT_MATCHES = Math.min(1024, SCORING_CONFIG.factContext.maxAnchors);

/**
 * Grounded-context check: keyword + context + a tool fact near the same keyword occurrence (≤ 500 code
 * points) earns the full points, keyword + a near fact half, keyword + a fact anywhere 20 %; no tool data at
 * all earns 10 % structural credit (keyword and context required). Scaled by grounded facts / target.
 */
export function groundedContext(
  ctx: ScoringContext,
  spec: DimensionSpec,
  target: number,
): CompletenessDimensionScore {
  const max = spec.points;
  const notes: string[] = [];
  const keywords = spec.keyword ? spans(ctx, spec.keyword, C.maxKeywordOccurrences) : [];
  if (keywords.length === 0) return { points: 0, max, tier: 'no_keyword', notes };
  let facts = spec.facts ? factsOf(ctx, spec.facts) : [];
  let hasFacts = anyFact(facts);
  if (!hasFacts && spec.fallback) {
    facts = factsOf(ctx, spec.fallback);
    hasFacts = anyFact(facts);
    if (hasFacts) notes.push(`fallback_${spec.fallback}`);
  }
  const contexts = spec.context
    ? new MatchStarts(spec.context, ctx.lower, ctx.cpi, MAX_CONTEXT_MATCHES)
    : undefined;
  if (!hasFacts) {
    const structural = contexts?.any() ? C.tiers.structural : 0;
    return {
      points: round(max * structural, 4),
      max,
      tier: structural > 0 ? 'structural' : 'no_data',
      notes,
    };
  }
  const w = C.proximity;
  // Once this many facts are near a keyword (and the tier can rise no further) the score is settled, so the
  // remaining facts need not be located.
  const enough = Math.max(1, target);
  let present = 0;
  let proximate = 0;
  let full = false;
  scan: for (const [values, poi] of facts) {
    for (const value of values) {
      if (value === '') continue;
      const at = ctx.locate(value, poi);
      if (at.length === 0) continue;
      present++;
      let near = false;
      for (const k of keywords) {
        const lo = k.start - w;
        const hi = k.end + w;
        if (!anyInRange(at, lo, hi)) continue;
        near = true;
        if (!full && contexts?.anyIn(lo, hi)) full = true;
        if (full) break;
      }
      if (near) proximate++;
      if (proximate >= enough && (full || contexts === undefined)) break scan;
    }
  }
  let share: number;
  let tier: string;
  let count: number;
  if (proximate > 0 && full) [share, tier, count] = [C.tiers.full, 'full', proximate];
  else if (proximate > 0)
    [share, tier, count] = [C.tiers.keywordAndFact, 'keyword_fact', proximate];
  else if (present > 0) [share, tier, count] = [C.tiers.distantFact, 'distant_fact', present];
  else return { points: 0, max, tier: 'no_evidence', notes };
  const quantity = target > 0 ? Math.min(1, count / target) : 1;
  if (quantity < 1) notes.push(`quantity_${count}/${target}`);
  return { points: round(max * share * quantity, 4), max, tier, notes };
}

/** Whether an id occurs with no letter or digit before it and no digit after it. */
function idPresent(ctx: ScoringContext, id: string): boolean {
  // The context's cached exact search finds the first occurrence (or none) without a scan of its own.
  const first = ctx.exact(id);
  if (first.length === 0) return false;
  const lower = ctx.lower;
  // In the answer's search form, so Ｇ１２３ in the plan is the tool's G123.
  const needle = searchForm(id);
  let from = first[0]!;
  for (;;) {
    const i = lower.indexOf(needle, from);
    if (i < 0) return false;
    const before = i > 0 ? lower.charCodeAt(i - 1) : 0;
    const after = lower.charCodeAt(i + needle.length); // NaN past the end
    const letterOrDigit = (before >= 97 && before <= 122) || (before >= 48 && before <= 57);
    if (!letterOrDigit && !(after >= 48 && after <= 57)) return true;
    from = i + 1;
  }
}

/**
 * Verified-ID check: at least one exact tool id, scaled by ids / target with a 25 % floor. The dimension's
 * keyword is needed only while no tool id is named: an id the tools returned already says which mode the plan
 * takes, and requiring the word as well let an invented `航班XX1234` added to such a plan earn the dimension.
 */
export function verifiedContext(
  ctx: ScoringContext,
  spec: DimensionSpec,
  target: number,
  max = spec.points,
): CompletenessDimensionScore {
  const notes: string[] = [];
  const ids = spec.facts ? factsOf(ctx, spec.facts) : [];
  // Ids past the target add nothing, so the count stops there.
  const enough = Math.max(1, target);
  let present = 0;
  scan: for (const [values] of ids) {
    for (const id of values) if (id !== '' && idPresent(ctx, id) && ++present >= enough) break scan;
  }
  if (present === 0) {
    if (!spec.keyword || !matches(spec.keyword, ctx.lower))
      return { points: 0, max, tier: 'no_keyword', notes };
    if (!anyFact(ids)) return { points: 0, max, tier: 'no_data', notes };
    return { points: 0, max, tier: 'no_verified_id', notes };
  }
  const quantity = target > 0 ? Math.max(C.verifiedFloor, Math.min(1, present / target)) : 1;
  if (quantity < 1) notes.push(`quantity_${present}/${target}`);
  return { points: round(max * quantity, 4), max, tier: 'verified', notes };
}

/** Chinese numeral 1–99 (一 … 九十九) → number, or null. */
export function chineseNumeral(s: string): number | null {
  const digits = '一二三四五六七八九';
  const digit = (x: string): number => (x.length === 1 ? digits.indexOf(x) + 1 : 0);
  if (s === '十') return 10;
  const parts = s.split('十');
  if (parts.length === 1) return s.length === 1 && digit(s) > 0 ? digit(s) : null;
  if (parts.length !== 2) return null;
  const [tens, ones] = parts as [string, string];
  const t = tens === '' ? 1 : digit(tens);
  const o = ones === '' ? 0 : digit(ones);
  if (t === 0 || (ones !== '' && o === 0)) return null;
  return t * 10 + o;
}

/** The value of a run of digits, folding full-width digits only when there are some. */
function digitsValue(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xff10 && c <= 0xff19) return Number(foldFullWidth(s));
  }
  return Number(s);
}

/** Number of capture groups of a regex. */
function groupCount(re: RegExp): number {
  return new RegExp(`${re.source}|`, re.flags.replace(/[gy]/g, '')).exec('')!.length - 1;
}

/**
 * The three day-marker regexes as one alternation, so the answer is scanned once. The union finds exactly
 * the matches of the three scans: a 第…天 marker holds only 第, spaces, numerals and 天 (no letter d) and an
 * English marker no 第, so no marker can start inside another, and an Arabic and a Chinese marker never
 * start at the same 第 (their numerals differ). The English marker's case-insensitivity leaves the other two
 * unchanged: CJK characters, spaces and digits have no case variants.
 */
const DAY_MARKERS = (() => {
  const parts = [C.dayArabic, C.dayChinese, C.dayEnglish];
  const flags = `g${parts.some((r) => r.ignoreCase) ? 'i' : ''}u`;
  const re = new RegExp(parts.map((r) => `(?:${r.source})`).join('|'), flags);
  // Group of each part's day number (its first capture).
  const groups: number[] = [];
  let next = 1;
  for (const r of parts) {
    groups.push(next);
    next += groupCount(r);
  }
  const [arabic, chinese, english] = groups as [number, number, number];
  return { re, arabic, chinese, english };
})();

/** Distinct day numbers the plan mentions (第1天, 第一天, Day 1). */
export function countDays(answer: string): number {
  const days = new Set<number>();
  const { re, arabic, chinese, english } = DAY_MARKERS;
  for (const m of allMatches(re, answer)) {
    const numeral = m[chinese];
    if (numeral !== undefined) {
      const n = chineseNumeral(numeral);
      if (n !== null) days.add(n);
    } else days.add(digitsValue(m[arabic] ?? m[english]!));
  }
  return days.size;
}

/** Whether a UTF-16 unit is a letter (of the BMP): days are compared by their letters. */
const isLetterUnit = unitTest(/\p{L}/u);

const DD = SCORING_CONFIG.dayDuplicates;
/** Letters kept per opening. */
const OPENING_LETTERS = DD.openingRuns + DD.shingle - 1;

/**
 * Scratch storage of the openings of the days being judged, one slot per judged opening: their letters, their
 * distinct runs once computed, and a small hash table of those runs. {@link duplicatedDays} is synchronous and
 * the only user, so one store serves every call. A typed array longer than 64 bytes is allocated outside the
 * JavaScript heap, which costs microseconds; per-day arrays made this rule one of the scorer's larger costs.
 */
const LETTERS = new Int32Array(DD.maxJudged * OPENING_LETTERS);
const RUNS = new Int32Array(DD.maxJudged * DD.openingRuns);
/** Hash-table slots per opening: a power of two at least twice its runs, so probes stay short. */
const TABLE_SLOTS = 2 ** Math.ceil(Math.log2(2 * DD.openingRuns));
const TABLE_SHIFT = 32 - Math.log2(TABLE_SLOTS);
const TABLE = new Int32Array(DD.maxJudged * TABLE_SLOTS);
const USED = new Uint8Array(DD.maxJudged * TABLE_SLOTS);

/**
 * A day's opening: where its first letters sit in {@link LETTERS} (slot `slot`, `n` letters), the hash of the
 * first two runs' letters, and (once asked) how many distinct runs it has in {@link RUNS}.
 */
interface Opening {
  day: number;
  slot: number;
  /** Letters read: `openingRuns + shingle − 1`, fewer when the day is shorter. */
  n: number;
  /** A copy opens with the same letters: only openings with the same start are compared. */
  start: number;
  /** Distinct runs in the slot of {@link RUNS}; −1 until computed. */
  runs: number;
}

/**
 * The opening of a day's text in slot `slot`: its letters (digits, punctuation, spaces and letters outside the
 * BMP skipped), or undefined when they hold fewer than `minShingles` runs of `shingle` letters.
 */
function openingOf(day: number, text: string, slot: number): Opening | undefined {
  const base = slot * OPENING_LETTERS;
  let n = 0;
  for (let i = 0; i < text.length && n < OPENING_LETTERS; i++) {
    const c = text.charCodeAt(i);
    if (isLetterUnit(c)) LETTERS[base + n++] = c;
  }
  if (n - DD.shingle + 1 < DD.minShingles) return undefined;
  let start = 0x811c9dc5 | 0;
  for (let k = 0; k < 2 * DD.shingle; k++)
    start = Math.imul(start ^ LETTERS[base + k]!, 0x01000193);
  return { day, slot, n, start, runs: -1 };
}

/** Whether the run hash `h` is in the table of slot `slot`; with `insert`, it is added when absent. */
function inTable(slot: number, h: number, insert: boolean): boolean {
  const base = slot * TABLE_SLOTS;
  for (let i = Math.imul(h, 0x9e3779b1) >>> TABLE_SHIFT; ; i = (i + 1) & (TABLE_SLOTS - 1)) {
    if (USED[base + i] === 0) {
      if (insert) {
        USED[base + i] = 1;
        TABLE[base + i] = h;
      }
      return false;
    }
    if (TABLE[base + i] === h) return true;
  }
}

/**
 * The number of distinct runs of an opening, each a 32-bit FNV-1a hash of its `shingle` letters: they sit at
 * the start of its slot of {@link RUNS}, and in its hash table (computed on first use: most openings are never
 * compared). Hashes keep the comparison cheap; a rare collision only nudges a share.
 */
function runsOf(opening: Opening): number {
  if (opening.runs >= 0) return opening.runs;
  const { slot } = opening;
  const letters = slot * OPENING_LETTERS;
  const base = slot * DD.openingRuns;
  USED.fill(0, slot * TABLE_SLOTS, (slot + 1) * TABLE_SLOTS);
  const count = opening.n - DD.shingle + 1;
  let m = 0;
  for (let i = 0; i < count; i++) {
    let h = 0x811c9dc5 | 0;
    for (let k = 0; k < DD.shingle; k++) h = Math.imul(h ^ LETTERS[letters + i + k]!, 0x01000193);
    if (!inTable(slot, h, true)) RUNS[base + m++] = h;
  }
  opening.runs = m;
  return m;
}

/** Share of the smaller run set's runs that the other holds: the distinct runs of `b` looked up in `a`'s table. */
function overlapShare(a: Opening, b: Opening): number {
  const na = runsOf(a);
  const nb = runsOf(b);
  const baseB = b.slot * DD.openingRuns;
  let held = 0;
  for (let j = 0; j < nb; j++) if (inTable(a.slot, RUNS[baseB + j]!, false)) held++;
  return held / Math.min(na, nb);
}

/**
 * Day numbers whose every section in the parsed itinerary opens as a section of another day number does
 * (named defence `duplicate_days`): the same first 8 letters, and at least `share` of the distinct runs of the
 * shorter opening in the other. A plan that copies day 1 into every other day covers one day; the plan's
 * closing notes, which the itinerary gives to the last day, come after the copy and do not hide it. Sections
 * too short to judge (an overview's row, 自由活动, 返程) and days past the first `maxJudged` are not judged; a
 * recap of day 1 at the end of day 2 is not a copy, nor is a day restated under its own number.
 */
export function duplicatedDays(ctx: ScoringContext): number {
  const days = ctx.parsed.days;
  if (days.length < 2) return 0;
  const judged: Opening[] = [];
  const copied = new Map<number, boolean>();
  for (const { day, text } of days) {
    if (judged.length >= DD.maxJudged) break;
    const opening = openingOf(day, text, judged.length);
    if (opening === undefined) continue;
    const copy = judged.some(
      (e) => e.day !== day && e.start === opening.start && overlapShare(e, opening) >= DD.share,
    );
    copied.set(day, (copied.get(day) ?? true) && copy);
    judged.push(opening);
  }
  let n = 0;
  for (const copy of copied.values()) if (copy) n++;
  return n;
}

/**
 * Day structure: days covered × share of tool POIs named (no tool POI named → 0). Days that copy other days
 * are not covered.
 */
export function dayStructure(ctx: ScoringContext, max: number): CompletenessDimensionScore {
  const notes: string[] = [];
  const marked = countDays(ctx.answer);
  if (marked === 0) return { points: 0, max, tier: 'no_days', notes };
  const copies = duplicatedDays(ctx);
  if (copies > 0) notes.push(`duplicate_days_${copies}`);
  const days = Math.max(0, marked - copies);
  const numDays = Math.max(1, ctx.problem.numDays);
  const coverage = Math.min(1, days / numDays);
  const pois = ctx.toolFacts.pois.filter((p) => p !== '');
  if (pois.length === 0) return { points: 0, max, tier: 'no_data', notes };
  const named = pois.filter((p) => ctx.poiMatched(p)).length;
  if (named === 0) return { points: 0, max, tier: 'ungrounded', notes };
  const g = SCORING_CONFIG.dayGrounding;
  const grounding = Math.min(1, named / Math.min(g.maxPois, Math.max(g.minPois, numDays)));
  if (coverage < 1) notes.push(`days_${days}/${numDays}`);
  if (grounding < 1) notes.push(`grounding_${named}`);
  return { points: round(max * coverage * grounding, 4), max, tier: 'grounded', notes };
}

/** Template detector: repeated 4-grams, few reasoning connectors, uniform line lengths. */
export function templateMultiplier(ctx: ScoringContext, reasoningCount: number): number {
  const t = C.template;
  const { words, uniqueFourGrams: unique } = wordStats(ctx.answer);
  if (words < t.minWords) return 1;
  const lengths = trimmedLineLengths(ctx.answer, ctx.surrogates);
  let cv = 0.5;
  if (lengths.length >= 5) {
    const mean = lengths.reduce((a, b) => a + b, 0) / lengths.length;
    const sd = Math.sqrt(lengths.reduce((a, b) => a + (b - mean) ** 2, 0) / lengths.length);
    cv = sd / Math.max(mean, 1);
  }
  let p = 1;
  if (unique < t.uniqueLow) p *= t.uniqueLowFactor;
  else if (unique < t.uniqueMid) p *= t.uniqueMidFactor;
  if (reasoningCount < t.minReasoning && ctx.length > t.longTextLength) p *= t.fewReasoningFactor;
  if (cv < t.lowCv && lengths.length >= t.minLinesForCv) p *= t.lowCvFactor;
  return Math.max(t.floor, p);
}

/** Reasoning connectors within 200 code points of a cited tool fact. */
export function integratedReasoning(ctx: ScoringContext, connectors: readonly Span[]): number {
  if (connectors.length === 0) return 0;
  const T = ctx.toolFacts;
  const positions: number[] = [];
  for (const p of T.pois) for (const at of ctx.locate(p, true)) positions.push(at);
  for (const list of [
    T.prices,
    T.distances,
    T.travel_durations,
    T.flights,
    T.trains,
    T.times,
    T.weather,
  ]) {
    for (const f of list) for (const at of ctx.locate(f)) positions.push(at);
  }
  if (positions.length === 0) return 0;
  positions.sort((a, b) => a - b);
  const w = C.integrationWindow;
  return connectors.filter((c) => anyInRange(positions, c.start - w, c.end + w)).length;
}

/** Connectors checked list by list against the POI positions before these are merged. */
const MERGE_AFTER = 16;

/** What the reasoning connectors of an answer show (see {@link reasoningEvidence}). */
interface ReasoningEvidence {
  /** Connectors: exact below the template detector's `minReasoning`, at least that many otherwise. */
  count: number;
  /** Whether at least `integrationMinReasoning` connectors sit near a cited tool fact. */
  integrated: boolean;
}

/**
 * Reads the reasoning connectors only until both answers are known. Connectors are checked first against
 * the POI positions (located already by the earlier rules), which usually settle the integration within a
 * few connectors; when they do not, every connector is checked against every tool fact by
 * {@link integratedReasoning}.
 */
function reasoningEvidence(ctx: ScoringContext, checkIntegration: boolean): ReasoningEvidence {
  const scanner = new MatchScanner(C.reasoning, ctx.lower, ctx.cpi);
  const needCount = C.template.minReasoning;
  const needIntegrated = checkIntegration ? C.integrationMinReasoning : 0;
  // Each POI's sorted positions, searched list by list for the first few connectors (cheaper than merging
  // and sorting them), merged once many connectors have to be checked.
  const pois: Array<readonly number[]> = [];
  if (checkIntegration) {
    for (const p of ctx.toolFacts.pois) {
      const at = ctx.locate(p, true);
      if (at.length > 0) pois.push(at);
    }
  }
  const seen: Span[] = [];
  let merged: number[] | undefined;
  const nearPoi = (lo: number, hi: number): boolean => {
    if (merged === undefined && seen.length > MERGE_AFTER)
      merged = pois.flat().sort((a, b) => a - b);
    return merged !== undefined
      ? anyInRange(merged, lo, hi)
      : pois.some((at) => anyInRange(at, lo, hi));
  };
  const w = C.integrationWindow;
  let integrated = 0;
  while (seen.length < needCount || integrated < needIntegrated) {
    const c = scanner.next();
    if (c === undefined) {
      // Every connector has been read.
      const enough =
        integrated >= needIntegrated || integratedReasoning(ctx, seen) >= needIntegrated;
      return { count: seen.length, integrated: enough };
    }
    seen.push(c);
    if (integrated < needIntegrated && nearPoi(c.start - w, c.end + w)) integrated++;
  }
  return { count: seen.length, integrated: true };
}

/** Completeness of the plan for its problem type. */
export function completeness(ctx: ScoringContext): CompletenessResult {
  const type = ctx.problem.problemType;
  const specs = SCORING_CONFIG.dimensions[type];
  const dimensions: Record<string, CompletenessDimensionScore> = {};
  const notes: string[] = [];
  // Intercity routes that need one transport mode: the other mode's points move to it when it was not used.
  const modeApplicable = (tool: 'search_flights' | 'search_train_tickets') =>
    ctx.problem.requiredTools.includes(tool) || ctx.called.has(tool);
  const flightsOn = modeApplicable('search_flights');
  const trainsOn = modeApplicable('search_train_tickets');
  let raw = 0;
  for (const spec of specs) {
    const target = targetCount(spec.target, ctx.problem.numDays);
    let result: CompletenessDimensionScore;
    if (spec.kind === 'day_structure') result = dayStructure(ctx, spec.points);
    else if (spec.kind === 'verified') {
      let max = spec.points;
      if (
        type === 'intercity' &&
        (spec.key === 'flights' || spec.key === 'trains') &&
        flightsOn !== trainsOn
      ) {
        const on = spec.key === 'flights' ? flightsOn : trainsOn;
        max = on ? spec.points * 2 : 0;
        if (!on) {
          dimensions[spec.key] = { points: 0, max: 0, tier: 'not_applicable', notes: [] };
          continue;
        }
        notes.push(`single_mode_${spec.key}`);
      }
      result = verifiedContext(ctx, spec, target, max);
    } else result = groundedContext(ctx, spec, target);
    dimensions[spec.key] = result;
    raw += result.points;
  }
  const long = ctx.length > C.template.longTextLength;
  const reasoning = reasoningEvidence(ctx, long);
  const template = templateMultiplier(ctx, reasoning.count);
  if (template < 1) notes.push('template');
  let integration = 1;
  if (long && !reasoning.integrated) {
    integration = C.integrationPenalty;
    notes.push('fact_integration');
  }
  const score = Math.min(25, round(raw * template * integration, 2));
  return {
    score,
    raw: round(raw, 4),
    dimensions,
    templateMultiplier: template,
    integrationMultiplier: integration,
    notes,
  };
}
