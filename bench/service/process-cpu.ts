/**
 * CPU time used so far by another process and its child processes (user + system, all their
 * threads), from /proc on Linux. On a shared machine, CPU milliseconds per request say more about
 * the server than requests/s; with `--processes` the work is in the children.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** Fields of /proc/PID/stat after the command name (which may hold spaces): state, ppid, ... */
function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

function ownCpuMs(fields: readonly string[]): number {
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** CPU milliseconds of process `pid` and its children, or undefined where /proc is not available. */
export function processCpuMs(pid: number): number | undefined {
  try {
    let total = ownCpuMs(statFields(pid));
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = statFields(entry);
        if (Number(fields[1]) === pid) total += ownCpuMs(fields);
      } catch {
        // The process ended while we looked.
      }
    }
    return total;
  } catch {
    return undefined;
  }
}
