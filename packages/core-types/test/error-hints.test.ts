// Every typed error says what to do about it: each `new NavworldError(…)` in the packages' sources passes a
// hint, except `INTERNAL` (a bug, not a mistake of the caller) and internal signals marked `// no-hint: why` on
// the line before.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packages = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** The text of the call starting at `start` (up to its balanced closing parenthesis). */
function callAt(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

describe('error hints', () => {
  it('every NavworldError raised by the packages carries a hint', () => {
    const missing: string[] = [];
    let calls = 0;
    for (const pkg of readdirSync(packages)) {
      let files: string[];
      try {
        files = sourceFiles(join(packages, pkg, 'src'));
      } catch {
        continue;
      }
      for (const file of files) {
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(/new NavworldError\(/g)) {
          calls++;
          const call = callAt(text, m.index + 'new NavworldError'.length);
          if (/\bhint\b/.test(call) || /ERROR_CODES\.INTERNAL\b/.test(call)) continue;
          const lineStart = text.lastIndexOf('\n', m.index) + 1;
          const previous = text.slice(text.lastIndexOf('\n', lineStart - 2) + 1, lineStart);
          if (/\/\/ no-hint: \S/.test(previous)) continue;
          const line = text.slice(0, m.index).split('\n').length;
          missing.push(`${file.slice(packages.length)}:${line}`);
        }
      }
    }
    // The scan sees the calls (so it can fail), and none lacks a hint.
    expect(calls).toBeGreaterThan(80);
    expect(missing).toEqual([]);
  });
});
