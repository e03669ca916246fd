// Proximity: how many code points separate a keyword from a fact.
import { asciiLower, createCodePointIndex } from './text';

const MAX_OCCURRENCES = 100_000;

function globalCopy(re: RegExp): RegExp {
  const flags = re.flags.includes('g') ? re.flags : `${re.flags}g`;
  return new RegExp(re.source, flags.replace('y', ''));
}

/** Spans [start, end) of every keyword match (UTF-16), bounded in number. Empty matches are skipped. */
function keywordSpans(text: string, keyword: RegExp): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const re = globalCopy(keyword);
  for (let m = re.exec(text); m !== null && spans.length < MAX_OCCURRENCES; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    spans.push([m.index, m.index + m[0].length]);
  }
  return spans;
}

function factSpans(lowerText: string, fact: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const f = asciiLower(fact);
  if (f.length === 0) return spans;
  for (
    let i = lowerText.indexOf(f);
    i >= 0 && spans.length < MAX_OCCURRENCES;
    i = lowerText.indexOf(f, i + 1)
  ) {
    spans.push([i, i + f.length]);
  }
  return spans;
}

/** Smallest code-point gap between any keyword span and any fact span (0 when they touch or overlap). */
function minGap(
  kw: ReadonlyArray<readonly [number, number]>,
  facts: ReadonlyArray<readonly [number, number]>,
  cp: (i: number) => number,
): number | null {
  if (kw.length === 0 || facts.length === 0) return null;
  let best = Infinity;
  let j = 0;
  // Both lists are sorted by start; walk them together and compare each fact with its neighbouring keywords.
  for (const [fs, fe] of facts) {
    while (j + 1 < kw.length && (kw[j + 1]?.[0] ?? Infinity) <= fs) j++;
    for (const k of [j - 1, j, j + 1]) {
      const span = kw[k];
      if (span === undefined) continue;
      const [ks, ke] = span;
      const gap = ke <= fs ? cp(fs) - cp(ke) : fe <= ks ? cp(ks) - cp(fe) : 0;
      if (gap < best) best = gap;
    }
    if (best === 0) return 0;
  }
  return best === Infinity ? null : best;
}

/**
 * Code points between the nearest pair of a `keyword` match and an occurrence of `fact` in `text` (0 when they
 * touch or overlap), or `null` when either is absent. The fact is matched as a literal, ASCII
 * case-insensitively; the keyword with its own flags.
 *
 * @example nearestDistance('航班CA1501价格850元', /价格/, '850') // 0
 */
export function nearestDistance(text: string, keyword: RegExp, fact: string): number | null {
  if (typeof text !== 'string' || typeof fact !== 'string' || fact.length === 0) return null;
  const kw = keywordSpans(text, keyword);
  if (kw.length === 0) return null;
  return minGap(kw, factSpans(asciiLower(text), fact), createCodePointIndex(text));
}

/** The facts (in input order, distinct) with {@link nearestDistance} ≤ `maxDistance` from a `keyword` match. */
export function factsNear(
  text: string,
  keyword: RegExp,
  facts: readonly string[],
  maxDistance: number,
): string[] {
  if (typeof text !== 'string' || !Array.isArray(facts)) return [];
  const kw = keywordSpans(text, keyword);
  if (kw.length === 0) return [];
  const lower = asciiLower(text);
  const cp = createCodePointIndex(text);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const fact of facts) {
    if (typeof fact !== 'string' || fact.length === 0 || seen.has(fact)) continue;
    seen.add(fact);
    const gap = minGap(kw, factSpans(lower, fact), cp);
    if (gap !== null && gap <= maxDistance) out.push(fact);
  }
  return out;
}
