#!/usr/bin/env node
// Checks what each package's published build imports against what the package declares. Inside the workspace
// every package is hoisted into one node_modules, so a package can import another's dependency and still run;
// installed alone, or by a package manager that does not hoist (pnpm, npm's nested strategy), that import
// fails. Every bare import of a built file (JavaScript and declarations) must be a Node built-in, the package
// itself, or one of its dependencies, peer or optional dependencies; an import of a sibling's subpath must be
// one the sibling exports; and every (non-optional, non-peer) dependency must be imported somewhere. Run after
// `npm run build` (the CLI's fast build inlines the siblings on purpose).
//
//   node scripts/check-imports.mjs [--root <repository>]
import { build } from 'esbuild';
import { builtinModules } from 'node:module';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workspacePackages } from './lib/packages.mjs';

const rootFlag = process.argv.indexOf('--root');
const root =
  rootFlag > 0 && process.argv[rootFlag + 1]
    ? resolve(process.argv[rootFlag + 1])
    : join(dirname(fileURLToPath(import.meta.url)), '..');
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** The package a bare specifier names: `@scope/name` or `name`. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The subpath a specifier asks of its package: `.` or `./rest`. */
function subpathOf(specifier) {
  const name = packageOf(specifier);
  return specifier === name ? '.' : `.${specifier.slice(name.length)}`;
}

/** Every file under `dir` whose name passes `keep`. */
function filesUnder(dir, keep) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && keep(e.name))
    .map((e) => join(e.parentPath ?? e.path, e.name));
}

/** Bare specifiers of the JavaScript files: esbuild parses them (import, export from, import(), require()). */
async function scriptImports(files) {
  if (files.length === 0) return new Map();
  const result = await build({
    // Named entries: index.js and index.cjs would otherwise share an output name.
    entryPoints: Object.fromEntries(files.map((f, i) => [`entry${i}`, f])),
    bundle: true,
    write: false,
    metafile: true,
    // Input paths in the metafile are then relative to the repository.
    absWorkingDir: root,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: '/nonexistent',
    logLevel: 'silent',
  });
  const found = new Map();
  for (const [input, meta] of Object.entries(result.metafile.inputs)) {
    for (const imp of meta.imports) {
      // <runtime> is esbuild's own helper module, not an import of the file.
      if (!imp.external || /^[./<]/.test(imp.path)) continue;
      if (!found.has(imp.path)) found.set(imp.path, input);
    }
  }
  return found;
}

/** Bare specifiers of declaration files: `from '…'`, `import '…'` and `import('…')`. */
function declarationImports(files) {
  const found = new Map();
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(pattern)) {
      const spec = m[1];
      if (spec.startsWith('.') || spec.startsWith('/')) continue;
      // TSDoc examples (`import { … } from 'navworld'` inside a comment) are not imports.
      const lineStart = text.lastIndexOf('\n', m.index) + 1;
      if (/^\s*(?:\*|\/\/)/.test(text.slice(lineStart, m.index))) continue;
      if (!found.has(spec)) found.set(spec, relative(root, file));
    }
  }
  return found;
}

const packages = workspacePackages(root);
const byName = new Map(packages.map(({ manifest }) => [manifest.name, manifest]));

const problems = [];
let checked = 0;
for (const { path, manifest } of packages) {
  if (manifest.private) continue;
  const dist = join(path, 'dist');
  const scripts = filesUnder(dist, (n) => /\.(?:js|cjs|mjs)$/.test(n));
  if (scripts.length === 0) {
    problems.push(
      `${manifest.name}: no built files in ${relative(root, dist)} (run npm run build first)`,
    );
    continue;
  }
  const declarations = filesUnder(dist, (n) => /\.d\.(?:ts|cts|mts)$/.test(n));
  const declared = new Set([
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ]);
  const imports = [...(await scriptImports(scripts)), ...declarationImports(declarations)];
  // A runtime dependency nothing imports only makes every install bigger (optional ones may be loaded by name
  // at run time, and peers are the user's to install).
  const used = new Set(imports.map(([specifier]) => packageOf(specifier)));
  for (const name of Object.keys(manifest.dependencies ?? {}))
    if (!used.has(name))
      problems.push(
        `${manifest.name}: depends on "${name}", which its build never imports (a development dependency?)`,
      );
  for (const [specifier, from] of imports) {
    checked++;
    if (builtins.has(specifier) || builtins.has(packageOf(specifier))) continue;
    const name = packageOf(specifier);
    if (!declared.has(name)) {
      problems.push(
        `${manifest.name}: ${from} imports "${specifier}", which is not among its dependencies`,
      );
      continue;
    }
    // A sibling's subpath must be one of its exports.
    const sibling = byName.get(name);
    const exportsField = sibling?.exports;
    if (sibling && exportsField && typeof exportsField === 'object') {
      if (!(subpathOf(specifier) in exportsField))
        problems.push(
          `${manifest.name}: ${from} imports "${specifier}", which ${name} does not export`,
        );
    }
  }
}

if (problems.length > 0) {
  console.error(`check-imports: ${problems.length} problem(s)`);
  for (const p of problems) console.error(`  ${p}`);
  console.error(
    "hint: declare each imported package in the importer's dependencies, and move the ones its build never imports to devDependencies",
  );
  process.exit(1);
}
console.log(
  `check-imports: ${checked} bare import(s) of ${packages.length} packages' builds are declared, and every dependency is imported`,
);
