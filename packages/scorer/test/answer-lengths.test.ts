import { describe, expect, it } from 'vitest';
import { canonicalAnswer, codePointLength, hasSurrogates } from '@navworld/fact-extractor';
import { buildContext } from '../src/context';
import { call, makeProblem } from './helpers';

describe('answer lengths and the code-point index', () => {
  it('lower-casing keeps every code point inside or outside the BMP', () => {
    // buildContext reads surrogates off the answer and uses the answer for its lower-cased copy as well.
    const wrong: number[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const s = String.fromCodePoint(cp);
      if (hasSurrogates(s.toLowerCase()) !== cp > 0xffff) wrong.push(cp);
    }
    expect(wrong).toEqual([]);
    // Lone surrogates are kept as they are.
    expect('\ud83c'.toLowerCase()).toBe('\ud83c');
    expect('\udf38x'.toLowerCase()).toBe('\udf38x');
  });

  const problem = makeProblem('single_poi');
  const trace = [call('poi_search', { address: '西湖' }, '名称: 西湖\n地址: 龙井路1号')];
  const answers = [
    '',
    '  \n ',
    '第1天：上午游览西湖，门票免费。',
    '  第1天 🌸 西湖 𝟘 断桥 \u3000',
    '\ufeff🌸🌸 MU5100 ΣΑΣ İstanbul \ud83c lone',
    '\n\t西湖\udf38\n',
  ];

  it.each(answers.map((a) => [JSON.stringify(a), a]))(
    'counts code points and maps offsets for %s',
    (_, answer) => {
      const ctx = buildContext(problem, trace, answer);
      // The rules read the canonical answer (the U+FEFF above is dropped).
      const seen = canonicalAnswer(answer);
      expect(ctx.surrogates).toBe(/[\ud800-\udfff]/.test(seen));
      expect(ctx.length).toBe(codePointLength(seen));
      expect(ctx.trimmedLength).toBe(codePointLength(seen.trim()));
      // The index maps each UTF-16 offset of the lower-cased answer to the code points before it.
      for (let i = 0; i <= ctx.lower.length; i++) {
        const before = ctx.lower.slice(0, i);
        const pairs = Array.from(before).length;
        // An offset inside a pair maps to the pair's own index.
        const inside =
          i > 0 &&
          i < ctx.lower.length &&
          /[\ud800-\udbff]/.test(ctx.lower[i - 1]!) &&
          /[\udc00-\udfff]/.test(ctx.lower[i]!);
        expect(ctx.cpi.at(i)).toBe(inside ? pairs - 1 : pairs);
      }
    },
  );
});
