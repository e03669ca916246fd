// Helpers shared by the test files.
/** CPU time of this process so far (ms): the linear-time tests bound it generously, not wall time. */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
