// Rewording a plan as a model might — other bullets and punctuation, other ways of writing prices, times,
// units and days, shortened names, the city in front of every place, tables — changes none of its facts, so it
// must not change its score. Each rewrite below is applied to the reference agent's plans (two tasks of every
// problem type) and scored against the same trace.
import { describe, expect, it } from 'vitest';
import { extractToolFacts, isAdministrativeName } from '@navworld/fact-extractor';
import { scoreEpisodeSync } from '@navworld/scorer';
import type { EpisodeResult, ScoreBreakdown } from '@navworld/core-types';
import { createEnvironment, runReferenceAgent } from '../src/index';
import { FIXED_NOW } from './helpers/episode';

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\（）]/gu, (c) => `\\${c}`);
}

/** The plan with every tool place's name, longest first, passed through `rename`. */
function renamePlaces(episode: EpisodeResult, rename: (poi: string) => string): string {
  const pois = extractToolFacts(episode.trace)
    .pois.filter((p) => p.length >= 2)
    .sort((a, b) => b.length - a.length);
  if (pois.length === 0) return episode.answer;
  return episode.answer.replace(new RegExp(pois.map(escapeRegex).join('|'), 'gu'), rename);
}

/** The unsupported ratings of a breakdown's fact-precision part. */
function unsupportedRatings(b: ScoreBreakdown): number {
  return (b.factPrecision as { parts: { ratings: [number, number] } }).parts.ratings[1];
}

/** A markdown table of the plan's `- （人均N元）名称，地址：…，评分…，营业时间…` restaurant lines. */
function foodTable(answer: string): string {
  return answer.replace(/((?:^- （人均\d+元）[^\n]+\n?)+)/gmu, (block) => {
    const rows = block
      .trim()
      .split('\n')
      .map((line) => {
        const m = /^- （人均(\d+)元）([^，]+)，地址：([^，]+)，评分([\d.]+)，营业时间(.+)$/u.exec(
          line,
        );
        return m ? `| ${m[2]} | 人均${m[1]}元 | ${m[3]} | 评分${m[4]} | ${m[5]} |` : line;
      });
    return `${['| 餐厅 | 人均 | 地址 | 评分 | 营业时间 |', '| --- | --- | --- | --- | --- |', ...rows].join('\n')}\n`;
  });
}

const REWRITES: Record<string, (answer: string, episode: EpisodeResult) => string> = {
  'star bullets': (a) => a.replace(/^- /gmu, '* '),
  'numbered items': (a) => {
    let n = 0;
    return a.replace(/^- /gmu, () => `${++n}. `);
  },
  'ASCII colons': (a) => a.replace(/：/gu, ':'),
  'ASCII commas': (a) => a.replace(/，/gu, ', '),
  'no headings': (a) => a.replace(/^#+ /gmu, ''),
  '¥ before prices': (a) => a.replace(/(\d+)元/gu, '¥$1'),
  'N元/人': (a) => a.replace(/人均(\d+)元/gu, '$1元/人'),
  人均约: (a) => a.replace(/人均(\d+)元/gu, '人均约$1元'),
  人均消费: (a) => a.replace(/人均(\d+)元/gu, '人均消费$1元'),
  '门票：': (a) => a.replace(/门票(\d+)元/gu, '门票：$1元'),
  '票价 for 门票': (a) => a.replace(/门票(\d+)元/gu, '票价$1元'),
  'N元/晚': (a) => a.replace(/每晚(\d+)元/gu, '$1元/晚'),
  'short times': (a) => a.replace(/(?<!\d)0(\d):(\d\d)/gu, '$1:$2'),
  '起飞 for 出发': (a) => a.replace(/(\d\d:\d\d)从([^出\n]+?)出发/gu, '$1从$2起飞'),
  '次日 before the time': (a) => a.replace(/(\d\d:\d\d)\(次日\)到达/gu, '次日$1到达'),
  'ids before 航班': (a) => a.replace(/航班 ([A-Z0-9]{2}\d{3,4})/gu, '$1航班'),
  km: (a) => a.replace(/(\d+(?:\.\d+)?)公里/gu, '$1km'),
  千米: (a) => a.replace(/(\d+(?:\.\d+)?)公里/gu, '$1千米'),
  '℃ ranges': (a) => a.replace(/(-?\d+)度～(-?\d+)度/gu, '$1~$2℃'),
  'Chinese day numbers': (a) =>
    a.replace(/第(\d)天/gu, (_m, d: string) => `第${'一二三四五六七八九'[Number(d) - 1]}天`),
  'English day names': (a) => a.replace(/第(\d)天/gu, 'Day $1'),
  'no 【】': (a) => a.replace(/【([^】]+)】/gu, '$1'),
  'bold names': (a) => a.replace(/【([^】]+)】/gu, '**$1**'),
  'the city before every place': (_a, e) =>
    renamePlaces(e, (p) =>
      p.startsWith(e.problem.destinationCity) ? p : e.problem.destinationCity + p,
    ),
  '景区 after bracketed sights': (a) =>
    a.replace(/【([^【】\n]{2,16})】/gu, (m, x: string) =>
      /(景区|公园|馆|寺|塔|山|湖|街|岛)$/u.test(x) ? m : `【${x}景区】`,
    ),
  'a restaurant table': (a) => foodTable(a),
};

describe('rewording a plan keeps its score', () => {
  it('the reference plans of two tasks per problem type, under every rewrite', async () => {
    const env = createEnvironment({ salt: 'rewording', now: FIXED_NOW, env: {} });
    const changed: string[] = [];
    const types = new Map<string, number>();
    for (
      let taskId = 0;
      taskId < 70 && [...types.values()].filter((n) => n >= 2).length < 7;
      taskId++
    ) {
      const episode = await runReferenceAgent(env, taskId);
      const type = episode.problem.problemType;
      if ((types.get(type) ?? 0) >= 2) continue;
      types.set(type, (types.get(type) ?? 0) + 1);
      const { problem, trace } = episode;
      const reference = scoreEpisodeSync({ problem, trace, answer: episode.answer }).total;
      for (const [name, rewrite] of Object.entries(REWRITES)) {
        const answer = rewrite(episode.answer, episode);
        const total = scoreEpisodeSync({ problem, trace, answer }).total;
        if (total !== reference) changed.push(`${name} on task ${taskId}: ${reference} → ${total}`);
      }
    }
    expect([...types.values()]).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(changed).toEqual([]);
  }, 120_000);

  it('a shop shortened to its brand keeps its ratings', async () => {
    const env = createEnvironment({ salt: 'rewording', now: FIXED_NOW, env: {} });
    let lost = 0;
    for (let taskId = 0; taskId < 14; taskId++) {
      const episode = await runReferenceAgent(env, taskId);
      const { problem, trace } = episode;
      const reference = scoreEpisodeSync({ problem, trace, answer: episode.answer });
      // Names of five or more code points without a branch label cut to their first three, unless those start
      // with the city or are a province (珠海博, 湖南省: no brand of 珠海博物馆, 湖南省博物馆), or the name is
      // the place the user asked for.
      const brand = (p: string): string => [...p].slice(0, 3).join('');
      const answer = renamePlaces(episode, (p) =>
        /[（(]/u.test(p) ||
        [...p].length < 5 ||
        p.startsWith(problem.destinationCity) ||
        isAdministrativeName(brand(p)) ||
        p === problem.targetPoi
          ? p
          : brand(p),
      );
      const shortened = scoreEpisodeSync({ problem, trace, answer });
      expect(unsupportedRatings(shortened)).toBe(unsupportedRatings(reference));
      lost = Math.max(lost, reference.total - shortened.total);
    }
    // Shortened names may still cost a little IC where a name's halves no longer match.
    expect(lost).toBeLessThan(7);
  }, 120_000);
});
