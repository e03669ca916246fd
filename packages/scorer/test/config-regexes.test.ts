// The named-place keyword regexes are written word-first for speed; they must match exactly what the
// lookbehind-first form they replace matches.
import { describe, expect, it } from 'vitest';
import { SCORING_CONFIG } from '../src/index';
import { namedPlace } from '../src/config';
import { seededInts } from './helpers';

const WORD_FIRST = /\(([^()]+)\)\(\?<=\[\\u4e00-\\u9fa5\]\{2\}\(\?:\1\)\)/g;

/** The same source with each word-first named place written lookbehind-first. */
function lookbehindFirst(source: string): string {
  return source.replace(
    WORD_FIRST,
    (_, alternatives: string) => `(?<=[\\u4e00-\\u9fa5]{2})(${alternatives})`,
  );
}

function matchesOf(re: RegExp, text: string): string[] {
  const out: string[] = [];
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    out.push(`${m.index}:${m.slice(0).join('|')}`);
    if (m[0] === '') re.lastIndex++;
  }
  return out;
}

describe('named-place keyword regexes', () => {
  const regexes = Object.values(SCORING_CONFIG.dimensions)
    .flat()
    .flatMap((d) => [d.keyword, d.context])
    .filter(
      (re): re is RegExp => re !== undefined && new RegExp(WORD_FIRST.source).test(re.source),
    );

  it('are used by the dimension tables', () => {
    expect(regexes.length).toBe(11);
  });

  it('match exactly what the lookbehind-first form matches', () => {
    const next = seededInts(3);
    for (const re of regexes) {
      const reference = new RegExp(lookbehindFirst(re.source), re.flags);
      expect(reference.source).not.toBe(re.source);
      const words = [...new Set(re.source.match(/[\u4e00-\u9fa5]+/g) ?? [])];
      const pieces = [...words, '老', '正兴', 'a', '1', '，', ' ', '三星', '🌸', '西湖'];
      let found = 0;
      for (let k = 0; k < 400; k++) {
        let text = '';
        const parts = 1 + next(10);
        for (let i = 0; i < parts; i++) text += pieces[next(pieces.length)];
        const expected = matchesOf(reference, text);
        found += expected.length;
        expect([text, matchesOf(re, text)]).toEqual([text, expected]);
      }
      expect(found).toBeGreaterThan(0);
    }
  });

  it('refuses alternatives that end with the same character', () => {
    expect(() => namedPlace('酒店|饭店')).toThrow(/same character/);
    expect(namedPlace('餐厅|饭店')).toContain('(?<=');
  });
});
