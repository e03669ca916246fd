#!/usr/bin/env node
// Runs the benchmarks (arguments go to `vitest bench`, e.g. --project scorer) and ends with a table of medians:
// Vitest's own table shows means and percentiles, while the speed targets of the packages are medians.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { z } from 'zod';

const BenchmarkSchema = z.object({
  name: z.string(),
  median: z.number(),
  mean: z.number(),
  p75: z.number(),
  sampleCount: z.number(),
});
const ReportSchema = z.object({
  files: z.array(
    z.object({
      filepath: z.string(),
      groups: z.array(z.object({ fullName: z.string(), benchmarks: z.array(BenchmarkSchema) })),
    }),
  ),
});

/** Milliseconds with four significant figures at most (0.4123, 2.468, 12.35). */
function ms(value) {
  return value >= 100 ? value.toFixed(0) : value.toPrecision(4);
}

/** The medians table of a Vitest benchmark report, one block per benchmark group. */
function mediansTable(report, root) {
  const lines = ['', 'Medians (ms):'];
  for (const file of report.files) {
    for (const group of file.groups) {
      // Vitest names a group after its file first; the file's path from the root says the same, and more.
      const [first, ...rest] = group.fullName.split(' > ');
      const suite = first !== undefined && file.filepath.endsWith(first) ? rest : [first, ...rest];
      lines.push('', [relative(root, file.filepath), ...suite].join(' > '));
      const width = Math.max(...group.benchmarks.map((b) => b.name.length));
      for (const b of group.benchmarks) {
        lines.push(
          `  ${b.name.padEnd(width)}  median ${ms(b.median).padStart(7)}  mean ${ms(b.mean).padStart(7)}` +
            `  p75 ${ms(b.p75).padStart(7)}  samples ${b.sampleCount}`,
        );
      }
    }
  }
  return lines.join('\n');
}

const dir = mkdtempSync(join(tmpdir(), 'navworld-bench-'));
const out = join(dir, 'bench.json');
try {
  const args = [
    'vitest',
    'bench',
    '--run',
    '--no-file-parallelism',
    `--outputJson=${out}`,
    ...process.argv.slice(2),
  ];
  const run = spawnSync('npx', args, { stdio: 'inherit', env: process.env });
  if (run.status !== 0) process.exit(run.status ?? 1);
  let report;
  try {
    report = ReportSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
  } catch (error) {
    console.error(
      `error: the benchmark report could not be read (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    );
    console.error('hint: run `npx vitest bench --run` directly to see what failed');
    process.exit(1);
  }
  console.log(mediansTable(report, process.cwd()));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
