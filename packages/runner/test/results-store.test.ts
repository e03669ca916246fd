import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NavworldError, type EpisodeResult } from '@navworld/core-types';
import { openResultsStore, readResults, versionDifferences } from '../src/results/store';
import { bundleForNode, runnerPath } from './helpers/bundle';
import { TEST_VERSIONS, syntheticResult } from './helpers/synthetic';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'navworld-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function lines(path: string): Promise<string[]> {
  return (await readFile(path, 'utf8')).split('\n').filter((l) => l !== '');
}

describe('openResultsStore', () => {
  it('appends one JSON line per episode and reads them back', async () => {
    const path = join(dir, 'r.jsonl');
    const store = await openResultsStore(path, { resume: false, versions: TEST_VERSIONS });
    for (let t = 0; t < 3; t += 1)
      await store.append(syntheticResult({ taskId: t, total: 10 * t }));
    expect(store.doneCount).toBe(3);
    await store.close();
    const text = await readFile(path, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(await lines(path)).toHaveLength(3);
    const { results, skippedLines } = await readResults(path);
    expect(skippedLines).toBe(0);
    expect(results.map((r) => r.taskId)).toEqual([0, 1, 2]);
    expect(results[2]?.total).toBe(20);
  });

  it('resume reports finished (taskId, repeat) pairs and skips duplicates', async () => {
    const path = join(dir, 'r.jsonl');
    const first = await openResultsStore(path, { resume: false, versions: TEST_VERSIONS });
    await first.append(syntheticResult({ taskId: 5, repeat: 0 }));
    await first.append(syntheticResult({ taskId: 5, repeat: 1 }));
    await first.close();
    const second = await openResultsStore(path, { resume: true, versions: TEST_VERSIONS });
    expect(second.doneCount).toBe(2);
    expect(second.isDone(5, 0)).toBe(true);
    expect(second.isDone(5, 1)).toBe(true);
    expect(second.isDone(5, 2)).toBe(false);
    expect(second.isDone(6, 0)).toBe(false);
    await second.append(syntheticResult({ taskId: 5, repeat: 1 })); // already there: not written again
    await second.append(syntheticResult({ taskId: 5, repeat: 2 }));
    await second.close();
    expect(await lines(path)).toHaveLength(3);
  });

  it('runs unscored episodes again on resume, and the new record supersedes the old one', async () => {
    const path = join(dir, 'r.jsonl');
    const first = await openResultsStore(path, { resume: false, versions: TEST_VERSIONS });
    await first.append(syntheticResult({ taskId: 1, total: 40 }));
    await first.append(syntheticResult({ taskId: 2, valid: false }));
    await first.append(syntheticResult({ taskId: 3, valid: false }));
    await first.close();
    const second = await openResultsStore(path, { resume: true, versions: TEST_VERSIONS });
    expect(second.retryCount).toBe(2);
    expect(second.doneCount).toBe(1);
    expect(second.isDone(1, 0)).toBe(true);
    expect(second.isDone(2, 0)).toBe(false);
    expect(second.isDone(3, 0)).toBe(false);
    await second.append(syntheticResult({ taskId: 2, total: 70 })); // the retry succeeds
    await second.append(syntheticResult({ taskId: 3, valid: false })); // and fails again
    await second.append(syntheticResult({ taskId: 2, total: 10 })); // appended already: not again
    expect(second.isDone(2, 0)).toBe(true);
    await second.close();
    // Nothing is deleted from the file; readers see one record per episode slot.
    expect(await lines(path)).toHaveLength(5);
    const { results, supersededLines } = await readResults(path);
    expect(supersededLines).toBe(2);
    expect(results.map((r) => [r.taskId, r.validForScoring, r.total])).toEqual([
      [1, true, 40],
      [2, true, 70],
      [3, false, 0],
    ]);
    const third = await openResultsStore(path, { resume: true, versions: TEST_VERSIONS });
    expect(third.retryCount).toBe(1);
    expect(third.isDone(3, 0)).toBe(false);
    await third.close();
  });

  it('never lets a record supersede a scored one, nor one of another agent', async () => {
    const path = join(dir, 'mixed.jsonl');
    const a = syntheticResult({ taskId: 4, total: 30 });
    const unscored = syntheticResult({ taskId: 5, valid: false });
    const other = { ...syntheticResult({ taskId: 5, total: 20 }), agent: 'openai', model: 'm' };
    const later = syntheticResult({ taskId: 4, total: 90 });
    await writeFile(
      path,
      [a, unscored, other, later].map((r) => JSON.stringify(r)).join('\n') + '\n',
    );
    const { results, supersededLines } = await readResults(path);
    expect(supersededLines).toBe(0);
    expect(results.map((r) => [r.agent, r.taskId, r.total])).toEqual([
      ['reference', 4, 30],
      ['reference', 5, 0],
      ['openai', 5, 20],
      ['reference', 4, 90],
    ]);
  });

  it('keeps a whole last record whose newline is missing, and refuses a file with no record', async () => {
    const path = join(dir, 'r.jsonl');
    const a = JSON.stringify(syntheticResult({ taskId: 1 }));
    const b = JSON.stringify(syntheticResult({ taskId: 2 }));
    await writeFile(path, `${a}\n${b}`);
    const store = await openResultsStore(path, { resume: true, versions: TEST_VERSIONS });
    expect(store.isDone(2, 0)).toBe(true);
    await store.append(syntheticResult({ taskId: 3 }));
    await store.close();
    expect((await readResults(path)).results.map((r) => r.taskId)).toEqual([1, 2, 3]);
    // A file that is not a results file is left as it is.
    const other = join(dir, 'notes.json');
    await writeFile(other, '{"a":1}');
    await expect(
      openResultsStore(other, { resume: true, versions: TEST_VERSIONS }),
    ).rejects.toMatchObject({
      code: 'CONFIG_ERROR',
      message: expect.stringMatching(/no episode record/),
    });
    expect(await readFile(other, 'utf8')).toBe('{"a":1}');
  });

  it("refuses to resume another agent's or model's file unless forced, and never counts it as done", async () => {
    const path = join(dir, 'r.jsonl');
    const first = await openResultsStore(path, { resume: false, versions: TEST_VERSIONS });
    await first.append(syntheticResult({ taskId: 1 }));
    await first.close();
    const options = { resume: true, versions: TEST_VERSIONS, agent: 'openai', model: 'm-1' };
    await expect(openResultsStore(path, options)).rejects.toMatchObject({
      code: 'VERSION_MISMATCH',
      message: expect.stringContaining(
        'holds results of agent reference; this run is agent openai (model m-1)',
      ),
    });
    const forced = await openResultsStore(path, { ...options, force: true });
    expect(forced.isDone(1, 0)).toBe(false);
    await forced.close();
    const same = await openResultsStore(path, {
      resume: true,
      versions: TEST_VERSIONS,
      agent: 'reference',
      model: null,
    });
    expect(same.isDone(1, 0)).toBe(true);
    await same.close();
  });

  it('cuts a torn trailing line away on resume and keeps the file line-aligned', async () => {
    const path = join(dir, 'r.jsonl');
    const good = [syntheticResult({ taskId: 1 }), syntheticResult({ taskId: 2 })]
      .map((r) => JSON.stringify(r))
      .join('\n');
    const torn = JSON.stringify(syntheticResult({ taskId: 3 })).slice(0, 500);
    await writeFile(path, `${good}\n${torn}`);
    const read = await readResults(path);
    expect(read.results).toHaveLength(2);
    expect(read.skippedLines).toBe(1);

    const store = await openResultsStore(path, { resume: true, versions: TEST_VERSIONS });
    expect(store.isDone(3, 0)).toBe(false);
    await store.append(syntheticResult({ taskId: 3 }));
    await store.close();
    const after = await readResults(path);
    expect(after.skippedLines).toBe(0);
    expect(after.results.map((r) => r.taskId)).toEqual([1, 2, 3]);
  });

  it('refuses results recorded with other versions unless forced', async () => {
    const path = join(dir, 'r.jsonl');
    const store = await openResultsStore(path, { resume: false, versions: TEST_VERSIONS });
    await store.append(syntheticResult({ taskId: 1 }));
    await store.close();
    const newer = { ...TEST_VERSIONS, scorer: 's2' };
    const error = await openResultsStore(path, { resume: true, versions: newer }).catch(
      (e: unknown) => e,
    );
    expect(NavworldError.isInstance(error)).toBe(true);
    expect((error as NavworldError).code).toBe('VERSION_MISMATCH');
    expect((error as NavworldError).message).toContain('scorer');
    const forced = await openResultsStore(path, { resume: true, force: true, versions: newer });
    expect(forced.isDone(1, 0)).toBe(true);
    await forced.close();
  });

  it('refuses results of another epoch unless forced, naming the salt that continues them', async () => {
    const path = join(dir, 'r.jsonl');
    const store = await openResultsStore(path, { resume: false, versions: TEST_VERSIONS });
    await store.append(syntheticResult({ taskId: 1 }));
    await store.close();
    // The synthetic results are of the epoch with salt '2900'.
    const same = await openResultsStore(path, {
      resume: true,
      versions: TEST_VERSIONS,
      epochSalt: '2900',
    });
    expect(same.isDone(1, 0)).toBe(true);
    await same.close();
    const error = await openResultsStore(path, {
      resume: true,
      versions: TEST_VERSIONS,
      epochSalt: '2901',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'VERSION_MISMATCH',
      message: expect.stringContaining('another epoch (salt "2900"; this run\'s is "2901")'),
      hint: expect.stringContaining('--salt 2900'),
    });
    const forced = await openResultsStore(path, {
      resume: true,
      force: true,
      versions: TEST_VERSIONS,
      epochSalt: '2901',
    });
    expect(forced.isDone(1, 0)).toBe(true);
    await forced.close();
  });

  it('refuses to overwrite an existing file without resume', async () => {
    const path = join(dir, 'r.jsonl');
    await writeFile(path, `${JSON.stringify(syntheticResult({ taskId: 1 }))}\n`);
    await expect(
      openResultsStore(path, { resume: false, versions: TEST_VERSIONS }),
    ).rejects.toMatchObject({
      code: 'CONFIG_ERROR',
      hint: expect.stringMatching(/--resume to continue it, --overwrite to replace it/),
    });
  });

  it('names --overwrite in every refusal to resume a file of another run', async () => {
    const path = join(dir, 'r.jsonl');
    const store = await openResultsStore(path, { resume: false, versions: TEST_VERSIONS });
    await store.append(syntheticResult({ taskId: 1 }));
    await store.close();
    const refusals = [
      { agent: 'openai', model: 'm-1' },
      { epochSalt: '2901' },
      { versions: { ...TEST_VERSIONS, scorer: 's2' } },
    ];
    for (const other of refusals) {
      await expect(
        openResultsStore(path, { resume: true, versions: TEST_VERSIONS, ...other }),
      ).rejects.toMatchObject({
        code: 'VERSION_MISMATCH',
        hint: expect.stringContaining('--overwrite instead of --resume to replace'),
      });
    }
    // Refused, the file is left as it was.
    expect(await lines(path)).toHaveLength(1);
  });

  it('serialises concurrent appends into whole lines', async () => {
    const path = join(dir, 'r.jsonl');
    const store = await openResultsStore(path, { resume: false, versions: TEST_VERSIONS });
    await Promise.all(
      Array.from({ length: 60 }, (_, t) => store.append(syntheticResult({ taskId: t, total: t }))),
    );
    await store.close();
    const { results, skippedLines } = await readResults(path);
    expect(skippedLines).toBe(0);
    expect(new Set(results.map((r) => r.taskId)).size).toBe(60);
  });

  it('validates what it writes and rejects appends after close', async () => {
    const path = join(dir, 'r.jsonl');
    const store = await openResultsStore(path, { resume: false, versions: TEST_VERSIONS });
    const bad = { ...syntheticResult({ taskId: 1 }), total: 140 } as EpisodeResult;
    await expect(store.append(bad)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await store.close();
    await expect(store.append(syntheticResult({ taskId: 2 }))).rejects.toMatchObject({
      code: 'IO_ERROR',
    });
    expect(await lines(path)).toHaveLength(0);
  });

  it('names a result JSON cannot write as such, not as a disk error, and keeps writing', async () => {
    const path = join(dir, 'r.jsonl');
    const store = await openResultsStore(path, { resume: false, versions: TEST_VERSIONS });
    const good = syntheticResult({ taskId: 1 });
    let deep: unknown = null;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const bad = { ...good, taskId: 2, trace: [{ ...good.trace[0]!, arguments: { deep } }] };
    const failure = await store.append(bad as EpisodeResult).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect((failure as NavworldError).message).toMatch(/task 2.*cannot be written as JSON/);
    expect(`${(failure as NavworldError).message} ${(failure as NavworldError).hint}`).not.toMatch(
      /disk/,
    );
    await store.append(syntheticResult({ taskId: 3 }));
    await store.close();
    expect((await readResults(path)).results.map((r) => r.taskId)).toEqual([3]);
  });

  it('replaces an existing file with overwrite', async () => {
    const path = join(dir, 'r.jsonl');
    await writeFile(path, `${JSON.stringify(syntheticResult({ taskId: 1 }))}\n`);
    const store = await openResultsStore(path, {
      resume: false,
      overwrite: true,
      versions: TEST_VERSIONS,
    });
    expect(store.isDone(1, 0)).toBe(false);
    await store.append(syntheticResult({ taskId: 2 }));
    await store.close();
    expect((await readResults(path)).results.map((r) => r.taskId)).toEqual([2]);
  });

  it('lets one store at a time write a file, and releases the lock on close', async () => {
    const path = join(dir, 'r.jsonl');
    const first = await openResultsStore(path, { resume: false, versions: TEST_VERSIONS });
    await first.append(syntheticResult({ taskId: 1 }));
    for (const options of [{ resume: true }, { resume: false, overwrite: true }]) {
      const refused = openResultsStore(path, { ...options, versions: TEST_VERSIONS });
      await expect(refused).rejects.toMatchObject({
        code: 'IO_ERROR',
        message: expect.stringMatching(/in use by another navworld run \(pid \d+ on /),
        hint: expect.stringContaining(`${path}.lock`),
      });
    }
    // The refused overwrite left the file alone.
    expect(await lines(path)).toHaveLength(1);
    await first.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
    const second = await openResultsStore(path, { resume: true, versions: TEST_VERSIONS });
    expect(second.isDone(1, 0)).toBe(true);
    await second.close();
    // No temporary lock files are left behind.
    expect(await readdir(dir)).toEqual(['r.jsonl']);
  });

  it('takes over the lock of a process that no longer runs, but not one of another machine', async () => {
    const path = join(dir, 'r.jsonl');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    const deadPid = Number(gone.stdout);
    const lock = (pid: number, host: string): string =>
      JSON.stringify({ pid, host, since: '2026-01-01T00:00:00.000Z' });
    await writeFile(`${path}.lock`, lock(deadPid, hostname()));
    const store = await openResultsStore(path, { resume: false, versions: TEST_VERSIONS });
    expect(JSON.parse(await readFile(`${path}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    await store.close();
    await writeFile(`${path}.lock`, lock(deadPid, `${hostname()}-elsewhere`));
    await expect(
      openResultsStore(path, { resume: false, versions: TEST_VERSIONS }),
    ).rejects.toMatchObject({ code: 'IO_ERROR' });
    // A lock file this package did not write is respected too.
    await writeFile(`${path}.lock`, 'not json');
    await expect(
      openResultsStore(path, { resume: false, versions: TEST_VERSIONS }),
    ).rejects.toMatchObject({ code: 'IO_ERROR' });
  });

  it('removes its lock when the process ends without closing the store', async () => {
    // A process that opens a store, writes one episode, then ends as its second argument says.
    const child = await bundleForNode(
      'store-exit',
      [
        `import { openResultsStore } from ${JSON.stringify(runnerPath('src/results/store.ts'))};`,
        `import { TEST_VERSIONS, syntheticResult } from ${JSON.stringify(runnerPath('test/helpers/synthetic.ts'))};`,
        'const [path, how] = process.argv.slice(2);',
        'const store = await openResultsStore(path, { resume: false, versions: TEST_VERSIONS });',
        'await store.append(syntheticResult({ taskId: 1 }));',
        "import { writeFileSync } from 'node:fs';",
        "if (how === 'replaced') writeFileSync(`${path}.lock`, 'another run');",
        "if (how !== 'throw') process.exit(130);",
        "setTimeout(() => { throw new Error('a bug'); });",
      ].join('\n'),
    );
    for (const [how, code] of [
      ['exit', 130],
      ['throw', 1],
    ] as const) {
      const path = join(dir, `${how}.jsonl`);
      const run = spawnSync(process.execPath, [child, path, how], { encoding: 'utf8' });
      expect(run.status, how).toBe(code);
      expect(existsSync(`${path}.lock`), how).toBe(false);
      expect(await lines(path), how).toHaveLength(1);
    }
    // A lock that is no longer this process's own is left to its owner.
    const path = join(dir, 'replaced.jsonl');
    expect(spawnSync(process.execPath, [child, path, 'replaced']).status).toBe(130);
    expect(await readFile(`${path}.lock`, 'utf8')).toBe('another run');
  }, 60_000);

  it.skipIf(process.platform !== 'linux')(
    'takes over the lock of a killed process its parent has not reaped yet',
    async () => {
      const path = join(dir, 'r.jsonl');
      // The shell's background child exits at once; `exec sleep` never reaps it, so it stays a zombie.
      const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 5'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      try {
        const zombie = await new Promise<number>((resolve) =>
          parent.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))),
        );
        for (let i = 0; i < 100; i++) {
          const stat = await readFile(`/proc/${zombie}/stat`, 'utf8').catch(() => '');
          if (/\) Z /.test(stat)) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        expect(await readFile(`/proc/${zombie}/stat`, 'utf8')).toMatch(/\) Z /);
        await writeFile(
          `${path}.lock`,
          JSON.stringify({ pid: zombie, host: hostname(), since: '2026-01-01T00:00:00.000Z' }),
        );
        const store = await openResultsStore(path, { resume: false, versions: TEST_VERSIONS });
        await store.close();
      } finally {
        parent.kill();
      }
    },
  );

  it('refuses a folder as the results path, even with overwrite', async () => {
    for (const overwrite of [false, true]) {
      await expect(
        openResultsStore(dir, { resume: false, overwrite, versions: TEST_VERSIONS }),
      ).rejects.toMatchObject({
        code: 'IO_ERROR',
        message: `results path ${dir} is a folder`,
        hint: expect.stringContaining('file'),
      });
    }
    expect(existsSync(dir)).toBe(true);
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('refuses a device or pipe as the results path and never deletes it, even with overwrite', async () => {
    // A named pipe stands for /dev/null: overwriting used to unlink the path, which as root removed the device.
    const fifo = join(dir, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    for (const overwrite of [false, true]) {
      await expect(
        openResultsStore(fifo, { resume: false, overwrite, versions: TEST_VERSIONS }),
      ).rejects.toMatchObject({
        code: 'IO_ERROR',
        message: `results path ${fifo} is not a regular file (a device, pipe or socket)`,
      });
    }
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(existsSync(`${fifo}.lock`)).toBe(false);
  });

  it('empties an existing file in place with overwrite (the file itself stays)', async () => {
    const path = join(dir, 'r.jsonl');
    await writeFile(path, `${JSON.stringify(syntheticResult({ taskId: 1 }))}\n`);
    const before = statSync(path).ino;
    const store = await openResultsStore(path, {
      resume: false,
      overwrite: true,
      versions: TEST_VERSIONS,
    });
    await store.close();
    expect(statSync(path).ino).toBe(before);
    expect(statSync(path).size).toBe(0);
  });

  it('readResults of a missing file is an IO_ERROR', async () => {
    await expect(readResults(join(dir, 'missing.jsonl'))).rejects.toMatchObject({
      code: 'IO_ERROR',
    });
  });
});

describe('versionDifferences', () => {
  it('names fields that differ or exist on one side only', () => {
    expect(versionDifferences({ scorer: 'a', world: 'w' }, { scorer: 'a', world: 'w' })).toEqual(
      [],
    );
    expect(versionDifferences({ scorer: 'a' }, { scorer: 'b', rubric: 'r' })).toEqual([
      'rubric',
      'scorer',
    ]);
  });
});
