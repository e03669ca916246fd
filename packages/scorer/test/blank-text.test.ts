import { describe, expect, it } from 'vitest';
import { isBlank, trimmedLength } from '../src/internal/text';

describe('isBlank and trimmedLength agree with String.prototype.trim', () => {
  // Every ECMAScript white space and line terminator, some look-alikes that are not, and plain text.
  const pieces = [
    ' ',
    '\t',
    '\n',
    '\r',
    '\v',
    '\f',
    '\u00a0',
    '\u1680',
    '\u2000',
    '\u200a',
    '\u2028',
    '\u2029',
    '\u202f',
    '\u205f',
    '\u3000',
    '\ufeff',
    '\u200b', // zero-width space: not white space
    '\u180e', // Mongolian vowel separator: not white space any more
    '西',
    'a',
    '🌸',
  ];

  it('on every string of up to three pieces', () => {
    for (const a of pieces)
      for (const b of pieces)
        for (const c of ['', ...pieces]) {
          const s = a + b + c;
          expect(isBlank(s), JSON.stringify(s)).toBe(s.trim() === '');
          expect(trimmedLength(s), JSON.stringify(s)).toBe(s.trim().length);
        }
  });

  it('on long concatenated tool results', () => {
    const text = `  \n${'名称: 灵隐寺\n门票: 75元\n'.repeat(50)}（查询编号 Q7）\u3000\n`;
    expect(isBlank(text)).toBe(false);
    expect(trimmedLength(text)).toBe(text.trim().length);
    expect(isBlank(' \n\u3000'.repeat(100))).toBe(true);
  });
});
