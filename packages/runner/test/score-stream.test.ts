// `navworld score` reads a results file twice, a chunk at a time, and prints each row once its batch is scored.
// These tests pin what that must not change: every kept record scored as a single call scores it, in file
// order, with failed records listed in place; the JSON laid out as one stringify of all rows; any bad record
// stopping the command before a row is printed; and records appended while it runs left for another time.
import { appendFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NavworldError, type EpisodeResult } from '@navworld/core-types';
import { scoreEpisodeSync } from '@navworld/scorer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReferenceAgent } from '../src/agent/reference-agent';
import { scoreCommand } from '../src/commands/score';
import { createEnvironment, type Environment } from '../src/environment/environment';
import { EXIT_CODES } from '../src/internal/cli-support';

const NOW = Date.UTC(2026, 0, 5);
let env: Environment;
let dir: string;
/** Seven played episodes, one per problem type. */
const played: EpisodeResult[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'navworld-score-stream-'));
  env = createEnvironment({ salt: 'score-stream', now: NOW, env: {}, maxEpisodes: 100 });
  for (let taskId = 0; taskId < 7; taskId++) played.push(await runReferenceAgent(env, taskId));
}, 120_000);

afterAll(async () => {
  await env.close();
  await rm(dir, { recursive: true, force: true });
});

/** The record of a played episode as another repeat of it. */
function asRepeat(e: EpisodeResult, repeat: number): EpisodeResult {
  return { ...e, repeat };
}

/** The record a run writes when an episode failed for an infrastructure reason. */
function failedRecord(taskId: number, repeat: number, error: string): Record<string, unknown> {
  return {
    taskId,
    repeat,
    agent: 'reference',
    model: null,
    validForScoring: false,
    outcome: 'error',
    error,
  };
}

async function score(
  path: string,
  json = false,
  onPrint?: (line: string) => void,
): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await scoreCommand(
    { episode: path, json },
    undefined,
    (line) => err.push(line),
    (line) => {
      out.push(line);
      onPrint?.(line);
    },
  );
  return { code, out, err };
}

function jsonl(records: readonly unknown[]): string {
  return records.map((r) => `${JSON.stringify(r)}\n`).join('');
}

describe('navworld score on a file of many records', () => {
  it('scores more than two batches as single calls score each episode, in file order', async () => {
    // 75 episodes: two full batches of 32 and a part batch, with failed records between them.
    const records: unknown[] = [];
    const expected: Array<{ taskId: number; scored: boolean; total: number | null }> = [];
    for (let i = 0; i < 75; i++) {
      const e = asRepeat(played[i % 7]!, Math.floor(i / 7));
      records.push(e);
      const b = scoreEpisodeSync({ problem: e.problem, trace: e.trace, answer: e.answer });
      expected.push({ taskId: e.taskId, scored: true, total: b.total });
      if (i % 20 === 5) {
        records.push(failedRecord(100 + i, 0, `MODEL_ERROR: HTTP 503 (${i})`));
        expected.push({ taskId: 100 + i, scored: false, total: null });
      }
    }
    const path = join(dir, 'many.jsonl');
    await writeFile(path, jsonl(records));
    const { code, out } = await score(path, true);
    // Failed records: exit 4, and their causes on stderr.
    expect(code).toBe(EXIT_CODES.invalidEpisodes);
    const text = out.join('\n');
    const rows = JSON.parse(text) as Array<Record<string, unknown>>;
    expect(
      rows.map((r) => ({ taskId: r['taskId'], scored: r['scored'], total: r['total'] })),
    ).toEqual(expected);
    // The same bytes as one stringify of all rows.
    expect(text).toBe(JSON.stringify(rows, null, 2));
    // Each record scores as the environment scored it when it was played.
    for (const row of rows.filter((r) => r['scored'] === true)) expect(row['matches']).toBe(true);
  }, 120_000);

  it('prints the text rows in file order and leaves out a failed record a retry replaced', async () => {
    const [a, b] = played as [EpisodeResult, EpisodeResult];
    const path = join(dir, 'retried.jsonl');
    await writeFile(
      path,
      jsonl([failedRecord(b.taskId, 0, 'MODEL_ERROR: timeout'), a, b, failedRecord(9, 0, 'IO')]),
    );
    const { code, out, err } = await score(path);
    expect(out).toEqual([
      expect.stringMatching(new RegExp(`^task ${a.taskId}: total ${a.total}, code .*\\(same\\)$`)),
      expect.stringMatching(new RegExp(`^task ${b.taskId}: total ${b.total}, code .*\\(same\\)$`)),
      'task 9: not scored (IO)',
    ]);
    expect(err).toContain(
      'left out 1 failed record(s) that a later record of the same episode replaces',
    );
    expect(code).toBe(EXIT_CODES.invalidEpisodes);
  });

  it('prints one object for a single record, and reads a pretty-printed episode and a byte-order mark', async () => {
    const e = played[3]!;
    const line = join(dir, 'one.jsonl');
    await writeFile(line, jsonl([e]));
    const fromLine = await score(line, true);
    expect(fromLine.code).toBe(0);
    const row = JSON.parse(fromLine.out.join('\n')) as Record<string, unknown>;
    expect(row['total']).toBe(e.total);
    const pretty = join(dir, 'one.json');
    await writeFile(pretty, JSON.stringify(e, null, 2));
    const fromDocument = await score(pretty, true);
    expect(fromDocument.out).toEqual(fromLine.out);
    // Saved by an editor that starts files with a byte-order mark, with or without a last newline.
    for (const text of [`\uFEFF${JSON.stringify(e)}`, `\uFEFF${jsonl([e, e])}`]) {
      await writeFile(pretty, text);
      const withBom = await score(pretty);
      expect(withBom.out).toEqual(
        Array(text.endsWith('\n') ? 2 : 1).fill(expect.stringMatching(/\(same\)$/)),
      );
    }
  });

  it('checks every record before it prints a row', async () => {
    const records: unknown[] = played.map((e, i) => asRepeat(e, i));
    // Record 41, after a batch and more: valid JSON, but no episode.
    for (let i = 7; i < 40; i++) records.push(asRepeat(played[i % 7]!, i));
    records.push({ taskId: 1, answer: 'no problem, no trace' });
    const path = join(dir, 'bad-late.jsonl');
    await writeFile(path, jsonl(records));
    const printed: string[] = [];
    const failureOf = (): Promise<NavworldError> =>
      score(path, false, (line) => printed.push(line)).then(
        () => {
          throw new Error('scored a file with a bad record');
        },
        (error: unknown) => {
          expect(error).toBeInstanceOf(NavworldError);
          return error as NavworldError;
        },
      );
    const invalid = await failureOf();
    expect(invalid.code).toBe('VALIDATION_FAILED');
    expect(invalid.message).toContain('episode #41');
    expect(printed).toEqual([]);
    // A line that is not JSON in the middle, likewise.
    await writeFile(path, `${jsonl(records.slice(0, 35))}{"cut\n${jsonl(records.slice(35, 40))}`);
    const notJson = await failureOf();
    expect(notJson.code).toBe('IO_ERROR');
    expect(notJson.message).toMatch(/line 36 is not JSON/);
    expect(printed).toEqual([]);
  });

  it('leaves records appended while it runs for another time', async () => {
    const records = Array.from({ length: 40 }, (_, i) => asRepeat(played[i % 7]!, i));
    const path = join(dir, 'growing.jsonl');
    await writeFile(path, jsonl(records));
    let appended = false;
    const { code, out } = await score(path, false, () => {
      // A run still writing to the file, after the first batch is printed.
      if (appended) return;
      appended = true;
      appendFileSync(path, jsonl([asRepeat(played[0]!, 99), asRepeat(played[1]!, 99)]));
    });
    expect(code).toBe(0);
    expect(out).toHaveLength(40);
    expect(out.every((l) => l.endsWith('(same)'))).toBe(true);
    // The next command sees them.
    expect((await score(path)).out).toHaveLength(42);
  });

  it('stops with a file error when the file is cut while it is scored', async () => {
    const records = Array.from({ length: 40 }, (_, i) => asRepeat(played[i % 7]!, i));
    const path = join(dir, 'shrinking.jsonl');
    await writeFile(path, jsonl(records));
    let cut = false;
    const failure = await score(path, true, () => {
      if (cut) return;
      cut = true;
      writeFileSync(path, jsonl(records.slice(0, 3)));
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      code: 'IO_ERROR',
      message: expect.stringMatching(/shrinking\.jsonl changed while it was being scored/),
    });
  });

  it('refuses an empty file, one whose only line is cut off, and a folder', async () => {
    const path = join(dir, 'empty.jsonl');
    await writeFile(path, '\n\n');
    await expect(score(path)).rejects.toThrow(/empty\.jsonl is empty/);
    await writeFile(path, JSON.stringify(played[0]).slice(0, 300));
    await expect(score(path)).rejects.toThrow(/holds no whole record: its only line is cut off/);
    // A folder cannot be read as a file: a file error, not a crash.
    await expect(score(dir)).rejects.toMatchObject({
      code: 'IO_ERROR',
      message: expect.stringMatching(/^cannot read .*EISDIR/),
    });
  });
});
