// On a file system without hard links (some network and FUSE mounts), the results lock is made by an
// exclusive create instead: it still keeps a second writer out, and leaves nothing behind.
import { existsSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openResultsStore } from '../src/results/store';
import { TEST_VERSIONS, syntheticResult } from './helpers/synthetic';

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  return {
    ...actual,
    link: async () => {
      throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
    },
  };
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'navworld-nolink-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('results lock without hard links', () => {
  it('locks with an exclusive create, refuses a second store, and releases on close', async () => {
    const path = join(dir, 'r.jsonl');
    const first = await openResultsStore(path, { resume: false, versions: TEST_VERSIONS });
    expect(JSON.parse(await readFile(`${path}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    await expect(
      openResultsStore(path, { resume: true, versions: TEST_VERSIONS }),
    ).rejects.toMatchObject({ code: 'IO_ERROR', message: expect.stringMatching(/in use/) });
    await first.append(syntheticResult({ taskId: 1 }));
    await first.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
    expect(await readdir(dir)).toEqual(['r.jsonl']);
  });
});
