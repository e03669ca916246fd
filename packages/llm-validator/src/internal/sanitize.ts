// Defences for every piece of answer-derived text that reaches the judge prompt.
import { SANITIZE_MAX_LENGTH } from './config';
import { GapPattern } from './gap-pattern';

/** A score claimed for the dimensions or the rating (9分以上……评分), matched in linear time on long lines. */
const SCORE_CLAIM = new GapPattern([
  { head: String.raw`\d+分(?:以上|左右)`, tails: ['维度', '评分'] },
]);
/** {@link SCORE_CLAIM} as a regular expression, for the public list. */
const SCORE_CLAIM_RE = new RegExp(SCORE_CLAIM.regex.source);

/**
 * Patterns of text that tries to address the judge. Matched case-insensitively against NFKC-normalised text
 * (so full-width letters and digits are caught) with whitespace removed (so instructions spread over lines or
 * spaced out are caught too). A travel plan has no honest reason to contain any of these.
 */
export const INJECTION_PATTERNS: readonly RegExp[] = [
  // Requests to disregard earlier text.
  /(请|please)?(忽略|忽视|无视|ignore|disregard|forget)(以上|上面|上述|之前|前面|先前|所有|全部|above|previous|prior|all|earlier|the)/i,
  /(忽略|无视|disregard)/i,
  /ignore(the|all|any|your|these|those|every)?(above|previous|prior|earlier|instructions?|rules?|rubric|guidelines?)/i,
  // Score setting.
  /(将|把|set|make)(所有|全部|每个|all|every|each)(的)?(维度|分数|评分|score|dimension)/i,
  /(set|give|assign|award|rate|grant|mark)(this|the|it|me|every|all|each|a|an)?(answer|plan|response|output|dimension|dimensions)?(a|an)?(score|scores|ratings?|points?|marks?)?(of|to|as|at)?(10|ten|full|perfect|maximum|max|high(est)?)/i,
  /(full|perfect|maximum|max|top|highest)(score|marks|points|rating)/i,
  /(score|rating|points?)(should|must|shall|=|:|to|of|is)?(be)?(10|ten)(\/10|outof10|points)?/i,
  /(?<![\d/.-])(\d|10)(\.\d)?(\/|outof)(10|50)(?![\d/.-])/i,
  /给(予|出)?(它|本方案|这份方案|该方案|此方案|我|我们)?(满分|最高分|高分|10分|十分|50分|五十分)/,
  /(打|评|给)(个)?(满分|高分|最高分|10分|十分)/,
  /(满分|最高分)/,
  /(达到|获得|给予|值得|应得|应该得)(优秀|满分|高分|最高)/,
  /(建议|应当|应该|请|务必)(给予|给出|打出|评为|评出)(高|最高|满|优)/,
  // Addressing the judge or its role.
  /(你是|你现在是|youare|youarenow|actas|扮演)(一个|一名|a|an)?(评分|评审|评委|打分|scoring|grading|judge|evaluator|grader)/i,
  /(评分|评审|评委|打分|评估|评判)(专家|系统|模型|者|员|人|老师|助手)/,
  /(请|建议|致|dear)(评估|评分|评审|评委|评判)(专家|者|员|老师)?/i,
  /(judge|grader|evaluator|reviewer|rater|scorer|llm|gpt|qwen)/i,
  /(system|系统)(prompt|提示|消息|message|指令|instruction)/i,
  /(override|覆盖|覆写|替换|修改|更新|忽略)(原有|原来|之前|先前|现有|所有|the|all|previous|your)?(instructions?|指令|规则|rules?|rubric|设定|提示)/i,
  /(new|updated|新的|新)(instructions?|指令|规则|rules?|rubric|评分标准)/i,
  /(instructions?|指令|提示词|prompt|jailbreak|越狱)/i,
  /(评分|score|scoring|grading|打分)(标准|规则|要求|rubric|criteria|guide|指南|细则|维度)/i,
  /(根据|according)(评分|scoring|to(the)?scoring)(标准|standard|rubric)/i,
  /(以下|following)(是|is|are)(评估|评分|evaluation|the?evaluation)/i,
  /(assistant|ai|人工智能|助手|模型)(注意|note|notice|须知)/i,
  /(评估|评分)(专家|系统|模型)(参考|注意|建议)/,
  /(审核|认证|验证|评审|检测)(通过|合格|优秀|结果)/,
  /(专业|权威|官方)(旅行社|机构|认证|评级)/,
  /(自我|自评|self).{0,10}(评价|评估|assessment|evaluation|grade)/i,
  /模式已切换|模式切换|切换(到|至)?.{0,6}模式|developermode|开发者模式|调试模式|debugmode/i,
  // Role tags and fake transcript markers.
  /<\|[^|]{0,40}\|>/,
  /\[\/?(system|inst|assistant|user|developer|sys)\]/i,
  /<\/?(system|assistant|user|developer|instruction|sys|im_start|im_end|s)>/i,
  /<<\/?sys>>/i,
  /(?<![a-z])(system|assistant|user|developer|human|ai)[:：]/i,
  /(系统|助手|用户|评委|评审|管理员)[:：]/,
  /#{1,6}(system|instruction|指令|系统)/i,
  /im_start|im_end|endoftext/i,
  // Fake verdicts and output-format hijacking.
  /(practicality|analysis_depth|analysisdepth|logic|user_experience|userexperience|factual_grounding|factualgrounding)["'“”]?[=:：]/i,
  /["'“”](practicality|analysis_depth|logic|user_experience|factual_grounding|score|reason|total)["'“”]/i,
  /\{["'“”]?(practicality|logic|analysis_depth|user_experience|factual_grounding|score|scores|verdict)/i,
  /(实用性|分析深度|逻辑性|用户体验|事实依据|事实性)[=:：]?\d/,
  /(reason|理由)[:：]["'“”]/i,
  /(json|JSON)(格式|format|输出|output)/i,
  /(维度|dimension)\d/i,
  /(扣分|加分|deduct|penalt(y|ies)|bonus)/i,
  SCORE_CLAIM_RE,
  /(verdict|结论是满分|最终得分|finalscore|totalscore|总分[:：]?\d)/i,
  /(boundary|边界标记|boundarytoken)/i,
  /nw-[0-9a-f]{12}/i,
  /[⟦⟧]/,
  /(所有|全部|各|每个|每项|全)(维度|项目?|分数|评分)?(均|都|一律|全|统一)?(为|是|给|打|按|设为|计)?(10|十|满)分/,
  /(评分|打分|评审|评价|评判)(说明|方法|办法|规定|准则|结果)/,
  /以下是新的|新的(评分|说明|要求|规则)/,
];

/** What the checks ask of a pattern: whether it matches, and the spans `[start, end)` of its matches. */
interface Matcher {
  test(text: string): boolean;
  spans(text: string): Array<[number, number]>;
}

/** A pattern as a {@link Matcher}: tested as given, its spans found with the global flag. */
function regexMatcher(p: RegExp): Matcher {
  const global = new RegExp(p.source, p.flags.includes('g') ? p.flags : `${p.flags}g`);
  return {
    test: (text) => p.test(text),
    spans: (text) => [...text.matchAll(global)].map((m) => [m.index, m.index + m[0].length]),
  };
}

/** The injection patterns, compiled once; the score claim is matched by its linear-time gap pattern. */
const MATCHERS: readonly Matcher[] = INJECTION_PATTERNS.map((p) =>
  p === SCORE_CLAIM_RE ? SCORE_CLAIM : regexMatcher(p),
);

/** Zero-width, bidi and other invisible formatting characters. */
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u2028-\u202f\u2060-\u206f\ufeff\ufff9-\ufffb]/g;
/** Control characters except tab and newline. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** The text without invisible and control characters, otherwise unchanged (for display). */
export function stripInvisible(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(INVISIBLE, '').replace(CONTROL, '');
}

/**
 * Canonical form used for all answer analysis: NFKC (full-width → ASCII, compatibility forms folded), no
 * invisible characters, no control characters, `\r\n` → `\n`.
 */
export function normalizeForJudge(text: string): string {
  return text.normalize('NFKC').replace(/\r\n?/g, '\n').replace(INVISIBLE, '').replace(CONTROL, '');
}

/** The text with every kind of whitespace removed, plus the map from each kept character to its position. */
function compact(text: string): { text: string; positions: number[] } {
  let out = '';
  const positions: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (/\s/.test(ch)) continue;
    out += ch;
    positions.push(i);
  }
  return { text: out, positions };
}

/** True when `text` (any form) contains something that addresses the judge. */
export function looksLikeInjection(text: string): boolean {
  const canonical = normalizeForJudge(text);
  const squeezed = compact(canonical).text;
  return MATCHERS.some((m) => m.test(canonical) || m.test(squeezed));
}

/**
 * Ranges `[start, end)` of `text` (already normalised) covered by an injection match, found on the
 * whitespace-free form so that instructions split over lines are still seen as one.
 */
export function injectionSpans(text: string): Array<[number, number]> {
  const { text: squeezed, positions } = compact(text);
  const spans: Array<[number, number]> = [];
  for (const matcher of MATCHERS) {
    for (const [start, end] of matcher.spans(text))
      spans.push([start, start + Math.max(1, end - start)]);
    for (const [from, end] of matcher.spans(squeezed)) {
      const to = Math.min(from + Math.max(1, end - from) - 1, positions.length - 1);
      spans.push([positions[from] ?? 0, (positions[to] ?? 0) + 1]);
    }
  }
  return spans;
}

/**
 * Makes answer-derived text safe to show the judge: cuts it to a bounded length, normalises it, removes
 * invisible and control characters, and drops every line that tries to address the judge (also when the
 * instruction is spread over several lines). What remains is plain data.
 */
export function sanitizeForJudge(text: string): string {
  const cut = [...text].slice(0, SANITIZE_MAX_LENGTH).join('');
  const canonical = normalizeForJudge(cut);
  const spans = injectionSpans(canonical);
  const kept: string[] = [];
  let offset = 0;
  for (const line of canonical.split('\n')) {
    const start = offset;
    const end = offset + line.length;
    offset = end + 1;
    if (!spans.some(([s, e]) => s < end && e > start)) kept.push(line);
  }
  return kept.join('\n');
}

/**
 * A boundary token that the answer cannot know in advance: derived from a hash that includes the answer
 * itself, so it is reproducible for a rescore but cannot be embedded by the answer's author.
 */
export function boundaryToken(hashHex: string): string {
  return `NW-${hashHex.slice(0, 12).toUpperCase()}`;
}

/** Removes any occurrence of the boundary token (and of the marker syntax) from answer-derived text. */
export function stripBoundary(text: string, token: string): string {
  return text.split(token).join('').replace(/⟦|⟧/g, '');
}

/** Wraps answer-derived text between the boundary markers. */
export function wrapInBoundary(text: string, token: string): string {
  return `⟦${token}⟧${stripBoundary(text, token)}⟦/${token}⟧`;
}
