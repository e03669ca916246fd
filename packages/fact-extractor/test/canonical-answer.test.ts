import { describe, expect, it } from 'vitest';
import { canonicalAnswer, chineseNumeralValue, extractAnswerFacts, parsePlan } from '../src/index';

describe('chineseNumeralValue', () => {
  it.each([
    ['十二', 12],
    ['二十', 20],
    ['五十五', 55],
    ['一百', 100],
    ['一百零八', 108],
    ['一百三十七', 137],
    ['三百五', 350],
    ['一千零五', 1005],
    ['一千二百', 1200],
    ['两千五', 2500],
    ['一万五', 15_000],
    ['三十万', 300_000],
    ['两万三千四百五十六', 23_456],
    ['三五', 35],
    ['二〇二六', 2026],
  ])('%s is %d', (numerals, value) => {
    expect(chineseNumeralValue(numerals)).toBe(value);
  });

  it.each(['', '百', '千五', '五五十', '万'])('%j is no number', (numerals) => {
    expect(chineseNumeralValue(numerals)).toBeUndefined();
  });
});

describe('canonicalAnswer', () => {
  it('removes characters that render as nothing', () => {
    expect(canonicalAnswer('瑞泰\u200b博物馆\ufeff，G\u200d1234，137\u2060元，西\ufe0f湖')).toBe(
      '瑞泰博物馆，G1234，137元，西湖',
    );
  });

  it('spells amounts in 块, Chinese numerals and after a currency word as 元 and ¥ amounts', () => {
    expect(canonicalAnswer('打车30块，小吃 5 块钱，门票一百二十元，住宿两千五块')).toBe(
      '打车30元，小吃 5 元钱，门票120元，住宿2500元',
    );
    // Currency words in any case: the test that decides whether to rewrite is made of the rewrites' patterns.
    expect(canonicalAnswer('Rmb 88，cNy 5')).toBe('¥88，¥5');
    expect(canonicalAnswer('RMB 137，cny88，人民币 60，人民币200元')).toBe(
      '¥137，¥88，¥60，人民币200元',
    );
  });

  it('joins flight and train numbers split by a space or a hyphen', () => {
    expect(canonicalAnswer('航班CA 1594，MU-5138，3U 8888，乘坐 D 6642 次，G-1 次')).toBe(
      '航班CA1594，MU5138，3U8888，乘坐 D6642 次，G1 次',
    );
  });

  it('spells ids in lower case or with look-alike letters in plain capitals', () => {
    // The Cyrillic С, А and Н, the Greek Ζ; full-width ids stay (every search folds them).
    expect(
      canonicalAnswer(
        '乘坐ca1594航班，cA1594，\u0421\u04108699，\u0396\u041d9517，g1234次，3u8888，ＭＵ５１３８',
      ),
    ).toBe('乘坐CA1594航班，CA1594，CA8699，ZH9517，G1234次，3U8888，ＭＵ５１３８');
    // Same length: offsets read in the canonical form are offsets of the original.
    expect(canonicalAnswer('Cz3101 次').length).toBe('Cz3101 次'.length);
  });

  it("joins an airline's code in lower case or look-alike letters split from its flight number", () => {
    expect(
      canonicalAnswer(
        '乘坐ca 1594，Mu-5138，mU 9999，3u 8888，a6 7101，\u0421\u0410 8699，g5 1234',
      ),
    ).toBe('乘坐CA1594，MU5138，MU9999，3U8888，A67101，CA8699，G51234');
    // Plain capitals are the split-id rule's: the same result.
    expect(canonicalAnswer('MU 5138，mu 5138')).toBe('MU5138，MU5138');
  });

  it('leaves alone what only looks like them', () => {
    const same = [
      '三元里、一元复始、十元', // one numeral before 元: a place, an idiom, too short to rewrite
      'Day 1 上午，AM 10:00，iPhone 15，A 380 客机，第 3 天',
      'T9 150元，G5 1234块', // a train, then an amount: never one id
      '一块儿去，块状',
      '航班 CA 12 号登机口', // two digits after an airline code: no flight number
      'mp4、pm2.5、a380、iphone15、ab12、qq12345678、abcg102', // too short, long or not a train letter
      'in2026年，ab150元', // a year, an amount
      // Split from its digits, a code in lower case is read only when it is an airline's.
      'in 2026，on 1200，tv 1080p，ab 1234，ca 2026年，mu 12，mu 12345，ca 1594元，fm 101.7',
    ];
    for (const text of same) {
      const expected = text.replace('1234块', '1234元');
      expect(canonicalAnswer(text)).toBe(expected);
    }
  });

  it('returns the same string when there is nothing to rewrite, and is idempotent', () => {
    const plan = '第1天：上午游览西湖，门票免费；中午在楼外楼用餐，人均150元。';
    expect(canonicalAnswer(plan)).toBe(plan);
    const messy = '门票一百二十元\u200b，CA 1594';
    const once = canonicalAnswer(messy);
    expect(canonicalAnswer(once)).toBe(once);
    expect(canonicalAnswer(messy)).toBe(once);
  });

  it('is what the extractors read', () => {
    const facts = extractAnswerFacts(
      '乘坐 CA 1594 航班，票价一千二百元；打车35块；瑞泰\u200b博物馆门票40元。',
    );
    expect(facts.flights).toContain('CA1594');
    expect(facts.prices).toEqual(expect.arrayContaining(['1200', '35', '40']));
    const parsed = parsePlan(
      `第1天：上午游览西湖\u200b。\n预算：交通两千元，住宿一千五百元。${'行程安排'.repeat(20)}`,
    );
    expect(parsed.success).toBe(true);
  });
});
