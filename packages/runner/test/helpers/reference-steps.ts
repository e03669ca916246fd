import type { Environment, EnvironmentStepResult } from '../../src/environment/environment';
import type { StepInput } from '../../src/environment/schemas';
import { runReferenceAgent } from '../../src/agent/reference-agent';

/**
 * Watches an environment's steps: the inputs of each episode in order (the reference agent is deterministic,
 * so they can be replayed elsewhere) and each episode's final-step result.
 */
export function watchSteps(env: Environment): {
  inputs: Map<string, StepInput[]>;
  finals: Map<string, EnvironmentStepResult>;
} {
  const original = env.step.bind(env);
  const inputs = new Map<string, StepInput[]>();
  const finals = new Map<string, EnvironmentStepResult>();
  env.step = async (input) => {
    const list = inputs.get(input.episodeId) ?? [];
    list.push(input);
    inputs.set(input.episodeId, list);
    const result = await original(input);
    if (result.done) finals.set(input.episodeId, result);
    return result;
  };
  return { inputs, finals };
}

/** The reference agent's step inputs per task, recorded by playing each task once in `env`. */
export async function recordReferenceSteps(
  env: Environment,
  tasks: readonly number[],
): Promise<Map<number, StepInput[]>> {
  const { inputs } = watchSteps(env);
  const out = new Map<number, StepInput[]>();
  for (const taskId of tasks) {
    const result = await runReferenceAgent(env, taskId);
    out.set(taskId, inputs.get(result.episodeId) ?? []);
  }
  return out;
}
