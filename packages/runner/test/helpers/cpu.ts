import { readFileSync } from 'node:fs';

/**
 * CPU time (user + system, ms) a process has used so far, all its threads, from /proc (Linux); with `thread`,
 * that thread's alone (the main thread's id is the process id). Undefined where /proc cannot tell.
 */
export function processCpuMs(pid: number | undefined, thread?: number): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const path = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
    const fields = readFileSync(path, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}
