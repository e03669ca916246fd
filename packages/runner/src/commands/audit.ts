import { writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ERROR_CODES, NavworldError } from '@navworld/core-types';
import { formatAuditTable, runAudit } from '../audit/index';
import { parseTaskRange } from '../config';
import {
  EXIT_CODES,
  checkReportPath,
  ensureFolder,
  intFlag,
  pathFlag,
  saltFlag,
  stringFlag,
  timeFlag,
} from '../internal/cli-support';

/** Exit code of `navworld audit` when a gate fails. */
export const AUDIT_FAILED_EXIT_CODE = 6;

/** Options of `navworld audit` (as parsed by the CLI). */
export interface AuditCommandOptions {
  tasks?: unknown;
  salt?: unknown;
  staleSalt?: unknown;
  now?: unknown;
  policies?: unknown;
  concurrency?: unknown;
  out?: unknown;
  json?: unknown;
  quiet?: unknown;
  world?: unknown;
}

/**
 * `navworld audit`: plays the reference agent and every exploit policy over the tasks, prints the table and
 * exits non-zero (6) when a gate fails. `--out` writes the whole report as JSON.
 */
export async function auditCommand(
  options: AuditCommandOptions,
  io: { err: (text: string) => void; isTty: boolean },
): Promise<number> {
  const world = stringFlag(options.world) ?? 'offline';
  if (world !== 'offline') {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `the audit runs in the offline world only, not "${world}"`,
      {
        hint: 'drop --world, or pass --world offline',
      },
    );
  }
  const tasks = parseTaskRange(stringFlag(options.tasks) ?? '0-69');
  const policies = stringFlag(options.policies)
    ?.split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const salt = saltFlag(options.salt);
  const staleSalt = saltFlag(options.staleSalt, 'stale-salt');
  const now = timeFlag(options.now, 'now');
  const quiet = options.quiet === true;
  // Checked before the audit runs: a bad path should not cost a minute of work.
  const out = pathFlag(options.out, 'out');
  if (out !== undefined) await checkReportPath(out, 'out');
  const report = await runAudit({
    tasks,
    ...(salt ? { salt } : {}),
    ...(staleSalt ? { staleSalt } : {}),
    ...(now === undefined ? {} : { now }),
    ...(policies ? { policies } : {}),
    concurrency: intFlag(options.concurrency, 'concurrency', 1, 256, 8),
    onProgress: quiet
      ? undefined
      : (done, total) => {
          if (io.isTty) io.err(`\raudit ${done}/${total}`);
          else if (done === total || done % 50 === 0) io.err(`audit ${done}/${total}\n`);
        },
  });
  if (!quiet && io.isTty) io.err('\n');
  if (out !== undefined) {
    try {
      // Missing folders are made, as for `evaluate --out`.
      await ensureFolder(dirname(out));
      await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
    } catch (cause) {
      throw new NavworldError(
        ERROR_CODES.IO_ERROR,
        `cannot write the audit report to ${out}: ${(cause as Error).message}`,
        { hint: 'Pass --out a file path in a writable folder.', cause },
      );
    }
  }
  console.log(options.json === true ? JSON.stringify(report, null, 2) : formatAuditTable(report));
  return report.passed ? EXIT_CODES.ok : AUDIT_FAILED_EXIT_CODE;
}
