import type { ReferenceStepper } from '../../src/agent/reference-agent';
import { createServerClient, type ServerClient } from '../../src/client/server-client';
import type { EnvironmentStepResult, ResetResult } from '../../src/environment/environment';
import type { StepInput } from '../../src/environment/schemas';

const clients = new Map<string, ServerClient>();

/** The package's server client for `base` (one per base URL, so its kept-alive connections are reused). */
export function httpClient(base: string): ServerClient {
  let client = clients.get(base);
  if (client === undefined) {
    client = createServerClient({ baseUrl: base });
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
