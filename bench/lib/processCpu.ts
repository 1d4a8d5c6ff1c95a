import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU ticks used so far by every process below `root` (e.g. the browser this bench launched: its GPU
 * process, renderers and utilities), by pid. Linux only.
 */
export function cpuTicksBelow(root: number = process.pid): Map<number, number> {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state, ppid, …, utime (14th), stime (15th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while the list was read.
    }
  }
  const below = new Map<number, number>();
  for (const [pid, { ticks }] of stats) {
    for (let parent = stats.get(pid)?.ppid ?? 0; parent > 1; parent = stats.get(parent)?.ppid ?? 0) {
      if (parent === root) {
        below.set(pid, ticks);
        break;
      }
    }
  }
  return below;
}

/**
 * CPU ms the processes below `root` used since `before` (a `cpuTicksBelow` reading), counting processes
 * started since then in full. A process that ended in between is missed: read before closing pages.
 * Unlike wall time, this hardly moves with what else runs on the machine.
 */
export function cpuMsSince(before: Map<number, number>, root: number = process.pid): number {
  let ticks = 0;
  for (const [pid, now] of cpuTicksBelow(root)) ticks += now - (before.get(pid) ?? 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}
