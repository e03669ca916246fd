// Chinese prompts: the user prompt of each problem type and the shared system prompt.

import {
  ERROR_CODES,
  NavworldError,
  type ProblemType,
  type ToolName,
  type TravelProblem,
} from '@navworld/core-types';
import { NO_PREFERENCE, NO_TIME_LIMIT } from './config';
import { TRAVEL_DAYS } from './internal/tables';

/** The fields of a problem its prompt is rendered from. */
export type PromptInput = Pick<
  TravelProblem,
  | 'problemType'
  | 'originCity'
  | 'destinationCity'
  | 'travelDate'
  | 'numDays'
  | 'budget'
  | 'budgetScope'
  | 'arrivalConstraint'
  | 'preference'
  | 'groupType'
  | 'groupSize'
  | 'interests'
  | 'constraints'
  | 'conflictingPairs'
  | 'timePressure'
  | 'targetPoi'
  | 'foodTheme'
  | 'requiredTools'
>;

/** The system prompt shared by every task: the six tools and the expected way of working. */
export const SYSTEM_PROMPT = [
  '你是一名专业、严谨的中文旅行规划助手。你可以调用以下六个工具获取真实信息：',
  '1. poi_search：按关键词和城市搜索景点、餐厅、酒店等地点，返回名称、地址、坐标、评分、价格等；',
  '2. around_search：以某个坐标为中心搜索周边的餐厅、酒店、景点等地点；',
  '3. direction：查询两地之间的驾车、步行、骑行或公交路线，返回距离、耗时和途经道路；',
  '4. weather：查询城市未来几天的天气预报（白天/夜间天气、温度、风向风力）；',
  '5. search_flights：查询指定日期两个城市之间的航班，返回航班号、航空公司、起降时间、机场和价格；',
  '6. search_train_tickets：查询指定日期两个城市之间的火车车次，返回车次、车型、发车与到达时间、车站、座位类型和价格。',
  '',
  '工作方式：',
  '- 先读懂用户的全部需求（日期、人数、预算、偏好和限制条件），再有针对性地调用工具；',
  '- 只使用题目需要的工具，交通查询只使用用户需求中提到的交通方式；',
  '- 方案中的地点名称、航班号/车次、时间、价格、距离和天气必须来自工具返回的结果，不要编造；',
  '- 工具调用结束后，给出结构清晰的最终方案：按天安排行程，写明交通、餐饮、住宿、天气、预算明细和注意事项；',
  '- 预算要逐项列出并与用户预算核对；遇到相互冲突的要求时，明确说明取舍理由。',
].join('\n');

const WEEKDAY_BY_DATE: ReadonlyMap<string, string> = new Map(
  TRAVEL_DAYS.map((d) => [d.date, d.weekday]),
);

function dateText(date: string): string {
  const weekday = WEEKDAY_BY_DATE.get(date);
  return weekday === undefined ? date : `${date}（${weekday}）`;
}

/** How the prompt describes the travellers. */
export function groupText(groupType: string, size: number): string {
  switch (groupType) {
    case 'solo':
      return '独自一人';
    case 'couple':
      return '情侣二人';
    case 'family':
      return `${size}口之家`;
    case 'friends':
      return `${size}位朋友结伴`;
    case 'elderly':
      return `${size}位老人同行`;
    case 'business':
      return '一人出差';
    default:
      return `${size}人同行`;
  }
}

/** The transport modes the required tools offer, in words, or null when there is no transport tool. */
export function transportModesText(
  tools: readonly ToolName[],
): { modes: string; ids: string } | null {
  const flights = tools.includes('search_flights');
  const trains = tools.includes('search_train_tickets');
  if (flights && trains) return { modes: '航班和火车车次', ids: '航班号/车次' };
  if (flights) return { modes: '航班', ids: '航班号' };
  if (trains) return { modes: '火车车次', ids: '车次' };
  return null;
}

function budgetText(p: PromptInput, covers: string): string {
  if (p.budgetScope === 'per_person') return `每人${p.budget}元（${covers}）`;
  if (p.budgetScope === 'dining') {
    return `${p.budget}元（${p.groupSize > 1 ? `${p.groupSize}人合计，` : ''}仅含餐饮）`;
  }
  return `${p.budget}元（${p.groupSize > 1 ? `${p.groupSize}人合计，` : ''}${covers}）`;
}

/** Lines stating interests, constraints, conflicts and time pressure; each ends with a newline. */
function requirementLines(
  p: PromptInput,
  interestLabel: string | null,
  urgentLine: boolean,
): string {
  let out = '';
  if (interestLabel !== null && p.interests.length > 0)
    out += `${interestLabel}：${p.interests.join('、')}\n`;
  if (p.constraints.length > 0) out += `特殊要求：${p.constraints.join('、')}\n`;
  if (p.conflictingPairs.length > 0) {
    const pairs = p.conflictingPairs.map(([a, b]) => `「${a}」与「${b}」`).join('；');
    out += `注意：以下要求相互冲突，请在方案中说明如何取舍：${pairs}。\n`;
  }
  if (urgentLine && p.timePressure)
    out += '时间要求：这次行程时间很紧，请安排紧凑，尽量压缩路上耗时。\n';
  return out;
}

function numbered(tasks: readonly string[]): string {
  let out = '';
  for (let i = 0; i < tasks.length; i++)
    out += `${i + 1}. ${tasks[i]}${i + 1 < tasks.length ? '\n' : ''}`;
  return out;
}

function intercityPrompt(p: PromptInput): string {
  const t = transportModesText(p.requiredTools) ?? { modes: '交通方式', ids: '班次' };
  const origin = p.originCity ?? '';
  const arrival =
    p.arrivalConstraint === null || p.arrivalConstraint === NO_TIME_LIMIT
      ? '到达时间没有限制'
      : `希望${p.arrivalConstraint}`;
  const preference =
    p.preference === null || p.preference === NO_PREFERENCE
      ? '交通方式没有特别偏好'
      : `交通上${p.preference}`;
  return (
    `我计划${dateText(p.travelDate)}从${origin}前往${p.destinationCity}，${groupText(p.groupType, p.groupSize)}出行，` +
    `预算${budgetText(p, '含交通和当天花费')}，${arrival}，${preference}。\n` +
    requirementLines(p, null, false) +
    '\n请帮我：\n' +
    numbered([
      `查询当天${origin}到${p.destinationCity}的所有${t.modes}，列出${t.ids}、出发和到达时间以及票价；`,
      '从耗时、价格和舒适度三个方面比较至少3个方案；',
      '推荐最合适的一个方案，并结合到达时间和偏好详细说明理由；',
      `查询${p.destinationCity}当天的天气，给出穿衣和出行提醒；`,
      '推荐到达后值得去的景点，并给出当天的简要安排（交通方式、距离和耗时）；',
      '列出交通、餐饮、门票等费用明细，并给出注意事项。',
    ])
  );
}

function multidayPrompt(p: PromptInput): string {
  return (
    `请帮我规划一次${p.destinationCity}${p.numDays}日游：${groupText(p.groupType, p.groupSize)}，` +
    `${dateText(p.travelDate)}出发，总预算${budgetText(p, '当地吃住行和门票')}。\n\n` +
    requirementLines(p, '兴趣偏好', true) +
    '\n行程方案需要包括：\n' +
    numbered([
      `按天（第1天到第${p.numDays}天）安排景点和游览路线，每天至少2–3个景点，注明门票价格；`,
      '每天的餐饮安排，给出具体餐厅名称和人均消费；',
      '住宿建议：酒店名称、价格区间和位置优势；',
      '景点之间的交通方式、距离和耗时；',
      '行程期间的天气情况和穿衣建议；',
      '每日费用明细和总预算分配，以及实用小贴士。',
    ])
  );
}

function hybridPrompt(p: PromptInput): string {
  const t = transportModesText(p.requiredTools) ?? { modes: '交通', ids: '班次' };
  const origin = p.originCity ?? '';
  let info =
    `- 出行人员：${groupText(p.groupType, p.groupSize)}\n` +
    `- 出发日期：${dateText(p.travelDate)}\n` +
    `- 总预算：${budgetText(p, '含往返交通')}\n`;
  if (p.preference !== null && p.preference !== NO_PREFERENCE)
    info += `- 交通偏好：${p.preference}\n`;
  return (
    `我计划从${origin}出发，去${p.destinationCity}玩${p.numDays}天。\n\n基本信息：\n${info}\n` +
    requirementLines(p, '兴趣偏好', true) +
    '\n请给出完整的旅行方案：\n' +
    numbered([
      `往返交通：查询并比较至少2个${t.modes}方案，列出${t.ids}、时间和价格；`,
      `每天的详细行程（第1天到第${p.numDays}天），每天至少2–3个景点，注明门票和交通；`,
      '每天的餐饮推荐（具体餐厅和人均价格）以及住宿建议；',
      '旅行期间的天气预报和穿衣建议；',
      '完整预算：交通、住宿、餐饮、门票分项列出并给出总计，附注意事项。',
    ])
  );
}

function singlePoiPrompt(p: PromptInput): string {
  const poi = p.targetPoi ?? p.interests[0] ?? '景点';
  const focus = p.interests.filter((i) => i !== poi);
  let out =
    `我想在${p.destinationCity}深度游览${poi}及其周边。\n\n基本信息：\n` +
    `- 出行人员：${groupText(p.groupType, p.groupSize)}\n` +
    `- 日期：${dateText(p.travelDate)}\n` +
    `- 预算：${budgetText(p, '当天门票、餐饮和交通')}\n\n`;
  if (focus.length > 0) out += `重点关注：${focus.join('、')}\n`;
  return (
    out +
    requirementLines(p, null, true) +
    '\n请帮我：\n' +
    numbered([
      `规划${poi}的最佳游览路线，分上午和下午，并注明时间；`,
      '推荐周边至少4–5个值得去的景点、餐厅或店铺；',
      '说明各地点之间的交通方式、具体距离和步行或骑行时间；',
      '列出每个地点的门票价格、开放时间和注意事项；',
      '查询当天天气，给出游览建议；',
      '估算总花费（门票、餐饮、交通）。',
    ])
  );
}

function foodTourPrompt(p: PromptInput): string {
  const theme = p.foodTheme ?? p.interests[1] ?? '当地美食';
  return (
    `我想在${p.destinationCity}来一次${theme}之旅，计划${p.numDays}天。\n\n基本信息：\n` +
    `- 出行人员：${groupText(p.groupType, p.groupSize)}\n` +
    `- 出发日期：${dateText(p.travelDate)}\n` +
    `- 餐饮预算：${budgetText(p, '仅含餐饮')}\n\n` +
    requirementLines(p, '兴趣偏好', true) +
    '\n请帮我：\n' +
    numbered([
      '推荐至少6–8家必吃的餐厅或小吃店，写明店名和招牌菜；',
      `按天（第1天到第${p.numDays}天）和区域规划美食路线，注明每家店所在区域；`,
      '店与店之间的交通方式、步行距离和时间；',
      '每家店的人均消费和整体预算分配；',
      '用餐时间建议和排队预估，以及期间的天气和其他小贴士。',
    ])
  );
}

function businessPrompt(p: PromptInput): string {
  const t = transportModesText(p.requiredTools) ?? { modes: '交通', ids: '班次' };
  const origin = p.originCity ?? '';
  const purpose = p.interests[0] ?? '商务出行';
  let info =
    `- 出发日期：${dateText(p.travelDate)}\n` +
    `- 差旅预算：${budgetText(p, '含往返交通、住宿和餐饮')}\n`;
  if (p.preference !== null && p.preference !== NO_PREFERENCE)
    info += `- 交通偏好：${p.preference}\n`;
  if (p.arrivalConstraint !== null && p.arrivalConstraint !== NO_TIME_LIMIT) {
    info += `- 到达要求：${p.arrivalConstraint}\n`;
  }
  return (
    `因为${purpose}，我需要从${origin}去${p.destinationCity}出差，预计${p.numDays}天。\n\n基本信息：\n${info}\n` +
    requirementLines(p, null, false) +
    '\n请帮我：\n' +
    numbered([
      `比较2–3个往返${t.modes}方案，列出${t.ids}、时间和价格；`,
      '推荐2–3家商务区附近的酒店，注明价格和到会场或客户处的距离；',
      `每天（第1天到第${p.numDays}天）的餐饮安排，包括具体餐厅和适合商务宴请的选择；`,
      '出差期间的天气情况和着装建议；',
      '费用预估：交通、住宿、餐饮分项列出，并给出注意事项。',
    ])
  );
}

function familyStudyPrompt(p: PromptInput): string {
  const theme = p.interests[0] ?? '亲子研学';
  return (
    `我们一家${p.groupSize}口想带孩子去${p.destinationCity}进行一次${theme}之旅，计划${p.numDays}天。\n\n基本信息：\n` +
    `- 出发日期：${dateText(p.travelDate)}\n` +
    `- 总预算：${budgetText(p, '全家当地吃住行和门票')}\n\n` +
    requirementLines(p, '学习主题', true) +
    '\n请帮我：\n' +
    numbered([
      '每天至少安排一项学习类活动和一项休闲类活动，并注明适合的年龄；',
      `考虑孩子的体力，分上午和下午给出每天（第1天到第${p.numDays}天）的详细安排和景点间交通；`,
      '推荐亲子友好的餐厅（店名和儿童菜品）和住宿（家庭房价格）；',
      '每个景点的儿童或家庭票价、开放时间和教育亮点；',
      '行程期间的天气和穿衣建议；',
      '总预算明细：门票、餐饮、住宿、交通分项列出。',
    ])
  );
}

const RENDERERS: Readonly<Record<ProblemType, (p: PromptInput) => string>> = {
  intercity: intercityPrompt,
  multiday: multidayPrompt,
  hybrid: hybridPrompt,
  single_poi: singlePoiPrompt,
  food_tour: foodTourPrompt,
  business: businessPrompt,
  family_study: familyStudyPrompt,
};

/**
 * The Chinese user prompt of a problem. It states every constraint and preference, names only the transport
 * modes the required tools offer, and asks for the planning dimensions of the problem type. No trailing newline.
 */
export function renderPrompt(problem: PromptInput): string {
  const render = (problem as Partial<PromptInput> | null)?.problemType
    ? RENDERERS[problem.problemType]
    : undefined;
  if (render === undefined) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      'renderPrompt needs a problem with a known problemType',
      {
        hint: 'Pass a TravelProblem produced by generateProblem (or parsed with TravelProblemSchema).',
        details: { problemType: String((problem as Partial<PromptInput> | null)?.problemType) },
      },
    );
  }
  return render(problem);
}
