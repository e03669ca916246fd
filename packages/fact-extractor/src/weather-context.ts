// Weather context: the only parts of an answer where weather words count.
import { WEATHER_CONTEXT_KEYWORDS, WEATHER_SECTION_MAX_LINES } from './config';

const KEYWORD_RE = new RegExp(
  WEATHER_CONTEXT_KEYWORDS.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
  'i',
);

/**
 * The lines of `text` that are in weather context, joined with `\n`: every line containing a weather keyword
 * (天气, 气温, 温度, 预报, 风力, ℃ …) plus the line directly above and below. A markdown heading
 * with a keyword brings its section (up to 15 lines), and a table row with a keyword brings the whole table.
 * Weather words elsewhere (断桥残雪, 晴川阁) are not weather facts.
 */
export function weatherContextText(text: string): string {
  if (typeof text !== 'string' || text.length === 0) return '';
  const lines = text.split('\n');
  const marked = new Uint8Array(lines.length);
  let any = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (!KEYWORD_RE.test(line)) continue;
    any = true;
    marked[i] = 1;
    markNeighbour(lines, marked, i, -1);
    markNeighbour(lines, marked, i, 1);
    const head = line.trimStart();
    if (head.startsWith('#')) {
      for (let k = i + 1, n = 0; k < lines.length && n < WEATHER_SECTION_MAX_LINES; k++, n++) {
        if ((lines[k] ?? '').trimStart().startsWith('#')) break;
        marked[k] = 1;
      }
    } else if (head.startsWith('|')) {
      for (let k = i - 1; k >= 0 && (lines[k] ?? '').trimStart().startsWith('|'); k--)
        marked[k] = 1;
      for (let k = i + 1; k < lines.length && (lines[k] ?? '').trimStart().startsWith('|'); k++)
        marked[k] = 1;
    }
  }
  if (!any) return '';
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) if (marked[i] === 1) out.push(lines[i] ?? '');
  return out.join('\n');
}

function markNeighbour(
  lines: readonly string[],
  marked: Uint8Array,
  i: number,
  step: 1 | -1,
): void {
  const k = i + step;
  if (k >= 0 && k < lines.length) marked[k] = 1;
}
