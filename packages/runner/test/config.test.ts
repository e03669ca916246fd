import { describe, expect, it } from 'vitest';
import {
  finalAnswerPrompt,
  isSubstantiveAnswer,
  loadCliConfig,
  parseTaskRange,
} from '../src/index';
import { truncateForModel } from '../src/environment/truncate';

describe('parseTaskRange', () => {
  it('expands ranges and lists into sorted distinct ids', () => {
    expect(parseTaskRange('0-3')).toEqual([0, 1, 2, 3]);
    expect(parseTaskRange('5')).toEqual([5]);
    expect(parseTaskRange('9, 2-3,3')).toEqual([2, 3, 9]);
    expect(parseTaskRange('0-69')).toHaveLength(70);
  });

  it.each(['', '3-1', '-1', 'a-b', '1,,2', '0-2000000', '2147483648'])('rejects %j', (spec) => {
    expect(() => parseTaskRange(spec)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });
});

describe('loadCliConfig', () => {
  it('reads keys and defaults without exposing values in errors', () => {
    const c = loadCliConfig({
      OPENAI_API_KEY: 'sk-secret',
      NAVWORLD_MODEL: 'm',
      NAVWORLD_DEBUG: '1',
    });
    expect(c).toMatchObject({
      apiKey: 'sk-secret',
      model: 'm',
      world: 'offline',
      debug: true,
      hasJudgeKey: false,
    });
    expect(loadCliConfig({ NAVWORLD_API_KEY: 'a', OPENAI_API_KEY: 'b' }).apiKey).toBe('a');
    expect(loadCliConfig({ NAVWORLD_BASE_URL: '  ' }).baseUrl).toBeUndefined();
    let message = '';
    try {
      loadCliConfig({ NAVWORLD_BASE_URL: 'not-a-url-sk-secret' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('NAVWORLD_BASE_URL');
    expect(message).not.toContain('sk-secret');
    expect(() => loadCliConfig({ NAVWORLD_WORLD: 'mars' })).toThrow(
      expect.objectContaining({ code: 'CONFIG_ERROR' }),
    );
  });

  it('takes a pinned salt of at most 256 characters, as an epoch keeps it', () => {
    expect(loadCliConfig({ NAVWORLD_EPOCH_SALT: ` ${'s'.repeat(256)} ` }).salt).toHaveLength(256);
    expect(() => loadCliConfig({ NAVWORLD_EPOCH_SALT: 's'.repeat(257) })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_ERROR',
        message: expect.stringContaining('NAVWORLD_EPOCH_SALT'),
      }),
    );
  });

  it('checks the tool cache variables', () => {
    for (const env of [
      { NAVWORLD_CACHE: 'bogus' },
      { NAVWORLD_CACHE: 'SQLITE' },
      { NAVWORLD_CACHE_MAX_ENTRIES: '0' },
      { NAVWORLD_CACHE_MAX_ENTRIES: '1.5' },
      { NAVWORLD_CACHE_MAX_ENTRIES: 'many' },
    ]) {
      const name = Object.keys(env)[0]!;
      expect(() => loadCliConfig(env), name).toThrow(
        expect.objectContaining({
          code: 'CONFIG_ERROR',
          message: expect.stringMatching(new RegExp(`^invalid environment: ${name}: `)),
        }),
      );
    }
    for (const kind of ['memory', 'sqlite', 'none', ' sqlite ', ''])
      expect(() =>
        loadCliConfig({ NAVWORLD_CACHE: kind, NAVWORLD_CACHE_MAX_ENTRIES: '10' }),
      ).not.toThrow();
  });

  it('takes only http(s) endpoints', () => {
    for (const key of ['NAVWORLD_BASE_URL', 'NAVWORLD_JUDGE_BASE_URL']) {
      for (const url of ['ftp://x', 'file:///etc/passwd', 'javascript:alert(1)']) {
        expect(() => loadCliConfig({ [key]: url }), `${key}=${url}`).toThrow(
          expect.objectContaining({
            code: 'CONFIG_ERROR',
            message: expect.stringContaining(`${key}: must be an http(s) URL`),
          }),
        );
      }
    }
    expect(loadCliConfig({ NAVWORLD_BASE_URL: 'http://127.0.0.1:8000/v1' }).baseUrl).toBe(
      'http://127.0.0.1:8000/v1',
    );
  });
});

describe('final-answer rule', () => {
  const long = (s: string): string => s + '。'.repeat(200);
  it('needs 200 code points and a keyword of the type', () => {
    expect(isSubstantiveAnswer(null, 'intercity')).toBe(false);
    expect(isSubstantiveAnswer('航班'.repeat(100), 'intercity')).toBe(true);
    expect(isSubstantiveAnswer('航班'.repeat(99), 'intercity')).toBe(false);
    expect(isSubstantiveAnswer(long('推荐乘坐航班'), 'multiday')).toBe(false);
    expect(isSubstantiveAnswer(long('第 3 天'), 'multiday')).toBe(true);
    expect(isSubstantiveAnswer(long('Day 2'), 'hybrid')).toBe(true);
    expect(isSubstantiveAnswer(long('商务'), 'business')).toBe(true);
    expect(isSubstantiveAnswer(long('科技馆'), 'family_study')).toBe(true);
    expect(isSubstantiveAnswer(long('  ') + '   ', 'food_tour')).toBe(false);
  });

  it('lists what each type must contain and forbids more tool calls', () => {
    const text = finalAnswerPrompt('business');
    expect(text).toContain('商务酒店');
    expect(text).toContain('不要再调用任何工具');
  });
});

describe('truncateForModel', () => {
  it('keeps short texts and cuts long ones at a line break with the full length noted', () => {
    expect(truncateForModel('abc', 10)).toBe('abc');
    const text = `${'a'.repeat(8)}\n${'b'.repeat(8)}`;
    expect(truncateForModel(text, 12)).toBe(`${'a'.repeat(8)}\n... (truncated, 17 chars total)`);
    expect(truncateForModel('x'.repeat(30), 10)).toBe(
      `${'x'.repeat(10)}\n... (truncated, 30 chars total)`,
    );
  });
});
