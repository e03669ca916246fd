// The hashed set behind the bare-list checks: it must answer exactly as a Set of the lower-cased strings.
import { describe, expect, it } from 'vitest';
import { PieceSet, setMembership } from '../src/internal/piece-set';
import { seededInts } from './helpers';

describe('PieceSet', () => {
  it('holds ranges lower-cased exactly as slice().toLowerCase() gives them', () => {
    const set = new PieceSet();
    set.clear();
    // ASCII and full-width capitals, Σ (its lower case depends on what follows), İ (two units), an astral
    // letter with a lower case (Deseret), CJK without case.
    const text = '|MU5101|ＡＢＣ|ΟΔΟΣ|ΣΑ|İstanbul|𐐀𐐁|上海博物馆|';
    const pieces = text.split('|').filter((p) => p !== '');
    let at = 1;
    for (const p of pieces) {
      set.addLowerRange(text, at, at + p.length);
      at += p.length + 1;
    }
    for (const p of pieces) {
      const lower = p.toLowerCase();
      expect([p, set.hasString(lower)]).toEqual([p, true]);
      expect(set.hasRange(`x${lower}y`, 1, 1 + lower.length)).toBe(true);
    }
    // The unlowered forms of cased pieces are not in the set.
    expect(set.hasString('MU5101')).toBe(false);
    expect(set.hasString('ＡＢＣ')).toBe(false);
    expect(set.hasString('上海博物')).toBe(false);
    expect(set.longest).toBe(Math.max(...pieces.map((p) => p.toLowerCase().length)));
  });

  it('agrees with a Set on thousands of random strings, across growth and clearing', () => {
    const next = seededInts(5);
    const word = (): string =>
      Array.from({ length: 1 + next(6) }, () => String.fromCharCode(0x4e00 + next(40))).join('');
    const set = new PieceSet();
    for (let round = 0; round < 2; round++) {
      set.clear();
      const reference = new Set<string>();
      for (let i = 0; i < 3000; i++) {
        const w = word();
        reference.add(w);
        set.addString(w);
      }
      const membership = setMembership(reference);
      expect(set.longest).toBe(membership.longest);
      for (let i = 0; i < 6000; i++) {
        const w = word();
        expect(set.hasString(w)).toBe(reference.has(w));
      }
    }
    set.clear();
    expect(set.hasString('上海')).toBe(false);
    expect(set.longest).toBe(0);
  });

  it('lower-cases every BMP unit as toLowerCase does, between CJK ideographs', () => {
    const set = new PieceSet();
    const wrong: number[] = [];
    for (let c = 0; c < 0x10000; c++) {
      set.clear();
      const text = `上${String.fromCharCode(c)}鿿`;
      set.addLowerRange(text, 0, 3);
      if (!set.hasString(text.toLowerCase())) wrong.push(c);
    }
    expect(wrong).toEqual([]);
  });
});
