/* eslint-disable @typescript-eslint/no-explicit-any -- HTTP answers are untyped JSON, mapped field by field. */
import type { ReferenceStepper } from '../../src/agent/reference-agent';
import type { EnvironmentStepResult, ResetResult } from '../../src/environment/environment';
import type { StepInput } from '../../src/environment/schemas';
import { post } from './http';

/** POSTs JSON → the decoded answer; anything but a 200 throws. */
async function postOk(base: string, path: string, body: unknown): Promise<any> {
  const answer = await post(base, path, body);
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.text}`);
  return answer.json;
}

/** Opens an episode on a NAVWORLD server: `POST /v1/reset`, its answer in the library's camelCase. */
export async function httpReset(base: string, taskId: number): Promise<ResetResult> {
  const j = await postOk(base, '/v1/reset', { task_id: taskId });
  return {
    episodeId: j.episode_id,
    messages: j.messages,
    tools: j.tools,
    problem: j.problem,
    observation: j.observation,
    epoch: j.epoch,
  };
}

/** One step on a NAVWORLD server: `POST /v1/step`, its answer in the library's camelCase. */
export async function httpStep(base: string, input: StepInput): Promise<EnvironmentStepResult> {
  const j = await postOk(base, '/v1/step', {
    episode_id: input.episodeId,
    tool_calls: input.toolCalls ?? null,
    content: input.content ?? null,
  });
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
}

/** A stepper for {@link playReferenceEpisode} that plays the episodes of the server at `base`. */
export function httpStepper(base: string): ReferenceStepper {
  return { step: (input) => httpStep(base, input) };
}
