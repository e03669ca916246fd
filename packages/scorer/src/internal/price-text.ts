// Per-text parses of tool results that the price and fabrication rules both read, cached by the text.
import {
  foldFullWidth,
  isWhitespaceCode,
  RecurringTextCache,
  textFingerprint,
} from '@navworld/fact-extractor';
import { SCORING_CONFIG, type PoiPriceKind } from '../config';
import type { ScoringContext } from '../context';

const R = SCORING_CONFIG.poiRecordPrices;

/**
 * A line of a POI tool's result: the name it introduces (a `名称:` / `name:` line), or else the record price
 * it states ({@link recordPrice}; undefined for a line that states none), read once for every rule.
 */
export type PoiResultLine =
  | { name: string; price?: undefined; rating?: undefined }
  | { name?: undefined; price: RecordPrice | undefined; rating?: number };

/** The head of a POI line, up to its colon. */
const POI_LINE_HEAD = /^\s*(?:名称|name)\s*[:：]/u;
/** Characters that `.` does not match. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/u;

/**
 * The name a POI line introduces: what `/^\s*(?:名称|name)\s*[:：]\s*(.+?)\s*$/u` captures, read without the
 * regex, whose lazy name and trailing spaces split every run of spaces inside a name every way (quadratic
 * time). The name is the rest of the line without the spaces around it, unless it holds a line terminator;
 * of a rest that is all spaces, the regex takes its last character that is no line terminator.
 */
export function poiLineName(line: string): string | undefined {
  const head = POI_LINE_HEAD.exec(line);
  if (head === null) return undefined;
  const rest = line.slice(head[0].length);
  let from = 0;
  while (from < rest.length && isWhitespaceCode(rest.charCodeAt(from))) from++;
  if (from < rest.length) {
    let to = rest.length;
    while (isWhitespaceCode(rest.charCodeAt(to - 1))) to--;
    const name = rest.slice(from, to);
    return LINE_TERMINATOR.test(name) ? undefined : name;
  }
  for (let k = rest.length - 1; k >= 0; k--) if (!LINE_TERMINATOR.test(rest[k]!)) return rest[k];
  return undefined;
}
const RATING_LINE = SCORING_CONFIG.factPrecision.toolRating;

/** What the price rules read from one tool result text. */
interface TextParse {
  /** Its lines, read as POI records. */
  lines?: readonly PoiResultLine[];
  /** Its amounts in 元. */
  amounts?: readonly number[];
}

/**
 * Tool result texts → what the price rules read from them. Tool results repeat across the episodes of a task
 * (same call, same result), so a text seen again is read once and kept (bounded; see RecurringTextCache). The
 * lists are frozen and shared, never handed to callers.
 */
const BY_TEXT = new RecurringTextCache<TextParse>({ maxEntries: 4096, maxChars: 4_000_000 });

/**
 * Within one episode every text is read once, kept or not (the rules ask for the same texts). Episodes are
 * scored one at a time, so only the current episode's reads are kept. (A WeakMap keyed by the episode kept
 * them too long: young-generation collections treat its values as live, so every episode's parses were
 * promoted to the old generation and collected there.)
 */
let episode: { ctx: ScoringContext; reads: Map<string, TextParse> } | undefined;

function textParse(ctx: ScoringContext, text: string): TextParse {
  if (episode?.ctx !== ctx) episode = { ctx, reads: new Map() };
  const local = episode.reads;
  let hit = local.get(text);
  if (hit !== undefined) return hit;
  const print = textFingerprint(text);
  hit = BY_TEXT.get(text, print);
  if (hit === undefined) {
    hit = {};
    if (BY_TEXT.admit(text, print)) BY_TEXT.set(text, hit, print);
  }
  local.set(text, hit);
  return hit;
}

/** The amounts `read` finds in a tool result text of this episode (read once per distinct text). */
export function resultAmounts(
  ctx: ScoringContext,
  text: string,
  read: (text: string) => number[],
): readonly number[] {
  const parse = textParse(ctx, text);
  return (parse.amounts ??= Object.freeze(read(text)));
}

/**
 * The lines of the successful `poi_search` and `around_search` results, in trace order, each either the POI
 * name a line introduces or the record price it states (read once per distinct text).
 */
export function poiResultLines(ctx: ScoringContext): ReadonlyArray<readonly PoiResultLine[]> {
  const out: Array<readonly PoiResultLine[]> = [];
  ctx.trace.forEach((entry, i) => {
    if (entry.name !== 'poi_search' && entry.name !== 'around_search') return;
    if (!entry.ok) return;
    const text = ctx.resultTexts[i] ?? '';
    const parse = textParse(ctx, text);
    parse.lines ??= Object.freeze(
      text.split('\n').map((line): PoiResultLine => {
        // Only a line holding 名称 or name can introduce a POI: skip the regex on the others.
        const name = line.includes('名称') || line.includes('name') ? poiLineName(line) : undefined;
        if (name !== undefined) return { name };
        // A rating line states no price: only its rating is read.
        const rating =
          line.includes('评分') || line.includes('rating') ? RATING_LINE.exec(line) : null;
        if (rating) return { price: undefined, rating: Number(rating[1]) };
        const price = recordPrice(line);
        // Shared by every episode that holds this text.
        return { price: price && Object.freeze(price) };
      }),
    );
    out.push(parse.lines);
  });
  return out;
}

/**
 * Tool POI name → its rating, from the successful `poi_search` and `around_search` results: the first rating
 * line of each record (read with the record prices, see {@link poiResultLines}), the first rating of a name.
 */
export function toolPoiRatings(ctx: ScoringContext): Map<string, number> {
  const out = new Map<string, number>();
  for (const lines of poiResultLines(ctx)) {
    let current: string | null = null;
    for (const line of lines) {
      if (line.name !== undefined) current = line.name;
      else if (line.rating !== undefined && current !== null) {
        if (!out.has(current)) out.set(current, line.rating);
        current = null;
      }
    }
  }
  return out;
}

/**
 * Whether `raw` holds only ASCII digits and dots: then full-width digit folding and separator removal leave
 * it unchanged and `Number(raw)` reads it directly (those rewrites cost two regex passes per amount).
 */
export function isAsciiNumber(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if ((c < 48 || c > 57) && c !== 46) return false;
  }
  return true;
}

/** A POI record's price line, read by {@link recordPrice}. */
export interface RecordPrice {
  /** The amount (CNY). */
  value: number;
  /** What it prices; null when the label does not say (AMap's raw `cost`). */
  kind: PoiPriceKind | null;
}

/** A captured amount (any decimal digits) as a number. */
export function readAmount(raw: string): number {
  return Number(isAsciiNumber(raw) ? raw : foldFullWidth(raw));
}

/**
 * The price a line of a POI record states (`人均: 66元`, `门票: 60元`, `价格: 678元/晚`, `cost: 75.00`), or
 * undefined when the line is not a price line. The one reading of record prices for the fabrication penalty and
 * price grounding: a label they read differently would let a plan misstate that kind of price unchecked.
 */
export function recordPrice(line: string): RecordPrice | undefined {
  const m = R.line.exec(line);
  if (!m) return undefined;
  const label = m[1]!.toLowerCase();
  if (m[3] === undefined && R.perNightOnly.includes(label)) return undefined;
  return { value: readAmount(m[2]!), kind: R.kinds[label] ?? null };
}
