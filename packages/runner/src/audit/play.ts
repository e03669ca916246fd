import type { EpisodeResult, ToolCall, ToolObservation, TravelProblem } from '@navworld/core-types';
import { internalsOf, type Environment } from '../environment/environment';

/** One batch of tool calls: name and arguments (JSON text or an object). */
export interface ScriptedCall {
  name: string;
  arguments: string | Record<string, unknown>;
}

/** What a scripted episode needs: the tool batches, then the answer written from what came back. */
export interface EpisodeScript {
  /** Agent name recorded in the result. */
  agent: string;
  /** Tool batches, one `step` each (at most 15 are executed as tool steps). */
  batches: (problem: TravelProblem) => ScriptedCall[][];
  /** The final answer, written from the problem and every observation received. */
  answer: (problem: TravelProblem, observations: ToolObservation[]) => string;
}

/**
 * Plays one task with a script through the public `step` API and returns the scored episode. The episode
 * is removed from the environment afterwards, like the reference agent's.
 */
export async function playScript(
  env: Environment,
  taskId: number,
  script: EpisodeScript,
): Promise<EpisodeResult> {
  const internals = internalsOf(env);
  const startedAtMs = internals.clock();
  const { episodeId, problem } = env.reset({ taskId });
  const observations: ToolObservation[] = [];
  let seq = 0;
  for (const batch of script.batches(problem)) {
    if (batch.length === 0) continue;
    const toolCalls: ToolCall[] = batch.map((call) => ({
      id: `call_${script.agent}_${++seq}`,
      type: 'function',
      function: {
        name: call.name,
        arguments:
          typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
      },
    }));
    const step = await env.step({ episodeId, toolCalls });
    observations.push(...step.observations);
    if (step.done) break;
  }
  if (env.getEpisode(episodeId)?.done !== true) {
    await env.step({ episodeId, content: script.answer(problem, observations) });
  }
  const result = internals.resultOf(episodeId, { agent: script.agent, model: null, startedAtMs });
  internals.remove(episodeId);
  return result;
}

/** The tool batches an episode made, read back from its assistant messages (for replaying them). */
export function batchesOf(result: EpisodeResult): ScriptedCall[][] {
  const batches: ScriptedCall[][] = [];
  for (const message of result.messages) {
    if (message.role === 'assistant' && message.tool_calls && message.tool_calls.length > 0) {
      batches.push(
        message.tool_calls.map((c) => ({ name: c.function.name, arguments: c.function.arguments })),
      );
    }
  }
  return batches;
}
