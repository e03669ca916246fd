// The lower-casing shortcut must agree with String.prototype.toLowerCase on every text.
import { describe, expect, it } from 'vitest';
import { lowerCase } from '../src/internal/text';

describe('lowerCase', () => {
  it('agrees with toLowerCase on every BMP unit, alone and between CJK text', () => {
    for (let c = 0; c < 0x10000; c++) {
      const s = String.fromCharCode(c);
      expect(lowerCase(s)).toBe(s.toLowerCase());
      const t = `上海${s}站`;
      expect(lowerCase(t)).toBe(t.toLowerCase());
    }
  });

  it('returns the text itself when nothing changes, and lower-cases mixed texts', () => {
    const cjk = '上海虹桥国际机场，３２元';
    expect(lowerCase(cjk)).toBe(cjk);
    expect(lowerCase('航班MU5100ΑΣ')).toBe('航班mu5100ας');
    expect(lowerCase('😀ＡＢ')).toBe('😀ａｂ');
  });
});
