// The packaging check (scripts/check-imports.mjs): every bare import of a package's build must be declared by
// that package, or the package fails once installed without the workspace's hoisting. The published CLI used
// to inline its siblings and so import their dependencies (seedrandom, better-sqlite3, the MCP SDK) undeclared.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SCRIPT = join(ROOT, 'scripts/check-imports.mjs');

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** A repository of packages: name → [package.json fields, dist files]. */
function repository(packages: Record<string, [object, Record<string, string>]>): string {
  const root = mkdtempSync(join(tmpdir(), 'navworld-imports-'));
  dirs.push(root);
  for (const [dir, [manifest, files]] of Object.entries(packages)) {
    mkdirSync(join(root, 'packages', dir, 'dist'), { recursive: true });
    writeFileSync(join(root, 'packages', dir, 'package.json'), JSON.stringify(manifest));
    for (const [name, text] of Object.entries(files))
      writeFileSync(join(root, 'packages', dir, 'dist', name), text);
  }
  return root;
}

function check(root: string): { status: number | null; out: string; err: string } {
  const run = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

const base = {
  name: '@navworld/base',
  version: '1.0.0',
  dependencies: { zod: '^4.0.0' },
  exports: { '.': './dist/index.js', './testing': './dist/testing.js' },
};

/** A package that depends on `base`. */
const top = { name: 'top', version: '1.0.0', dependencies: { '@navworld/base': '^1.0.0' } };

describe('scripts/check-imports.mjs', () => {
  it('passes builds whose imports are built-ins, the package itself, declared dependencies and exported subpaths', () => {
    const root = repository({
      base: [
        base,
        {
          'index.js':
            'import { z } from "zod";\nimport { readFileSync } from "node:fs";\nimport "fs";\nexport const a = z;',
          'index.cjs': 'const z = require("zod");\nmodule.exports = { z };',
          'index.d.ts':
            "/**\n * import { a } from 'nowhere-documented';\n */\nexport { z } from 'zod';\nexport type T = import('@navworld/base').A;",
        },
      ],
      top: [
        top,
        {
          'index.js':
            'import { a } from "@navworld/base";\nexport const t = () => import("@navworld/base/testing");',
        },
      ],
    });
    const run = check(root);
    expect(run.err).toBe('');
    expect(run.status).toBe(0);
    expect(run.out).toMatch(/bare import\(s\) of 2 packages' builds are declared/);
  });

  it('fails on a dependency the build never imports, and not on an optional or peer one', () => {
    const root = repository({
      base: [
        {
          ...base,
          dependencies: { zod: '^4.0.0', seedrandom: '^3.0.0' },
          optionalDependencies: { 'better-sqlite3': '^12.0.0' },
          peerDependencies: { openai: '^6.0.0' },
        },
        { 'index.js': 'import { z } from "zod";\nexport const a = z;' },
      ],
    });
    const run = check(root);
    expect(run.status).toBe(1);
    expect(run.err).toContain(
      '@navworld/base: depends on "seedrandom", which its build never imports',
    );
    expect(run.err).not.toContain('better-sqlite3');
    expect(run.err).not.toContain('openai');
  });

  it('fails on an import that only hoisting provides, in JavaScript, CommonJS and declarations', () => {
    const root = repository({
      base: [base, { 'index.js': 'import { z } from "zod";\nexport const a = z;' }],
      top: [
        top,
        {
          'index.js': 'import seedrandom from "seedrandom";\nexport const r = seedrandom;',
          'cli.cjs': 'const Database = require("better-sqlite3");\nmodule.exports = Database;',
          'index.d.ts':
            "import type { Server } from '@modelcontextprotocol/sdk/server/index.js';\nexport type S = Server;",
        },
      ],
    });
    const run = check(root);
    expect(run.status).toBe(1);
    expect(run.err).toContain(
      'top: packages/top/dist/index.js imports "seedrandom", which is not among its dependencies',
    );
    expect(run.err).toContain('imports "better-sqlite3"');
    expect(run.err).toContain('imports "@modelcontextprotocol/sdk/server/index.js"');
    expect(run.err).toContain('hint:');
    expect(run.err).not.toContain('zod');
  });

  it('fails on a subpath the sibling does not export, and on a package with no build', () => {
    const root = repository({
      base: [base, { 'index.js': 'export const a = 1;' }],
      top: [
        top,
        { 'index.js': 'import { x } from "@navworld/base/internal/x.js";\nexport const t = x;' },
      ],
      empty: [{ name: 'empty', version: '1.0.0' }, {}],
    });
    const run = check(root);
    expect(run.status).toBe(1);
    expect(run.err).toContain(
      'imports "@navworld/base/internal/x.js", which @navworld/base does not export',
    );
    expect(run.err).toContain('empty: no built files');
  });
});
