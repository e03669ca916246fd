import type { ChatMessage } from '@navworld/core-types';

/** A fixed time inside one epoch, so every test sees the same world. */
export const FIXED_NOW = Date.UTC(2026, 10, 29, 12, 0, 0);

/** A long plan that contains a keyword of every problem type, so it never needs the final-answer prompt. */
export const GENERIC_PLAN = [
  '# 旅行方案',
  '第1天：上午游览景点，下午参观博物馆和科技馆，适合亲子和儿童学习体验。',
  '交通：推荐乘坐高铁或航班，车次和航班以查询结果为准，商务出行可选酒店附近的会议中心。',
  '美食：推荐品尝当地特色小吃和餐厅，门票和开放时间请提前确认，游览路线按距离安排。',
  '预算：交通、住宿、餐饮和门票合计控制在预算以内，建议预留机动资金，注意天气变化。',
  '第2天：继续游览周边景点，晚上在酒店休息，第二天早上出发返程。',
  '住宿：选择交通便利、评分较高的酒店，方便每天出发；餐饮以本地口碑餐厅为主，兼顾孩子口味。',
  '天气：出发前再次查看预报，按气温准备衣物，雨天把室内场馆调到当天，晴天安排户外景点。',
].join('\n');

/** A judge's reply scoring 34 of 50 (7, 6, 7, 6, 8), for a scripted judge endpoint. */
export const JUDGE_VERDICT = JSON.stringify({
  practicality: { score: 7, reason: '实用' },
  analysis_depth: { score: 6, reason: '分析' },
  logic: { score: 7, reason: '逻辑' },
  user_experience: { score: 6, reason: '体验' },
  factual_grounding: { score: 8, reason: '依据' },
});

/**
 * Checks the OpenAI tool-calling grammar: system → user → (assistant{tool_calls} → tool×k)* →
 * [assistant{content} → user →] assistant{content}; every tool message answers a pending call id.
 */
export function assertValidConversation(messages: readonly ChatMessage[]): string | null {
  if (messages[0]?.role !== 'system') return 'first message is not system';
  if (messages[1]?.role !== 'user') return 'second message is not user';
  let pending = new Set<string>();
  for (let i = 2; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role === 'tool') {
      if (!pending.has(m.tool_call_id)) return `tool message ${i} answers no pending call`;
      pending.delete(m.tool_call_id);
      continue;
    }
    if (pending.size > 0) return `message ${i} arrives before every tool call was answered`;
    if (m.role === 'assistant') {
      if (m.tool_calls && m.tool_calls.length > 0) {
        for (const call of m.tool_calls) {
          if (typeof call.function.arguments !== 'string')
            return `call ${call.id} arguments not a string`;
        }
        pending = new Set(m.tool_calls.map((c) => c.id));
        if (pending.size !== m.tool_calls.length) return `duplicate call ids in message ${i}`;
      }
    } else if (m.role === 'system') {
      return `system message at ${i}`;
    }
  }
  if (pending.size > 0) return 'conversation ends with unanswered tool calls';
  return null;
}
