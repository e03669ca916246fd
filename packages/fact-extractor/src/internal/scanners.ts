// Category scanners. Each walks a text once with a linear-time pattern and reports normalised facts.
import {
  ANSWER_POI_JSON_KEYS,
  ANSWER_POI_LABELS,
  DURATION_KEYWORDS,
  GENERIC_PLACE_WORDS,
  MAX_NAME_PREFIX,
  NAME_CUT_MARKERS,
  PLACE_SUFFIXES,
  POI_NAME_LENGTH,
  ROAD_SUFFIXES,
  TOOL_PRICE_KEYS,
  TRAIN_ID_NOT_FOLLOWED_BY,
  WEATHER_WORDS,
  WIND_LEVEL_WINDOW,
  WIND_NOT_FOLLOWED_BY,
} from '../config';
import { isAdministrativeName } from '../admin-names';
import {
  asciiCopy,
  backCodePoints,
  codePointLength,
  isAsciiLetter,
  isCjk,
  isDigit,
  isWhitespaceCode,
} from '../text';
import { memoize } from './memo';
import { CodeUnitBuffer } from '../code-units';

/** A transport id found in a text, with its UTF-16 span. */
export interface IdHit {
  id: string;
  kind: 'flight' | 'train';
  start: number;
  end: number;
}

/** A time found in a text, normalised to `HH:MM`, with its UTF-16 span. */
export interface TimeHit {
  time: string;
  start: number;
  end: number;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A regex alternation of literal words, grouped by first character (`博(?:物馆|物院)|…|[寺塔]`) so the engine
 * dispatches on one character instead of trying every word at every position. Words that can match at the
 * same position share their first character (case-folded, for `i` patterns), keep their relative order, and so
 * keep their priority: the pattern matches exactly what `words.join('|')` matches.
 */
export function alternation(words: readonly string[]): string {
  const groups = new Map<string, string[]>();
  for (const w of words) {
    if (w.length === 0) return words.map(escapeRe).join('|');
    const key = w.charAt(0).toLowerCase();
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [w]);
    else group.push(w);
  }
  const parts: string[] = [];
  let singles = '';
  for (const group of groups.values()) {
    const only = group[0] ?? '';
    if (group.length === 1 && only.length === 1 && /^[^\\\]\-^]$/.test(only)) {
      singles += only;
      continue;
    }
    const first = only.charAt(0);
    if (group.every((w) => w.charAt(0) === first))
      parts.push(`${escapeRe(first)}(?:${group.map((w) => escapeRe(w.slice(1))).join('|')})`);
    else parts.push(group.map(escapeRe).join('|'));
  }
  if (singles.length > 0) parts.push(singles.length === 1 ? escapeRe(singles) : `[${singles}]`);
  return parts.join('|');
}

// Flight ids: two letters or digit+letter, then 3–4 digits; train ids: G/D/C/Z/T/K then 1–5 digits. The flight
// alternative comes first so CZ3101 is a flight, never train Z3101.
// The left boundary (no letter or digit before the id) is checked by hand: faster than a lookbehind.
const ID_RE = /([A-Z0-9][A-Z]\d{3,4})(?!\d)|([GDCZTK]\d{1,5})(?!\d)/g;

/** Every flight and train id in `text`, in order. `T3航站楼`, `G1高速`, `K1路` are not train ids. */
export function scanIds(text: string): IdHit[] {
  const hits: IdHit[] = [];
  ID_RE.lastIndex = 0;
  for (let m = ID_RE.exec(text); m !== null; m = ID_RE.exec(text)) {
    const end = m.index + m[0].length;
    const before = text.charCodeAt(m.index - 1);
    if (isDigit(before) || isAsciiLetter(before)) continue;
    if (m[1] !== undefined) {
      // A flight id glued to more letters (CA1501A is fine, but ABCA1501 was already excluded by the lookbehind).
      hits.push({ id: asciiCopy(m[1]), kind: 'flight', start: m.index, end });
    } else if (m[2] !== undefined && !isNotTrainContext(text, end)) {
      hits.push({ id: asciiCopy(m[2]), kind: 'train', start: m.index, end });
    }
  }
  return hits;
}

const NOT_TRAIN_FIRST_CHARS = new Set(TRAIN_ID_NOT_FOLLOWED_BY.map((w) => w[0] ?? ''));

function isNotTrainContext(text: string, end: number): boolean {
  const next = text.charCodeAt(end);
  if (isAsciiLetter(next)) return true;
  if (!NOT_TRAIN_FIRST_CHARS.has(text[end] ?? '')) return false;
  for (const w of TRAIN_ID_NOT_FOLLOWED_BY) if (text.startsWith(w, end)) return true;
  return false;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 0x3000 || code === 10 || code === 13;
}

/** End (exclusive) of the number found by the last {@link numberStartBefore} that found one. */
let numberEnd = 0;

/**
 * Start of the number (digits and dots, at most `maxLength` characters) that ends right before `end`, allowing
 * up to two spaces in between; -1 when there is none or it is glued to a longer digit run. Its end is left in
 * {@link numberEnd}. Allocates nothing.
 */
function numberStartBefore(text: string, end: number, maxLength: number): number {
  let k = end;
  for (let n = 0; n < 2 && k > 0 && isSpace(text.charCodeAt(k - 1)); n++) k--;
  let p = k;
  while (p > 0 && k - p < maxLength + 1) {
    const c = text.charCodeAt(p - 1);
    if (!isDigit(c) && c !== 46) break;
    p--;
  }
  if (p === k || k - p > maxLength) return -1;
  const before = text.charCodeAt(p - 1);
  if (isDigit(before) || before === 46) return -1;
  numberEnd = k;
  return p;
}

/**
 * The number (digits and dots, at most `maxLength` characters) that ends right before `end`, allowing up to
 * two spaces in between; `null` when there is none or it is glued to a longer digit run.
 */
export function numberBefore(
  text: string,
  end: number,
  maxLength: number,
): { value: string; start: number } | null {
  const start = numberStartBefore(text, end, maxLength);
  return start < 0 ? null : { value: text.slice(start, numberEnd), start };
}

/** Start of the number read by the last {@link wholeNumberBefore} that found one. */
let wholeNumberStart = 0;

/**
 * The value of what {@link numberBefore} reads before `end`, when that is a whole number (no dot); -1
 * otherwise. Its start is left in {@link wholeNumberStart}. Allocates nothing: it runs for every unit
 * character (级, 度) of every text.
 */
function wholeNumberBefore(text: string, end: number, maxLength: number): number {
  const start = numberStartBefore(text, end, maxLength);
  if (start < 0) return -1;
  let value = 0;
  for (let i = start; i < numberEnd; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) return -1;
    value = value * 10 + (c - 48);
  }
  wholeNumberStart = start;
  return value;
}

/**
 * Every clock time (`8:30`, `08:30`, `08：30`), normalised to `HH:MM`. Unlike a word-boundary pattern this also
 * finds times glued to Chinese text (`，08:00从`). Not a time: part of a longer digit run, a date, or an
 * impossible value (25:00, 08:61). Scans for colons and reads the digits around them.
 */
export function scanTimes(text: string): TimeHit[] {
  const hits: TimeHit[] = [];
  // Both colons, in text order, by two indexOf cursors (much cheaper than a regex match per colon).
  let ascii = text.indexOf(':');
  let wide = text.indexOf('：');
  while (ascii >= 0 || wide >= 0) {
    let c: number;
    if (wide < 0 || (ascii >= 0 && ascii < wide)) {
      c = ascii;
      ascii = text.indexOf(':', c + 1);
    } else {
      c = wide;
      wide = text.indexOf('：', c + 1);
    }
    const m1 = text.charCodeAt(c + 1);
    const m2 = text.charCodeAt(c + 2);
    if (!isDigit(m1) || !isDigit(m2) || isDigit(text.charCodeAt(c + 3))) continue;
    const h1 = text.charCodeAt(c - 1);
    if (!isDigit(h1)) continue;
    const h2 = text.charCodeAt(c - 2);
    const twoDigits = isDigit(h2);
    const start = twoDigits ? c - 2 : c - 1;
    const before = text.charCodeAt(start - 1);
    if (isDigit(before) || before === 58 /* : */ || before === 0xff1a || before === 46 /* . */)
      continue;
    const h = twoDigits ? (h2 - 48) * 10 + (h1 - 48) : h1 - 48;
    const min = (m1 - 48) * 10 + (m2 - 48);
    if (h > 24 || min > 59 || (h === 24 && min !== 0)) continue;
    // HH:MM with an ASCII colon is already normal: one copy instead of a concatenation.
    // Built from its digits: a one-byte string even when the text is Chinese (see asciiCopy).
    const time = String.fromCharCode(twoDigits ? h2 : 48, h1, 58, m1, m2);
    hits.push({ time, start, end: c + 3 });
  }
  return hits;
}

const WEATHER_RE = new RegExp(alternation(WEATHER_WORDS), 'g');

/**
 * Weather condition words. A bare 雪 counts only as snowfall (下雪, 有雪, 降雪, 雪天), so 雪山 and 断桥残雪 do
 * not.
 */
export function scanWeatherWords(text: string, out: Set<string>): void {
  WEATHER_RE.lastIndex = 0;
  for (let m = WEATHER_RE.exec(text); m !== null; m = WEATHER_RE.exec(text)) {
    const w = m[0];
    if (w === '雪') {
      const prev = text[m.index - 1] ?? '';
      const next = text[m.index + 1] ?? '';
      if (!'下有降飘'.includes(prev || 'x') && next !== '天') continue;
    }
    out.add(w);
  }
}

const RANGE_SEP = '(?:~|～|至|到|-|—|–|/)';
const TEMP_VALUE = '(零下)?([-−])?(\\d{1,2})';
const RANGE_CHARS = '~～至到-—–/';

/** Start of the temperature read by the last {@link tempBefore} that found one. */
let tempStart = 0;

/**
 * The temperature written right before `end` (1–2 digits, optional sign or 零下), or NaN; its start is left
 * in {@link tempStart}.
 */
function tempBefore(text: string, end: number): number {
  let n = wholeNumberBefore(text, end, 2);
  if (n < 0) return NaN;
  let start = wholeNumberStart;
  const sign = text.charCodeAt(start - 1);
  // A minus glued to the digits is a sign unless it follows a digit (16-25 is a range).
  if ((sign === 45 /* - */ || sign === 0x2212) /* − */ && !isDigit(text.charCodeAt(start - 2))) {
    n = -n;
    start--;
  } else if (text.startsWith('零下', start - 2)) {
    n = -n;
    start -= 2;
  }
  tempStart = start;
  return n === 0 ? 0 : n;
}

const TEMP_FIELD_RE = new RegExp(
  `(?:最高温度?|最低温度?|白天温度|夜间温度|温度|气温|daytemp|nighttemp|temperature|temp)["']?\\s{0,2}[：:]?\\s{0,2}["']?${TEMP_VALUE}(?:\\s{0,2}${RANGE_SEP}\\s{0,2}${TEMP_VALUE})?(?![\\d.])`,
  'gi',
);

function pushTemp(
  out: Set<string>,
  below: string | undefined,
  sign: string | undefined,
  digits: string | undefined,
): void {
  if (digits === undefined) return;
  const n = Number(digits);
  const negative = (below !== undefined || sign !== undefined) && n !== 0;
  out.add(`${negative ? '-' : ''}${n}度`);
}

/**
 * Temperatures as `N度`: symbol forms (`25℃`, `16~25°C`, `零下3度`) and field forms (`白天温度: 25`,
 * `daytemp: 25`, `气温：18`). A sign is kept (`-3度`); a number glued to more digits (`120度`) is not a
 * temperature.
 */
export function scanTemperatures(text: string, out: Set<string>, fields: boolean): void {
  // The units °C, ℃, ° and 度 in text order, by three indexOf cursors (°C and ° start with the same
  // character, and the C after ° never starts a unit).
  let deg = text.indexOf('°');
  let celsius = text.indexOf('℃');
  let du = text.indexOf('度');
  while (deg >= 0 || celsius >= 0 || du >= 0) {
    let at = deg;
    if (at < 0 || (celsius >= 0 && celsius < at)) at = celsius;
    if (at < 0 || (du >= 0 && du < at)) at = du;
    const isDu = at === du;
    if (at === deg) deg = text.indexOf('°', at + 1);
    else if (at === celsius) celsius = text.indexOf('℃', at + 1);
    else du = text.indexOf('度', at + 1);
    const unitStart = isDu && text.startsWith('摄氏', at - 2) ? at - 2 : at;
    const high = tempBefore(text, unitStart);
    if (Number.isNaN(high)) continue;
    out.add(`${high}度`);
    // A range: 16~25℃, 16-25度, -5~3℃.
    let k = tempStart;
    for (let n = 0; n < 2 && k > 0 && isSpace(text.charCodeAt(k - 1)); n++) k--;
    if (k > 0 && hasCode(RANGE_CHARS, text.charCodeAt(k - 1))) {
      const low = tempBefore(text, k - 1);
      if (!Number.isNaN(low)) out.add(`${low}度`);
    }
  }
  if (!fields) return;
  TEMP_FIELD_RE.lastIndex = 0;
  for (let m = TEMP_FIELD_RE.exec(text); m !== null; m = TEMP_FIELD_RE.exec(text)) {
    pushTemp(out, m[1], m[2], m[3]);
    pushTemp(out, m[4], m[5], m[6]);
  }
}

// 东 南 西 北
function isDirection(code: number): boolean {
  return code === 0x4e1c || code === 0x5357 || code === 0x897f || code === 0x5317;
}
/** Whether `text[from, to)` holds only what may sit between 风 and a level: `[力向\s:：≤<>≥约为]`. */
function onlyWindWords(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (isWhitespaceCode(c) || hasCode('力向:：≤<>≥约为', c)) continue;
    return false;
  }
  return true;
}

/** 风. */
const WIND = 0x98ce;

const WIND_FIELD_RE =
  /(?:daywind|nightwind|风向|wind_direction)["']?\s{0,2}[：:]\s{0,2}["']?([东南西北]{1,2})(?![东南西北])|(?:daypower|nightpower|风力|wind_power|power)["']?\s{0,2}[：:]\s{0,2}["']?[≤<>≥]?\s{0,2}(\d{1,2})(?:\s{0,2}[-~～]\s{0,2}(\d{1,2}))?/gi;

/**
 * Wind facts: directions `X风` (not 西北风味, 东南风情) and levels `N级` with 风 shortly before them
 * (`东北风3级`, `风力: 3-4级` gives 3级 and 4级), plus AMap fields (`daywind: 东北`, `daypower: ≤3`).
 */
export function scanWind(text: string, out: Set<string>): void {
  // [东南西北]{1,2}风, found from each 风: one or two direction characters right before it (two 风 cannot
  // share direction characters, so this gives the same matches as a left-to-right scan).
  for (let at = text.indexOf('风'); at >= 0; at = text.indexOf('风', at + 1)) {
    if (!isDirection(text.charCodeAt(at - 1))) continue;
    const start = isDirection(text.charCodeAt(at - 2)) ? at - 2 : at - 1;
    if (hasCode(WIND_NOT_FOLLOWED_BY, text.charCodeAt(at + 1))) continue;
    out.add(text.slice(start, at + 1));
  }
  for (let at = text.indexOf('级'); at >= 0; at = text.indexOf('级', at + 1)) {
    const high = wholeNumberBefore(text, at, 2);
    if (high < 0) continue;
    let start = wholeNumberStart;
    let low = -1;
    // A range: 3-4级, 3~4级, 3至4级.
    let k = start - 1;
    while (k >= 0 && k > start - 3 && isSpace(text.charCodeAt(k))) k--;
    if (k >= 0 && hasCode('-~～至到', text.charCodeAt(k))) {
      const first = wholeNumberBefore(text, k, 2);
      if (first >= 0) {
        low = first;
        start = wholeNumberStart;
      }
    }
    // Only wind words may sit between 风 and the level (东北风3级, 风力: ≤3级), not 西北风味面馆，5级: the last
    // 风 within the window, then nothing but those words up to the number.
    const from = backCodePoints(text, start, WIND_LEVEL_WINDOW);
    // The last 风 inside the window, looked for there only: a search of the whole text before the level would
    // make a long answer with many levels and no 风 quadratic.
    let wind = start - 1;
    while (wind >= from && text.charCodeAt(wind) !== WIND) wind--;
    if (wind < from || !onlyWindWords(text, wind + 1, start)) continue;
    out.add(`${high}级`);
    if (low >= 0) out.add(`${low}级`);
  }
  WIND_FIELD_RE.lastIndex = 0;
  for (let m = WIND_FIELD_RE.exec(text); m !== null; m = WIND_FIELD_RE.exec(text)) {
    if (m[1] !== undefined) out.add(`${m[1]}风`);
    if (m[2] !== undefined) out.add(`${Number(m[2])}级`);
    if (m[3] !== undefined) out.add(`${Number(m[3])}级`);
  }
}

const DISTANCE_UNIT_RE = /千米|公里|[kK][mM](?![a-zA-Z])|米|m(?![a-zA-Z])/g;
const DISTANCE_VALUE_RE = /^\d{1,7}(?:\.\d{1,3})?$/;
const DISTANCE_FIELD_RE =
  /(?:^|\n)[ \t]{0,8}distance[ \t]{0,2}:[ \t]{0,2}(\d{1,8})(?:\.\d{1,3})?[ \t]{0,4}(?=\n|$)/g;

/**
 * Distances as `<number><unit>` with no space (`2.5公里`, `1200米`, `3km`); km is lower-cased. With
 * `minMetres`, metre values below it are dropped (micro-segments of a route). AMap `distance: 12345` fields
 * (metres) become `12.3公里` (or `N米` under a kilometre).
 */
export function scanDistances(
  text: string,
  out: Set<string>,
  minMetres: number,
  amapFields: boolean,
): void {
  DISTANCE_UNIT_RE.lastIndex = 0;
  for (let m = DISTANCE_UNIT_RE.exec(text); m !== null; m = DISTANCE_UNIT_RE.exec(text)) {
    const num = numberBefore(text, m.index, 11);
    if (num === null || !DISTANCE_VALUE_RE.test(num.value)) continue;
    const value = num.value;
    const unit = m[0].toLowerCase();
    const metres = unit === '米' || unit === 'm';
    if (metres && Number(value) < minMetres) continue;
    out.add(`${value}${unit}`);
  }
  if (!amapFields) return;
  DISTANCE_FIELD_RE.lastIndex = 0;
  for (let m = DISTANCE_FIELD_RE.exec(text); m !== null; m = DISTANCE_FIELD_RE.exec(text)) {
    const metres = Number(m[1]);
    if (metres < minMetres) continue;
    if (metres >= 1000) {
      const km = Math.round(metres / 100) / 10;
      out.add(`${km}公里`);
    } else out.add(`${metres}米`);
  }
}

const DURATION_RE = new RegExp(
  `(?:${alternation(DURATION_KEYWORDS)})[：:]{0,2}\\s{0,2}(?:约|大约)?\\s{0,2}(\\d{1,4})\\s{0,2}(小时|分钟|分|秒)(?:\\s{0,2}(\\d{1,2})\\s{0,2}(分钟|分))?`,
  'g',
);
const DURATION_FIELD_RE =
  /(?:^|\n)[ \t]{0,8}duration[ \t]{0,2}:[ \t]{0,2}(\d{1,7})(?:\.\d{1,3})?[ \t]{0,4}(?=\n|$)/g;

/**
 * Travel durations after a duration keyword (`耗时: 35分钟`, `约1小时20分钟`, `步行约15分钟`), written without
 * spaces. AMap `duration: 2100` fields (seconds) become `35分钟`.
 */
export function scanDurations(text: string, out: Set<string>, amapFields: boolean): void {
  DURATION_RE.lastIndex = 0;
  for (let m = DURATION_RE.exec(text); m !== null; m = DURATION_RE.exec(text)) {
    let d = `${Number(m[1])}${m[2] ?? ''}`;
    if (m[2] === '小时' && m[3] !== undefined) d += `${Number(m[3])}${m[4] ?? ''}`;
    out.add(d);
  }
  if (!amapFields) return;
  DURATION_FIELD_RE.lastIndex = 0;
  for (let m = DURATION_FIELD_RE.exec(text); m !== null; m = DURATION_FIELD_RE.exec(text)) {
    const minutes = Math.round(Number(m[1]) / 60);
    if (minutes > 0) out.add(`${minutes}分钟`);
  }
}

// Words ending in 路 that are not roads: 顺路 (on the way), 走路, 问路 …
const NOT_ROAD_ENDINGS_RE = /(?:顺路|走路|问路|迷路|绕路|赶路|带路|近路|远路|弯路)$/;
// 路线, 路程, 街道 … are not road names.
const ROAD_NOT_FOLLOWED_BY: Record<string, string> = {
  路: '线程况上费过径途人面',
  街: '道头坊',
  桥: '上下站机国',
};

// Cut markers grouped by their last character, longest first, so the rightmost marker of a short prefix is
// found with one table read per character (a list index + 1 by UTF-16 unit, 0 when no marker ends with it).
const MARKER_LISTS: string[][] = [];
const MARKER_LIST_BY_LAST = new Uint8Array(0x10000);
for (const m of NAME_CUT_MARKERS) {
  const last = m.charCodeAt(m.length - 1);
  const index = MARKER_LIST_BY_LAST[last] ?? 0;
  if (index > 0) MARKER_LISTS[index - 1]?.push(m);
  else MARKER_LIST_BY_LAST[last] = MARKER_LISTS.push([m]);
}
for (const list of MARKER_LISTS) list.sort((a, b) => b.length - a.length);

/** Offset from `from` of the end of the rightmost cut marker in `text[from, to)` (0 when there is none). */
function lastMarkerEnd(text: string, from: number, to: number): number {
  for (let i = to; i > from; i--) {
    const index = MARKER_LIST_BY_LAST[text.charCodeAt(i - 1)] ?? 0;
    if (index === 0) continue;
    for (const m of MARKER_LISTS[index - 1] ?? [])
      if (i - from >= m.length && text.startsWith(m, i - m.length)) return i - from;
  }
  return 0;
}

/** Whether the UTF-16 unit `code` occurs in `chars`. */
function hasCode(chars: string, code: number): boolean {
  for (let i = 0; i < chars.length; i++) if (chars.charCodeAt(i) === code) return true;
  return false;
}

/** A set of name suffixes compiled for {@link scanSuffixNames}. */
export interface SuffixSet {
  /** This set's bit in {@link SUFFIX_ID_BITS}. */
  readonly bit: number;
  /** The suffixes by the id of their first character, in priority order. */
  readonly byFirstId: ReadonlyArray<readonly string[] | undefined>;
  /** Characters that may not follow a suffix (路线, 街道): such a match is skipped. */
  readonly notFollowedBy: Readonly<Record<string, string>> | undefined;
}

// Every character that starts a suffix of some set gets a small id (0: none), and each id the bits of the sets
// with a suffix starting with it: a scan costs one table read per character and looks at suffixes only where
// one can start.
const SUFFIX_FIRST_ID = new Uint8Array(0x10000);
const SUFFIX_ID_BITS: number[] = [0];
let nextSuffixBit = 1;

/**
 * Compiles `words` (in priority order: at one position the first that matches wins, like a regex
 * alternation) into a {@link SuffixSet}. Sets are built once, at module load.
 */
export function suffixSet(
  words: readonly string[],
  notFollowedBy?: Readonly<Record<string, string>>,
): SuffixSet {
  if (nextSuffixBit > 0x40000000) throw new Error('too many suffix sets');
  const bit = nextSuffixBit;
  nextSuffixBit *= 2;
  const byFirstId: Array<string[] | undefined> = [];
  for (const w of words) {
    if (w.length === 0) continue;
    const code = w.charCodeAt(0);
    let id = SUFFIX_FIRST_ID[code] ?? 0;
    if (id === 0) {
      if (SUFFIX_ID_BITS.length > 0xff) throw new Error('too many suffix characters');
      id = SUFFIX_ID_BITS.push(0) - 1;
      SUFFIX_FIRST_ID[code] = id;
    }
    SUFFIX_ID_BITS[id] = (SUFFIX_ID_BITS[id] ?? 0) | bit;
    while (byFirstId.length <= id) byFirstId.push(undefined);
    const list = byFirstId[id];
    if (list === undefined) byFirstId[id] = [w];
    else list.push(w);
  }
  return { bit, byFirstId, notFollowedBy };
}

/** Receives a name found by {@link scanSuffixNames}, with its UTF-16 span. */
export type SuffixNameHandler = (name: string, start: number, end: number) => void;

/** The scan of one suffix set: non-overlapping suffix matches left to right, then the names before them. */
class SuffixScan {
  /** Where the next suffix match may start (matches do not overlap). */
  private from = 0;
  /** End of the last name reported: a name never reaches back over it. */
  private lastEnd = 0;
  // The pending suffix match (start < 0: none), reported once the next match shows it does not extend.
  private ps = -1;
  private pe = 0;

  readonly bit: number;

  constructor(
    private readonly text: string,
    private readonly set: SuffixSet,
    private readonly minLength: number,
    private readonly onName: SuffixNameHandler,
  ) {
    this.bit = set.bit;
  }

  /** Tries this set's suffixes starting at `i`, whose first-character id is `id`. */
  at(i: number, id: number): void {
    if (i < this.from) return;
    const list = this.set.byFirstId[id];
    if (list === undefined) return;
    const text = this.text;
    for (const w of list) {
      if (w.length > 1 && !text.startsWith(w, i)) continue;
      const e = i + w.length;
      this.from = e;
      const banned = this.set.notFollowedBy?.[w];
      if (banned !== undefined && e < text.length && hasCode(banned, text.charCodeAt(e))) return;
      this.next(i, e);
      return;
    }
  }

  /** Reports the pending match, if any: call once the whole text was seen. */
  finish(): void {
    if (this.ps >= 0) this.emit(this.ps, this.pe);
    this.ps = -1;
  }

  private next(ns: number, ne: number): void {
    const { ps, pe } = this;
    if (ps >= 0) {
      let extended = false;
      // Extend when the next suffix is glued on (中心大厦), or a one-character suffix is followed closely by a
      // longer one (湖 … 风景区); 青华路一路 stays 青华路.
      const gap = ns - pe;
      if (gap === 0 || (pe - ps === 1 && ne - ns > 1 && gap <= 4)) {
        extended = true;
        for (let k = pe; k < ns; k++) if (!isCjk(this.text.charCodeAt(k))) extended = false;
        if (extended && lastMarkerEnd(this.text, pe, ns) > 0) extended = false;
      }
      if (!extended) this.emit(ps, pe);
    }
    this.ps = ns;
    this.pe = ne;
  }

  private emit(s: number, e: number): void {
    const text = this.text;
    let p = s;
    const limit = Math.max(this.lastEnd, s - MAX_NAME_PREFIX);
    while (p > limit && isCjk(text.charCodeAt(p - 1))) p--;
    p += lastMarkerEnd(text, p, s);
    if (p === s) return;
    // CJK characters and a suffix are single code units, so the UTF-16 length is the code-point length.
    if (e - p < this.minLength) return;
    this.lastEnd = e;
    this.onName(text.slice(p, e), p, e);
  }
}

// The scan reads every character: from a typed copy (the handlers it calls never scan suffixes themselves).
const SUFFIX_UNITS = new CodeUnitBuffer();

/**
 * Scans names that end in a suffix of a set: the CJK run before the suffix (at most {@link MAX_NAME_PREFIX}
 * characters), cut after the last verb or connector (沿, 进入, 前往 …), at least `minLength` code points. A
 * suffix that is only the start of a longer name (湖 in 西湖风景区) gives way to the longer one. Several sets
 * are scanned in one pass over the text, each as if alone.
 */
export function scanSuffixNames(
  text: string,
  scans: ReadonlyArray<readonly [SuffixSet, SuffixNameHandler]>,
  minLength: number,
): void {
  let mask = 0;
  const states: SuffixScan[] = [];
  for (const [set, onName] of scans) {
    mask |= set.bit;
    states.push(new SuffixScan(text, set, minLength, onName));
  }
  const units = SUFFIX_UNITS.load(text);
  for (let i = 0; i < units.length; i++) {
    const id = SUFFIX_FIRST_ID[units[i]!] ?? 0;
    if (id === 0) continue;
    const bits = (SUFFIX_ID_BITS[id] ?? 0) & mask;
    if (bits === 0) continue;
    for (let k = 0; k < states.length; k++) {
      const state = states[k];
      if (state !== undefined && (state.bit & bits) !== 0) state.at(i, id);
    }
  }
  for (const state of states) state.finish();
}

/** Road names (`中山路`, `人民南路`, `机场高速`), at least 3 code points, without leading verbs (沿, 进入). */
export function scanRoads(text: string, out: Set<string>): void {
  scanSuffixNames(text, [[ROAD_SUFFIX_SET, roadNameAdder(out)]], 3);
}

/** Road suffixes, compiled. */
export const ROAD_SUFFIX_SET = suffixSet(ROAD_SUFFIXES, ROAD_NOT_FOLLOWED_BY);

/** The handler that adds the road names among suffix names to `out` (路线, 顺路 … are not roads). */
export function roadNameAdder(out: Set<string>): SuffixNameHandler {
  return (name) => {
    if (!NOT_ROAD_ENDINGS_RE.test(name)) out.add(name);
  };
}

const NUM = '(\\d{1,9}(?:\\.\\d{1,2})?)';
const CURRENCY_RE = new RegExp(`[¥￥]\\s{0,2}${NUM}`, 'g');
const PRICE_KEY_RE = new RegExp(
  `(?:${alternation(TOOL_PRICE_KEYS)})["']?[ \\t]{0,2}[：:=]?[ \\t]{0,2}["']?(?:约|大约)?[ \\t]{0,2}[¥￥]?${NUM}(?![\\d.])`,
  'gi',
);

/**
 * Whether `text[start, end)`, made of digits and dots, is an amount: 1–9 digits, then optionally a dot and 1–2
 * digits (`/^\d{1,9}(?:\.\d{1,2})?$/`, checked in place).
 */
function isAmount(text: string, start: number, end: number): boolean {
  let dot = -1;
  for (let k = start; k < end; k++) {
    if (text.charCodeAt(k) !== 46) continue;
    if (dot >= 0) return false;
    dot = k;
  }
  if (dot < 0) return end - start <= 9;
  const whole = dot - start;
  const fraction = end - dot - 1;
  return whole >= 1 && whole <= 9 && fraction >= 1 && fraction <= 2;
}

/**
 * Calls `onPrice(value, start)` for every `N元` / `N块` amount (with an optional 万 / 千 between, up to two
 * spaces on each side), reading the digits backwards from the unit so the scan is a single-character search.
 */
function scanYuan(text: string, onPrice: (value: number, start: number) => boolean | void): void {
  // 元 and 块 in text order, by two indexOf cursors.
  let yuan = text.indexOf('元');
  let kuai = text.indexOf('块');
  while (yuan >= 0 || kuai >= 0) {
    let at: number;
    if (kuai < 0 || (yuan >= 0 && yuan < kuai)) {
      at = yuan;
      yuan = text.indexOf('元', at + 1);
    } else {
      at = kuai;
      kuai = text.indexOf('块', at + 1);
    }
    let k = at - 1;
    for (let n = 0; n < 2 && k >= 0 && isSpace(text.charCodeAt(k)); n++) k--;
    let mul = 1;
    const unit = text.charCodeAt(k);
    if (unit === 0x4e07 /* 万 */ || unit === 0x5343 /* 千 */) {
      mul = unit === 0x4e07 ? 10_000 : 1_000;
      k--;
      for (let n = 0; n < 2 && k >= 0 && isSpace(text.charCodeAt(k)); n++) k--;
    }
    const end = k + 1;
    let p = end;
    while (p > 0 && end - p < 14) {
      const c = text.charCodeAt(p - 1);
      if (!isDigit(c) && c !== 46) break;
      p--;
    }
    if (p === end) continue;
    const before = text.charCodeAt(p - 1);
    if (isDigit(before) || before === 46) continue;
    if (!isAmount(text, p, end)) continue;
    if (onPrice(Math.trunc(Number(text.slice(p, end)) * mul), p) === true) return;
  }
}

function priceValue(num: string | undefined): number {
  const v = Number(num);
  return Number.isFinite(v) ? Math.trunc(v) : NaN;
}

/**
 * Prices as integer strings (CNY, truncated): `N元` (with 万 / 千), `¥N`, and, with `keyed`, keyword values
 * without a unit (`价格: 850`, `cost: 75.00`, `"price": 850`). Values outside `[min, max]` are dropped.
 */
export function scanPrices(
  text: string,
  out: Set<string>,
  min: number,
  max: number,
  keyed: boolean,
): void {
  const add = (v: number): void => {
    if (v >= min && v <= max) out.add(String(v));
  };
  scanYuan(text, (v) => {
    add(v);
  });
  if (text.includes('¥') || text.includes('￥')) {
    CURRENCY_RE.lastIndex = 0;
    for (let m = CURRENCY_RE.exec(text); m !== null; m = CURRENCY_RE.exec(text))
      add(priceValue(m[1]));
  }
  if (!keyed) return;
  PRICE_KEY_RE.lastIndex = 0;
  for (let m = PRICE_KEY_RE.exec(text); m !== null; m = PRICE_KEY_RE.exec(text))
    add(priceValue(m[1]));
}

/** First price in a short context (`价格850元`, `¥850`, `票价: 850`), or undefined. */
export function firstPrice(ctx: string): number | undefined {
  let bestAt = Infinity;
  let best: number | undefined;
  scanYuan(ctx, (v, at) => {
    if (v > 0) {
      bestAt = at;
      best = v;
      return true;
    }
    return false;
  });
  const consider = (re: RegExp): void => {
    re.lastIndex = 0;
    const m = re.exec(ctx);
    if (m === null || m.index >= bestAt) return;
    const v = priceValue(m[1]);
    if (Number.isFinite(v) && v > 0) {
      bestAt = m.index;
      best = v;
    }
  };
  if (ctx.includes('¥') || ctx.includes('￥')) consider(CURRENCY_RE);
  consider(PRICE_KEY_RE);
  return best;
}

// The key must not be the end of a longer ASCII key (pname, cityname, adname): checked by hand, which is
// faster than a lookbehind.
const POI_KEY_RE = /(?:名称|name|名字)\**[ \t]{0,2}[：:][ \t]{0,3}([^\n,，|]{1,60})/g;
const LENTICULAR_RE = /【([^】\n]{1,40})】/g;
const CORNER_RE = /「([^」\n]{1,40})」/g;
const JSON_NAME_RE = /"(?:name|poi_name)"\s{0,3}:\s{0,3}"([^"\n]{1,60})"/g;
const ANSWER_LABEL_RE = new RegExp(
  `(?:${alternation(ANSWER_POI_LABELS)})\\**[ \\t]{0,2}[：:][ \\t]{0,3}([^\\n,，。；;|、]{2,30})`,
  'g',
);
const ANSWER_JSON_RE = new RegExp(
  `"(?:${alternation(ANSWER_POI_JSON_KEYS)})"\\s{0,3}:\\s{0,3}"([^"\\n]{2,40})"`,
  'g',
);

const GENERIC_SET = new Set(GENERIC_PLACE_WORDS);
// Section labels written in brackets (【第一天】, 【交通】) are headings, not places.
const SECTION_LABEL_RE =
  /^(?:第.{1,3}[天日]|day\s*\d+|交通|住宿|餐饮|美食|行程|预算|天气|提示|贴士|小贴士|温馨提示|注意事项|推荐|总结|概览|路线|费用|备注|说明|上午|下午|晚上|中午|早上)/i;
// Option labels (【经济优先】, 【性价比之选】, 【方案一】): the request's preferences, written as headings.
const OPTION_LABEL_RE = /(?:优先|之选|方案[一二三四五六七八九十\dA-Za-z]?)$|^方案/u;
const NOT_A_NAME_RE = /^(?:none|null|undefined|nan|true|false|\[\]|\{\})$/i;
// Words that show a value is a sentence, not a name.
const SENTENCE_WORD_RE = /建议|可以|选择|如果|需要|注意|左右|或者|我们|您|推荐您/;

/** Marks taken off the start of a name: emphasis, quotes and spaces. */
const NAME_LEAD = /[*_"'“”‘’\s]/;
/** Marks taken off the end of a name: those of {@link NAME_LEAD} and closing punctuation. */
const NAME_TAIL = /[*_"'“”‘’\s。.;；:：]/;

/**
 * `name` without its leading {@link NAME_LEAD} and trailing {@link NAME_TAIL} marks: what
 * `name.replace(/^[lead]+|[tail]+$/g, '')` gives, read from both ends, where the regex tried a long run of
 * marks inside the name again from each of its characters.
 */
export function stripNameMarks(name: string): string {
  let from = 0;
  while (from < name.length && NAME_LEAD.test(name[from]!)) from++;
  let to = name.length;
  while (to > from && NAME_TAIL.test(name[to - 1]!)) to--;
  return name.slice(from, to);
}

/** Cleans a candidate POI name; returns `null` when it is not a plausible name. */
export function cleanPoiName(raw: string, strict: boolean): string | null {
  let name = raw.trim();
  name = stripNameMarks(name);
  if (name.length === 0) return null;
  const len = codePointLength(name);
  if (len < POI_NAME_LENGTH.min || len > POI_NAME_LENGTH.max) return null;
  if (NOT_A_NAME_RE.test(name)) return null;
  if (/^[\d\s.,:：\-+/%()（）]+$/.test(name)) return null;
  if (GENERIC_SET.has(name)) return null;
  if (isAdministrativeName(name)) return null;
  if (SECTION_LABEL_RE.test(name)) return null;
  if (OPTION_LABEL_RE.test(name)) return null;
  if (strict && (SENTENCE_WORD_RE.test(name) || /\d{1,9}\s*元/.test(name))) return null;
  return name;
}

/** {@link cleanPoiName} for one strictness, remembering its answers (names repeat within a text). */
export type NameCleaner = (raw: string) => string | null;

// Cleaned names by raw name, one memo per strictness: names recur within a text and across the answers and
// tool results of a city. Long raw names are not kept.
const CLEAN_MEMO_ENTRIES = 4_096;
const CLEAN_MEMO_MAX_NAME = 64;
const cleaners = [false, true].map((strict) =>
  memoize((raw) => cleanPoiName(raw, strict), CLEAN_MEMO_ENTRIES, CLEAN_MEMO_MAX_NAME),
);

/** A {@link NameCleaner} for one strictness (cleaning is pure, so every cleaner shares one bounded memo). */
export function createNameCleaner(strict: boolean): NameCleaner {
  return cleaners[strict ? 1 : 0]!;
}

/**
 * The scans tool results and answers share (`名称:` / `name:` keys and bracketed names); returns the adder
 * that cleans a raw name and collects it, for the side-specific scans that follow.
 */
function scanSharedPois(
  text: string,
  out: Set<string>,
  clean: NameCleaner,
): (raw: string | undefined) => void {
  const add = (raw: string | undefined): void => {
    if (raw === undefined) return;
    const name = clean(raw);
    if (name !== null) out.add(name);
  };
  scanPoiKeys(text, add);
  scanBracketed(text, add);
  return add;
}

/** POI names from tool results: `名称:` / `name:` fields (never pname, cityname, adname), 【】, 「」, JSON "name". */
export function scanToolPois(
  text: string,
  out: Set<string>,
  clean: NameCleaner = createNameCleaner(false),
): void {
  const add = scanSharedPois(text, out, clean);
  // Both keys end in name": without that, the pattern cannot match.
  if (text.includes('name"')) {
    JSON_NAME_RE.lastIndex = 0;
    for (let m = JSON_NAME_RE.exec(text); m !== null; m = JSON_NAME_RE.exec(text)) add(m[1]);
  }
}

/** `名称:` / `name:` / `名字:` values, skipping keys that end a longer ASCII key (pname, cityname). */
function scanPoiKeys(text: string, add: (raw: string | undefined) => void): void {
  if (!text.includes('名称') && !text.includes('name') && !text.includes('名字')) return;
  POI_KEY_RE.lastIndex = 0;
  for (let m = POI_KEY_RE.exec(text); m !== null; m = POI_KEY_RE.exec(text)) {
    if (!isAsciiLetter(text.charCodeAt(m.index - 1))) add(m[1]);
  }
}

function scanBracketed(text: string, add: (raw: string | undefined) => void): void {
  if (text.includes('【')) {
    LENTICULAR_RE.lastIndex = 0;
    for (let m = LENTICULAR_RE.exec(text); m !== null; m = LENTICULAR_RE.exec(text)) add(m[1]);
  }
  if (text.includes('「')) {
    CORNER_RE.lastIndex = 0;
    for (let m = CORNER_RE.exec(text); m !== null; m = CORNER_RE.exec(text)) add(m[1]);
  }
}

const ANSWER_POI_SUFFIX_SET = suffixSet([
  '风景名胜区',
  '风景区',
  '景区',
  '公园',
  '博物馆',
  '博物院',
  '纪念馆',
  '美术馆',
  '科技馆',
  '广场',
  '古镇',
  '古城',
  '老街',
  '遗址',
  '步行街',
  '夜市',
  '大厦',
  '寺',
  '宫',
  '塔',
  '陵',
  '庙',
]);

/**
 * POI names in an answer given by fields: the tool-side patterns, place labels (`景点：西湖`) and JSON place
 * keys. Names ending in a place suffix come from {@link answerSuffixNames}.
 */
export function scanAnswerPoiFields(
  text: string,
  out: Set<string>,
  clean: NameCleaner = createNameCleaner(true),
): void {
  const add = scanSharedPois(text, out, clean);
  ANSWER_LABEL_RE.lastIndex = 0;
  for (let m = ANSWER_LABEL_RE.exec(text); m !== null; m = ANSWER_LABEL_RE.exec(text)) add(m[1]);
  if (text.includes('"')) {
    ANSWER_JSON_RE.lastIndex = 0;
    for (let m = ANSWER_JSON_RE.exec(text); m !== null; m = ANSWER_JSON_RE.exec(text)) add(m[1]);
  }
}

/** A place-like name of a plan, cleaned, with its position (names repeat). */
export interface PlaceHit {
  name: string;
  start: number;
}

/** Plan place suffixes, compiled. */
const PLACE_SUFFIX_SET = suffixSet(PLACE_SUFFIXES);

/** The handler that cleans place names and collects them with their positions. */
function placeHitAdder(hits: PlaceHit[], clean: NameCleaner): SuffixNameHandler {
  return (name, start) => {
    const cleaned = clean(name);
    if (cleaned !== null) hits.push({ name: cleaned, start });
  };
}

/** Every place-like name of `text` (a CJK run ending in a place suffix, leading verbs cut), in order. */
export function placeHits(text: string, clean: NameCleaner): PlaceHit[] {
  const hits: PlaceHit[] = [];
  scanSuffixNames(text, [[PLACE_SUFFIX_SET, placeHitAdder(hits, clean)]], 3);
  return hits;
}

/** The names before the suffixes of an answer (see {@link answerSuffixNames}). */
export interface AnswerSuffixNames {
  /** Plan places ({@link placeHits}). */
  readonly places: readonly PlaceHit[];
  /** POI names ending in a strong place suffix (景区, 公园, 博物馆, 古镇 …), cleaned. */
  readonly pois: ReadonlySet<string>;
  /** Road names ({@link scanRoads}). */
  readonly roads: ReadonlySet<string>;
}

/** Plan places, answer POIs and roads of an answer, found in one pass over it. */
export function answerSuffixNames(text: string, clean: NameCleaner): AnswerSuffixNames {
  const places: PlaceHit[] = [];
  const pois = new Set<string>();
  const roads = new Set<string>();
  scanSuffixNames(
    text,
    [
      [PLACE_SUFFIX_SET, placeHitAdder(places, clean)],
      [
        ANSWER_POI_SUFFIX_SET,
        (name) => {
          const cleaned = clean(name);
          if (cleaned !== null) pois.add(cleaned);
        },
      ],
      [ROAD_SUFFIX_SET, roadNameAdder(roads)],
    ],
    3,
  );
  return { places, pois, roads };
}
