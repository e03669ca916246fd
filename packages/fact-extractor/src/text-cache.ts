// A bounded cache of what was computed from texts that recur (tool results), admitting a text on its second
// sighting.
import { ValidationError } from '@navworld/core-types';
import { CodeUnitBuffer } from './code-units';

const FINGERPRINT_UNITS = new CodeUnitBuffer();

/**
 * A 32-bit FNV-1a hash of a text's length and UTF-16 code units. The units are read from a typed copy of the
 * text, which is faster than `charCodeAt` on every kind of string (flat or concatenated).
 */
export function textFingerprint(text: string): number {
  return fingerprintFolding(text);
}

/** Whether the last {@link fingerprintFolding} saw a full-width letter or digit. */
let sawFullWidth = false;

/**
 * {@link textFingerprint}, noting in the same pass whether the text holds a full-width letter or digit (read
 * it with {@link lastHadFullWidth}), so a text that needs no folding is read once.
 */
export function fingerprintFolding(text: string): number {
  const units = FINGERPRINT_UNITS.load(text);
  const n = units.length;
  let h = (0x811c9dc5 ^ n) | 0;
  let wide = false;
  for (let i = 0; i < n; i++) {
    const c = units[i]!;
    // U+FF10–U+FF5A holds the full-width digits and letters (and a few symbols between them, which the
    // fold leaves alone: a false alarm only costs a regex test).
    if (c >= 0xff10 && c <= 0xff5a) wide = true;
    h = Math.imul(h ^ c, 0x01000193);
  }
  sawFullWidth = wide;
  return h;
}

/** Whether the text of the last {@link fingerprintFolding} call may need full-width folding. */
export function lastHadFullWidth(): boolean {
  return sawFullWidth;
}

/** Bounds of a {@link RecurringTextCache}. */
export interface RecurringTextCacheOptions {
  /** Most texts kept (and first sightings remembered). */
  maxEntries: number;
  /** Most characters of kept texts, in total. */
  maxChars: number;
  /** Longer texts are never kept. Default: an eighth of `maxChars`. */
  maxTextLength?: number;
}

/**
 * A least-recently-used map from texts to values computed from them, for texts that recur, such as tool
 * results (the same call returns the same result in every episode of a task).
 *
 * A text is kept only from its second sighting on ({@link admit}): caching every text of a workload whose
 * texts never recur costs more than it saves, because the evicted entries become old-generation garbage. First
 * sightings are remembered by {@link textFingerprint} only, never by the text, so a text that is not kept
 * can die young. Two texts sharing a fingerprint only let the second one in a sighting early: values are
 * keyed by the whole text. A text whose fingerprint is not among the kept ones is answered without a lookup
 * by text, which would make the engine hash it a second time.
 */
export class RecurringTextCache<V> {
  private readonly entries = new Map<string, V>();
  /** How many kept texts have each fingerprint. */
  private readonly prints = new Map<number, number>();
  /** Fingerprints of texts seen once lately. */
  private readonly seenOnce = new Set<number>();
  private chars = 0;
  private readonly maxEntries: number;
  private readonly maxChars: number;
  private readonly maxTextLength: number;

  /**
   * @throws {@link @navworld/core-types!ValidationError} when a bound is not a positive whole number
   * (`maxTextLength`: ≥ 0).
   */
  constructor(options: RecurringTextCacheOptions) {
    const issues: string[] = [];
    const whole = (value: unknown, name: string, min: number): void => {
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min)
        issues.push(`${name}: expected a whole number ≥ ${min}, got ${String(value)}`);
    };
    whole(options?.maxEntries, 'maxEntries', 1);
    whole(options?.maxChars, 'maxChars', 1);
    if (options?.maxTextLength !== undefined) whole(options.maxTextLength, 'maxTextLength', 0);
    if (issues.length > 0) {
      throw new ValidationError(
        `invalid RecurringTextCache options: ${issues.join('; ')}`,
        issues,
        {
          hint: 'Pass { maxEntries: 4096, maxChars: 4_000_000 } or other positive bounds.',
        },
      );
    }
    this.maxEntries = options.maxEntries;
    this.maxChars = options.maxChars;
    this.maxTextLength = options.maxTextLength ?? Math.floor(options.maxChars / 8);
  }

  /** Number of texts kept. */
  get size(): number {
    return this.entries.size;
  }

  /** The value kept for `text` (fingerprint `print`), made the most recently used; `undefined` if none. */
  get(text: string, print: number = textFingerprint(text)): V | undefined {
    if (!this.prints.has(print)) return undefined;
    const value = this.entries.get(text);
    if (value === undefined) return undefined;
    this.entries.delete(text);
    this.entries.set(text, value);
    return value;
  }

  /**
   * Records a sighting of `text`; whether its value should be kept now: the text is kept already, or its
   * fingerprint was seen before (which this sighting consumes). Texts longer than the limit never are.
   */
  admit(text: string, print: number = textFingerprint(text)): boolean {
    if (text.length > this.maxTextLength) return false;
    if (this.prints.has(print) && this.entries.has(text)) return true;
    if (this.seenOnce.delete(print)) return true;
    // The window of first sightings is as large as the cache, so a working set the cache can hold gets in
    // on its second round.
    if (this.seenOnce.size >= this.maxEntries) this.seenOnce.clear();
    this.seenOnce.add(print);
    return false;
  }

  /** Keeps `value` for `text`, evicting the least recently used texts beyond the bounds. */
  set(text: string, value: V, print: number = textFingerprint(text)): void {
    if (text.length > this.maxTextLength) return;
    if (this.entries.has(text)) {
      this.entries.set(text, value);
      return;
    }
    this.entries.set(text, value);
    this.prints.set(print, (this.prints.get(print) ?? 0) + 1);
    this.chars += text.length;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= oldest.length;
      const p = textFingerprint(oldest);
      const count = this.prints.get(p) ?? 1;
      if (count <= 1) this.prints.delete(p);
      else this.prints.set(p, count - 1);
    }
  }
}
