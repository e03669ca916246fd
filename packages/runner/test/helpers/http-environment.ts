import type { Environment, ResetResult } from '../../src/environment/environment';
import { httpReset, httpStep } from './http-stepper';

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
  env.step = (input) => httpStep(base(), input);

  /** Opens an episode over HTTP; the next `env.reset` for that task returns it. */
  async function prefetchReset(taskId: number): Promise<void> {
    const opened = await httpReset(base(), taskId);
    const list = pending.get(taskId) ?? [];
    list.push(opened);
    pending.set(taskId, list);
  }

  return { serverEnv, prefetchReset };
}
