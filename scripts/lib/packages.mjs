// The workspace's packages, as the repository's maintenance scripts read them.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every folder of `<root>/packages` that holds a package.json, in directory order: its folder name, its path
 * and its parsed manifest.
 */
export function workspacePackages(root) {
  const packagesDir = join(root, 'packages');
  const found = [];
  for (const dir of readdirSync(packagesDir)) {
    const path = join(packagesDir, dir);
    const file = join(path, 'package.json');
    if (existsSync(file))
      found.push({ dir, path, manifest: JSON.parse(readFileSync(file, 'utf8')) });
  }
  return found;
}
