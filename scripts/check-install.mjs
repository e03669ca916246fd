#!/usr/bin/env node
// Installs the packages as a user gets them and runs them: every public package is packed (`npm pack`, the
// tarball npm would publish), the tarballs are installed into an empty project with npm's nested strategy (no
// hoisting: a package finds only what it declares) and without optional dependencies (the native SQLite driver
// left out, as where it cannot be built), then each package is imported and the `navworld` bin plays, scores
// and reports a few tasks, calls a tool and serves the tools over MCP. Run after `npm run build`; third-party
// dependencies come from the npm registry (or npm's cache).
//
//   node scripts/check-install.mjs [--keep]      (--keep leaves the project folder for a look)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listToolsSession } from './lib/mcp.mjs';
import { workspacePackages } from './lib/packages.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();

/** Ends the check: the message, then `output` (the end of what a command printed), if any. */
function fail(message, output = '') {
  console.error(`check-install: ${message}`);
  if (output !== '') console.error(output.trim().split('\n').slice(-40).join('\n'));
  if (keep) console.error(`the project is kept in ${work}`);
  else {
    rmSync(work, { recursive: true, force: true });
    console.error('hint: run with --keep to look at the project');
  }
  process.exit(1);
}

/** Runs a command; returns its stdout and stderr, or ends the check with what it printed. */
function run(what, command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0 || result.error)
    fail(
      `${what} failed (exit ${result.status ?? result.error?.message})`,
      `${result.stdout ?? ''}${result.stderr ?? ''}`,
    );
  return { stdout: result.stdout, stderr: result.stderr };
}

const work = mkdtempSync(join(tmpdir(), 'navworld-install-'));
const packs = join(work, 'packs');
const project = join(work, 'project');
mkdirSync(packs);
mkdirSync(project);

// Pack every public package.
const packages = [];
for (const { path, manifest } of workspacePackages(root)) {
  if (manifest.private) continue;
  if (!existsSync(join(path, 'dist')))
    fail(`${manifest.name} has no build (run npm run build first)`);
  run(`npm pack of ${manifest.name}`, npm, ['pack', '--silent', '--pack-destination', packs], {
    cwd: path,
  });
  packages.push(manifest);
}
const tarballs = readdirSync(packs).map((f) => join(packs, f));

// A user's project, with the tarballs installed and nothing hoisted.
writeFileSync(
  join(project, 'package.json'),
  JSON.stringify({ name: 'navworld-install-check', version: '1.0.0', private: true }),
);
run(
  'npm install of the tarballs',
  npm,
  [
    'install',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    '--omit=optional',
    '--ignore-scripts',
    '--install-strategy=nested',
    ...tarballs,
  ],
  { cwd: project },
);

// Every package loads, as ESM and (where it ships CommonJS) as CommonJS.
for (const manifest of packages) {
  const name = JSON.stringify(manifest.name);
  const { stdout: esm } = run(
    `import of ${manifest.name}`,
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const m = await import(${name}); console.log(Object.keys(m).length)`,
    ],
    { cwd: project },
  );
  if (Number(esm) < 1) fail(`${manifest.name} exports nothing`);
  const dual = JSON.stringify(manifest.exports?.['.'] ?? {}).includes('"require"');
  if (dual)
    run(`require of ${manifest.name}`, process.execPath, ['-e', `require(${name})`], {
      cwd: project,
    });
}

// The bin: play three tasks on two threads, score them again, summarise them, call a tool with the SQLite cache
// asked for (and no driver installed).
const bin = join(project, 'node_modules', '.bin', 'navworld');
const env = { ...process.env, NAVWORLD_CACHE_DIR: join(work, 'cache') };
delete env.NAVWORLD_DEBUG;
run(
  'navworld evaluate',
  bin,
  [
    'evaluate',
    '--tasks',
    '0-2',
    '--agent',
    'reference',
    '--workers',
    '2',
    '--out',
    'results.jsonl',
  ],
  { cwd: project, env },
);
const scored = JSON.parse(
  run('navworld score', bin, ['score', 'results.jsonl', '--json'], { cwd: project, env }).stdout,
);
if (!Array.isArray(scored) || scored.length !== 3) fail('navworld score did not give three rows');
for (const row of scored)
  if (!(row.codeTotal >= 45 && row.matches === true))
    fail(
      `navworld score: task ${row.taskId} scored ${row.codeTotal} (code, saved ${row.savedCodeTotal}); expected ≥ 45, as saved`,
    );
run('navworld report', bin, ['report', 'results.jsonl', '--html', 'report.html'], {
  cwd: project,
  env,
});
if (!existsSync(join(project, 'report.html'))) fail('navworld report wrote no HTML');
const weather = run('navworld call weather', bin, ['call', 'weather', '{"city":"北京"}'], {
  cwd: project,
  env: { ...env, NAVWORLD_CACHE: 'sqlite' },
});
if (!weather.stdout.includes('北京'))
  fail(`navworld call weather answered without the city: ${weather.stdout}`);
if (!weather.stderr.includes('better-sqlite3 is not installed'))
  fail(`navworld call with a sqlite cache and no driver gave no warning: ${weather.stderr}`);

// The MCP server over stdio: a handshake, then the list of the six tools (it ends when its input does).
const mcp = run('navworld mcp', bin, ['mcp'], {
  cwd: project,
  env,
  input: listToolsSession('check'),
  timeout: 30_000,
});
const listed = mcp.stdout
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l))
  .find((m) => m.id === 2)?.result?.tools;
if (!Array.isArray(listed) || listed.length !== 6)
  fail(`navworld mcp listed ${Array.isArray(listed) ? listed.length : 'no'} tools, expected 6`);

if (!keep) rmSync(work, { recursive: true, force: true });
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(
  `check-install: ${packages.length} packed packages install unhoisted, load, and run (${seconds} s)` +
    (keep ? `; kept in ${work}` : ''),
);
