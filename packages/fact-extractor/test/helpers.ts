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
