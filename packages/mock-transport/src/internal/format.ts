import { MARKERS as IMPORTED_MARKERS } from '../config';

// Imports are re-bound to module constants: the hot loops below then read plain locals instead of going
// through a module namespace (which costs about a third of the run time when the sources run untranspiled
// under a module runner, as in tests and benchmarks; bundled builds are unaffected).
const MARKERS = IMPORTED_MARKERS;

/** `HH:MM` for every minute of a day, built once (rendering is on the hot path). */
const CLOCK: readonly string[] = Array.from({ length: 1440 }, (_, m) => {
  const h = Math.floor(m / 60);
  const mm = m % 60;
  return `${h < 10 ? '0' : ''}${h}:${mm < 10 ? '0' : ''}${mm}`;
});

/** `HH:MM` of a minute count, wrapped to the day. */
export function clockOf(minutes: number): string {
  return CLOCK[((minutes % 1440) + 1440) % 1440]!;
}

/** The arrival-day marker: `(次日)` for the next day, `(第N日)` for later days, '' for the same day. */
export function dayMarker(offset: number): string {
  if (offset <= 0) return '';
  if (offset === 1) return MARKERS.nextDay;
  return `(第${offset + 1}日)`;
}

const durationCache: string[] = [];

/** A duration in Chinese: `2小时15分`, `2小时` on the hour, `45分钟` under an hour. */
export function durationText(minutes: number): string {
  const cached = durationCache[minutes];
  if (cached !== undefined) return cached;
  const text = formatDuration(minutes);
  // Trip times are bounded (a few days at most), so the memo stays small.
  if (Number.isInteger(minutes) && minutes >= 0 && minutes < 10_000) durationCache[minutes] = text;
  return text;
}

function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}分钟`;
  if (m === 0) return `${h}小时`;
  return `${h}小时${m}分`;
}
