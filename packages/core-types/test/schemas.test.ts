import { describe, expect, it } from 'vitest';
import {
  ChatMessageSchema,
  DifficultySchema,
  EpisodeResultSchema,
  ExtractedFactsSchema,
  NavworldError,
  ParsedPlanSchema,
  SafeResultSchema,
  ScoreBreakdownSchema,
  StepResultSchema,
  ToolCallSchema,
  ToolResultSchema,
  ToolTraceEntrySchema,
  TravelProblemSchema,
  ValidationError,
  allJsonSchemas,
  epochAt,
  formatZodIssues,
  parseWith,
  safeParseWith,
  toJsonSchema,
} from '../src/index';
import { breakdown, makeTrace, problem } from './fixtures';

describe('TravelProblem', () => {
  it('accepts a complete problem', () => {
    expect(TravelProblemSchema.parse(problem)).toEqual(problem);
  });

  it('rejects a bad date, a bad type and a negative budget with readable messages', () => {
    const result = TravelProblemSchema.safeParse({
      ...problem,
      travelDate: '2025/07/10',
      problemType: 'cruise',
      budget: -1,
    });
    expect(result.success).toBe(false);
    const issues = formatZodIssues(result.error!);
    expect(issues.some((i) => i.startsWith('travelDate: travelDate must be YYYY-MM-DD'))).toBe(
      true,
    );
    expect(issues.some((i) => i.startsWith('problemType:'))).toBe(true);
    expect(issues.some((i) => i.startsWith('budget:'))).toBe(true);
  });

  it('keeps unknown fields written by newer generators', () => {
    const parsed = TravelProblemSchema.parse({ ...problem, futureField: { a: 1 } });
    expect((parsed as Record<string, unknown>)['futureField']).toEqual({ a: 1 });
  });

  it('only knows difficulties 1 to 3', () => {
    expect(DifficultySchema.safeParse(2).success).toBe(true);
    expect(DifficultySchema.safeParse(4).success).toBe(false);
    expect(DifficultySchema.safeParse(1.5).success).toBe(false);
  });
});

describe('messages', () => {
  it('accepts the OpenAI tool-calling shapes', () => {
    const call = {
      id: 'call_1',
      type: 'function',
      function: { name: 'weather', arguments: '{"city":"上海"}' },
    };
    expect(ToolCallSchema.parse(call)).toEqual(call);
    expect(
      ChatMessageSchema.parse({ role: 'assistant', content: null, tool_calls: [call] }).role,
    ).toBe('assistant');
    expect(
      ChatMessageSchema.parse({ role: 'tool', tool_call_id: 'call_1', content: '晴' }).role,
    ).toBe('tool');
  });

  it('rejects arguments that are objects, and tool messages without an id', () => {
    expect(
      ToolCallSchema.safeParse({
        id: 'c',
        type: 'function',
        function: { name: 'x', arguments: {} },
      }).success,
    ).toBe(false);
    expect(ChatMessageSchema.safeParse({ role: 'tool', content: 'x' }).success).toBe(false);
    expect(ChatMessageSchema.safeParse({ role: 'robot', content: 'x' }).success).toBe(false);
  });
});

describe('trace and results', () => {
  it('round-trips a trace entry through JSON unchanged', () => {
    for (const entry of makeTrace(15)) {
      const text = JSON.stringify(entry);
      const parsed = ToolTraceEntrySchema.parse(JSON.parse(text));
      expect(parsed).toEqual(entry);
      expect(JSON.stringify(parsed)).toBe(text);
    }
  });

  it('round-trips a score breakdown through JSON unchanged', () => {
    const text = JSON.stringify(breakdown);
    const parsed = ScoreBreakdownSchema.parse(JSON.parse(text));
    expect(parsed).toEqual(breakdown);
    expect(JSON.stringify(parsed)).toBe(text);
  });

  it('rejects out-of-range scores', () => {
    expect(ScoreBreakdownSchema.safeParse({ ...breakdown, total: 101 }).success).toBe(false);
    expect(ScoreBreakdownSchema.safeParse({ ...breakdown, codeTotal: 52.5 }).success).toBe(false);
    expect(ScoreBreakdownSchema.safeParse({ ...breakdown, fabricationPenalty: -13 }).success).toBe(
      false,
    );
  });

  it('validates tool results, facts, plans, safe results and steps', () => {
    expect(
      ToolResultSchema.safeParse({ ok: true, text: 'x', durationMs: 1, cached: false }).success,
    ).toBe(true);
    expect(
      ToolResultSchema.safeParse({ ok: 'yes', text: 'x', durationMs: 1, cached: false }).success,
    ).toBe(false);
    const facts = {
      flights: ['CA1501'],
      trains: [],
      pois: ['外滩'],
      weather: ['晴'],
      distances: ['2.5公里'],
      times: ['08:00'],
      prices: ['850'],
      wind_info: ['3级'],
      travel_durations: ['35分钟'],
      road_names: ['中山东一路'],
      transport: [{ id: 'CA1501', kind: 'flight', price: 850, departure: '08:00' }],
    };
    expect(ExtractedFactsSchema.parse(facts)).toEqual(facts);
    expect(ExtractedFactsSchema.safeParse({ ...facts, flights: 'CA1501' }).success).toBe(false);
    const plan = {
      success: true,
      source: 'text',
      transportOptions: [],
      days: [{ day: 1, text: '外滩', locations: ['外滩'] }],
      budgetItems: [{ category: '交通', amount: 1700 }],
      budgetTotal: 2500,
      locations: [],
      tips: [],
      errors: [],
    };
    expect(ParsedPlanSchema.parse(plan)).toEqual(plan);
    expect(ParsedPlanSchema.safeParse({ ...plan, source: 'yaml' }).success).toBe(false);
    const safe = {
      total: 71.25,
      codeBand: 'high',
      judgeBand: 'high',
      hardConstraints: {
        format_valid: true,
        tool_info_used: true,
        required_tools_called: true,
        poi_names_verified: true,
        transport_grounded: true,
        tool_quality: false,
      },
      noisyCode: 40.1,
      noisyJudge: 31.9,
      judgeAvailable: true,
      scorerVersion: '0.1.0',
    };
    expect(SafeResultSchema.parse(safe)).toEqual(safe);
    expect(SafeResultSchema.safeParse({ ...safe, codeBand: 'great' }).success).toBe(false);
    const step = {
      episodeId: 'e',
      step: 1,
      observations: [],
      reward: 0.5,
      done: false,
      truncated: false,
    };
    expect(StepResultSchema.parse(step)).toEqual(step);
    expect(StepResultSchema.safeParse({ ...step, reward: 1.5 }).success).toBe(false);
  });

  it('accepts a complete episode result and rejects one without a problem', () => {
    const episode = {
      schemaVersion: 1,
      episodeId: 'ep1',
      taskId: 131,
      repeat: 0,
      agent: 'reference',
      model: null,
      epoch: epochAt(Date.UTC(2026, 10, 29), { salt: 'pinned' }),
      score: 0.7125,
      total: 71.25,
      success: true,
      validForScoring: true,
      outcome: 'completed',
      error: null,
      problem,
      messages: [
        { role: 'system', content: 's' },
        { role: 'user', content: problem.prompt },
      ],
      trace: makeTrace(3),
      answer: '方案',
      breakdown,
      stepRewards: [0.8, 0.7, 0.9],
      usage: { promptTokens: 10, completionTokens: 20, totalTokens: 30 },
      timings: { startedAt: '2026-11-29T00:00:00.000Z', durationMs: 12 },
      versions: { scorer: '0.1.0' },
    };
    expect(EpisodeResultSchema.parse(episode)).toEqual(episode);
    const { problem: _omit, ...withoutProblem } = episode;
    expect(EpisodeResultSchema.safeParse(withoutProblem).success).toBe(false);
  });
});

describe('parseWith', () => {
  it('throws a ValidationError naming the record and every failing path', () => {
    let caught: unknown;
    try {
      parseWith(ToolResultSchema, { ok: true }, 'tool result');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect(NavworldError.isInstance(caught)).toBe(true);
    const error = caught as ValidationError;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toMatch(/^invalid tool result: /);
    expect(error.issues.map((i) => i.split(':')[0])).toEqual(['text', 'durationMs', 'cached']);
    // Every typed error says what to do: a generic hint unless the caller gives one.
    expect(error.hint).toMatch(/fields named in the message.*tool result/);
  });

  it("carries the caller's hint", () => {
    const result = safeParseWith(ToolResultSchema, 1, 'tool result', { hint: 'send { ok, text }' });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.hint).toBe('send { ok, text }');
  });

  it('returns a Result from safeParseWith', () => {
    expect(
      safeParseWith(ToolResultSchema, { ok: true, text: '', durationMs: 0, cached: false }, 'x'),
    ).toEqual({
      success: true,
      value: { ok: true, text: '', durationMs: 0, cached: false },
    });
    const failed = safeParseWith(ToolResultSchema, null, 'x');
    expect(failed.success).toBe(false);
  });
});

describe('JSON Schema export', () => {
  it('exports every public schema as a JSON Schema object', () => {
    const all = allJsonSchemas();
    expect(Object.keys(all)).toContain('TravelProblem');
    for (const schema of Object.values(all)) expect(typeof schema).toBe('object');
    const trace = toJsonSchema('ToolTraceEntry') as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(trace.properties)).toEqual(
      expect.arrayContaining([
        'callId',
        'name',
        'arguments',
        'rawArguments',
        'resultText',
        'ok',
        'durationMs',
      ]),
    );
    expect(trace.required).toContain('resultText');
  });
});
