// The code-extracted views of an episode that the judge scores instead of the raw answer.
import type { ExtractedFacts, JudgeInput, TransportClaim } from '@navworld/core-types';
import {
  BUDGET_MENTION,
  COMPARISON_CLAIM,
  GEOGRAPHIC_GROUPING,
  HOLLOW_MAX_OPTIONS,
  HOLLOW_MIN_CLAIMS,
  INTER_SITE_TRANSPORT,
  LIMITATION_AWARENESS,
  LIMITS,
  PERSONALISATION,
  POI_LEADING_VERBS,
  POI_SUFFIX,
  PRICE_IN_TEXT,
  PRICE_SUM_MAX_TERMS,
  PRICE_TOLERANCE,
  REASONING_CONNECTORS,
  SHORT_ANSWER,
  SNIPPET_EXCERPT,
  SNIPPET_MAX_COUNT,
  SNIPPET_MAX_LENGTH,
  SNIPPET_MIN_ANSWER,
  SNIPPET_MIN_LENGTH,
  TIME_POINT,
} from './config';
import { matchPoi, prepareAnswer } from '@navworld/fact-extractor';
import {
  looksLikeInjection,
  normalizeForJudge,
  stripBoundary,
  stripInvisible,
  wrapInBoundary,
} from './sanitize';
import {
  codePoints,
  compareCodePoints,
  countMatches,
  excerpt,
  percent,
  priceInt,
  roundHalfEven,
  sortedUnique,
} from './text';

/** Options of the summary builders. */
export interface SummaryOptions {
  /** Boundary token wrapped around answer-derived text (see `boundaryToken`). */
  boundary: string;
}

const CALLED = (input: Pick<JudgeInput, 'trace'>): Set<string> =>
  new Set(input.trace.map((e) => e.name));

function hasTransportTool(called: Set<string>): boolean {
  return called.has('search_flights') || called.has('search_train_tickets');
}

/** Tool prices per transport id (the first price seen for an id). */
function toolTransportPrices(facts: ExtractedFacts): Map<string, number> {
  const map = new Map<string, number>();
  for (const claim of facts.transport) {
    if (claim.price !== undefined && !map.has(claim.id)) map.set(claim.id, claim.price);
  }
  return map;
}

/** Answer transport claims that state a price, first per id, sorted by id. */
function pricedClaims(facts: ExtractedFacts): TransportClaim[] {
  const seen = new Map<string, TransportClaim>();
  for (const claim of facts.transport) {
    if (claim.price !== undefined && !seen.has(claim.id)) seen.set(claim.id, claim);
  }
  return [...seen.values()].sort((a, b) => compareCodePoints(a.id, b.id));
}

function priceMatches(claimed: number, tool: number): boolean {
  return Math.abs(claimed - tool) / Math.max(1, tool) <= PRICE_TOLERANCE;
}

/** The "verifiable facts returned by tools" section. */
export function renderFactsSummary(input: Pick<JudgeInput, 'trace' | 'toolFacts'>): string {
  const facts = input.toolFacts;
  const called = CALLED(input);
  const lines: string[] = [];
  const pois = sortedUnique(facts.pois);
  if (pois.length > 0) {
    lines.push(
      `- 工具返回的POI（共${pois.length}个）：${pois.slice(0, LIMITS.factsPois).join(', ')}`,
    );
  }
  const flights = sortedUnique(facts.flights);
  if (flights.length > 0)
    lines.push(`- 工具返回的航班：${flights.slice(0, LIMITS.factsIds).join(', ')}`);
  const trains = sortedUnique(facts.trains);
  if (trains.length > 0)
    lines.push(`- 工具返回的车次：${trains.slice(0, LIMITS.factsIds).join(', ')}`);
  const transportPrices = [...toolTransportPrices(facts).entries()].sort((a, b) =>
    compareCodePoints(a[0], b[0]),
  );
  if (transportPrices.length > 0) {
    const shown = transportPrices
      .slice(0, LIMITS.factsTransportPrices)
      .map(([id, p]) => `${id}:${p}元`);
    lines.push(`- 交通票价：${shown.join(', ')}`);
  }
  const prices = [
    ...new Set(facts.prices.map(priceInt).filter((p): p is number => p !== null && p > 0)),
  ].sort((a, b) => a - b);
  if (prices.length > 0) {
    lines.push(
      `- 全部价格数值：${prices.map((p) => `${p}元`).join(', ')}（这些价格的和与差也算作可推导的数据）`,
    );
  }
  const times = sortedUnique(facts.times);
  if (times.length > 0)
    lines.push(`- 出发/到达时间：${times.slice(0, LIMITS.factsTimes).join(', ')}`);
  const weather = sortedUnique(facts.weather);
  if (weather.length > 0)
    lines.push(`- 天气信息：${weather.slice(0, LIMITS.factsWeather).join(', ')}`);
  const durations = sortedUnique(facts.travel_durations);
  if (durations.length > 0)
    lines.push(`- 路程耗时：${durations.slice(0, LIMITS.factsDurations).join(', ')}`);
  const distances = sortedUnique(facts.distances);
  if (distances.length > 0)
    lines.push(`- 距离：${distances.slice(0, LIMITS.factsDistances).join(', ')}`);
  if (!called.has('direction')) {
    lines.push('- ⚠ 未调用 direction（路线规划）：方案中的任何路程时间或距离都没有工具来源。');
  }
  if (!hasTransportTool(called)) {
    lines.push('- ⚠ 未调用航班或火车查询：方案中的任何航班、车次都没有工具来源。');
  }
  return lines.length > 0 ? lines.join('\n') : '（工具没有返回可核验的事实）';
}

const DAY_ARABIC = /第\s*(\d+)\s*天/g;
const DAY_CHINESE = /第\s*([一二三四五六七八九十]+)\s*天/g;
const DAY_ENGLISH = /Day\s*(\d+)/gi;
const CHINESE_DIGITS = '一二三四五六七八九十';

/** Distinct day numbers the answer mentions (`第3天`, `第三天`, `Day 3`). */
function daysMentioned(text: string): number {
  const days = new Set<number>();
  for (const m of text.matchAll(DAY_ARABIC)) days.add(Number(m[1]));
  for (const m of text.matchAll(DAY_CHINESE)) {
    const numeral = m[1] ?? '';
    // Only single numerals count: 十一 and beyond are rare and ambiguous in prose.
    if (numeral.length === 1) days.add(CHINESE_DIGITS.indexOf(numeral) + 1);
  }
  for (const m of text.matchAll(DAY_ENGLISH)) days.add(Number(m[1]));
  return days.size;
}

/**
 * POI names the answer mentions, each marked grounded when it is (part of) a tool POI or one of the places
 * the code score found in the results or the request (`sourced`, when the scorer passed it). Tool POIs count
 * as mentioned when the code score counted them (`named`, when the scorer passed it), else when
 * {@link matchPoi} finds them.
 */
function mentionedPois(
  text: string,
  toolPois: readonly string[],
  answerPois: readonly string[],
  named: readonly string[] | undefined,
  sourced: readonly string[] | undefined,
) {
  const mentioned = new Map<string, { name: string; grounded: boolean }>();
  const prepared = prepareAnswer(text);
  const namedSet = named === undefined ? undefined : new Set(named);
  const isNamed = (poi: string): boolean =>
    namedSet === undefined ? matchPoi(poi, prepared) !== null : namedSet.has(poi);
  for (const poi of sortedUnique(toolPois)) {
    if (codePoints(poi) < 2) continue;
    const key = poi.toLowerCase();
    if (!mentioned.has(key) && isNamed(poi)) {
      mentioned.set(key, { name: poi, grounded: true });
    }
  }
  // The extractor's answer POIs are preferred; the suffix pattern is only a fallback because it is greedy.
  const candidates =
    answerPois.length > 0
      ? [...answerPois]
      : [...text.matchAll(POI_SUFFIX)].map((m) => stripLeadingVerbs(m[0]));
  const lowerTools = toolPois.map((p) => p.toLowerCase());
  const sourcedSet = new Set(sourced ?? []);
  for (const raw of sortedUnique(candidates).slice(0, LIMITS.summaryPoiCandidates)) {
    const name = raw.trim();
    const key = name.toLowerCase();
    if (codePoints(name) < 2 || looksLikeInjection(name)) continue;
    // A longer capture around a name already listed is the same mention ("步行到外滩" vs "外滩").
    if (someKey(mentioned, (k) => k.includes(key) || key.includes(k))) continue;
    const grounded =
      lowerTools.some((t) => t.includes(key) || key.includes(t)) || sourcedSet.has(raw);
    mentioned.set(key, { name, grounded });
  }
  const all = [...mentioned.values()].sort((a, b) => compareCodePoints(a.name, b.name));
  return {
    grounded: all.filter((p) => p.grounded),
    ungrounded: all.filter((p) => !p.grounded),
    total: all.length,
  };
}

/** Whether some key of `map` passes `test` (without copying the keys). */
function someKey(map: ReadonlyMap<string, unknown>, test: (key: string) => boolean): boolean {
  for (const key of map.keys()) if (test(key)) return true;
  return false;
}

/** Removes verbs and connectors the greedy suffix pattern captures in front of a name. */
function stripLeadingVerbs(name: string): string {
  let current = name;
  for (let previous = ''; previous !== current;) {
    previous = current;
    const next = current.replace(POI_LEADING_VERBS, '');
    if (codePoints(next) >= 2) current = next;
  }
  return current;
}

/** Every sum of two or three tool prices (repetition allowed). */
function priceSums(values: readonly number[]): Set<number> {
  const terms = [...values].sort((a, b) => a - b).slice(0, PRICE_SUM_MAX_TERMS);
  const sums = new Set<number>();
  for (let i = 0; i < terms.length; i++) {
    for (let j = i; j < terms.length; j++) {
      const two = (terms[i] ?? 0) + (terms[j] ?? 0);
      sums.add(two);
      for (let k = j; k < terms.length; k++) sums.add(two + (terms[k] ?? 0));
    }
  }
  return sums;
}

/**
 * Reasoning sentences worth showing the judge. Detection runs on the normalised text (full-width and
 * invisible tricks folded), also across each sentence's neighbours so that an instruction split over two
 * sentences or lines drops both; what is shown is the original wording (minus invisible characters).
 */
function reasoningSnippets(answer: string, boundary: string): string[] {
  const display = stripInvisible(answer);
  if (codePoints(display) < SNIPPET_MIN_ANSWER) return [];
  const sentences = [...display.matchAll(/[^。！？!?\n;；]+/g)].map((m) => m[0].trim());
  const snippets: string[] = [];
  for (let i = 0; i < sentences.length && snippets.length < SNIPPET_MAX_COUNT; i++) {
    const sentence = sentences[i] ?? '';
    const length = codePoints(sentence);
    if (length < SNIPPET_MIN_LENGTH || length > SNIPPET_MAX_LENGTH) continue;
    if (!REASONING_CONNECTORS.test(normalizeForJudge(sentence))) continue;
    const before = sentences[i - 1] ?? '';
    const after = sentences[i + 1] ?? '';
    if (
      looksLikeInjection(sentence) ||
      looksLikeInjection(`${before}${sentence}`) ||
      looksLikeInjection(`${sentence}${after}`)
    ) {
      continue;
    }
    const clean = stripBoundary(sentence, boundary).trim();
    if (clean === '' || looksLikeInjection(clean)) continue;
    snippets.push(excerpt(clean, SNIPPET_EXCERPT));
  }
  return snippets;
}

/** Hits of the requested items in the answer, lower-case containment. */
function coverage(items: readonly string[], lowerText: string): { hits: number; marks: string[] } {
  let hits = 0;
  const marks = items.map((item) => {
    const hit = lowerText.includes(item.toLowerCase());
    if (hit) hits++;
    return `${hit ? '✓' : '✗'}${item}`;
  });
  return { hits, marks };
}

/** The "code-extracted summary of the answer" section. */
export function renderStructuredSummary(input: JudgeInput, options: SummaryOptions): string {
  const { problem, toolFacts: tool, answerFacts: out, boundary } = { ...input, ...options };
  const raw = input.answer;
  const text = normalizeForJudge(raw);
  const lower = text.toLowerCase();
  const called = CALLED(input);
  const lines: string[] = [];
  const section = (title: string): void => {
    lines.push(lines.length === 0 ? `【${title}】` : `\n【${title}】`);
  };
  const wrap = (items: string[]): string => wrapInBoundary(items.join('、'), boundary);
  // POI names, at most LIMITS.summaryPois of them (the line's count says how many there are).
  const wrapPois = (pois: ReadonlyArray<{ name: string }>): string =>
    pois.length <= LIMITS.summaryPois
      ? wrap(pois.map((p) => p.name))
      : `${wrap(pois.slice(0, LIMITS.summaryPois).map((p) => p.name))}……（仅列出前${LIMITS.summaryPois}个）`;

  // 1. Basic statistics.
  section('基本统计');
  const trimmed = raw.trim();
  const lineCount = trimmed === '' ? 0 : trimmed.split('\n').length;
  lines.push(`- 输出长度：${codePoints(raw)}字，${lineCount}行`);
  lines.push(`- 天数：提及${daysMentioned(text)}天（目标${problem.numDays}天）`);

  // 2. Transport.
  section('交通信息');
  const toolFlights = new Set(tool.flights);
  const toolTrains = new Set(tool.trains);
  const idMarks = (ids: readonly string[], known: Set<string>): string => {
    if (ids.length === 0) return '无';
    const all = sortedUnique(ids);
    const listed = all
      .slice(0, LIMITS.summaryIds)
      .map((id) => `${id}(${known.has(id) ? '✓工具返回' : '✗工具数据中没有'})`)
      .join('、');
    if (all.length <= LIMITS.summaryIds) return listed;
    const unknown = all.filter((id) => !known.has(id)).length;
    return `${listed}……（共${all.length}个，其中${unknown}个工具数据中没有；仅列出前${LIMITS.summaryIds}个）`;
  };
  lines.push(`- 提及的航班：${idMarks(out.flights, toolFlights)}`);
  lines.push(`- 提及的车次：${idMarks(out.trains, toolTrains)}`);
  const toolPrices = toolTransportPrices(tool);
  const claims = pricedClaims(out);
  if (claims.length > 0) {
    const shown = claims.slice(0, LIMITS.summaryTransportPrices).map((c) => {
      const price = c.price ?? 0;
      const tp = toolPrices.get(c.id);
      if (tp === undefined) return `${c.id}=${price}元(✗无工具来源)`;
      const diff = (Math.abs(price - tp) / Math.max(1, tp)) * 100;
      return priceMatches(price, tp)
        ? `${c.id}=${price}元(✓工具${tp}元)`
        : `${c.id}=${price}元(✗工具${tp}元，偏差${roundHalfEven(diff)}%)`;
    });
    lines.push(`- 交通价格：${shown.join('、')}`);
  }
  const toolTimes = new Set([
    ...tool.times,
    ...tool.transport.flatMap((c) =>
      [c.departure, c.arrival].filter((t): t is string => t !== undefined),
    ),
  ]);
  const times = sortedUnique(out.times);
  if (times.length > 0) {
    const shown = times
      .slice(0, LIMITS.summaryTimes)
      .map((t) => `${t}(${toolTimes.has(t) ? '✓' : '○自行安排'})`);
    lines.push(`- 时间：${shown.join('、')}`);
  }

  // 3. POIs.
  section('景点/POI');
  if (tool.pois.length === 0) {
    lines.push('- 工具没有返回POI数据，无法核验');
  } else {
    const pois = mentionedPois(text, tool.pois, out.pois, input.namedToolPois, input.sourcedPlaces);
    if (pois.grounded.length > 0) {
      lines.push(`- 有工具依据的POI（${pois.grounded.length}个）：${wrapPois(pois.grounded)}`);
    }
    if (pois.ungrounded.length > 0) {
      lines.push(`- 无工具依据的POI（${pois.ungrounded.length}个）：${wrapPois(pois.ungrounded)}`);
    }
    if (pois.total > 0) {
      lines.push(
        `- POI匹配率：${pois.grounded.length}/${pois.total} = ${percent(pois.grounded.length, pois.total)}`,
      );
    } else {
      lines.push('- 方案中没有识别出POI');
    }
  }

  // 4. Prices.
  section('价格信息');
  const toolPriceStrings = new Set(tool.prices);
  const allInts = new Set<number>();
  for (const p of [...tool.prices.map(priceInt), ...toolPrices.values()]) {
    if (p !== null && p > 0) allInts.add(Math.trunc(p));
  }
  const sums = priceSums([...allInts]);
  const marks = [...text.matchAll(PRICE_IN_TEXT)].map((m) => {
    const digits = (m[1] ?? '').replace(/,/g, '');
    const value = priceInt(digits) ?? 0;
    const mark =
      toolPriceStrings.has(digits) || toolPriceStrings.has(String(value)) || allInts.has(value)
        ? '✓'
        : sums.has(value)
          ? '✓合计'
          : '?';
    return { value: digits, mark };
  });
  if (marks.length === 0) {
    lines.push('- 价格：无');
  } else {
    lines.push(
      `- 价格：${marks
        .slice(0, LIMITS.summaryPrices)
        .map((m) => `${m.value}元(${m.mark})`)
        .join('、')}`,
    );
    const count = (mark: string): number => marks.filter((m) => m.mark === mark).length;
    lines.push(
      `- 价格核验：✓${count('✓')}处，✓合计${count('✓合计')}处，?${count('?')}处（共${marks.length}处）`,
    );
  }

  // 5. Weather.
  if (out.weather.length > 0 || tool.weather.length > 0) {
    section('天气信息');
    const toolWeather = new Set(tool.weather);
    const isTemperature = (w: string): boolean => /^-?\d+(\.\d+)?度$/.test(w);
    const stated = sortedUnique(out.weather);
    if (stated.length === 0) {
      lines.push('- 未引用天气信息');
    } else {
      const render = (items: string[]): string =>
        items.length === 0
          ? '无'
          : items.map((w) => `${w}(${toolWeather.has(w) ? '✓' : '✗'})`).join('、');
      lines.push(`- 天气状况：${render(stated.filter((w) => !isTemperature(w)))}`);
      lines.push(`- 温度：${render(stated.filter(isTemperature))}`);
    }
  }

  // 6. Distances and durations.
  if (out.distances.length > 0 || out.travel_durations.length > 0) {
    section('距离/时间');
    const direction = called.has('direction');
    const render = (items: readonly string[], known: readonly string[]): string => {
      const set = new Set(known);
      const shown = sortedUnique(items).slice(0, LIMITS.summaryDistances);
      if (shown.length === 0) return '无';
      return shown
        .map((d) => `${d}(${direction ? (set.has(d) ? '✓' : '✗') : '✗无来源（未调用direction）'})`)
        .join('、');
    };
    lines.push(`- 距离：${render(out.distances, tool.distances)}`);
    lines.push(`- 耗时：${render(out.travel_durations, tool.travel_durations)}`);
  }

  // 7. Reasoning quality.
  section('推理质量');
  const snippets = reasoningSnippets(raw, boundary);
  lines.push(`- 推理片段数：${snippets.length}（已过滤注入内容，为摘录）`);
  if (snippets.length > 0) {
    lines.push('- 推理片段（原文摘录）：');
    snippets.forEach((s, i) => lines.push(`  ${i + 1}. ${wrapInBoundary(s, boundary)}`));
  } else {
    lines.push('- ⚠ 没有发现实质性的推理，可能只是罗列信息');
  }
  const comparisons = COMPARISON_CLAIM.count(text);
  lines.push(`- 对比论断：${comparisons}处`);
  const nF = new Set(tool.flights).size;
  const nT = new Set(tool.trains).size;
  const nP = new Set(tool.pois).size;
  const combos =
    (nF >= 2 ? nF - 1 : 0) +
    (nT >= 2 ? nT - 1 : 0) +
    (nF >= 1 && nT >= 1 ? 1 : 0) +
    (nP >= 2 ? nP - 1 : 0);
  lines.push(`- 可比较的选项：航班${nF}个，车次${nT}个，景点${nP}个（约${combos}组可比）`);
  if (comparisons >= HOLLOW_MIN_CLAIMS && combos <= HOLLOW_MAX_OPTIONS) {
    lines.push(`- ⚠ 空洞对比：${comparisons}处对比论断远多于${combos}组可比选项，对比可能是空洞的`);
  }
  lines.push(`- 个性化表达：${countMatches(text, PERSONALISATION)}处`);
  const limits = LIMITATION_AWARENESS.count(text);
  lines.push(
    limits > 0
      ? `- 局限性意识：✓ 指出了${limits}处数据局限或补救办法（批判性分析）`
      : '- 局限性意识：✗ 没有提到工具数据的任何局限',
  );

  // 8. User needs.
  section('用户需求');
  lines.push(`- 预算：${BUDGET_MENTION.test(text) ? '✓已提及' : '✗未提及'}`);
  if (problem.preference !== null && problem.preference.trim() !== '') {
    const tokens = problem.preference
      .toLowerCase()
      .split(/\s+/)
      .filter((t) => codePoints(t) > 1);
    lines.push(
      `- 偏好（${problem.preference}）：${tokens.some((t) => lower.includes(t)) ? '✓' : '✗'}`,
    );
  }
  if (problem.constraints.length > 0) {
    const c = coverage(problem.constraints, lower);
    lines.push(`- 约束覆盖：${c.hits}/${problem.constraints.length}（${c.marks.join('；')}）`);
  }
  if (problem.interests.length > 0) {
    const c = coverage(problem.interests, lower);
    lines.push(`- 兴趣覆盖：${c.hits}/${problem.interests.length}（${c.marks.join('；')}）`);
  }

  // 9. Route logic.
  section('路线逻辑');
  lines.push(`- 地理分组：${GEOGRAPHIC_GROUPING.test(text) ? '✓' : '✗'}`);
  const timePoints = countMatches(text, TIME_POINT);
  lines.push(`- 具体时间：${timePoints >= 2 ? `${timePoints}个时间点` : '缺失'}`);
  lines.push(`- 景点间交通说明：${countMatches(text, INTER_SITE_TRANSPORT)}处`);

  // 10. Fact check.
  section('事实核查');
  let claimsTotal = 0;
  let grounded = 0;
  for (const id of new Set(out.flights)) {
    claimsTotal++;
    if (toolFlights.has(id)) grounded++;
  }
  for (const id of new Set(out.trains)) {
    claimsTotal++;
    if (toolTrains.has(id)) grounded++;
  }
  for (const c of claims) {
    claimsTotal++;
    const tp = toolPrices.get(c.id);
    if (tp !== undefined && priceMatches(c.price ?? 0, tp)) grounded++;
  }
  lines.push(
    claimsTotal > 0
      ? `- 可核验的交通论断：${grounded}/${claimsTotal}有依据（${percent(grounded, claimsTotal)}）`
      : '- 可核验的交通论断：0',
  );
  if (codePoints(raw) < SHORT_ANSWER) {
    lines.push(`- ⚠ 输出过短（${codePoints(raw)}字），难以评价`);
  }
  return lines.join('\n');
}

/** The eight requirement lines of the prompt, from the problem alone. */
export function requirementLines(problem: JudgeInput['problem']): string[] {
  return [
    `- 出发地：${problem.originCity ?? 'N/A'}`,
    `- 目的地：${problem.destinationCity}`,
    `- 日期：${problem.travelDate}`,
    `- 天数：${problem.numDays}天`,
    `- 预算：${problem.budget > 0 ? problem.budget : '不限'}元`,
    `- 偏好：${problem.preference ?? '无特殊偏好'}`,
    `- 兴趣：${problem.interests.length > 0 ? problem.interests.join(', ') : '无'}`,
    `- 约束：${problem.constraints.length > 0 ? problem.constraints.join(', ') : '无'}`,
  ];
}
