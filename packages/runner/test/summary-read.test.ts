// Summaries read a results file without the conversations and tool texts (`readResults` with `summaryOnly`):
// the summary of such a reading must be exactly the summary of the whole records.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReferenceAgent } from '../src/agent/reference-agent';
import { createEnvironment } from '../src/environment/environment';
import { readResults } from '../src/results/store';
import { summarize } from '../src/stats/summary';
import { syntheticResult } from './helpers/synthetic';

let dir: string;
let path: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'navworld-summary-read-'));
  path = join(dir, 'results.jsonl');
  const env = createEnvironment({ salt: 'summary-read', now: Date.UTC(2026, 0, 5), env: {} });
  const records: unknown[] = [];
  for (let taskId = 0; taskId < 14; taskId++) records.push(await runReferenceAgent(env, taskId));
  await env.close();
  // Failed calls and an episode an outage left unscored, then retried.
  records.push(
    syntheticResult({
      taskId: 40,
      tools: [
        { name: 'poi_search', ok: false, errorCode: 'NO_RESULTS' },
        { name: 'weather', ok: true },
      ],
    }),
    syntheticResult({ taskId: 41, valid: false, error: 'PROVIDER_TIMEOUT: slow' }),
    syntheticResult({ taskId: 41 }),
  );
  await writeFile(path, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readResults for summaries', () => {
  it('gives the summary of the whole records, without their conversations or tool texts', async () => {
    const whole = await readResults(path);
    const lean = await readResults(path, { summaryOnly: true });
    expect(lean.results).toHaveLength(whole.results.length);
    expect(lean.supersededLines).toBe(1);
    expect(summarize(lean.results)).toEqual(summarize(whole.results));
    expect(summarize(lean.results, { seed: 'lean', passThreshold: 40 })).toEqual(
      summarize(whole.results, { seed: 'lean', passThreshold: 40 }),
    );
    for (const r of lean.results) {
      expect(r.messages).toEqual([]);
      expect(r.answer).toBe('');
      expect(r.trace.every((t) => t.resultText === '' && t.rawArguments === '')).toBe(true);
    }
    // What is left is a small part of the records.
    const size = (x: unknown): number => JSON.stringify(x).length;
    expect(size(lean.results)).toBeLessThan(size(whole.results) / 2);
    expect(whole.results.some((r) => r.messages.length > 0)).toBe(true);
  }, 60_000);
});
