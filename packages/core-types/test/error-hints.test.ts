// Every typed error says what to do about it: each `new NavworldError(…)` (and the server's `httpError(…)`) in
// the packages' sources passes a hint, except `INTERNAL` (a bug, not a mistake of the caller) and internal signals marked `// no-hint: why` on
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

/** Number of top-level arguments of a call text `(a, b, …)` (commas outside brackets, strings and templates). */
function topLevelArguments(call: string): number {
  let depth = 0;
  let count = 0;
  let quote = '';
  let any = false;
  for (let i = 0; i < call.length; i++) {
    const c = call[i]!;
    if (quote !== '') {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 1) count++;
    if (depth >= 1 && !/[\s(,]/.test(c)) any = true;
    if (depth === 0 && i > 0) break;
  }
  // A trailing comma does not start an argument.
  const trailing = /,\s*\)$/.test(call);
  return any ? count + 1 - (trailing ? 1 : 0) : 0;
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
        for (const m of text.matchAll(/new NavworldError\(|\bhttpError\(/g)) {
          calls++;
          const call = callAt(text, m.index + m[0].length - 1);
          if (/ERROR_CODES\.INTERNAL\b/.test(call)) continue;
          // The server's httpError(code, message, hint) takes the hint as its third argument.
          if (m[0].startsWith('httpError') ? topLevelArguments(call) >= 3 : /\bhint\b/.test(call))
            continue;
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
