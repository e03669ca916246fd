import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@navworld/core-types';
import { generateProblem } from '../src/index';
import { TASKGEN_ENTRY, bundleScript } from './helpers';

const IDS = [0, 1, 2, 3, 4, 5, 6, 7, 100, 365, 366, 9_999, 123_456, 2 ** 31 - 1];

describe('determinism', () => {
  it('gives byte-identical canonical JSON in three separate Node processes', async () => {
    const script = await bundleScript(
      `import { canonicalJson } from '@navworld/core-types';\n` +
        `import { generateProblem } from ${JSON.stringify(TASKGEN_ENTRY)};\n` +
        `const ids = ${JSON.stringify(IDS)};\n` +
        `process.stdout.write(ids.map((id) => canonicalJson(generateProblem(id))).join('\\n'));\n`,
    );
    const outputs = [0, 1, 2].map(() =>
      execFileSync(process.execPath, [script], { encoding: 'utf8' }),
    );
    expect(outputs[1]).toBe(outputs[0]);
    expect(outputs[2]).toBe(outputs[0]);
    const local = IDS.map((id) => canonicalJson(generateProblem(id))).join('\n');
    expect(outputs[0]).toBe(local);
  }, 60_000);

  it('gives deep-equal problems and the same hash on repeated calls', () => {
    for (const id of [0, 42, 777, 31_337]) {
      const a = generateProblem(id);
      const b = generateProblem(id);
      expect(b).toEqual(a);
      expect(b.problemHash).toBe(a.problemHash);
      expect(JSON.parse(JSON.stringify(a))).toEqual(JSON.parse(JSON.stringify(b)));
    }
  });

  it('exposes prompt and hash as ordinary fields', () => {
    const p = generateProblem(12);
    const plain = JSON.parse(JSON.stringify(p)) as Record<string, unknown>;
    expect(plain.prompt).toBe(p.prompt);
    expect(plain.problemHash).toBe(p.problemHash);
    expect({ ...p }.prompt).toBe(p.prompt);
    expect(structuredClone(p)).toEqual(plain);
    expect(Object.keys(p)).toContain('problemHash');
  });

  it('returns a frozen problem whose shared parts cannot be changed', () => {
    const p = generateProblem(30);
    expect(Object.isFrozen(p)).toBe(true);
    expect(Object.isFrozen(p.requiredTools)).toBe(true);
    expect(Object.isFrozen(p.difficultyProfile)).toBe(true);
    expect(Object.isFrozen(p.versions)).toBe(true);
    expect(() => {
      (p as { budget: number }).budget = 1;
    }).toThrow(TypeError);
  });
});
