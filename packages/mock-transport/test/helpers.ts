import type { Epoch } from '@navworld/core-types';
import { epochAt } from '@navworld/core-types';

/** A pinned epoch for tests. */
export function pinned(salt: string): Epoch {
  return epochAt(Date.UTC(2025, 5, 1), { salt });
}

/** Minutes after midnight of `HH:MM`. */
export function minutesOf(clock: string): number {
  const [h, m] = clock.split(':').map(Number);
  return h! * 60 + m!;
}

/** Deterministic list of dates across a year (every 37th day from 2025-03-01). */
export function sampleDates(n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    out.push(new Date(Date.UTC(2025, 2, 1 + i * 37)).toISOString().slice(0, 10));
  }
  return out;
}
