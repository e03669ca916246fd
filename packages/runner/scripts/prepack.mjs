// Refuses to pack the in-repository fast build: it inlines the sibling packages and imports their dependencies
// without declaring them, so it only runs inside the workspace.
import { existsSync } from 'node:fs';

if (existsSync(new URL('../dist/.fast-build', import.meta.url))) {
  console.error(
    'navworld: dist/ holds the fast build (npm run build:cli), which is not for publishing',
  );
  console.error('hint: run `npm run build` in packages/runner (or at the repository root) first');
  process.exit(1);
}
