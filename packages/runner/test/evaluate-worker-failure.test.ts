// `navworld evaluate` with several workers in one thread, when one of them fails unexpectedly: the others take no
// new task, finish the episode they are playing (it is recorded), and the store closes once, after them all.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { NavworldError } from '@navworld/core-types';
import type * as ReferenceAgent from '../src/agent/reference-agent';
import { evaluateCommand } from '../src/commands/evaluate';
import { loadCliConfig } from '../src/config';

/** What the reference agent below was asked to play, and which tasks go wrong or slowly. */
const agent = vi.hoisted(() => ({
  started: [] as number[],
  finished: [] as number[],
  failing: new Set<number>(),
  slowMs: new Map<number, number>(),
}));

// The real agent, except that a failing task throws as a bug would, and a slow one waits before it plays.
vi.mock('../src/agent/reference-agent', async (importOriginal) => {
  const actual = await importOriginal<typeof ReferenceAgent>();
  return {
    ...actual,
    runReferenceAgent: async (...args: Parameters<typeof actual.runReferenceAgent>) => {
      const taskId = args[1];
      agent.started.push(taskId);
      await new Promise((resolve) => setTimeout(resolve, agent.slowMs.get(taskId) ?? 0));
      if (agent.failing.has(taskId)) throw new TypeError(`a bug met in task ${taskId}`);
      const result = await actual.runReferenceAgent(...args);
      agent.finished.push(taskId);
      return result;
    },
  };
});

describe('evaluate when one worker fails', () => {
  it('lets the others finish the episode under way, takes no new task, and ends with a typed error', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'navworld-worker-failure-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const out = join(dir, 'failed.jsonl');
    // Two workers: task 0 plays slowly while task 1 fails at once.
    agent.slowMs.set(0, 300);
    agent.failing.add(1);
    const notes: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    let error: unknown;
    try {
      await evaluateCommand(
        { agent: 'reference', tasks: '0-5', concurrency: 2, out },
        loadCliConfig({}),
        {
          now: Date.UTC(2026, 0, 5),
          env: {},
          err: (text) => void notes.push(text),
          isTty: false,
          onInterrupt: () => () => undefined,
        },
      );
    } catch (e) {
      error = e;
    } finally {
      log.mockRestore();
    }
    expect(error).toBeInstanceOf(NavworldError);
    expect(error).toMatchObject({
      code: 'INTERNAL',
      message: expect.stringContaining('task 1 (repeat 0) failed: TypeError: a bug met in task 1'),
      hint: expect.stringContaining('--resume'),
    });
    // The slow episode was finished and written before the store closed; no task started after the failure.
    expect(agent.started).toEqual([0, 1]);
    expect(agent.finished).toEqual([0]);
    const lines = (await readFile(out, 'utf8')).split('\n').filter((l) => l !== '');
    expect(lines.map((l) => (JSON.parse(l) as { taskId: number }).taskId)).toEqual([0]);
    expect(existsSync(`${out}.lock`)).toBe(false);
    expect(notes.join('')).toMatch(
      /^stopped: 1 episode\(s\) written to .*failed\.jsonl by this run; run again with --resume/m,
    );
  }, 60_000);
});
