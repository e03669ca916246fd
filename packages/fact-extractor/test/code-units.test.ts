import { describe, expect, it } from 'vitest';
import { CodeUnitBuffer, textFingerprint } from '../src/index';

/** The code units of `s`, read one by one. */
function unitsOf(s: string): number[] {
  return Array.from({ length: s.length }, (_, i) => s.charCodeAt(i));
}

/** FNV-1a over the length and code units, written out plainly. */
function plainFingerprint(s: string): number {
  let h = (0x811c9dc5 ^ s.length) | 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

describe('CodeUnitBuffer', () => {
  const long = '杭州西湖景区门票80元，08:30出发。'.repeat(40);
  const texts: Array<[string, string]> = [
    ['empty', ''],
    ['short (copied by the loop)', '西湖'],
    ['long and flat', long],
    ['concatenated', `${long}\n（查询编号 Q17）`],
    ['sliced', long.slice(3, 500)],
    ['one-byte', 'flight CA1501 09:55 520 CNY '.repeat(10)],
    ['emoji and a lone surrogate', `${'🌸西湖'.repeat(30)}\ud800x\udc00`],
  ];
  it.each(texts)('holds exactly the code units of a %s text', (_, text) => {
    const buffer = new CodeUnitBuffer(16);
    const units = buffer.load(text);
    expect(units.length).toBe(text.length);
    expect(Array.from(units)).toEqual(unitsOf(text));
  });

  it('grows for longer texts and overwrites the previous view', () => {
    const buffer = new CodeUnitBuffer(16);
    const first = buffer.load('a'.repeat(100));
    expect(first.length).toBe(100);
    const second = buffer.load('b'.repeat(5_000));
    expect(second.length).toBe(5_000);
    expect(second.every((c) => c === 98)).toBe(true);
    const third = buffer.load('c'.repeat(60));
    expect(Array.from(third)).toEqual(unitsOf('c'.repeat(60)));
    // Same storage as the second view: it now reads the new text.
    expect(second[0]).toBe(99);
  });

  it('keeps the hashes of textFingerprint unchanged for every kind of string', () => {
    for (const [, text] of texts) expect(textFingerprint(text)).toBe(plainFingerprint(text));
  });
});
