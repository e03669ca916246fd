// Text helpers of the price and fact rules: lookups that replace per-character regex tests and per-text
// parses that several rules read.
import type { ScoringContext } from '../context';

/**
 * A predicate on one UTF-16 unit equal to `re.test(String.fromCharCode(code))`, memoised in a 64 KiB table:
 * scans that test every character of a line then cost one array read per character. `re` must be neither
 * global nor sticky (so a test has no state).
 */
export function unitTest(re: RegExp): (code: number) => boolean {
  // 0 = not yet known, 1 = matches, 2 = does not.
  const known = new Uint8Array(0x10000);
  return (code) => {
    let k = known[code]!;
    if (k === 0) {
      k = re.test(String.fromCharCode(code)) ? 1 : 2;
      known[code] = k;
    }
    return k === 1;
  };
}

/** A line of a POI tool's result: the name it introduces (a `名称:` / `name:` line) or the line itself. */
export type PoiResultLine = { name: string; line?: undefined } | { name?: undefined; line: string };

const POI_LINE = /^\s*(?:名称|name)\s*[:：]\s*(.+?)\s*$/u;

/** Lines of every successful POI tool call, by context: split and read once for every rule that reads them. */
const POI_LINES = new WeakMap<ScoringContext, ReadonlyArray<readonly PoiResultLine[]>>();

/**
 * The lines of the successful `poi_search` and `around_search` results, in trace order, each either the POI
 * name a line introduces or the line. Computed once per context.
 */
export function poiResultLines(ctx: ScoringContext): ReadonlyArray<readonly PoiResultLine[]> {
  let hit = POI_LINES.get(ctx);
  if (hit === undefined) {
    const out: PoiResultLine[][] = [];
    ctx.trace.forEach((entry, i) => {
      if (entry.name !== 'poi_search' && entry.name !== 'around_search') return;
      if (!entry.ok) return;
      const lines: PoiResultLine[] = [];
      for (const line of (ctx.resultTexts[i] ?? '').split('\n')) {
        const name = POI_LINE.exec(line);
        lines.push(name ? { name: name[1]! } : { line });
      }
      out.push(lines);
    });
    hit = out;
    POI_LINES.set(ctx, hit);
  }
  return hit;
}
