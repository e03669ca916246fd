// The maintainers' comparison script (scripts/compare-scorers.mjs): two commits' scorers on recorded episodes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FORMAT_EPISODES } from './episode-set';

const ROOT = resolve(import.meta.dirname, '../../..');
const SCRIPT = join(ROOT, 'scripts/compare-scorers.mjs');
// Two commits whose scoring rules are the same (scorer 1.8.0, before and after this round's speed-ups), and
// one with older rules (scorer 1.5.0).
const SAME_RULES = ['e3a3662', '53d9b41'] as const;
const OLDER_RULES = '4ae9ed1';

const hasHistory = [...SAME_RULES, OLDER_RULES].every(
  (sha) => spawnSync('git', ['cat-file', '-e', `${sha}^{commit}`], { cwd: ROOT }).status === 0,
);

const dir = mkdtempSync(join(tmpdir(), 'navworld-compare-test-'));
const corpus = join(dir, 'episodes.jsonl');
writeFileSync(
  corpus,
  FORMAT_EPISODES.slice(0, 4)
    .map(([, e]) => JSON.stringify({ taskId: e.problem.taskId, ...e }))
    .join('\n') + '\n{"not": "an episode"}\n',
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function compare(...args: string[]): { status: number | null; out: string; err: string } {
  const run = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

// A shallow clone lacks the commits; CI clones the whole history.
describe.skipIf(!hasHistory)('scripts/compare-scorers.mjs', () => {
  it('finds no difference between two commits with the same rules, and exits 0', () => {
    const run = compare(
      '--base',
      SAME_RULES[0],
      '--head',
      SAME_RULES[1],
      '--corpus',
      corpus,
      '--no-timing',
    );
    expect(run.err).toBe('');
    expect(run.status).toBe(0);
    // Four episodes (the line that is not one is passed over), eleven forms each.
    expect(run.out).toMatch(/44 scorings of 4 recorded episodes: 0 differ/);
  }, 120_000);

  it('reports the differences of older rules, and exits 1', () => {
    const run = compare(
      '--base',
      OLDER_RULES,
      '--head',
      SAME_RULES[1],
      '--corpus',
      corpus,
      '--no-timing',
    );
    expect(run.status).toBe(1);
    expect(run.out).toMatch(/44 scorings of 4 recorded episodes: 44 differ/);
    // The first difference of each breakdown is its rules' version.
    expect(run.out).toContain('"scorerVersion":"1.5.0"');
    expect(run.out).toContain('"scorerVersion":"1.8.0"');
  }, 120_000);

  it('refuses a ref that is no commit, or a missing corpus, with a usage line and exit 2', () => {
    const bad = compare('--base', 'no-such-ref-anywhere', '--no-timing');
    expect(bad.status).toBe(2);
    expect(bad.err).toContain('--base: no-such-ref-anywhere is not a commit of this repository');
    expect(bad.err).toContain('usage: node scripts/compare-scorers.mjs --base <git ref>');
    expect(bad.err).not.toMatch(/\n\s+at /);
    const missing = compare('--base', SAME_RULES[0], '--corpus', join(dir, 'none.jsonl'));
    expect(missing.status).toBe(2);
    expect(missing.err).toContain('does not exist');
    const rounds = compare('--base', SAME_RULES[0], '--rounds', '0');
    expect(rounds.status).toBe(2);
    expect(rounds.err).toContain('--rounds');
  });
});
