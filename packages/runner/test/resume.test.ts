import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EpisodeResultSchema } from '@navworld/core-types';
import { bundleForNode, runnerPath } from './helpers/bundle';

const TASKS = 40;

function run(cli: string, args: string[]): { done: Promise<number | null>; kill: () => void } {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const done = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      if (code !== 0 && code !== null) console.error(stderr);
      resolve(code);
    }),
  );
  return { done, kill: () => child.kill('SIGKILL') };
}

async function lineCount(path: string): Promise<number> {
  try {
    return (await readFile(path, 'utf8')).split('\n').filter((l) => l.trim() !== '').length;
  } catch {
    return 0;
  }
}

describe('resume after SIGKILL', () => {
  let dir: string;
  let cli: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'navworld-resume-'));
    const source = `import { main } from ${JSON.stringify(runnerPath('src/cli.ts'))};\nprocess.exitCode = await main();\n`;
    cli = await bundleForNode('cli', source);
  }, 120_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('a batch killed mid-run and resumed has exactly one line per task', async () => {
    const out = join(dir, 'results.jsonl');
    const args = [
      'evaluate',
      '--agent',
      'reference',
      '--tasks',
      `0-${TASKS - 1}`,
      '--out',
      out,
      '--salt',
      'resume-test',
      '--quiet',
    ];
    const first = run(cli, args);
    while ((await lineCount(out)) < 6) await new Promise((r) => setTimeout(r, 20));
    first.kill();
    expect(await first.done).toBeNull(); // killed by the signal
    const afterKill = await lineCount(out);
    expect(afterKill).toBeLessThan(TASKS);

    // A kill during a write leaves a partial last line: simulate one on top of the real kill.
    const text = await readFile(out, 'utf8');
    if (text.endsWith('\n')) await appendFile(out, text.slice(0, 300));

    const second = run(cli, [...args, '--resume']);
    expect(await second.done).toBe(0);

    const lines = (await readFile(out, 'utf8')).split('\n');
    expect(lines.pop()).toBe(''); // ends with a newline
    expect(lines).toHaveLength(TASKS);
    const ids = lines.map((l) => EpisodeResultSchema.parse(JSON.parse(l)).taskId);
    expect(new Set(ids).size).toBe(TASKS);
    expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: TASKS }, (_, i) => i));
  }, 300_000);
});
