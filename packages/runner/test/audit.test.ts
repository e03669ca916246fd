import { describe, expect, it } from 'vitest';
import { formatAuditTable, runAudit } from '../src/audit/index';

describe('reward audit (CI size: tasks 0–69, every policy)', () => {
  it('passes every gate', async () => {
    const report = await runAudit({
      tasks: Array.from({ length: 70 }, (_, i) => i),
      salt: 'audit',
    });
    console.log(formatAuditTable(report));
    expect(report.gates.filter((g) => !g.passed)).toEqual([]);
  }, 600_000);
});
