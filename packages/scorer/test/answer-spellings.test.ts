// An answer is scored as it renders: amounts, ids and names spelled another way, or with invisible characters
// inside, score as their plain spelling does, so no spelling hides a made-up fact.
import { describe, expect, it } from 'vitest';
import { chineseNumeralValue } from '@navworld/fact-extractor';
import { scoreEpisodeSync } from '../src/index';
import { businessGood } from './episodes';

const score = (answer: string) => scoreEpisodeSync({ ...businessGood, answer }).total;

/** Chinese numerals of a whole number below 10 000 (1200 → 一千二百). */
function numerals(n: number): string {
  const digits = '零一二三四五六七八九';
  const units = ['千', '百', '十', ''];
  const s = String(n).padStart(4, '0');
  let out = '';
  let zero = false;
  for (let i = 0; i < 4; i++) {
    const d = Number(s[i]);
    if (d === 0) {
      zero = out !== '';
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += digits[d]! + units[i]!;
  }
  return out;
}

/** The plan with every amount in 元 replaced by a wrong one, written by `spell`. */
const wrongPrices = (spell: (v: number) => string) =>
  businessGood.answer.replace(/(\d+)元/g, (_, v: string) =>
    spell(Math.round(Number(v) * 1.37 + 11)),
  );

describe('answers spelled another way', () => {
  it('the numerals helper writes what the extractor reads', () => {
    for (const n of [12, 108, 1200, 1005, 3660, 9999])
      expect(chineseNumeralValue(numerals(n))).toBe(n);
  });

  it('wrong prices lose the same points in 块, in Chinese numerals, after RMB and with a zero-width space', () => {
    const plain = score(wrongPrices((v) => `${v}元`));
    expect(plain).toBeLessThan(25);
    expect(score(wrongPrices((v) => `${v}块`))).toBe(plain);
    expect(score(wrongPrices((v) => `${numerals(v)}元`))).toBe(plain);
    expect(score(wrongPrices((v) => `RMB ${v}`))).toBe(plain);
    expect(score(wrongPrices((v) => `${v}\u200b元`))).toBe(plain);
  });

  it('true prices keep full marks in every spelling', () => {
    expect(score(businessGood.answer)).toBe(50);
    expect(score(businessGood.answer.replace(/(\d+)元/g, '$1块'))).toBe(50);
    expect(
      score(businessGood.answer.replace(/(\d+)元/g, (_, v: string) => `${numerals(Number(v))}元`)),
    ).toBe(50);
  });

  it('ids split by a space or hyphen, or by an invisible character, are checked as ids', () => {
    const invented = businessGood.answer.replace('MU5138', 'MU9999');
    const plain = score(invented);
    expect(plain).toBeLessThan(50);
    for (const id of ['MU 9999', 'MU-9999', 'MU\u200b9999', 'M\ufeffU9999'])
      expect(score(businessGood.answer.replace('MU5138', id))).toBe(plain);
    expect(score(businessGood.answer.replace('MU5138', 'MU 5138'))).toBe(50);
  });

  it('ids in lower case, in full width or with Cyrillic look-alike letters are checked as ids', () => {
    const plain = score(businessGood.answer.replace('MU5138', 'MU9999'));
    // Cyrillic М and У would read as MY: the look-alike of U is none, so Cyrillic М with a Latin U.
    for (const id of ['mu9999', 'Mu9999', 'ＭＵ９９９９', 'MU９９９９', '\u041cU9999'])
      expect(score(businessGood.answer.replace('MU5138', id))).toBe(plain);
    for (const id of ['mu5138', 'ＭＵ５１３８', '\u041cU5138'])
      expect(score(businessGood.answer.replace('MU5138', id))).toBe(50);
  });

  it("an airline's code in lower case split from its digits is checked as an id", () => {
    const plain = score(businessGood.answer.replace('MU5138', 'MU9999'));
    // These scored 45.81 against 31.94 for the plain spelling of the made-up flight.
    for (const id of ['mu 9999', 'Mu-9999', 'mU 9999'])
      expect(score(businessGood.answer.replace('MU5138', id))).toBe(plain);
    // The true flight so written keeps full marks (it lost them when it went unread).
    expect(score(businessGood.answer.replace('MU5138', 'mu 5138'))).toBe(50);
  });
});
