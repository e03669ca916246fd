import { describe, expect, it } from 'vitest';
import { NavworldError } from '@navworld/core-types';
import { parseJudgeResponse, safeParseJudgeResponse } from '../src/index';

const full = {
  practicality: { score: 6, reason: '时间安排较完整' },
  analysis_depth: { score: 5, reason: '有一定比较' },
  logic: { score: 7, reason: '路线顺' },
  user_experience: { score: 6, reason: '约束大多覆盖' },
  factual_grounding: { score: 4, reason: '一个航班号无来源' },
};

describe('parseJudgeResponse', () => {
  it('parses a well-formed verdict', () => {
    const v = parseJudgeResponse(JSON.stringify(full));
    expect(v.dimensions).toEqual({
      practicality: 6,
      analysis_depth: 5,
      logic: 7,
      user_experience: 6,
      factual_grounding: 4,
    });
    expect(v.reasons.logic).toBe('路线顺');
    expect(v.missing).toEqual([]);
  });

  it('takes JSON out of a fence with prose around it', () => {
    const text = `好的，评价如下：\n\`\`\`json\n${JSON.stringify(full, null, 2)}\n\`\`\`\n以上是我的评分。`;
    expect(parseJudgeResponse(text).dimensions.logic).toBe(7);
  });

  it('takes JSON with trailing prose and a think block, without fences', () => {
    const text = `<think>先看交通…{"logic": 1}</think>${JSON.stringify(full)} 总体中等。`;
    expect(parseJudgeResponse(text).dimensions.logic).toBe(7);
  });

  it('recovers a partial object cut off mid-way; missing dimensions are 0', () => {
    const text =
      '```json\n{"practicality": {"score": 6, "reason": "好"}, "analysis_depth": {"score": 5, "rea';
    const v = parseJudgeResponse(text);
    expect(v.dimensions).toEqual({
      practicality: 6,
      analysis_depth: 5,
      logic: 0,
      user_experience: 0,
      factual_grounding: 0,
    });
    expect(v.reasons.practicality).toBe('好');
    expect(v.missing).toEqual(['logic', 'user_experience', 'factual_grounding']);
  });

  it('accepts bare numbers, numeric strings and a nested scores object; clamps to 0–10', () => {
    const v = parseJudgeResponse(
      '{"scores": {"practicality": 12, "analysis_depth": "7/10", "logic": -3, "user_experience": "x"}}',
    );
    expect(v.dimensions).toEqual({
      practicality: 10,
      analysis_depth: 7,
      logic: 0,
      user_experience: 0,
      factual_grounding: 0,
    });
    expect(v.missing).toEqual(['user_experience', 'factual_grounding']);
  });

  it('fails on garbage, empty replies, error envelopes and {}', () => {
    for (const text of [
      'I cannot help with that.',
      '',
      null,
      '{}',
      '{"error": {"message": "x"}}',
      '[1,2]',
    ]) {
      const r = safeParseJudgeResponse(text);
      expect(r.success).toBe(false);
    }
    expect(() => parseJudgeResponse('garbage')).toThrow(NavworldError);
    try {
      parseJudgeResponse('garbage');
    } catch (error) {
      expect((error as NavworldError).code).toBe('JUDGE_PARSE_ERROR');
    }
  });
});
