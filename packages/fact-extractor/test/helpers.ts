// Test helpers: fixture loading and trace-entry construction.
import { readFileSync } from 'node:fs';
import type { ExtractedFacts, ToolTraceEntry } from '@navworld/core-types';

/** Reads a fixture file as UTF-8. */
export function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

/** A successful trace entry for `name` returning `text`. */
export function entry(name: string, text: string, ok = true): ToolTraceEntry {
  return {
    callId: `call_${name}`,
    name,
    arguments: {},
    rawArguments: '{}',
    resultText: text,
    ok,
    durationMs: 1,
  };
}

/** The facts without empty categories, for compact golden comparisons. */
export function nonEmpty(facts: ExtractedFacts): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(facts).filter(([, v]) => !Array.isArray(v) || v.length > 0),
  );
}

/**
 * A seeded pseudo-random source for generated test inputs: `next(n)` is an integer in [0, n), the same
 * sequence for the same seed on every run (a linear congruential generator).
 */
export function seededInts(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % n;
  };
}

/**
 * Pieces of mixed text (CJK, Latin, full-width letters and digits, spacing, punctuation, an emoji) that the
 * randomised tests join into inputs.
 */
export const MIXED_PIECES: readonly string[] = [
  '故宫',
  ' ',
  '博物院',
  '（',
  '午门',
  '）',
  '·',
  'ＡＢ１２',
  'Hotel',
  '\u3000',
  '—',
  '"',
  '🌸',
  '】',
];

/** `parts` pieces drawn with `next` (a {@link seededInts} source) from `pieces`, joined. */
export function joinedPieces(
  next: (n: number) => number,
  pieces: readonly string[],
  parts: number,
): string {
  let text = '';
  for (let i = 0; i < parts; i++) text += pieces[next(pieces.length)];
  return text;
}
