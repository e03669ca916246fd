import { describe, expect, it } from 'vitest';
import { scanIds } from '../src/internal/scanners';
import { wholeIdKind } from '../src/tool-facts';

/** The definition the in-place check replaces: the first id scanIds finds, when it is the whole string. */
function byScan(s: string): 'flight' | 'train' | undefined {
  const hit = scanIds(s)[0];
  return hit !== undefined && hit.id === s ? hit.kind : undefined;
}

describe('wholeIdKind', () => {
  it('reads record ids as scanIds does', () => {
    for (const s of [
      'CA1501',
      'MU5100',
      '3U8881',
      'G1145',
      'Z138',
      'K1',
      'T3',
      'D12345',
      'CZ123',
    ]) {
      expect(wholeIdKind(s)).toBe(byScan(s));
      expect(wholeIdKind(s)).toBeDefined();
    }
    for (const s of ['CA12', 'G', 'AB', '12345', 'G123456', 'CA12345', 'Q123', 'GA', '']) {
      expect(wholeIdKind(s)).toBe(byScan(s));
    }
  });

  it('agrees with scanIds on 20,000 strings shaped like record ids', () => {
    // Deterministic generator: ids from the record pattern's alphabet, lengths 1–7.
    let seed = 12345;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const letters = 'ABCDGKTZQU';
    const digits = '0123456789';
    for (let i = 0; i < 20_000; i++) {
      const length = 1 + next(7);
      let s = '';
      for (let k = 0; k < length; k++) {
        const pool = next(3) === 0 ? letters : digits;
        s += pool[next(pool.length)];
      }
      expect(wholeIdKind(s), s).toBe(byScan(s));
    }
  });
});
