import type { ProblemType } from '@navworld/core-types';
import { SUBSTANTIVE_MIN_LENGTH } from './constants';

/** Keyword a natural answer of each type must contain to stand as the plan without the final-answer prompt. */
const TYPE_KEYWORDS: Record<ProblemType, RegExp> = {
  intercity: /(航班|火车|高铁|飞机|车次)/,
  multiday: /第\s*(\d+|[一二三四五六七八九十]+)\s*天|Day\s*\d+/,
  hybrid: /(航班|火车|高铁|第\s*[一二三四五六七八九十\d]+\s*天|Day\s*\d+)/,
  single_poi: /(景点|游览|路线|门票|开放)/,
  food_tour: /(美食|餐厅|小吃|特色|推荐)/,
  business: /(航班|火车|高铁|酒店|商务)/,
  family_study: /(亲子|儿童|学习|博物馆|科技馆|体验)/,
};

/**
 * Whether an answer is substantial enough to be scored as it is: at least 200 code points once trimmed and
 * containing a keyword of its problem type. Otherwise the agent loop sends the final-answer prompt.
 */
export function isSubstantiveAnswer(
  answer: string | null | undefined,
  problemType: ProblemType,
): boolean {
  if (answer === null || answer === undefined) return false;
  const trimmed = answer.trim();
  if ([...trimmed].length < SUBSTANTIVE_MIN_LENGTH) return false;
  return TYPE_KEYWORDS[problemType].test(trimmed);
}

/** What the plan must contain, per problem type (numbered in the prompt). */
const TYPE_REQUIREMENTS: Record<ProblemType, string[]> = {
  intercity: [
    '具体的航班或火车推荐：航班号/车次、出发与到达时间、票价',
    '目的地的景点、酒店和餐厅，使用工具返回的名称和地址',
    '天气情况及出行建议',
    '景点之间的路线与耗时',
    '预算明细',
  ],
  multiday: [
    '按天组织的行程（第1天、第2天……）',
    '每天的景点（工具返回的名称和地址）以及景点之间的路线与耗时',
    '每天的餐饮和住宿安排',
    '天气提示',
    '每日预算',
  ],
  hybrid: [
    '城际交通：航班号/车次、时间、票价',
    '详细的逐日行程',
    '每天的景点、餐饮和市内交通',
    '天气情况',
    '总体预算',
  ],
  single_poi: [
    '景点详情：名称、地址、门票、开放时间',
    '周边餐厅和住宿（工具返回的名称）',
    '游览路线与交通方式',
    '天气情况与建议',
  ],
  food_tour: [
    '餐厅推荐（工具返回的名称和地址）',
    '美食路线及先后顺序',
    '餐厅之间的交通方式与耗时',
    '招牌菜推荐',
    '天气情况',
    '预算建议',
  ],
  business: [
    '航班或火车：航班号/车次、时间、票价',
    '商务酒店：名称、地址、价格',
    '会议与办公配套',
    '商务餐饮',
    '天气情况',
    '详细日程',
  ],
  family_study: [
    '亲子与研学景点（博物馆、科技馆等，写明名称和地址）',
    '适合儿童的活动',
    '景点之间的路线',
    '亲子餐饮',
    '天气与安全提示',
    '预算明细',
  ],
};

/**
 * The final-answer prompt: a user message asking for the complete plan from the tool results gathered so
 * far, listing what the plan of this type must contain. The agent loop sends it with tools disabled.
 */
export function finalAnswerPrompt(problemType: ProblemType): string {
  const items = TYPE_REQUIREMENTS[problemType].map((item, i) => `${i + 1}. ${item}`);
  return [
    '请根据目前为止所有工具调用得到的信息，输出一份完整、详细的旅行方案。',
    '',
    '方案必须包含：',
    ...items,
    '',
    '【重要】所有名称、交通信息和价格都必须来自上面的工具结果，不得编造。请直接输出方案，不要再调用任何工具。',
  ].join('\n');
}
