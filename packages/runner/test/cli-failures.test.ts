// The built CLI where runs go wrong: failed and cut-off records, bad options, refused files, unusable
// caches and interrupted runs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedOpenAIServer, type ScriptedOpenAIServer } from '../src/testing';
import {
  baseCliEnv,
  buildCli,
  runCli,
  startCli,
  type CliRun,
  type StartedCli,
} from './helpers/cli';
import { GENERIC_PLAN, JUDGE_VERDICT } from './helpers/episode';

let bin: string;
let dir: string;

beforeAll(() => {
  bin = buildCli('failures');
  dir = mkdtempSync(join(tmpdir(), 'navworld-cli-failures-'));
}, 180_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function navworld(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs?: number,
): Promise<CliRun> {
  return runCli(bin, args, { cwd: dir, env, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
}

/** Lines of a results file. */
const linesOf = (path: string): string[] => readFileSync(path, 'utf8').trim().split('\n');

/** The key the scripted model is called with. */
const MODEL_KEY = { OPENAI_API_KEY: 'sk-cli-failures' };

/** Arguments of a quiet `evaluate --agent openai` of the scripted model at `server` on `tasks`, writing `out`. */
function modelArgs(
  server: ScriptedOpenAIServer,
  tasks: string,
  out: string,
  extra: string[] = [],
): string[] {
  return [
    'evaluate',
    '--agent',
    'openai',
    '--model',
    'scripted',
    '--base-url',
    server.url,
    '--tasks',
    tasks,
    '--out',
    out,
    '--quiet',
    ...extra,
  ];
}

/** Runs `evaluate --agent openai` of the scripted model (see {@link modelArgs}). */
function evaluateModel(
  server: ScriptedOpenAIServer,
  tasks: string,
  out: string,
  extra: string[] = [],
): Promise<CliRun> {
  return navworld(modelArgs(server, tasks, out, extra), MODEL_KEY);
}

/** Runs `body` with a scripted model that answers every request with `reply`. */
async function withModel<T>(
  reply: { status: number } | { content: string },
  body: (server: ScriptedOpenAIServer) => Promise<T>,
): Promise<T> {
  const server = await startScriptedOpenAIServer({ handler: () => reply });
  try {
    return await body(server);
  } finally {
    await server.close();
  }
}

describe('navworld score', () => {
  it('lists failed records as not scored, never as 0, and exits 4 naming the cause', async () => {
    const scored = join(dir, 'scored.jsonl');
    expect((await navworld(['evaluate', '--tasks', '0-1', '--out', scored, '--quiet'])).code).toBe(
      0,
    );
    const failed = join(dir, 'failed.jsonl');
    const down = await withModel({ status: 503 }, (server) =>
      evaluateModel(server, '2', failed, ['--max-retries', '0']),
    );
    expect(down.code).toBe(4);
    const mixed = join(dir, 'mixed.jsonl');
    writeFileSync(mixed, readFileSync(scored, 'utf8') + readFileSync(failed, 'utf8'));

    const text = await navworld(['score', mixed]);
    expect(text.code).toBe(4);
    const rows = text.stdout.trim().split('\n');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatch(/^task 2: not scored \(MODEL_ERROR: HTTP 503/);
    expect(rows[2]).not.toMatch(/total|code 0/);
    expect(text.stderr).toMatch(
      /^1 episode\(s\) not scored \(infrastructure failures\):\n {2}1× MODEL_ERROR: HTTP 503.* \(task 2\)$/m,
    );

    const json = await navworld(['score', mixed, '--json']);
    expect(json.code).toBe(4);
    const parsed = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(parsed.map((r) => r['scored'])).toEqual([true, true, false]);
    expect(parsed[2]).toMatchObject({ taskId: 2, total: null, codeTotal: null });
    expect(parsed[2]!['error']).toMatch(/^MODEL_ERROR: /);

    // Scored episodes alone: exit 0, as before.
    expect((await navworld(['score', scored])).code).toBe(0);
  }, 120_000);

  it('leaves out a failed record that a resumed run replaced, as report does', async () => {
    const out = join(dir, 'retried.jsonl');
    await withModel({ status: 503 }, (server) =>
      evaluateModel(server, '0', out, ['--max-retries', '0']),
    );
    const resumed = await withModel({ content: GENERIC_PLAN }, (server) =>
      evaluateModel(server, '0', out, ['--resume']),
    );
    expect(resumed.code).toBe(0);
    expect(linesOf(out)).toHaveLength(2);
    const r = await navworld(['score', out]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^task 0: total /)]);
    expect(r.stderr).toContain('left out 1 failed record(s)');
  }, 120_000);

  it('skips a cut-off last line with a warning, and still refuses a broken line in the middle', async () => {
    const whole = join(dir, 'whole.jsonl');
    expect((await navworld(['evaluate', '--tasks', '0-2', '--out', whole, '--quiet'])).code).toBe(
      0,
    );
    const [first, second, third] = linesOf(whole) as [string, string, string];
    const cut = join(dir, 'cut.jsonl');
    // A run stopped mid-write: the last record is missing its end and its newline.
    writeFileSync(cut, `${first}\n${second}\n${third.slice(0, 700)}`);
    const r = await navworld(['score', cut]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
    expect(r.stderr).toMatch(/^warning: skipped line 3 of .*cut\.jsonl: it is cut off/);
    // The same line inside the file is damage, not an interrupted write.
    const broken = join(dir, 'broken.jsonl');
    writeFileSync(broken, `${first}\n${third.slice(0, 700)}\n${second}\n`);
    const refused = await navworld(['score', broken]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/^IO_ERROR: .*broken\.jsonl line 2 is not JSON/);
  }, 120_000);
});

describe('a reader that stops early', () => {
  it('ends the command quietly, without a stack trace', async () => {
    const one = join(dir, 'one-episode.jsonl');
    expect((await navworld(['evaluate', '--tasks', '0', '--out', one, '--quiet'])).code).toBe(0);
    // Forty copies: with their breakdowns the rows pass the pipe's buffer by far.
    const many = join(dir, 'forty-episodes.jsonl');
    const line = linesOf(one)[0]!;
    writeFileSync(many, `${Array.from({ length: 40 }, () => line).join('\n')}\n`);
    const run = startCli(bin, ['score', many, '--json'], { cwd: dir, timeoutMs: 60_000 });
    // Like `| head -c 1`: read a little, then close the pipe.
    run.child.stdout.once('data', () => run.child.stdout.destroy());
    const r = await run.done;
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/EPIPE|\n\s+at /);
  }, 120_000);
});

describe('navworld evaluate options', () => {
  it('refuses each bad option with a flag error before it creates anything on disk', async () => {
    const folder = join(dir, 'never-made');
    const out = join(folder, 'r.jsonl');
    const model = (url = 'http://127.0.0.1:9/v1'): string[] => [
      '--agent',
      'openai',
      '--model',
      'm',
      '--base-url',
      url,
    ];
    const workers = /^INVALID_ARGUMENT: --workers must be a whole number from 1 to 64$/m;
    const url =
      /^INVALID_ARGUMENT: --base-url must be an http\(s\) URL such as https:\/\/api\.openai\.com\/v1$/m;
    const cases: Array<[string[], RegExp]> = [
      [['--workers', '0'], workers],
      [['--workers', '65'], workers],
      [['--workers', 'abc'], workers],
      [[...model(), '--workers', '0'], workers],
      [model('notaurl'), url],
      [model('ftp://x'), url],
      [model('file:///etc/passwd'), url],
      [
        [...model(), '--max-tokens', '1.5'],
        /^INVALID_ARGUMENT: --max-tokens must be a whole number/m,
      ],
      [[...model(), '--max-retries', '0.5'], /^INVALID_ARGUMENT: --max-retries must be a whole/m],
      [
        [...model().slice(0, 2), '--model', '', ...model().slice(4)],
        /^INVALID_ARGUMENT: --model: /m,
      ],
    ];
    for (const [flags, expected] of cases) {
      const r = await navworld(['evaluate', '--tasks', '0', ...flags, '--out', out], {
        OPENAI_API_KEY: 'sk-options',
      });
      const what = flags.join(' ');
      expect(r.code, what).toBe(2);
      expect(r.stderr, what).toMatch(expected);
      // The hint speaks of flags, not of the library's options object.
      expect(r.stderr, what).toMatch(/^hint: .*--[a-z]/m);
      expect(r.stderr, what).not.toMatch(/API reference|\{ model/);
      expect(r.stderr, what).not.toMatch(/\n\s+at /);
      // Neither the folder of --out, nor the file, nor its lock.
      expect(existsSync(folder), what).toBe(false);
    }
    // The endpoint from the environment is held to the same rule.
    const fromEnv = await navworld(
      ['evaluate', '--tasks', '0', '--agent', 'openai', '--out', out],
      {
        NAVWORLD_BASE_URL: 'ftp://x',
        NAVWORLD_MODEL: 'm',
        OPENAI_API_KEY: 'sk-options',
      },
    );
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toMatch(/^CONFIG_ERROR: invalid environment: NAVWORLD_BASE_URL: /);
    expect(existsSync(folder)).toBe(false);
  }, 120_000);
});

describe('navworld evaluate on an existing results file', () => {
  it('names --overwrite (and --resume) in the hint when it refuses the file', async () => {
    const out = join(dir, 'taken.jsonl');
    expect((await navworld(['evaluate', '--tasks', '0', '--out', out, '--quiet'])).code).toBe(0);
    const again = await navworld(['evaluate', '--tasks', '0-1', '--out', out, '--quiet']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/^CONFIG_ERROR: results file already exists: /);
    expect(again.stderr).toMatch(/^hint: Pass --resume to continue it, --overwrite to replace it/m);
    // Another run's file, resumed: the hint says how to replace it.
    const other = await navworld([
      'evaluate',
      '--tasks',
      '0',
      '--out',
      out,
      '--resume',
      '--salt',
      'x',
    ]);
    expect(other.code).toBe(3);
    expect(other.stderr).toMatch(/^VERSION_MISMATCH: .*another epoch/);
    expect(other.stderr).toMatch(/^hint: .*--overwrite instead of --resume to replace it/m);
    expect(linesOf(out)).toHaveLength(1);
    // Following the hint works.
    const replaced = await navworld([
      'evaluate',
      '--tasks',
      '1',
      '--out',
      out,
      '--overwrite',
      '--quiet',
    ]);
    expect(replaced.code).toBe(0);
    expect(linesOf(out).map((l) => (JSON.parse(l) as { taskId: number }).taskId)).toEqual([1]);
  }, 120_000);
});

describe('navworld evaluate --resume on something that is not a results file', () => {
  it.runIf(process.platform !== 'win32')(
    'refuses a named pipe at once (reading its recorded epoch used to wait for a writer forever)',
    async () => {
      const pipe = join(dir, 'pipe.jsonl');
      expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
      const r = await navworld(['evaluate', '--tasks', '0', '--out', pipe, '--resume'], {}, 30_000);
      expect(r.signal).toBeNull();
      expect(r.code).toBe(3);
      expect(r.stderr).toMatch(/^IO_ERROR: results path .*pipe\.jsonl is not a regular file/);
      expect(r.stderr).toMatch(/^hint: /m);
      expect(existsSync(`${pipe}.lock`)).toBe(false);
    },
    60_000,
  );
});

describe('a run whose results file stops taking writes', () => {
  /**
   * Runs the CLI under a file-size limit of `kib` KiB, which stands in for a full disk: past it, every write
   * fails with EFBIG (Node ignores SIGXFSZ). A command that outlives `timeoutMs` is killed.
   */
  function navworldWithFileLimit(kib: number, args: string[], timeoutMs: number): Promise<CliRun> {
    const child = spawn(
      'bash',
      ['-c', `ulimit -f ${kib} && exec "$@"`, 'bash', process.execPath, bin, ...args],
      { cwd: dir, env: baseCliEnv() },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    return new Promise((resolve) => {
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal, stdout, stderr });
      });
    });
  }

  it.runIf(process.platform === 'linux')(
    'stops the other workers, threads or not, and ends with the typed error once they are done',
    async () => {
      for (const workers of [
        ['--workers', '2'],
        ['--concurrency', '2'],
      ]) {
        const what = workers.join(' ');
        const out = join(dir, `full-${workers[0]!.slice(2)}.jsonl`);
        // A reference episode takes some 80 KB: the limit is met a few episodes in.
        const args = ['evaluate', '--tasks', '0-19', ...workers, '--out', out, '--quiet'];
        const r = await navworldWithFileLimit(400, args, 30_000);
        // With worker threads the command used to print the error and then wait forever.
        expect(r.signal, what).toBeNull();
        expect(r.code, what).toBe(3);
        expect(r.stderr, what).toMatch(/^IO_ERROR: cannot write results file /m);
        expect(r.stderr, what).toMatch(/^hint: .*--resume continues/m);
        expect(r.stderr, what).toMatch(/^stopped: \d+ episode\(s\) written to /m);
        expect(r.stderr, what).not.toMatch(/\n\s+at /);
        expect(existsSync(`${out}.lock`), what).toBe(false);
        // Without the limit, --resume keeps every whole record and plays the rest.
        const resumed = await navworld([...args, '--resume']);
        expect(resumed.code, what).toBe(0);
        const taskIds = linesOf(out).map((l) => (JSON.parse(l) as { taskId: number }).taskId);
        expect(
          taskIds.sort((a, b) => a - b),
          what,
        ).toEqual(Array.from({ length: 20 }, (_, i) => i));
      }
    },
    180_000,
  );
});

describe('tool cache variables', () => {
  it('are refused alike by every command when they name no cache', async () => {
    const commands = [
      ['audit', '--tasks', '0', '--policies', 'null', '--quiet'],
      ['evaluate', '--tasks', '0', '--out', join(dir, 'cache-bogus.jsonl'), '--quiet'],
      ['call', 'weather', '{"city":"杭州"}'],
      ['task', '1'],
      ['tools'],
      ['score', join(dir, 'missing.jsonl')],
      ['report', join(dir, 'missing.jsonl')],
      ['serve', '--port', '0'],
      ['mcp'],
    ];
    for (const [name, value] of [
      ['NAVWORLD_CACHE', 'bogus'],
      ['NAVWORLD_CACHE_MAX_ENTRIES', 'lots'],
    ] as const) {
      for (const command of commands) {
        const r = await navworld(command, { [name]: value });
        const what = `${name} ${command[0]!}`;
        expect(r.code, what).toBe(2);
        expect(r.stderr, what).toMatch(new RegExp(`^CONFIG_ERROR: invalid environment: ${name}: `));
        expect(r.stderr, what).toMatch(/^hint: fix or unset the named variable$/m);
      }
    }
    expect(existsSync(join(dir, 'cache-bogus.jsonl'))).toBe(false);
  }, 120_000);
});

describe('a recorded sweep with --workers', () => {
  it('records on two threads into one cassette that matches its manifest and replays the same scores', async () => {
    const cassette = join(dir, 'sweep-cassette.jsonl');
    const recorded = join(dir, 'recorded.jsonl');
    const env = { NAVWORLD_CASSETTE: cassette };
    const r = await navworld(
      [
        'evaluate',
        '--tasks',
        '0-5',
        '--workers',
        '2',
        '--world',
        'record',
        '--out',
        recorded,
        '--quiet',
      ],
      env,
    );
    expect(r.code, r.stderr).toBe(0);
    const replayed = join(dir, 'replayed.jsonl');
    const replay = await navworld(
      ['evaluate', '--tasks', '0-5', '--world', 'replay', '--out', replayed, '--quiet'],
      env,
    );
    expect(replay.code, replay.stderr).toBe(0);
    const totals = (path: string): number[] =>
      linesOf(path)
        .map((l) => JSON.parse(l) as { taskId: number; total: number })
        .sort((a, b) => a.taskId - b.taskId)
        .map((e) => e.total);
    expect(totals(replayed)).toEqual(totals(recorded));
    expect(totals(recorded)).toHaveLength(6);
    // A cassette that is not there stops the run before it writes anything.
    const never = join(dir, 'never-written.jsonl');
    const missing = await navworld(
      ['evaluate', '--tasks', '0-5', '--world', 'replay', '--out', never, '--quiet'],
      { NAVWORLD_CASSETTE: join(dir, 'no-such-cassette.jsonl') },
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /^CONFIG_ERROR: the replay cassette .*no-such-cassette\.jsonl does not exist/m,
    );
    expect(existsSync(never)).toBe(false);
  }, 120_000);
});

describe('tool cache warnings', () => {
  /** Lines of stderr that are warnings of the tool cache. */
  const cacheWarnings = (stderr: string): string[] =>
    stderr.split('\n').filter((l) => l.startsWith('warning: navworld tool cache'));

  it('go to stderr once each, from every worker thread, and --quiet silences them', async () => {
    writeFileSync(join(dir, 'plain-file'), 'x');
    // No folder can be made under a plain file: the cache keeps its results in memory and says so.
    const env = { NAVWORLD_CACHE: 'sqlite', NAVWORLD_CACHE_DIR: join(dir, 'plain-file', 'cache') };
    const call = await navworld(['call', 'weather', '{"city":"杭州"}'], env);
    expect(call.code).toBe(0);
    expect(call.stdout).toContain('城市: 杭州');
    expect(cacheWarnings(call.stderr)).toEqual([
      expect.stringMatching(/cannot be opened .*; using memory instead/),
    ]);
    const evaluate = (out: string, ...flags: string[]): Promise<CliRun> =>
      navworld(
        ['evaluate', '--tasks', '0-3', '--workers', '2', '--out', join(dir, out), ...flags],
        env,
      );
    const loud = await evaluate('warned.jsonl');
    expect(loud.code).toBe(0);
    expect(cacheWarnings(loud.stderr)).toHaveLength(1);
    expect(linesOf(join(dir, 'warned.jsonl'))).toHaveLength(4);
    const quiet = await evaluate('quiet.jsonl', '--quiet');
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
  }, 120_000);

  it.runIf(process.platform === 'linux')(
    'give up at once on a cache folder under /proc, and the command still answers',
    async () => {
      const env = { NAVWORLD_CACHE: 'sqlite', NAVWORLD_CACHE_DIR: '/proc/navworld-no/cache' };
      // Node's recursive mkdir spins forever there; a generous bound turns a hang into a failure.
      const call = await navworld(['call', 'weather', '{"city":"杭州"}'], env, 30_000);
      expect(call.signal).toBeNull();
      expect(call.code).toBe(0);
      expect(call.stdout).toContain('城市: 杭州');
      expect(cacheWarnings(call.stderr)).toEqual([
        expect.stringMatching(
          /\/proc\/navworld-no\/cache.* cannot be opened .*using memory instead/,
        ),
      ]);
    },
    60_000,
  );
});

describe('a run stopped by a signal', () => {
  /** Waits until `check` holds, looking every 50 ms; throws after `limitMs`. */
  async function until(check: () => boolean, what: string, limitMs = 60_000): Promise<void> {
    for (let waited = 0; !check(); waited += 50) {
      if (waited >= limitMs) throw new Error(`gave up waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Signals a started command, then waits for its end; a command that outlives a generous bound is killed. */
  async function stopWith(run: StartedCli, signal: NodeJS.Signals): Promise<CliRun> {
    run.child.kill(signal);
    const killer = setTimeout(() => run.child.kill('SIGKILL'), 20_000);
    try {
      return await run.done;
    } finally {
      clearTimeout(killer);
    }
  }

  /** One episode at a time, retried up to ten times: a stop finds it in its backoff. */
  const slow = ['--concurrency', '1', '--max-retries', '10'];

  it('stops at Ctrl-C while the model is retried: no request after it, every written episode kept', async () => {
    let failing = false;
    let failures = 0;
    const server = await startScriptedOpenAIServer({
      handler: () => {
        if (!failing) return { content: GENERIC_PLAN };
        failures++;
        return { status: 503 };
      },
    });
    try {
      const out = join(dir, 'interrupted.jsonl');
      const run = startCli(bin, modelArgs(server, '0-5', out, slow), { cwd: dir, env: MODEL_KEY });
      await until(() => existsSync(out) && readFileSync(out, 'utf8') !== '', 'a first episode');
      failing = true;
      // The first failure and its first retry (2 s later): the episode is now in its backoff.
      await until(() => failures >= 2, 'a retried request');
      const written = readFileSync(out, 'utf8');
      const sent = server.requests.length;
      const r = await stopWith(run, 'SIGINT');
      expect(r.signal).toBeNull();
      expect(r.code).toBe(130);
      expect(r.stderr).toContain('SIGINT: stopping the run');
      expect(r.stderr).toMatch(/^stopped: \d+ episode\(s\) written to .* run again with --resume/m);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(server.requests.length).toBe(sent);
      // The lock is released and the file is as it was: whole records only, the stopped episode not among them.
      expect(existsSync(`${out}.lock`)).toBe(false);
      expect(readFileSync(out, 'utf8')).toBe(written);
      for (const line of linesOf(out))
        expect(JSON.parse(line)).toMatchObject({ validForScoring: true, outcome: 'completed' });

      failing = false;
      const resumed = await runCli(bin, modelArgs(server, '0-5', out, [...slow, '--resume']), {
        cwd: dir,
        env: MODEL_KEY,
      });
      expect(resumed.code).toBe(0);
      const episodes = linesOf(out).map((l) => JSON.parse(l) as { taskId: number });
      expect(episodes.map((e) => e.taskId).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    } finally {
      await server.close();
    }
  }, 180_000);

  it('releases the lock when a second Ctrl-C ends the process during the stop', async () => {
    // A judge call is let finish after the first Ctrl-C; this judge holds it for ten minutes, so the run is
    // still stopping when the second one comes.
    const judge = await startScriptedOpenAIServer({
      handler: () => ({ delayMs: 600_000, content: JUDGE_VERDICT }),
    });
    try {
      const out = join(dir, 'interrupted-twice.jsonl');
      const run = startCli(
        bin,
        ['evaluate', '--tasks', '0-3', '--concurrency', '1', '--out', out],
        {
          cwd: dir,
          env: {
            NAVWORLD_JUDGE_BASE_URL: judge.url,
            NAVWORLD_JUDGE_API_KEY: 'sk-judge-twice',
            NAVWORLD_JUDGE_MODELS: 'judge-a',
          },
        },
      );
      await until(() => judge.requests.length >= 1, 'a judge request');
      expect(existsSync(`${out}.lock`)).toBe(true);
      run.child.kill('SIGINT');
      await until(() => run.output().stderr.includes('SIGINT: stopping the run'), 'the first stop');
      const r = await stopWith(run, 'SIGINT');
      expect(r.signal).toBeNull();
      expect(r.code).toBe(130);
      expect(existsSync(`${out}.lock`)).toBe(false);
      expect(readFileSync(out, 'utf8')).toBe('');
      // The next run on the file starts at once.
      const again = await runCli(bin, ['evaluate', '--tasks', '0', '--out', out, '--quiet'], {
        cwd: dir,
      });
      expect(again.code).toBe(0);
    } finally {
      await judge.close();
    }
  }, 120_000);

  it('stops at SIGTERM with a model request held open, aborting it and releasing the file', async () => {
    // The endpoint holds every request for ten minutes.
    const server = await startScriptedOpenAIServer({
      handler: () => ({ delayMs: 600_000, content: GENERIC_PLAN }),
    });
    try {
      const out = join(dir, 'terminated.jsonl');
      const run = startCli(bin, modelArgs(server, '0-1', out, slow), { cwd: dir, env: MODEL_KEY });
      await until(() => server.requests.length >= 1, 'a model request');
      const r = await stopWith(run, 'SIGTERM');
      expect(r.signal).toBeNull();
      expect(r.code).toBe(143);
      expect(r.stderr).toContain('SIGTERM: stopping the run');
      expect(server.requests).toHaveLength(1);
      expect(existsSync(`${out}.lock`)).toBe(false);
      expect(readFileSync(out, 'utf8')).toBe('');
    } finally {
      await server.close();
    }
  }, 120_000);
});
