import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedOpenAIServer } from '../src/testing';
import { baseCliEnv, packageDir, runCli, type CliRun } from './helpers/cli';
import { GENERIC_PLAN, JUDGE_VERDICT } from './helpers/episode';
import { listToolsSession } from '../../../scripts/lib/mcp.mjs';

const bin = join(packageDir, 'bin', 'navworld.js');
let dir: string;

/** The parts of a results line the tests read. */
interface EpisodeLine {
  taskId: number;
  validForScoring: boolean;
  outcome: string;
  trace: Array<Record<string, unknown>>;
  messages: Array<{ role: string }>;
}

type Run = CliRun;
const baseEnv = baseCliEnv;

/** Runs the built bin asynchronously (the test process may serve HTTP meanwhile). */
function navworld(args: string[], env: Record<string, string> = {}, input?: string): Promise<Run> {
  return runCli(bin, args, { cwd: dir, env, ...(input === undefined ? {} : { input }) });
}

beforeAll(() => {
  // Build once (JavaScript only): the bin shim runs dist/cli.js.
  const build = spawnSync('npx', ['tsup'], {
    cwd: packageDir,
    env: { ...process.env, NAVWORLD_FAST_BUILD: '1' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
  dir = mkdtempSync(join(tmpdir(), 'navworld-cli-'));
}, 180_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** `evaluate` of the scripted model at `url` on `tasks` (the openai agent), writing `out`; `extra` before --out. */
function evaluateScripted(tasks: string, url: string, out: string, extra: string[] = []): string[] {
  return [
    'evaluate',
    '--tasks',
    tasks,
    '--agent',
    'openai',
    '--model',
    'scripted',
    '--base-url',
    url,
    ...extra,
    '--out',
    out,
  ];
}

describe('navworld CLI (built bin)', () => {
  it('prints help with the commands, environment and exit codes', async () => {
    const r = await navworld(['--help']);
    expect(r.code).toBe(0);
    for (const word of [
      'task',
      'tools',
      'call',
      'evaluate',
      'score',
      'mcp',
      'serve',
      'report',
      'Exit codes',
    ]) {
      expect(r.stdout).toContain(word);
    }
    const sub = await navworld(['evaluate', '--help']);
    expect(sub.code).toBe(0);
    expect(sub.stdout).toContain('--concurrency');
    const serve = await navworld(['serve', '--help']);
    expect(serve.code).toBe(0);
    expect(serve.stdout).toMatch(/--max-tool-contexts <n> +.*\(default 16\)/);
  });

  it('lists the commands in the README as --help prints them', async () => {
    const commandsOf = (text: string): string[] => {
      const start = text.indexOf('Commands:\n');
      expect(start).toBeGreaterThanOrEqual(0);
      const lines = text.slice(start + 'Commands:\n'.length).split('\n');
      return lines
        .slice(
          0,
          lines.findIndex((l) => !l.startsWith('  ')),
        )
        .map((l) => l.trimEnd());
    };
    const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
    const help = (await navworld(['--help'])).stdout;
    expect(commandsOf(readme.slice(readme.indexOf('$ navworld --help')))).toEqual(commandsOf(help));
  });

  it('rejects an unknown command with exit 2 and a one-line error', async () => {
    const r = await navworld(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('UNKNOWN_COMMAND: unknown command "frobnicate"');
    expect(r.stderr).toContain('hint:');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('shows a task, as text and as JSON; a bad id is a usage error', async () => {
    const text = await navworld(['task', '131']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('task 131');
    const json = await navworld(['task', '131', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ taskId: 131 });
    const bad = await navworld(['task', 'abc']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^INVALID_TASK_ID: /);
  });

  it('lists the tools and calls one', async () => {
    const tools = await navworld(['tools', '--json']);
    expect(tools.code).toBe(0);
    expect(JSON.parse(tools.stdout)).toHaveLength(6);
    const call = await navworld(['call', 'weather', '{"city":"杭州"}']);
    expect(call.code).toBe(0);
    expect(call.stdout).toContain('白天天气');
    const unknown = await navworld(['call', 'teleport', '{}']);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toMatch(/^UNKNOWN_TOOL: /);
  });

  it('evaluates with the reference agent, resumes, and re-scores the saved episodes', async () => {
    const out = join(dir, 'ref.jsonl');
    const r = await navworld(['evaluate', '--tasks', '0-2', '--agent', 'reference', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('intercity');
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      const episode = JSON.parse(line) as Record<string, unknown>;
      for (const key of [
        'problem',
        'messages',
        'trace',
        'answer',
        'breakdown',
        'usage',
        'timings',
        'versions',
        'epoch',
      ]) {
        expect(episode).toHaveProperty(key);
      }
    }
    const again = await navworld(['evaluate', '--tasks', '0-3', '--out', out, '--resume']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('3 episode(s) already');
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(4);
    const refused = await navworld(['evaluate', '--tasks', '0', '--out', out]);
    expect(refused.code).toBe(2);

    const score = await navworld(['score', '--episode', out]);
    expect(score.code).toBe(0);
    expect(score.stdout.trim().split('\n')).toHaveLength(4);
    expect(score.stdout).not.toContain('DIFFERENT');
    // The audit's edit checks on the saved plans: none raises a score.
    const edits = await navworld(['score', out, '--edits']);
    expect(edits.code).toBe(0);
    expect(edits.stdout.trim().split('\n')).toHaveLength(4);
    expect(edits.stderr).toMatch(
      /^edit check invented_transport: 0 of \d+ edits raised the total$/mu,
    );
    const single = join(dir, 'one.json');
    writeFileSync(single, lines[0]!);
    const one = await navworld(['score', '--episode', single, '--json']);
    expect(JSON.parse(one.stdout)).toMatchObject({ matches: true });
    // The file may be given as an argument, as to `report`; two different files are refused.
    const positional = await navworld(['score', single, '--json']);
    expect(positional.code).toBe(0);
    expect(positional.stdout).toBe(one.stdout);
    const both = await navworld(['score', single, '--episode', out]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^INVALID_ARGUMENT: two episode files/);
    const none = await navworld(['score']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/missing the episode file/);

    // A saved code score that the same scorer version does not reproduce fails (exit 7); one saved by another
    // version is reported, and is no failure.
    const record = JSON.parse(lines[0]!) as {
      breakdown: { codeTotal: number; scorerVersion: string };
    };
    const edited = join(dir, 'edited.json');
    const changed = {
      ...record,
      breakdown: { ...record.breakdown, codeTotal: record.breakdown.codeTotal - 1 },
    };
    writeFileSync(edited, JSON.stringify(changed));
    const differs = await navworld(['score', edited]);
    expect(differs.code).toBe(7);
    expect(differs.stdout).toContain('(DIFFERENT)');
    expect(differs.stderr).toMatch(
      /1 episode\(s\) scored differently by the scorer version that saved them/,
    );
    const older = join(dir, 'older.json');
    writeFileSync(
      older,
      JSON.stringify({ ...changed, breakdown: { ...changed.breakdown, scorerVersion: '0.9.0' } }),
    );
    const other = await navworld(['score', older]);
    expect(other.code).toBe(0);
    expect(other.stdout).toContain(
      `(different: saved by scorer 0.9.0, scored by ${record.breakdown.scorerVersion})`,
    );
  }, 120_000);

  it('notes that an AMap key alone keeps the offline world, without printing the key', async () => {
    const key = 'amap-secret-key-123';
    const offline = await navworld(['call', 'weather', '{"city":"杭州"}'], {
      AMAP_MAPS_API_KEY: key,
    });
    expect(offline.code).toBe(0);
    expect(offline.stdout).toContain('城市: 杭州');
    expect(offline.stderr).toMatch(
      /^note: AMAP_MAPS_API_KEY is set, but the tools use the offline world/,
    );
    expect(offline.stderr + offline.stdout).not.toContain(key);
    // Choosing the world, by flag or environment, or running a command without tools: no note.
    for (const [args, env] of [
      [['call', 'weather', '{"city":"杭州"}', '--world', 'offline'], {}],
      [['call', 'weather', '{"city":"杭州"}'], { NAVWORLD_WORLD: 'offline' }],
      [['task', '3'], {}],
    ] as const) {
      const r = await navworld([...args], { AMAP_MAPS_API_KEY: key, ...env });
      expect(r.code).toBe(0);
      expect(r.stderr).not.toContain('note:');
    }
  });

  it('refuses a second run on a results file another run is writing', async () => {
    const out = join(dir, 'shared.jsonl');
    const first = spawn(
      process.execPath,
      [bin, 'evaluate', '--tasks', '0-699', '--out', out, '--quiet'],
      {
        cwd: dir,
        env: baseEnv(),
      },
    );
    const firstExit = new Promise<number | null>((resolve) => first.on('close', resolve));
    for (let i = 0; i < 600 && !existsSync(`${out}.lock`); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(`${out}.lock`)).toBe(true);
    for (const flag of ['--resume', '--overwrite']) {
      const second = await navworld(['evaluate', '--tasks', '0-3', '--out', out, flag, '--quiet']);
      expect(second.code).toBe(3);
      expect(second.stderr).toMatch(/^IO_ERROR: results file .* is in use by another navworld run/);
    }
    // Interrupted, the first run stops cleanly and releases the file.
    first.kill('SIGINT');
    await firstExit;
    expect(existsSync(`${out}.lock`)).toBe(false);
    const after = await navworld([
      'evaluate',
      '--tasks',
      '0-3',
      '--out',
      out,
      '--resume',
      '--quiet',
    ]);
    expect(after.code).toBe(0);
  }, 120_000);

  it('writes the audit report into folders it makes, and names an --out it cannot write', async () => {
    const out = join(dir, 'audits', 'week', 'a.json');
    const r = await navworld([
      'audit',
      '--tasks',
      '0-6',
      '--policies',
      'reference,null',
      '--out',
      out,
      '--quiet',
    ]);
    expect([0, 6]).toContain(r.code);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toHaveProperty('passed');
    const auditTo = (path: string): Promise<Run> =>
      navworld(['audit', '--tasks', '0', '--policies', 'null', '--out', path, '--quiet']);
    const intoFolder = await auditTo(dir);
    // Refused before the audit runs.
    expect(intoFolder.code).toBe(3);
    expect(intoFolder.stderr).toMatch(/^IO_ERROR: --out .+ is not a regular file/);
    expect(intoFolder.stderr).not.toContain('audit 0/');
    // Under a plain file no folder can be made: named once the report is written.
    const underFile = await auditTo(join(out, 'x.json'));
    expect(underFile.code).toBe(3);
    expect(underFile.stderr).toMatch(/^IO_ERROR: cannot write the audit report to /);
  });

  it('plays the audit in the week of --now, names it in the report, and rejects a time it cannot read', async () => {
    const audit = (now: string): Promise<Run> =>
      navworld([
        'audit',
        '--tasks',
        '0-2',
        '--policies',
        'stale_plan',
        '--now',
        now,
        '--json',
        '--quiet',
      ]);
    const monday = await audit('2026-01-05');
    const week = JSON.parse(monday.stdout) as { week: unknown; referenceDigest: string };
    // Weeks start on Thursdays (1970-01-01 was one): 2026-01-05, a Monday, is in the week of 2026-01-01.
    expect(week.week).toEqual({
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2026-01-08T00:00:00.000Z',
    });
    // Another time of the same week (with a zone) plays the same world, to the byte.
    const sameWeek = await audit('2026-01-07T23:30:00+08:00');
    expect(sameWeek.stdout).toBe(monday.stdout);
    const later = JSON.parse((await audit('2026-03-02')).stdout) as typeof week;
    expect(later.week).toMatchObject({ startsAt: '2026-02-26T00:00:00.000Z' });
    expect(later.referenceDigest).not.toBe(week.referenceDigest);
    for (const bad of ['yesterday', '2026-02-30', '2026-01-05T08:00:00', '1969-12-31']) {
      const r = await audit(bad);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^INVALID_ARGUMENT: --now must be a date such as 2026-01-05/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  }, 120_000);

  it('evaluate, call and mcp take --now: the week of that time, whatever the clock says', async () => {
    const out = join(dir, 'week-of-now.jsonl');
    const r = await navworld([
      'evaluate',
      '--tasks',
      '0',
      '--now',
      '2026-01-05',
      '--out',
      out,
      '--quiet',
    ]);
    expect(r.code).toBe(0);
    const episode = JSON.parse(readFileSync(out, 'utf8').trim()) as {
      epoch: { startsAt: number; salt: string };
    };
    // 2026-01-01T00:00:00Z, the Thursday that starts the week of 2026-01-05; the salt stays the pinned one.
    expect(episode.epoch).toMatchObject({ startsAt: 1_767_225_600, salt: 'cli-tests' });
    const weather = await navworld(['call', 'weather', '{"city":"杭州"}', '--now', '2026-01-05']);
    expect(weather.code).toBe(0);
    expect(weather.stdout).toContain('日期: 2026-01-01');
    for (const command of [
      ['evaluate', '--tasks', '0'],
      ['call', 'weather', '{"city":"杭州"}'],
      ['mcp'],
    ]) {
      const bad = await navworld([...command, '--now', 'next week']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/^INVALID_ARGUMENT: --now must be a date such as 2026-01-05/);
    }
  }, 120_000);

  it('rejects a bad task range', async () => {
    const r = await navworld(['evaluate', '--tasks', '9-3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^INVALID_ARGUMENT: bad task range/);
    // Tasks × repeats past a million is refused before any job is built (the list exhausted memory).
    const huge = await navworld(['evaluate', '--tasks', '0-999999', '--repeats', '2']);
    expect(huge.code).toBe(2);
    expect(huge.stderr).toMatch(
      /^INVALID_ARGUMENT: 1000000 tasks × 2 repeats is more than a million/,
    );
  });

  it('names a negative number as a value, not as an unknown option', async () => {
    for (const args of [
      ['task', '-1'],
      ['evaluate', '--tasks', '0', '--workers', '-2'],
    ]) {
      const r = await navworld(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /^INVALID_ARGUMENT: negative numbers are not accepted here \(got -\d\)/,
      );
    }
    const unknown = await navworld(['task', '--bogus']);
    expect(unknown.stderr).toMatch(/^INVALID_ARGUMENT: Unknown option `--bogus`/);
  });

  it('refuses --resume with --overwrite, and leaves the file alone', async () => {
    const out = join(dir, 'both.jsonl');
    writeFileSync(out, 'kept\n');
    const r = await navworld(['evaluate', '--tasks', '0', '--resume', '--overwrite', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^INVALID_ARGUMENT: --resume and --overwrite contradict each other/);
    expect(readFileSync(out, 'utf8')).toBe('kept\n');
  });

  it('refuses serve flags out of range and unknown worlds with a typed error, before starting anything', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--port', '99999'], /^INVALID_ARGUMENT: --port must be a whole number from 0 to 65535/],
      [['--port', 'abc'], /^INVALID_ARGUMENT: --port must be a whole number/],
      [
        ['--max-episodes', '0'],
        /^INVALID_ARGUMENT: --max-episodes must be a whole number from 1 to/,
      ],
      [
        ['--idle-timeout', '1.5'],
        /^INVALID_ARGUMENT: --idle-timeout must be a whole number from 1 to/,
      ],
      [['--idle-timeout', ''], /^INVALID_ARGUMENT: --idle-timeout must be a whole number/],
      ...['0', '1.5', 'abc', '1025'].map((value): [string[], RegExp] => [
        ['--max-tool-contexts', value],
        /^INVALID_ARGUMENT: --max-tool-contexts must be a whole number from 1 to 1024\nhint: leave --max-tool-contexts out for the default \(16\)/,
      ]),
      [
        ['--world', 'nope'],
        /^INVALID_ARGUMENT: unknown world "nope"\nhint: use one of offline, amap, replay, record/,
      ],
    ];
    for (const [flags, message] of cases) {
      const r = await navworld(['serve', ...flags]);
      expect([flags, r.code]).toEqual([flags, 2]);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    // The other commands that take --world read it the same way.
    for (const command of [
      ['mcp'],
      ['call', 'weather', '{"city":"杭州"}'],
      ['evaluate', '--tasks', '0'],
    ]) {
      const r = await navworld([...command, '--world', 'nope']);
      expect([command, r.code]).toEqual([command, 2]);
      expect(r.stderr).toMatch(/^INVALID_ARGUMENT: unknown world "nope"/);
    }
  }, 60_000);

  it('needs a key for --agent openai, and never prints it', async () => {
    const r = await navworld([
      'evaluate',
      '--agent',
      'openai',
      '--model',
      'm',
      '--base-url',
      'http://127.0.0.1:9/v1',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^MISSING_API_KEY: /);
  });

  it('evaluates a model through an OpenAI-compatible endpoint', async () => {
    const server = await startScriptedOpenAIServer({ handler: () => ({ content: GENERIC_PLAN }) });
    try {
      const out = join(dir, 'model.jsonl');
      const r = await navworld(evaluateScripted('1', server.url, out), {
        OPENAI_API_KEY: 'sk-test-secret',
      });
      expect(r.code).toBe(0);
      expect(r.stdout + r.stderr).not.toContain('sk-test-secret');
      const episode = JSON.parse(readFileSync(out, 'utf8').trim()) as Record<string, unknown>;
      expect(episode).toMatchObject({ agent: 'openai', model: 'scripted', validForScoring: true });
    } finally {
      await server.close();
    }
  }, 60_000);

  it('evaluates a model whose tool arguments nest 5,000 deep, recording every episode', async () => {
    const depth = 5_000;
    const deep = `{"city":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    // Every first turn calls weather with the deep arguments; once the tool has answered, the plan follows.
    const server = await startScriptedOpenAIServer({
      handler: (request) => {
        const messages = (request.body as { messages?: Array<{ role: string }> }).messages ?? [];
        return messages.some((m) => m.role === 'tool')
          ? { content: GENERIC_PLAN }
          : { toolCalls: [{ id: 'c1', name: 'weather', arguments: deep }] };
      },
    });
    try {
      const out = join(dir, 'deep.jsonl');
      const r = await navworld(evaluateScripted('1-2', server.url, out), {
        OPENAI_API_KEY: 'sk-test',
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/IO_ERROR|disk/);
      const episodes = readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as EpisodeLine);
      // Episodes run concurrently: the file is in completion order.
      expect(episodes.map((e) => e.taskId).sort()).toEqual([1, 2]);
      for (const e of episodes) {
        expect(e).toMatchObject({ validForScoring: true, outcome: 'completed' });
        expect(e.trace[0]).toMatchObject({ callId: 'c1', ok: false, errorCode: 'INVALID_JSON' });
        expect(e.messages.map((m) => m.role).slice(2, 5)).toEqual([
          'assistant',
          'tool',
          'assistant',
        ]);
      }
    } finally {
      await server.close();
    }
  }, 60_000);

  it('judges episodes with the judge key set, in worker threads too, and when re-scoring', async () => {
    const server = await startScriptedOpenAIServer({ handler: () => ({ content: JUDGE_VERDICT }) });
    const judgeEnv = {
      NAVWORLD_JUDGE_BASE_URL: server.url,
      NAVWORLD_JUDGE_API_KEY: 'sk-judge-secret',
      NAVWORLD_JUDGE_MODELS: 'judge-a,judge-b',
    };
    try {
      const out = join(dir, 'judged.jsonl');
      const r = await navworld(
        ['evaluate', '--tasks', '1-2', '--agent', 'reference', '--workers', '2', '--out', out],
        judgeEnv,
      );
      expect(r.code).toBe(0);
      const episodes = readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { total: number; breakdown: { judgeStatus: string } });
      expect(episodes).toHaveLength(2);
      for (const e of episodes) {
        expect(e.breakdown.judgeStatus).toBe('ok');
        // The code half alone is at most 50: a judged total is above it.
        expect(e.total).toBeGreaterThan(50);
      }
      expect(server.requests.length).toBeGreaterThanOrEqual(2);
      expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-judge-secret');
      const rescored = await navworld(['score', out, '--json'], judgeEnv);
      expect(rescored.code).toBe(0);
      expect(rescored.stdout).toContain('"judgeStatus": "ok"');
      expect(r.stdout + r.stderr + rescored.stdout + rescored.stderr).not.toContain(
        'sk-judge-secret',
      );
    } finally {
      await server.close();
    }
  }, 120_000);

  it('names why episodes went unscored, exiting 4, without the key', async () => {
    // Like OpenAI's own 401, the error quotes the refused key, which must not reach the output.
    const server = await startScriptedOpenAIServer({
      handler: (request) => ({
        status: 401,
        errorMessage: `Incorrect API key provided: ${String(request.headers.authorization).slice(7)}`,
      }),
    });
    try {
      const out = join(dir, 'refused.jsonl');
      const r = await navworld(evaluateScripted('0-2', server.url, out, ['--max-retries', '0']), {
        OPENAI_API_KEY: 'k401-not-sk-shaped',
      });
      expect(r.code).toBe(4);
      const lines = r.stderr.trim().split('\n');
      const head = lines.indexOf('3 episode(s) not scored (infrastructure failures):');
      expect(head).toBeGreaterThanOrEqual(0);
      // One cause for all three, with its count and the tasks it hit.
      expect(lines[head + 1]).toMatch(/^ {2}3× MODEL_ERROR: HTTP 401: .+ \(tasks 0, 1, 2\)$/);
      expect(lines).toHaveLength(head + 2);
      expect(r.stderr).toContain('Incorrect API key provided: [REDACTED]');
      expect(r.stdout + r.stderr + readFileSync(out, 'utf8')).not.toContain('k401-not-sk-shaped');
    } finally {
      await server.close();
    }
  }, 60_000);

  it('retries on --resume the episodes an outage left unscored', async () => {
    const out = join(dir, 'outage.jsonl');
    const args = (url: string): string[] =>
      evaluateScripted('0-1', url, out, ['--max-retries', '0']);
    const down = await startScriptedOpenAIServer({ handler: () => ({ status: 503 }) });
    try {
      expect((await navworld(args(down.url), { OPENAI_API_KEY: 'k' })).code).toBe(4);
    } finally {
      await down.close();
    }
    const up = await startScriptedOpenAIServer({ handler: () => ({ content: GENERIC_PLAN }) });
    try {
      const r = await navworld([...args(up.url), '--resume', '--json'], { OPENAI_API_KEY: 'k' });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(`retrying: 2 episode(s) that ${out} records as not scored`);
      const summary = JSON.parse(r.stdout) as Record<string, number>;
      expect(summary).toMatchObject({ episodes: 2, validEpisodes: 2, invalidEpisodes: 0 });
      // The failed records stay in the file, superseded.
      expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(4);
    } finally {
      await up.close();
    }
  }, 120_000);

  it('keeps flag values as typed: a salt 007 stays 007, and empty or repeated values are refused', async () => {
    const out = join(dir, 'salt-007.jsonl');
    const first = await navworld([
      'evaluate',
      '--tasks',
      '0',
      '--salt',
      '007',
      '--out',
      out,
      '--quiet',
    ]);
    expect(first.code).toBe(0);
    const episode = JSON.parse(readFileSync(out, 'utf8').trim()) as { epoch: { salt: string } };
    expect(episode.epoch.salt).toBe('007');
    // The salt it recorded continues the run (it was read as 7 and refused).
    const again = await navworld([
      'evaluate',
      '--tasks',
      '0-1',
      '--salt=007',
      '--out',
      out,
      '--resume',
      '--quiet',
    ]);
    expect(again.code).toBe(0);
    const refusals: Array<[string[], RegExp]> = [
      [
        ['evaluate', '--tasks', '0', '--tasks', '1'],
        /^INVALID_ARGUMENT: --tasks is given more than once/,
      ],
      [['evaluate', '--tasks', '0', '--out', ''], /^INVALID_ARGUMENT: --out needs a file path/],
      [
        ['evaluate', '--tasks', '0', '--workers', '0x2'],
        /^INVALID_ARGUMENT: --workers must be a whole number/,
      ],
      [['task', ''], /^INVALID_TASK_ID: task id must be a whole number from 0 to 2\^31-1, got ""/],
      [['evaluate', '--tasks', '0', '--judge'], /^MISSING_API_KEY: --judge needs a judge API key/],
      [
        ['serve', '--salt', ''],
        /^INVALID_ARGUMENT: --salt must be 1 to 256 characters[^\n]*\nhint: leave --salt out/,
      ],
      [['evaluate', '--tasks', '0', '--salt', '  '], /^INVALID_ARGUMENT: --salt must be/],
      [
        ['serve', '--port', ''],
        /^INVALID_ARGUMENT: --port must be a whole number[^\n]*\nhint: leave --port out for the default \(8080\)/,
      ],
    ];
    for (const [args, expected] of refusals) {
      const r = await navworld(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(expected);
    }
  }, 60_000);

  it('reports an unreadable episode file as a file error', async () => {
    const r = await navworld(['score', '--episode', join(dir, 'missing.json')]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^IO_ERROR: cannot read/);
    const withDebug = await navworld(['score', '--episode', join(dir, 'missing.json'), '--debug']);
    expect(withDebug.stderr).toMatch(/\n\s+at /);
  });

  it('refuses an --out folder it cannot make, at once, as a file error', async () => {
    writeFileSync(join(dir, 'plain-file'), 'x');
    const underFile = await navworld([
      'evaluate',
      '--tasks',
      '0',
      '--out',
      join(dir, 'plain-file', 'r.jsonl'),
    ]);
    expect(underFile.code).toBe(3);
    expect(underFile.stderr).toMatch(
      /^IO_ERROR: cannot create the folder of .*plain-file is not a folder/,
    );
    // Node's recursive mkdir never settles under /proc; the command must still end.
    if (process.platform === 'linux') {
      const proc = await navworld([
        'evaluate',
        '--tasks',
        '0',
        '--out',
        '/proc/navworld-no/r.jsonl',
      ]);
      expect(proc.code).toBe(3);
      expect(proc.stderr).toMatch(
        /^IO_ERROR: cannot create the folder of \/proc\/navworld-no\/r\.jsonl/,
      );
    }
    // Missing levels are made.
    const deep = await navworld([
      'evaluate',
      '--tasks',
      '0',
      '--quiet',
      '--out',
      join(dir, 'a', 'b', 'r.jsonl'),
    ]);
    expect(deep.code).toBe(0);
    expect(
      readFileSync(join(dir, 'a', 'b', 'r.jsonl'), 'utf8')
        .trim()
        .split('\n'),
    ).toHaveLength(1);
  }, 60_000);

  it('serves the tools over MCP stdio', async () => {
    const r = await navworld(['mcp'], {}, listToolsSession('t'));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('search_train_tickets');
  });
});
