/* eslint-disable @typescript-eslint/no-explicit-any -- HTTP answers are untyped JSON checked by assertions. */
import type {
  Environment,
  EnvironmentStepResult,
  ResetResult,
} from '../../src/environment/environment';
import { post } from './http';

/**
 * Routes an environment's episodes through an HTTP server that serves the same in-memory environment, so
 * that the reference agent (which needs the environment's internals to build its result) plays every step
 * over real sockets. Returns the environment copy the server must serve; `env` itself is rewired so that
 * `step` goes over HTTP and `reset` hands out episodes opened over HTTP with {@link prefetchReset}.
 */
export function routeThroughHttp(env: Environment, base: () => string) {
  const serverEnv: Environment = { ...env };
  const pending = new Map<number, ResetResult[]>();

  env.reset = (input) => {
    const list = pending.get(input.taskId);
    const next = list?.shift();
    if (next === undefined) throw new Error(`no prefetched reset for task ${input.taskId}`);
    return next;
  };
  env.step = async (input): Promise<EnvironmentStepResult> => {
    const answer = await post(base(), '/v1/step', {
      episode_id: input.episodeId,
      tool_calls: input.toolCalls ?? null,
      content: input.content ?? null,
    });
    if (answer.status !== 200) throw new Error(`step answered ${answer.status}: ${answer.text}`);
    const j = answer.json;
    return {
      episodeId: j.episode_id,
      step: j.step,
      reward: j.reward,
      done: j.done,
      truncated: j.truncated,
      info: j.info,
      observation: j.observation,
      observations: j.observations.map((o: any) => ({
        toolCallId: o.tool_call_id,
        name: o.name,
        ok: o.ok,
        ...(o.error_code === undefined ? {} : { errorCode: o.error_code }),
        text: o.text,
        reward: o.reward,
      })),
    };
  };

  /** Opens an episode over HTTP; the next `env.reset` for that task returns it. */
  async function prefetchReset(taskId: number): Promise<void> {
    const answer = await post(base(), '/v1/reset', { task_id: taskId });
    if (answer.status !== 200) throw new Error(`reset answered ${answer.status}: ${answer.text}`);
    const j = answer.json;
    const list = pending.get(taskId) ?? [];
    list.push({
      episodeId: j.episode_id,
      messages: j.messages,
      tools: j.tools,
      problem: j.problem,
      observation: j.observation,
      epoch: j.epoch,
    });
    pending.set(taskId, list);
  }

  return { serverEnv, prefetchReset };
}
