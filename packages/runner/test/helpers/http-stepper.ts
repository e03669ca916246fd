import type { ReferenceStepper } from '../../src/agent/reference-agent';
import { createServerClient, type ServerClient } from '../../src/client/server-client';
import type { EnvironmentStepResult, ResetResult } from '../../src/environment/environment';
import type { StepInput } from '../../src/environment/schemas';
import { http } from './http';

/**
 * `fetch` over node:http with the keep-alive agent of {@link http}, for the client of the tests and the
 * server bench, which counts the client's CPU per step: the global fetch costs about 0.6–1 ms more per
 * step there. The answer is a `Response` whose `text()` returns the body already read, since reading it
 * through a web stream would add about 0.2 ms per step. It has no deadline (`timeoutMs` does not apply).
 */
export const keepAliveFetch: typeof fetch = async (input, init) => {
  const headers = Object.fromEntries(new Headers(init?.headers));
  const body = typeof init?.body === 'string' ? init.body : undefined;
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  // The client parses the text itself: skip the helper's own JSON parse.
  const answer = await http(url, init?.method ?? 'GET', '', body, headers, false);
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers))
    if (typeof value === 'string') responseHeaders.set(name, value);
  const response = new Response(null, { status: answer.status, headers: responseHeaders });
  // An own property: the Response that @hono/node-server installs globally has a read-only `text`.
  Object.defineProperty(response, 'text', { value: () => Promise.resolve(answer.text) });
  return response;
};

const clients = new Map<string, ServerClient>();

/** The package's server client for `base`, over {@link keepAliveFetch} (one per base URL). */
export function httpClient(base: string): ServerClient {
  let client = clients.get(base);
  if (client === undefined) {
    client = createServerClient({ baseUrl: base, fetch: keepAliveFetch });
    clients.set(base, client);
  }
  return client;
}

/** Opens an episode on a NAVWORLD server: `POST /v1/reset`, its answer in the library's camelCase. */
export function httpReset(base: string, taskId: number): Promise<ResetResult> {
  return httpClient(base).reset({ taskId });
}

/** One step on a NAVWORLD server: `POST /v1/step`, its answer in the library's camelCase. */
export function httpStep(base: string, input: StepInput): Promise<EnvironmentStepResult> {
  return httpClient(base).step(input);
}

/** A stepper for {@link playReferenceEpisode} that plays the episodes of the server at `base`. */
export function httpStepper(base: string): ReferenceStepper {
  return httpClient(base);
}
