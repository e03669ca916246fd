// Weather context: the only parts of an answer where weather words count.
import { WEATHER_CONTEXT_KEYWORDS, WEATHER_SECTION_MAX_LINES } from './config';
import { alternation } from './internal/scanners';

const KEYWORD_RE = new RegExp(alternation(WEATHER_CONTEXT_KEYWORDS), 'gi');

function lineStart(text: string, i: number): number {
  return text.lastIndexOf('\n', i - 1) + 1;
}

function lineEnd(text: string, i: number): number {
  const e = text.indexOf('\n', i);
  return e < 0 ? text.length : e;
}

function firstNonSpace(text: string, start: number, end: number): string {
  for (let k = start; k < end; k++) {
    const c = text[k];
    if (c !== ' ' && c !== '\t') return c ?? '';
  }
  return '';
}

/**
 * The lines of `text` that are in weather context, joined with `\n`: every line containing a weather keyword
 * (天气, 气温, 温度, 预报, 风力, ℃ …) plus the line directly above and below. A markdown heading with a keyword
 * brings its section (up to 15 lines), and a table row with a keyword brings the whole table. Weather words
 * elsewhere (断桥残雪, 晴川阁) are not weather facts.
 */
export function weatherContextText(text: string): string {
  if (typeof text !== 'string' || text.length === 0) return '';
  // Marked line ranges as [start, end) pairs, in increasing order.
  const ranges: Array<[number, number]> = [];
  const mark = (s: number, e: number): void => {
    const last = ranges[ranges.length - 1];
    if (last !== undefined && s <= last[1] + 1) {
      if (e > last[1]) last[1] = e;
      if (s < last[0]) last[0] = s;
    } else ranges.push([s, e]);
  };
  // The last table found, [start, end): a later keyword row of the same table reuses it rather than walking
  // the table again, which made a long table of weather rows quadratic.
  let tableStart = -1;
  let tableEnd = -1;
  KEYWORD_RE.lastIndex = 0;
  for (let m = KEYWORD_RE.exec(text); m !== null; m = KEYWORD_RE.exec(text)) {
    const s = lineStart(text, m.index);
    const e = lineEnd(text, m.index);
    // The rest of this line is handled; continue after it.
    KEYWORD_RE.lastIndex = e;
    let from = s;
    let to = e;
    if (s > 0) from = lineStart(text, s - 1);
    if (e < text.length) to = lineEnd(text, e + 1);
    const head = firstNonSpace(text, s, e);
    if (head === '#') {
      let k = e;
      for (let n = 0; n < WEATHER_SECTION_MAX_LINES && k < text.length; n++) {
        const ns = k + 1;
        const ne = lineEnd(text, ns);
        if (firstNonSpace(text, ns, ne) === '#') break;
        k = ne;
      }
      if (k > to) to = k;
    } else if (head === '|') {
      if (s < tableStart || s >= tableEnd) {
        let a = s;
        while (a > 0) {
          const ps = lineStart(text, a - 1);
          if (firstNonSpace(text, ps, a - 1) !== '|') break;
          a = ps;
        }
        let b = e;
        while (b < text.length) {
          const ne = lineEnd(text, b + 1);
          if (firstNonSpace(text, b + 1, ne) !== '|') break;
          b = ne;
        }
        tableStart = a;
        tableEnd = b;
      }
      if (tableStart < from) from = tableStart;
      if (tableEnd > to) to = tableEnd;
    }
    mark(from, to);
  }
  if (ranges.length === 0) return '';
  return ranges.map(([s, e]) => text.slice(s, e)).join('\n');
}
