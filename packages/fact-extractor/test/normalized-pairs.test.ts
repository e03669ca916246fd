// The pair filter lets matchPoi skip building the normalised answer. It must never rule out a needle that the
// normalised text contains: every adjacent pair of normalizeText(text) has to be in the filter.
import { describe, expect, it } from 'vitest';
import { extractToolFacts, matchPoi, normalizeText, prepareAnswer } from '../src/index';
import { mayContainPairs, normalizedPairFilter } from '../src/internal/normalized-pairs';
import { entry, fixture, joinedPieces, MIXED_PIECES, seededInts } from './helpers';

/** The adjacent pairs of `normalizeText(text)` that the filter of `text` lacks (empty when sound). */
function missingPairs(text: string): string[] {
  const filter = normalizedPairFilter(text);
  if (filter === null) return [];
  const normalized = normalizeText(text);
  const missing: string[] = [];
  for (let i = 0; i + 1 < normalized.length; i++) {
    const pair = normalized.slice(i, i + 2);
    if (!mayContainPairs(filter, pair)) missing.push(pair);
  }
  return missing;
}

describe('normalizedPairFilter', () => {
  it('holds every pair of the normalised text, for every BMP unit between letters', () => {
    const bad: number[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCharCode(c);
      if (missingPairs(`Ab${ch}Σ`).length > 0 || missingPairs(`西${ch}${ch}湖`).length > 0)
        bad.push(c);
    }
    expect(bad).toEqual([]);
  });

  it('holds every pair on random mixed text, and gives up on units it cannot fold exactly', () => {
    const pieces = [
      ...MIXED_PIECES,
      'ΣΑΣ',
      'İstanbul',
      'Ⅻ',
      'Ⓐ',
      '\ud801\udc00',
      '\ud83c',
      'ǅ',
      'ẞ',
      'Ω',
      '\n',
    ];
    const next = seededInts(7);
    let filtered = 0;
    for (let k = 0; k < 3000; k++) {
      const text = joinedPieces(next, pieces, 1 + next(12));
      expect(missingPairs(text)).toEqual([]);
      if (normalizedPairFilter(text) !== null) filtered++;
    }
    // Most texts get a filter; Σ, İ, Deseret and lone surrogates make it give up.
    expect(filtered).toBeGreaterThan(300);
    expect(normalizedPairFilter('ΣΑΣ')).toBeNull();
    expect(normalizedPairFilter('İ')).toBeNull();
    expect(normalizedPairFilter('\ud801\udc00')).toBeNull();
    expect(normalizedPairFilter('西湖🌸断桥')).not.toBeNull();
  });

  it('rules out needles whose pairs are absent', () => {
    const filter = normalizedPairFilter('故宫 博物院（午门）')!;
    expect(mayContainPairs(filter, '故宫博物院')).toBe(true);
    expect(mayContainPairs(filter, '院午门')).toBe(true);
    expect(mayContainPairs(filter, '雷峰塔')).toBe(false);
  });
});

describe('matchPoi with a prepared answer', () => {
  it('matches exactly as without the filter on the fixture answers and tool POIs', () => {
    const pois = extractToolFacts([
      entry('poi_search', fixture('offline-poi-search.txt')),
      entry('poi_search', fixture('amap-poi.txt')),
      entry('around_search', fixture('offline-around-search.txt')),
    ]).pois;
    const variants = (name: string): string[] => {
      const cps = Array.from(name);
      const k = Math.floor(cps.length / 2);
      return [
        name,
        `${cps.slice(0, k).join('')} ${cps.slice(k).join('')}`,
        cps.slice(k).join(''),
        `${name}（西门）`,
      ];
    };
    for (const file of ['answer-markdown.md', 'answer-plain.txt', 'answer-json.md']) {
      const base = fixture(file);
      const answers = [
        base,
        ...pois.slice(0, 8).flatMap((p) => variants(p).map((v) => `${base}\n推荐：${v}。`)),
      ];
      for (const answer of answers) {
        const prepared = prepareAnswer(answer);
        // An object not made by prepareAnswer is always searched: the unfiltered reference.
        const plain = { raw: answer, normalized: normalizeText(answer) };
        for (const poi of pois) expect(matchPoi(poi, prepared)).toBe(matchPoi(poi, plain));
      }
    }
  });

  it('long answers, searched often enough to use the pair filter as given, match as without it', () => {
    const long = ['answer-markdown.md', 'answer-plain.txt', 'answer-json.md']
      .map((f) => fixture(f))
      .join('\n')
      .repeat(2);
    expect(long.length).toBeGreaterThan(2_048);
    const names = [
      ...extractToolFacts([
        entry('poi_search', fixture('offline-poi-search.txt')),
        entry('around_search', fixture('offline-around-search.txt')),
        entry('poi_search', fixture('amap-poi.txt')),
      ]).pois,
      '不存在的景点名称',
      '西湖边的小馆子',
      '雷峰塔景区',
      'KFC(西湖店)',
      '灵隐',
      '隐寺',
    ];
    expect(names.length).toBeGreaterThan(16);
    const prepared = prepareAnswer(long);
    const plain = { raw: long, normalized: normalizeText(long) };
    // Twice over: the filter is built part-way through the first round.
    for (let round = 0; round < 2; round++)
      for (const name of names) expect(matchPoi(name, prepared), name).toBe(matchPoi(name, plain));
    // The filter stays out of sight: the prepared answer shows only its two fields.
    expect(Object.keys(prepared)).toEqual(['raw', 'normalized']);
  });

  it('finds names written as given in a long answer with case, width, spaces and punctuation', () => {
    // Searches of the answer as given go through the normalised pair filter: a name present as given must
    // pass it whatever its letters, widths, spaces and punctuation.
    const names = [
      'KFC(西湖店)',
      'ＫＦＣ（湖滨店）',
      'Costa Coffee 湖滨',
      '星巴克·西湖',
      '楼外楼 (孤山路店)',
      'The MIXc 万象城',
      '西溪 湿地',
      '河坊街-南宋御街',
    ];
    const filler = '今天的行程安排比较轻松，上午在附近散步，下午休息。'.repeat(90);
    const long = `${filler}\n${names.map((n) => `推荐去${n}看看。`).join('\n')}\n${filler}`;
    expect(long.length).toBeGreaterThan(2_048);
    const absent = Array.from({ length: 20 }, (_, k) => `不存在的地点${k}号`);
    const prepared = prepareAnswer(long);
    const plain = { raw: long, normalized: normalizeText(long) };
    // The absent names come first: by the time the present ones are searched, the filter is in use.
    for (const name of [...absent, ...names]) {
      expect(matchPoi(name, prepared), name).toBe(matchPoi(name, plain));
    }
    for (const name of names) expect(matchPoi(name, prepared), name).toBe('exact');
  });

  it('answers searched in turn keep their own filters (the storage is shared)', () => {
    const filler = '今天的行程安排比较轻松，上午在附近散步，下午休息。'.repeat(90);
    const a = `${filler}\n推荐去楼外楼(孤山路店)和灵隐寺。\n${filler}`;
    const b = `${filler}\n推荐去西溪湿地和河坊街。\n${filler}`;
    const c = `${filler}\n推荐去雷峰塔（景区）和ΣΑΣ书店。\n${filler}`;
    const names = [
      '楼外楼',
      '灵隐寺',
      '西溪湿地',
      '河坊街',
      '雷峰塔',
      'ΣΑΣ书店',
      '不存在的地点',
      '孤山路店',
    ];
    const absent = Array.from({ length: 20 }, (_, k) => `不存在的地点${k}号`);
    const prepared = [a, b, c].map((text) => prepareAnswer(text));
    const plain = [a, b, c].map((text) => ({ raw: text, normalized: normalizeText(text) }));
    // Enough searches of each to build its filter, then interleaved searches of all three, twice over.
    for (let i = 0; i < 3; i++) for (const name of absent) matchPoi(name, prepared[i]!);
    for (let round = 0; round < 2; round++)
      for (const name of names)
        for (let i = 0; i < 3; i++)
          expect(matchPoi(name, prepared[i]!), `${name} in answer ${i}`).toBe(
            matchPoi(name, plain[i]!),
          );
    expect(matchPoi('楼外楼', prepared[0]!)).toBe('exact');
    expect(matchPoi('西溪湿地', prepared[1]!)).toBe('exact');
    expect(matchPoi('楼外楼', prepared[1]!)).toBeNull();
  });
});
