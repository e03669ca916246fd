#!/usr/bin/env node
// Compares the scorer of another commit with the working tree's (or with a second commit's, --head), in one
// process: the speed of the two on the benchmark's episodes, called alternately, and whether they give the
// same results on recorded episodes.
//
//   node scripts/compare-scorers.mjs --base HEAD                      # speed and sameness against HEAD
//   node scripts/compare-scorers.mjs --base v1 --chars 2900,12000 --regime recurring
//   node scripts/compare-scorers.mjs --base v1 --regime shared       # rollouts sharing 60 % of their results
//   node scripts/compare-scorers.mjs --base v1 --regime rollouts     # batches of 4 tasks × 8 rollouts
//   node scripts/compare-scorers.mjs --base HEAD --corpus results/reference-0-69.jsonl --no-timing
//   node scripts/compare-scorers.mjs --base v1 --head v2 --corpus results.jsonl   # two commits
//
// Why one process: the benchmark machine is a shared host whose speed drops by up to 1.8× for seconds at a
// time, so medians taken in two runs minutes apart compare the host, not the code. Alternating rounds of the
// two builds exposes both to the same windows, and the ratio of each pair of adjacent rounds cancels most of
// it. A probe (a pointer chase through a 64 KiB table: cache and clock speed, no allocation) is timed before
// every round, and the ratio is also reported over the calm rounds alone.
//
// Both builds are bundled from their sources with esbuild, as tsup bundles the published packages, so
// neither needs `npm run build`; a commit's tree comes from `git archive`, its dependencies from this
// checkout's node_modules. The timed episodes are always the working tree's benchmark fixtures.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { z } from 'zod';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = [
  'core-types',
  'knowledge-graph',
  'taskgen',
  'mock-transport',
  'tools',
  'fact-extractor',
  'scorer',
];

const positive = z.coerce.number().int().positive();
const OptionsSchema = z.object({
  base: z.string().min(1),
  head: z.string().min(1).optional(),
  chars: z
    .string()
    .transform((s) => s.split(',').map((x) => Number(x.trim())))
    .pipe(z.array(z.union([z.literal(290), z.literal(2900), z.literal(12000)])).min(1)),
  regime: z.enum(['fresh', 'recurring', 'shared', 'rollouts']),
  rounds: positive,
  corpus: z.string().optional(),
  timing: z.boolean(),
  keep: z.boolean(),
});

/** A mistake in the call or its inputs: reported with the usage line, exit code 2, temporary files removed. */
class UsageError extends Error {}

function usage(message) {
  throw new UsageError(message);
}

function options() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        base: { type: 'string' },
        head: { type: 'string' },
        chars: { type: 'string', default: '2900' },
        regime: { type: 'string', default: 'fresh' },
        rounds: { type: 'string', default: '16' },
        corpus: { type: 'string' },
        'no-timing': { type: 'boolean', default: false },
        keep: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    usage(error instanceof Error ? error.message : String(error));
  }
  const parsed = OptionsSchema.safeParse({
    ...values,
    timing: !values['no-timing'],
  });
  if (!parsed.success) {
    usage(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; '));
  }
  return parsed.data;
}

function git(args) {
  return execFileSync('git', args, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
}

/** The tree at `ref` (sources and their tsconfig files), unpacked into `dir`. */
function checkout(ref, dir) {
  mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['archive', '--format=tar', ref], {
    cwd: ROOT,
    maxBuffer: 1 << 30,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
}

/** Bundles `entry` with the workspace packages taken from `tree`'s sources. */
async function bundle(tree, entry, outfile) {
  const alias = Object.fromEntries(
    PACKAGES.map((p) => [`@navworld/${p}`, join(tree, 'packages', p, 'src', 'index.ts')]),
  );
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    alias,
    nodePaths: [join(ROOT, 'node_modules')],
    logLevel: 'error',
  });
}

/** The scorer of a tree, bundled into `dir` as `name`.mjs (the entry is written beside the tree's packages). */
async function bundleScorer(tree, dir, name, label) {
  const entry = join(tree, `compare-entry-${name}.ts`);
  writeFileSync(entry, "export * from '@navworld/scorer';\n");
  const out = join(dir, `${name}.mjs`);
  try {
    await bundle(tree, entry, out);
  } catch (error) {
    // esbuild has printed what it could not resolve or parse.
    usage(
      `cannot bundle the scorer of the ${label}: ${error instanceof Error ? error.message : error}`,
    );
  } finally {
    rmSync(entry, { force: true });
  }
  const scorer = await import(pathToFileURL(out).href);
  if (typeof scorer.scoreEpisodeSyncDetailed !== 'function')
    usage(`the ${label}'s scorer has no scoreEpisodeSyncDetailed (too old a commit to compare)`);
  return scorer;
}

/** The benchmark's fixtures, from the working tree (both builds score the very same episodes). */
async function bundleFixtures(dir) {
  const entry = join(dir, 'fixtures-entry.ts');
  writeFileSync(
    entry,
    `export { bigPlan, bigProblem, bigTrace, freshTraces, partlySharedTraces, pointerChase } from ${JSON.stringify(join(ROOT, 'packages/scorer/test/bench-fixtures.ts'))};\n`,
  );
  const out = join(dir, 'fixtures.mjs');
  await bundle(ROOT, entry, out);
  return import(pathToFileURL(out).href);
}

/** Nanoseconds a step of the fixtures' pointer chase takes now (cache and clock speed; see bench-fixtures.ts). */
function createProbe(fixtures) {
  const steps = 400_000;
  const chase = fixtures.pointerChase(steps);
  return () => {
    const t = performance.now();
    chase();
    return ((performance.now() - t) * 1e6) / steps;
  };
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The benchmark's episodes of one size, as `score.bench.ts` builds them. */
function episodes(fixtures, chars, regime) {
  const calls = chars === 12000 ? 15 : 5;
  const plans = [fixtures.bigPlan(chars), fixtures.bigPlan(chars, 1)];
  if (regime === 'rollouts') {
    // A batch of the rollouts of four tasks, interleaved: four traces new to the scorer, eight answers each.
    const traces = fixtures.freshTraces(calls);
    return () => {
      const tasks = [traces(), traces(), traces(), traces()];
      return Array.from({ length: ROLLOUT_BATCH }, (_, i) => ({
        problem: fixtures.bigProblem,
        trace: tasks[i % tasks.length],
        answer: plans[Math.floor(i / tasks.length) % 2],
      }));
    };
  }
  const recurring = fixtures.bigTrace(calls);
  const traces =
    regime === 'recurring'
      ? () => recurring
      : regime === 'shared'
        ? // Eight rollouts per task, each sharing its task's first 60 % of results (as score.bench.ts).
          fixtures.partlySharedTraces(calls, Math.round(calls * 0.6))
        : fixtures.freshTraces(calls);
  let k = 0;
  return () => ({ problem: fixtures.bigProblem, trace: traces(), answer: plans[k++ % 2] });
}

/** Episodes per batch of the `rollouts` regime. */
const ROLLOUT_BATCH = 32;

/**
 * How a build scores one unit of the regime's workload: an episode, or a batch of rollouts (the time is then
 * given per episode).
 */
function scorerOf(build, regime, label) {
  if (regime !== 'rollouts') return build.scoreEpisodeSync;
  if (typeof build.scoreEpisodesSync !== 'function')
    usage(`the ${label} has no scoreEpisodesSync: the rollouts regime needs batch scoring`);
  return (batch) => build.scoreEpisodesSync(batch);
}

function timeRound(score, next, count) {
  const times = new Array(count);
  for (let i = 0; i < count; i++) {
    const input = next();
    const t = performance.now();
    score(input);
    times[i] = performance.now() - t;
  }
  return median(times);
}

function timing(baseBuild, headBuild, fixtures, opts) {
  const base = { scoreEpisodeSync: scorerOf(baseBuild, opts.regime, 'base') };
  const head = { scoreEpisodeSync: scorerOf(headBuild, opts.regime, 'head') };
  const probe = createProbe(fixtures);
  // The fastest probe so far, over every case: a case run wholly in a slow window has no calm rounds.
  let fastest = Number.POSITIVE_INFINITY;
  for (const chars of opts.chars) {
    const next = episodes(fixtures, chars, opts.regime);
    const batch = opts.regime === 'rollouts' ? ROLLOUT_BATCH : 1;
    const perRound = Math.max(3, Math.round((chars === 12000 ? 150 : 500) / batch));
    // Warm-up: the first couple of thousand episodes run while the engine compiles the rules.
    const until = performance.now() + 4000;
    while (performance.now() < until) {
      timeRound(base.scoreEpisodeSync, next, 20);
      timeRound(head.scoreEpisodeSync, next, 20);
    }
    const rows = [];
    for (let r = 0; r < opts.rounds; r++) {
      // Times per episode: a batch's median divided by its size.
      const p = probe();
      // Both orders, so neither build always runs second.
      let a;
      let b;
      if (r % 2 === 0) {
        a = timeRound(base.scoreEpisodeSync, next, perRound);
        b = timeRound(head.scoreEpisodeSync, next, perRound);
      } else {
        b = timeRound(head.scoreEpisodeSync, next, perRound);
        a = timeRound(base.scoreEpisodeSync, next, perRound);
      }
      rows.push({ probe: Math.max(p, probe()), a: a / batch, b: b / batch });
    }
    fastest = Math.min(fastest, ...rows.map((r) => r.probe));
    const calmLimit = 1.15 * fastest;
    const calm = rows.filter((r) => r.probe <= calmLimit);
    const line = (label, set) =>
      set.length === 0
        ? `  ${label}: none`
        : `  ${label} (${set.length} rounds): base ${median(set.map((r) => r.a)).toFixed(4)} ms, ` +
          `head ${median(set.map((r) => r.b)).toFixed(4)} ms, head / base ` +
          `${median(set.map((r) => r.b / r.a)).toFixed(3)} ` +
          `[${Math.min(...set.map((r) => r.b / r.a)).toFixed(3)}–${Math.max(...set.map((r) => r.b / r.a)).toFixed(3)}]`;
    console.log(
      opts.regime === 'rollouts'
        ? `${chars} characters, batches of ${batch} rollouts of 4 tasks, ${perRound} batches a round (time per episode):`
        : `${chars} characters, ${opts.regime === 'shared' ? 'partly shared' : opts.regime} tool results, ${perRound} episodes a round:`,
    );
    console.log(line('all rounds', rows));
    console.log(line('calm rounds', calm));
    console.log(
      `  probe: ${median(rows.map((r) => r.probe)).toFixed(2)} ns a step (calm ≤ ${calmLimit.toFixed(2)})`,
    );
  }
}

/**
 * The answers scored for each recorded episode: the answer itself and rewrites that take other paths of the
 * rules (cut short, lines reversed, another episode's answer, digits changed, result dumps, no answer, 块 and
 * Day N), plus the answer with a shortened trace and with none.
 */
/**
 * The inputs scored for each recorded episode, named for the report: the answer itself and rewrites that
 * take other paths of the rules (cut short, lines reversed, another episode's answer, digits changed, result
 * dumps, no answer, 块 and Day N), plus the answer with a shortened trace and with none.
 */
function variants(episode, other) {
  const a = episode.answer;
  const dump = episode.trace.map((t) => t.resultText).join('\n');
  const answers = [
    ['answer', a],
    ['cut short', a.slice(0, Math.floor(a.length * 0.3))],
    ['lines reversed', a.split('\n').reverse().join('\n')],
    ["another episode's answer", other.answer],
    ['digits changed', a.replace(/\d/g, (d) => String((Number(d) + 1) % 10))],
    ['answer + result dump', `${a}\n${dump}`],
    ['result dump', dump],
    ['no answer', ''],
    ['块 and Day N', a.replace(/元/g, '块').replace(/第(\d+)天/g, 'Day $1')],
  ];
  const out = answers.map(([name, answer]) => [name, { ...episode, answer }]);
  out.push(
    ['two calls', { ...episode, trace: episode.trace.slice(0, 2) }],
    ['no calls', { ...episode, trace: [] }],
  );
  return out;
}

const RecordedSchema = z.looseObject({
  taskId: z.number(),
  problem: z.unknown(),
  trace: z.array(z.looseObject({ resultText: z.string() })),
  answer: z.string(),
});

function identity(base, head, corpus) {
  const recorded = readFileSync(corpus, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .flatMap((l) => {
      // Lines that are not recorded episodes (a truncated last line, another file's rows) are passed over.
      let value;
      try {
        value = JSON.parse(l);
      } catch {
        return [];
      }
      const r = RecordedSchema.safeParse(value);
      return r.success ? [r.data] : [];
    });
  if (recorded.length === 0) usage(`${corpus}: no recorded episodes (results JSONL expected)`);
  let total = 0;
  let differ = 0;
  // Scorings whose total changed: [task, variant name, base total, head total].
  const moved = [];
  const hashes = { base: createHash('sha256'), head: createHash('sha256') };
  for (let i = 0; i < recorded.length; i++) {
    const e = recorded[i];
    const inputs = variants(e, recorded[(i + 1) % recorded.length]).map(([name, v]) => [
      name,
      { problem: v.problem, trace: v.trace, answer: v.answer },
    ]);
    inputs.forEach(([name, input], k) => {
      const totals = [];
      const text = (m) => {
        // An input one build refuses (an older schema) is a result too: the refusal's code and message.
        try {
          const d = m.scoreEpisodeSyncDetailed(input);
          totals.push(d.breakdown.total);
          return JSON.stringify([d.breakdown, d.toolFacts, d.answerFacts, d.parsed]);
        } catch (error) {
          totals.push(undefined);
          return `error: ${error?.code ?? ''} ${error instanceof Error ? error.message : error}`;
        }
      };
      const a = text(base);
      const b = text(head);
      if (totals[0] !== totals[1]) moved.push([e.taskId, name, totals[0], totals[1]]);
      hashes.base.update(a);
      hashes.head.update(b);
      total++;
      if (a !== b) {
        differ++;
        if (differ <= 5) {
          let at = 0;
          while (at < a.length && a[at] === b[at]) at++;
          console.log(
            `  differs: task ${e.taskId}, variant ${k}: …${a.slice(Math.max(0, at - 60), at + 60)}… ` +
              `became …${b.slice(Math.max(0, at - 60), at + 60)}…`,
          );
        }
      }
    });
  }
  console.log(
    `${total} scorings of ${recorded.length} recorded episodes: ${differ} differ ` +
      `(base ${hashes.base.digest('hex').slice(0, 16)}, head ${hashes.head.digest('hex').slice(0, 16)})`,
  );
  if (differ > 0) {
    // Details may change while every score stays: say which scorings moved, the largest changes first.
    const up = moved.filter(([, , a, b]) => (b ?? 0) > (a ?? 0)).length;
    console.log(`  totals: ${moved.length} changed (${up} up, ${moved.length - up} down)`);
    // Per variant: a change meant for one kind of answer should not move the others.
    const byVariant = new Map();
    for (const [, name] of moved) byVariant.set(name, (byVariant.get(name) ?? 0) + 1);
    if (byVariant.size > 0)
      console.log(`  by variant: ${[...byVariant].map(([name, n]) => `${name} ${n}`).join(', ')}`);
    moved.sort((x, y) => Math.abs((y[3] ?? 0) - (y[2] ?? 0)) - Math.abs((x[3] ?? 0) - (x[2] ?? 0)));
    for (const [task, name, a, b] of moved.slice(0, 10))
      console.log(`    task ${task}, ${name}: ${a} → ${b}`);
  }
  return differ;
}

async function main() {
  const opts = options();
  const commit = (option, ref) => {
    try {
      return git(['rev-parse', '--verify', `${ref}^{commit}`]);
    } catch {
      return usage(`--${option}: ${ref} is not a commit of this repository`);
    }
  };
  const baseSha = commit('base', opts.base);
  const headSha = opts.head === undefined ? undefined : commit('head', opts.head);
  if (opts.corpus !== undefined && !existsSync(opts.corpus))
    usage(
      `--corpus: ${opts.corpus} does not exist (npm start writes results/reference-0-69.jsonl)`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'navworld-compare-'));
  try {
    checkout(baseSha, join(dir, 'base'));
    let headTree = ROOT;
    let headLabel = 'working tree';
    if (headSha !== undefined) {
      headTree = join(dir, 'head');
      headLabel = `head ${opts.head}`;
      checkout(headSha, headTree);
    } else if (git(['status', '--porcelain', '--', 'packages']) !== '')
      headLabel += ' (with uncommitted changes)';
    console.log(
      `base ${opts.base} (${baseSha.slice(0, 10)}) against the ${headLabel}` +
        `${headSha === undefined ? '' : ` (${headSha.slice(0, 10)})`}, Node ${process.version}`,
    );
    const base = await bundleScorer(join(dir, 'base'), dir, 'base', `base ${opts.base}`);
    const head = await bundleScorer(headTree, dir, 'head', headLabel);
    if (opts.timing) timing(base, head, await bundleFixtures(dir), opts);
    return opts.corpus !== undefined ? identity(base, head, opts.corpus) : 0;
  } finally {
    if (opts.keep) console.log(`bundles kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

try {
  process.exitCode = (await main()) > 0 ? 1 : 0;
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(
    `${error.message}\n` +
      'usage: node scripts/compare-scorers.mjs --base <git ref> [--head <git ref>] [--chars 290,2900,12000] ' +
      '[--regime fresh|recurring|shared|rollouts] [--rounds 16] [--corpus results.jsonl] [--no-timing] [--keep]\n',
  );
  process.exitCode = 2;
}
