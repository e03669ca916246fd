import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epochAt } from '@navworld/core-types';
import { reportCommand } from '../src/commands/report';
import { escapeHtml } from '../src/report/escape';
import { startScriptedOpenAIServer } from '../src/testing';
import { bundleForNode, runnerPath } from './helpers/bundle';
import { startFakeModel } from './helpers/fake-model';
import { get, post } from './helpers/http';
import { JUDGE_VERDICT } from './helpers/episode';
import { syntheticResult } from './helpers/synthetic';

/** `navworld serve` in a child process; resolves once it prints its address. */
async function startServe(
  cli: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NAVWORLD_EPOCH_SALT: 'serve-test', ...env },
  });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
      const match = /serving on (http:\/\/[^\s]+)/.exec(stderr);
      if (match) resolve(match[1]!);
    });
    child.on('close', () => reject(new Error(`exited early: ${stderr}`)));
  });
  return { child, url, stderr: () => stderr };
}

describe('navworld serve (real process)', () => {
  let cli: string;
  beforeAll(async () => {
    const source = `import { main } from ${JSON.stringify(runnerPath('src/cli.ts'))};\nprocess.exitCode = await main();\n`;
    cli = await bundleForNode('cli-serve', source);
  }, 120_000);

  it('serves until SIGTERM, then drains and exits 0', async () => {
    const { child, url, stderr } = await startServe(cli, ['--max-episodes', '50'], {});
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    expect((await get(url, '/healthz')).json.status).toBe('ok');
    const reset = await post(url, '/v1/reset', { task_id: 7 });
    expect(reset.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr()).toContain('shutting down');
  }, 120_000);

  it('SIGTERM during /v1/evaluate stops the model calls, answers 503 and exits', async () => {
    // A model that never answers: the process exits only if the shutdown gives the call up.
    const model = await startFakeModel(() => 'hold');
    const { child, url } = await startServe(cli, [], { NAVWORLD_ALLOWED_BASE_URLS: model.url });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      const evaluation = post(url, '/v1/evaluate', {
        task_id: 1,
        model: 'never-answers',
        base_url: model.url,
        api_key: 'k-serve-shutdown',
        timeout: 3600,
      });
      await model.arrived(1);
      child.kill('SIGTERM');
      const answer = await evaluation;
      expect(answer.status).toBe(503);
      expect(answer.json.error.code).toBe('SHUTTING_DOWN');
      await model.abandoned;
      expect(await exited).toBe(0);
      // The process is gone: the one call it made is all the model ever saw.
      expect(model.requests).toBe(1);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await model.close();
    }
  }, 120_000);

  it('--now serves one week whatever the clock says', async () => {
    const { child, url } = await startServe(cli, ['--now', '2026-01-05'], {});
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const reset = await post(url, '/v1/reset', { task_id: 7 });
    expect(reset.status).toBe(200);
    expect(reset.json.epoch).toMatchObject({ startsAt: 1_767_225_600, salt: 'serve-test' });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 120_000);

  it('--salt pins the epoch salt over NAVWORLD_EPOCH_SALT', async () => {
    const { child, url } = await startServe(
      cli,
      ['--salt', 'flag-salt', '--now', '2026-01-05'],
      {},
    );
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const reset = await post(url, '/v1/reset', { task_id: 7 });
    expect(reset.status).toBe(200);
    expect(reset.json.epoch).toMatchObject({
      salt: 'flag-salt',
      pinned: true,
      startsAt: 1_767_225_600,
    });
    // The epoch it hands out is one it takes back.
    const again = await post(url, '/v1/reset', { task_id: 7, epoch: reset.json.epoch });
    expect(again.json.epoch).toEqual(reset.json.epoch);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 120_000);

  it('--max-tool-contexts bounds the tool contexts kept for the epochs clients ask for', async () => {
    const now = Date.UTC(2026, 0, 5);
    const { child, url } = await startServe(
      cli,
      ['--max-tool-contexts', '2', '--now', '2026-01-05'],
      {},
    );
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const held = async (): Promise<number> => {
      const metrics = await get(url, '/metrics');
      const line = /^navworld_tool_contexts (\d+)$/m.exec(metrics.text);
      expect(line, metrics.text).not.toBeNull();
      return Number(line![1]);
    };
    try {
      // The served week's own context, made at start.
      expect(await held()).toBe(1);
      for (let i = 0; i < 5; i++) {
        const epoch = epochAt(now, { salt: `client-${i}` });
        expect((await post(url, '/v1/reset', { task_id: 7, epoch })).status).toBe(200);
      }
      expect(await held()).toBe(2);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 120_000);

  it('judges final answers when the judge key is set', async () => {
    const judge = await startScriptedOpenAIServer({ handler: () => ({ content: JUDGE_VERDICT }) });
    const { child, url, stderr } = await startServe(cli, [], {
      NAVWORLD_JUDGE_BASE_URL: judge.url,
      NAVWORLD_JUDGE_API_KEY: 'sk-serve-judge',
      NAVWORLD_JUDGE_MODELS: 'judge-a',
    });
    try {
      const reset = await post(url, '/v1/reset', { task_id: 1 });
      const episodeId = reset.json.episode_id as string;
      // Records such as the problem keep their camelCase field names over HTTP.
      const city = reset.json.problem.destinationCity as string;
      expect(city).toMatch(/^\p{Script=Han}+$/u);
      const step = await post(url, '/v1/step', {
        episode_id: episodeId,
        tool_calls: [
          {
            id: 'c1',
            type: 'function',
            function: { name: 'weather', arguments: JSON.stringify({ city }) },
          },
        ],
      });
      expect(step.status).toBe(200);
      // The weather of the destination, not a refusal of a call without a city.
      expect(step.json.observations[0]).toMatchObject({ ok: true, name: 'weather' });
      expect(step.json.observations[0].text).toContain(city);
      const final = await post(url, '/v1/step', {
        episode_id: episodeId,
        content: `${city}两日游：第1天参观景点，第2天自由活动。`,
      });
      expect(final.status).toBe(200);
      expect(final.json.info.judgeAvailable).toBe(true);
      expect(judge.requests).toHaveLength(1);
      expect(stderr()).not.toContain('sk-serve-judge');
    } finally {
      child.kill('SIGTERM');
      await judge.close();
    }
  }, 120_000);

  it('refuses to start when the configured world cannot run (it used to serve and fail every reset)', async () => {
    const child = spawn(process.execPath, [cli, 'serve', '--port', '0'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', NAVWORLD_WORLD: 'replay', NAVWORLD_CASSETTE: '' },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/^CONFIG_ERROR: the replay world needs a cassette file/);
    expect(stderr).not.toContain('serving on');
  }, 60_000);
});

describe('navworld report', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'navworld-report-cmd-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('prints the text table, or JSON, and counts unreadable lines', async () => {
    const file = join(dir, 'r.jsonl');
    const lines = [0, 1, 2].map((t) =>
      JSON.stringify(syntheticResult({ taskId: t, total: 30 * t })),
    );
    await writeFile(file, `${lines.join('\n')}\n{"torn":`);
    const text: string[] = [];
    expect(await reportCommand(file, { write: (l) => text.push(l) })).toBe(0);
    expect(text.join('\n')).toContain('episodes 3  valid 3');
    expect(text.join('\n')).toContain('skipped 1 unreadable line');
    const json: string[] = [];
    await reportCommand(file, { json: true, passThreshold: '50', write: (l) => json.push(l) });
    const summary = JSON.parse(json.join('\n'));
    expect(summary.passThreshold).toBe(50);
    expect(summary.passRate.mean).toBeCloseTo(1 / 3, 12);
    expect(summary.skippedLines).toBe(1);
    // The HTML report says so too, under its title.
    const html = join(dir, 'r.html');
    expect(await reportCommand(file, { html, write: () => undefined })).toBe(0);
    expect(await readFile(html, 'utf8')).toContain(
      '<p class="warning" role="note">skipped 1 unreadable line(s) of the results file: they are not in this report</p>',
    );
    await writeFile(file, `${lines.join('\n')}\n`);
    expect(await reportCommand(file, { html, write: () => undefined })).toBe(0);
    expect(await readFile(html, 'utf8')).not.toContain('unreadable');
    // Flags are checked before the file is read: a missing file does not hide a bad flag.
    for (const [options, flag] of [
      [{ passThreshold: 'x' }, 'pass-threshold'],
      [{ passThreshold: 101 }, 'pass-threshold'],
      [{ judgePromptPrice: -1 }, 'judge-prompt-price'],
      [{ judgeCompletionPrice: '1e9' }, 'judge-completion-price'],
    ] as const) {
      await expect(
        reportCommand(join(dir, 'missing.jsonl'), { ...options, write: () => undefined }),
      ).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(new RegExp(`^--${flag} must be a number from 0 to`)),
      });
    }
  });

  it('refuses a file without a single episode, writing no HTML report', async () => {
    const empty = join(dir, 'empty.jsonl');
    await writeFile(empty, '\n\n');
    const html = join(dir, 'none.html');
    await expect(reportCommand(empty, { html, write: () => undefined })).rejects.toMatchObject({
      code: 'IO_ERROR',
      message: `no episode in ${empty}: the file is empty`,
      hint: expect.stringContaining('navworld evaluate --out'),
    });
    const junk = join(dir, 'junk.jsonl');
    await writeFile(junk, '{"x":1}\nnot json\n{"torn":');
    await expect(reportCommand(junk, { json: true, write: () => undefined })).rejects.toMatchObject(
      {
        code: 'IO_ERROR',
        message: `no episode in ${junk}: none of its 3 line(s) is an episode record`,
        details: { skippedLines: 3 },
      },
    );
    await expect(stat(html)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('never writes the HTML report over a results file or into a pipe', async () => {
    const file = join(dir, 'keep.jsonl');
    const other = join(dir, 'other.jsonl');
    const line = `${JSON.stringify(syntheticResult({ taskId: 1, total: 40 }))}\n`;
    await writeFile(file, line);
    await writeFile(other, line);
    for (const [html, why] of [
      [file, 'is the results file being read'],
      [other, 'is a results file'],
      [dir, 'is not a regular file'],
    ] as const) {
      await expect(reportCommand(file, { html, write: () => undefined })).rejects.toMatchObject({
        code: 'IO_ERROR',
        message: expect.stringContaining(why),
      });
    }
    expect(await readFile(file, 'utf8')).toBe(line);
    expect(await readFile(other, 'utf8')).toBe(line);
    // An earlier report is replaced.
    const html = join(dir, 'again.html');
    await writeFile(html, '<!doctype html><p>old</p>');
    expect(await reportCommand(file, { html, write: () => undefined })).toBe(0);
    expect(await readFile(html, 'utf8')).not.toContain('<p>old</p>');
  });

  it('refuses a file mixing runs unless forced, naming each run', async () => {
    const file = join(dir, 'mixed.jsonl');
    const base = syntheticResult({ taskId: 1, total: 80 });
    const records = [
      base,
      syntheticResult({ taskId: 2, total: 60 }),
      { ...syntheticResult({ taskId: 1, total: 10 }), agent: 'openai', model: 'm-1' },
      {
        ...syntheticResult({ taskId: 2, total: 10 }),
        versions: { ...base.versions, scorer: '0.9.0' },
      },
    ];
    await writeFile(file, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    const html = join(dir, 'mixed.html');
    const refusal = reportCommand(file, { html, write: () => undefined });
    await expect(refusal).rejects.toMatchObject({
      code: 'VERSION_MISMATCH',
      hint: expect.stringContaining('--force'),
      details: { runs: 3 },
    });
    const message = await refusal.then(
      () => '',
      (e: Error) => e.message,
    );
    expect(message).toMatch(/mixes 3 runs/);
    expect(message).toMatch(/\n {2}2 episode\(s\): agent reference, epoch salt 2900, /);
    expect(message).toContain('agent openai (m-1)');
    expect(message).toContain('scorer 0.9.0');
    await expect(stat(html)).rejects.toMatchObject({ code: 'ENOENT' });
    const out: string[] = [];
    expect(
      await reportCommand(file, { force: true, write: (l) => out.push(l), warn: () => undefined }),
    ).toBe(0);
    expect(out.join('\n')).toContain('episodes 4');
    // One run in a file is reported as before.
    const single = join(dir, 'single.jsonl');
    await writeFile(
      single,
      records
        .slice(0, 2)
        .map((r) => `${JSON.stringify(r)}\n`)
        .join(''),
    );
    expect(await reportCommand(single, { write: () => undefined })).toBe(0);
  });

  it('pools mixed runs with --force, warning on stderr and in the HTML header what is mixed', async () => {
    const file = join(dir, 'pooled.jsonl');
    const base = syntheticResult({ taskId: 1, total: 80 });
    const records = [
      base,
      { ...syntheticResult({ taskId: 2, total: 10 }), agent: 'openai', model: 'm-1' },
      {
        ...syntheticResult({ taskId: 3, total: 10 }),
        versions: { ...base.versions, scorer: '0.9.0' },
        epoch: { ...base.epoch, salt: 'other-week' },
      },
    ];
    await writeFile(file, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    const html = join(dir, 'pooled.html');
    const out: string[] = [];
    const warnings: string[] = [];
    const run = {
      html,
      force: true,
      write: (l: string) => out.push(l),
      warn: (l: string) => warnings.push(l),
    };
    expect(await reportCommand(file, run)).toBe(0);
    expect(warnings).toHaveLength(1);
    const warning = warnings[0]!;
    expect(warning).not.toContain('\n');
    expect(warning).toMatch(/^warning: pooled 3 runs that mix /);
    for (const mixed of [
      'agents (openai, reference)',
      'models (m-1, none)',
      'epochs (salt 2900, other-week)',
      `scorer versions (0.9.0, ${base.versions.scorer})`,
    ])
      expect(warning).toContain(mixed);
    // The summary stays on stdout, the warning apart from it.
    expect(out.join('\n')).toContain('NAVWORLD batch summary');
    expect(out.join('\n')).not.toContain(warning);
    const page = await readFile(html, 'utf8');
    expect(page).toContain(`<p class="warning" role="note">${escapeHtml(warning)}</p>`);

    // --json output stays JSON; the warning still goes to stderr.
    const json: string[] = [];
    warnings.length = 0;
    await reportCommand(file, { ...run, html: undefined, json: true, write: (l) => json.push(l) });
    expect(JSON.parse(json.join('\n'))).toMatchObject({ episodes: 3 });
    expect(warnings).toEqual([warning]);

    // One run: no warning, no warning line in the page.
    const single = join(dir, 'one-run.jsonl');
    await writeFile(single, `${JSON.stringify(base)}\n`);
    warnings.length = 0;
    expect(await reportCommand(single, { ...run, html })).toBe(0);
    expect(warnings).toEqual([]);
    expect(await readFile(html, 'utf8')).not.toContain('class="warning"');
  });

  it('counts one episode and one task in the singular in the HTML header', async () => {
    const file = join(dir, 'one.jsonl');
    const html = join(dir, 'one.html');
    await writeFile(file, `${JSON.stringify(syntheticResult({ taskId: 1 }))}\n`);
    expect(await reportCommand(file, { html, write: () => undefined })).toBe(0);
    const one = await readFile(html, 'utf8');
    expect(one).toContain('one.jsonl · 1 episode · agents: reference');
    expect(one).toContain('<div class="l">episode (1 task)</div>');
    expect(one).not.toMatch(/\b1 (episodes|tasks)\b/);
    const two = [1, 2].map((taskId) => JSON.stringify(syntheticResult({ taskId })));
    await writeFile(file, `${two.join('\n')}\n`);
    expect(await reportCommand(file, { html, write: () => undefined })).toBe(0);
    const page = await readFile(html, 'utf8');
    expect(page).toContain('one.jsonl · 2 episodes ·');
    expect(page).toContain('<div class="l">episodes (2 tasks)</div>');
  });

  it('writes the HTML report into folders it makes, and names a path it cannot write', async () => {
    const file = join(dir, 'h.jsonl');
    await writeFile(file, `${JSON.stringify(syntheticResult({ taskId: 1, total: 40 }))}\n`);
    const html = join(dir, 'reports', 'week', 'r.html');
    const out: string[] = [];
    expect(await reportCommand(file, { html, write: (l) => out.push(l) })).toBe(0);
    expect(await readFile(html, 'utf8')).toMatch(/^<!doctype html>/i);
    expect(out.at(-1)).toBe(`HTML report written to ${html}`);
    // Under a plain file, no folder can be made.
    await expect(
      reportCommand(file, { html: join(file, 'r.html'), write: () => undefined }),
    ).rejects.toMatchObject({
      code: 'IO_ERROR',
      message: expect.stringContaining(`cannot write ${join(file, 'r.html')}`),
      hint: expect.stringContaining('--html'),
    });
  });
});
