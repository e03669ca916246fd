// Small text helpers shared by the summaries.

/** Length in code points (what a reader counts as characters). */
export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** First `max` code points of `text`, with `…` appended when it was longer. */
export function excerpt(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/** Compares by code points (not UTF-16 units), so astral characters sort like other tools sort them. */
export function compareCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** Sorted, de-duplicated copy. */
export function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(compareCodePoints);
}

/** Rounds to an integer, ties to even (so 12.5 → 12, 13.5 → 14). */
export function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (Math.abs(diff - 0.5) < 1e-9) return floor % 2 === 0 ? floor : floor + 1;
  return Math.round(x);
}

/** `part/whole` as an integer percentage, ties to even. */
export function percent(part: number, whole: number): string {
  return `${roundHalfEven((part / Math.max(1, whole)) * 100)}%`;
}

/** Number of non-overlapping matches of a global pattern. */
export function countMatches(text: string, pattern: RegExp): number {
  const global = pattern.flags.includes('g')
    ? pattern
    : new RegExp(pattern.source, `${pattern.flags}g`);
  return [...text.matchAll(global)].length;
}

/** An integer from a price string such as `850`, `850.5`, `1,200`; null when none. */
export function priceInt(value: string | number | undefined): number | null {
  if (value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value.replace(/,/g, '').replace(/元$/, ''));
  return Number.isFinite(n) ? Math.trunc(n) : null;
}
