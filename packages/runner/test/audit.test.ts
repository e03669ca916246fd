import { describe, expect, it } from 'vitest';
// Through the package's entry: the audit is part of its public API.
import { formatAuditTable, runAudit } from '../src/index';

describe('reward audit (CI size: tasks 0–69, every policy)', () => {
  it('passes every gate', async () => {
    const report = await runAudit({
      tasks: Array.from({ length: 70 }, (_, i) => i),
      salt: 'audit',
      // The week is pinned like the salt, so the gates see the same world in every run.
      now: Date.UTC(2026, 0, 5),
    });
    expect(report.week.startsAt).toBe('2026-01-01T00:00:00.000Z');
    console.log(formatAuditTable(report));
    expect(report.gates.filter((g) => !g.passed)).toEqual([]);
  }, 600_000);
});
