// `evaluate --resume` after the weekly epoch has turned: the run goes on in the world it started in, and
// stops when it cannot read which world that was.
import { existsSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  EpisodeResultSchema,
  NavworldError,
  epochAt,
  type EpisodeResult,
} from '@navworld/core-types';
import { evaluateCommand, type EvaluateIo } from '../src/commands/evaluate';
import { loadCliConfig } from '../src/config';

/** Paths whose next opening for reading fails once with EIO, as a flaky disk or network mount would. */
const failing = vi.hoisted(() => new Set<string>());

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  return {
    ...actual,
    open: async (...args: Parameters<typeof actual.open>) => {
      const [path, flags] = args;
      if (typeof path === 'string' && (flags ?? 'r') === 'r' && failing.delete(path))
        throw Object.assign(new Error(`EIO: i/o error, open '${path}'`), { code: 'EIO' });
      return actual.open(...args);
    },
  };
});

const WEEK_1 = Date.UTC(2026, 0, 5);
const WEEK_2 = Date.UTC(2026, 0, 12);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'navworld-resume-epoch-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function io(now: number, notes: string[]): EvaluateIo {
  return {
    now,
    env: {},
    err: (text) => void notes.push(text),
    isTty: false,
    onInterrupt: () => () => undefined,
  };
}

async function evaluate(
  now: number,
  options: {
    out: string;
    tasks: string;
    resume?: boolean;
    force?: boolean;
    salt?: string;
    now?: string;
  },
): Promise<{ code: number; notes: string }> {
  const notes: string[] = [];
  // The summary table goes to stdout; these tests read the results files.
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const code = await evaluateCommand(
      { agent: 'reference', concurrency: 1, ...options },
      loadCliConfig({}),
      io(now, notes),
    );
    return { code, notes: notes.join('') };
  } finally {
    log.mockRestore();
  }
}

async function records(path: string): Promise<EpisodeResult[]> {
  const text = await readFile(path, 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => EpisodeResultSchema.parse(JSON.parse(line)));
}

/** What an episode's world decides: its problem, the tool results and the score (ids and timings aside). */
function played(r: EpisodeResult) {
  return {
    taskId: r.taskId,
    epoch: r.epoch,
    problem: r.problem,
    results: r.trace.map((t) => t.resultText),
    answer: r.answer,
    total: r.total,
  };
}

describe('evaluate --resume across the weekly epoch', () => {
  it('continues in the epoch of the results file, as if the run had not stopped', async () => {
    const whole = join(dir, 'whole.jsonl');
    expect((await evaluate(WEEK_1, { out: whole, tasks: '0-3' })).code).toBe(0);
    const resumed = join(dir, 'resumed.jsonl');
    expect((await evaluate(WEEK_1, { out: resumed, tasks: '0-3' })).code).toBe(0);
    // Stopped after two episodes …
    const lines = (await readFile(resumed, 'utf8')).split('\n');
    await writeFile(resumed, `${lines.slice(0, 2).join('\n')}\n`);
    // … and resumed a week later.
    const later = await evaluate(WEEK_2, { out: resumed, tasks: '0-3', resume: true });
    expect(later.code).toBe(0);
    const first = epochAt(WEEK_1);
    expect(later.notes).toContain(
      `resuming in the epoch of ${resumed}: salt ${first.salt}, week of 2026-01-01`,
    );
    const got = await records(resumed);
    expect(got.map((r) => r.taskId)).toEqual([0, 1, 2, 3]);
    for (const r of got) expect(r.epoch).toEqual(first);
    expect(got.map(played)).toEqual((await records(whole)).map(played));
    // The next week's world is another one: the resumed episodes are not from it.
    const fresh = join(dir, 'week-2.jsonl');
    expect((await evaluate(WEEK_2, { out: fresh, tasks: '2-3' })).code).toBe(0);
    const week2 = await records(fresh);
    expect(week2[0]!.epoch).toEqual(epochAt(WEEK_2));
    expect(week2.map((r) => r.trace.map((t) => t.resultText))).not.toEqual(
      got.slice(2).map((r) => r.trace.map((t) => t.resultText)),
    );
  }, 120_000);

  it('says nothing when the epoch has not turned, and still refuses a salt that names another world', async () => {
    const out = join(dir, 'same-week.jsonl');
    expect((await evaluate(WEEK_1, { out, tasks: '0' })).code).toBe(0);
    const again = await evaluate(WEEK_1 + 3_600_000, { out, tasks: '0-1', resume: true });
    expect(again.code).toBe(0);
    expect(again.notes).not.toContain('resuming in the epoch');
    await expect(
      evaluate(WEEK_2, { out, tasks: '0-2', resume: true, salt: 'another' }),
    ).rejects.toMatchObject({
      code: 'VERSION_MISMATCH',
      message: expect.stringContaining('recorded in another epoch'),
    });
    // --now naming another week than the file's is refused: the file stays in one world.
    await expect(
      evaluate(WEEK_2, { out, tasks: '0-2', resume: true, now: '2026-01-12' }),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining(
        '--now names the week of 2026-01-08, but ' +
          out +
          ' was recorded in the week of 2026-01-01',
      ),
    });
    // A salt that is the recorded one continues the run in its week too.
    const first = epochAt(WEEK_1);
    const pinned = await evaluate(WEEK_2, { out, tasks: '0-2', resume: true, salt: first.salt });
    expect(pinned.code).toBe(0);
    expect((await records(out)).map((r) => r.epoch)).toEqual([first, first, first]);
  }, 120_000);
});

describe('evaluate --resume when the recorded epoch cannot be read', () => {
  it('fails with IO_ERROR and a hint, and leaves the file and no lock behind', async () => {
    const out = join(dir, 'unreadable.jsonl');
    expect((await evaluate(WEEK_1, { out, tasks: '0' })).code).toBe(0);
    const before = await readFile(out, 'utf8');
    // A week later, the first read of the file fails; --force would let a run of another epoch append.
    failing.add(out);
    let error: unknown;
    try {
      await evaluate(WEEK_2, { out, tasks: '0-1', resume: true, force: true });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NavworldError);
    expect(error).toMatchObject({
      code: 'IO_ERROR',
      message: `cannot read results file ${out} (EIO)`,
      hint: expect.stringMatching(/\S/),
    });
    expect(await readFile(out, 'utf8')).toBe(before);
    expect(existsSync(`${out}.lock`)).toBe(false);
  }, 60_000);
});
