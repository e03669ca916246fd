import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ARGUMENT_DEPTH } from '@navworld/tools';
import { createEnvironment, type Environment } from '../src/environment/environment';
import { startServer, type RunningServer } from '../src/server/start';
import { FIXED_NOW, assertValidConversation } from './helpers/episode';
import { post } from './helpers/http';

const DEPTH = 5_000;
// Built as text: JSON.stringify of the object form would itself overflow the stack.
const DEEP_TEXT = `{"city":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`;
const DEEP_OBJECT = JSON.parse(DEEP_TEXT) as Record<string, unknown>;
const WEATHER = {
  id: 'c2',
  type: 'function' as const,
  function: { name: 'weather', arguments: '{"city":"杭州"}' },
};

function deepCall(form: 'string' | 'object') {
  return {
    id: 'c1',
    type: 'function' as const,
    function: { name: 'weather', arguments: form === 'string' ? DEEP_TEXT : DEEP_OBJECT },
  };
}

describe('tool arguments nested 5,000 deep, in process', () => {
  let env: Environment;
  beforeAll(() => {
    env = createEnvironment({ salt: 'deep-arguments', now: FIXED_NOW, env: {} });
  });
  afterAll(async () => {
    await env.close();
  });

  it.each(['string', 'object'] as const)(
    'answers the %s form with an INVALID_JSON observation and goes on',
    async (form) => {
      const { episodeId } = env.reset({ taskId: 7 });
      const first = await env.step({ episodeId, toolCalls: [deepCall(form)] });
      expect(first).toMatchObject({ step: 1, done: false });
      expect(first.observations).toHaveLength(1);
      expect(first.observations[0]).toMatchObject({
        toolCallId: 'c1',
        ok: false,
        errorCode: 'INVALID_JSON',
      });
      expect(first.observations[0]!.text).toContain(`${MAX_ARGUMENT_DEPTH} 层`);

      const second = await env.step({ episodeId, toolCalls: [WEATHER] });
      expect(second).toMatchObject({ step: 2, done: false });
      expect(second.observations[0]).toMatchObject({ toolCallId: 'c2', ok: true });

      const episode = env.getEpisode(episodeId)!;
      expect(episode.step).toBe(2);
      expect(assertValidConversation(episode.messages)).toBeNull();
      expect(episode.messages.map((m) => m.role)).toEqual([
        'system',
        'user',
        'assistant',
        'tool',
        'assistant',
        'tool',
      ]);
      // The refused call is kept as text only, so nothing downstream walks its nesting.
      expect(episode.trace[0]).toMatchObject({ callId: 'c1', arguments: {}, ok: false });
      expect(episode.trace[0]!.rawArguments).toMatch(/^\{"city":\[\[\[/);
    },
  );

  it('leaves the episode unchanged when the step input cannot be recorded', async () => {
    const { episodeId } = env.reset({ taskId: 7 });
    await env.step({ episodeId, toolCalls: [WEATHER] });
    const before = env.getEpisode(episodeId)!;
    const loop: Record<string, unknown> = { city: '杭州' };
    loop['self'] = loop;
    await expect(
      env.step({
        episodeId,
        toolCalls: [{ id: 'c9', function: { name: 'weather', arguments: loop } }],
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(env.getEpisode(episodeId)).toEqual(before);
    const next = await env.step({ episodeId, toolCalls: [{ ...WEATHER, id: 'c3' }] });
    expect(next.step).toBe(2);
  });
});

describe('tool arguments nested 5,000 deep, over HTTP', () => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await startServer({
      port: 0,
      environmentOptions: { salt: 'deep-arguments-http', now: FIXED_NOW },
      log: () => undefined,
      allowedBaseUrls: [],
    });
  });
  afterAll(async () => {
    await running.close();
  });

  it.each(['string', 'object'] as const)(
    'answers the %s form with a tool observation, not a 500',
    async (form) => {
      const reset = await post(running.url, '/v1/reset', { task_id: 7 });
      expect(reset.status).toBe(200);
      const episodeId: string = reset.json.episode_id;
      const args = form === 'string' ? JSON.stringify(DEEP_TEXT) : DEEP_TEXT;
      const body = `{"episode_id":"${episodeId}","tool_calls":[{"id":"c1","type":"function","function":{"name":"weather","arguments":${args}}}]}`;
      const first = await post(running.url, '/v1/step', body);
      expect(first.status, first.text.slice(0, 300)).toBe(200);
      expect(first.json).toMatchObject({ step: 1, done: false });
      expect(first.json.observations[0]).toMatchObject({
        tool_call_id: 'c1',
        ok: false,
        error_code: 'INVALID_JSON',
      });

      const second = await post(running.url, '/v1/step', {
        episode_id: episodeId,
        tool_calls: [WEATHER],
      });
      expect(second.status).toBe(200);
      expect(second.json).toMatchObject({ step: 2, done: false });
      expect(second.json.observations[0]).toMatchObject({ tool_call_id: 'c2', ok: true });

      const episode = running.server.environment.getEpisode(episodeId)!;
      expect(assertValidConversation(episode.messages)).toBeNull();
      expect(episode.messages.filter((m) => m.role === 'tool')).toHaveLength(2);
    },
  );
});
