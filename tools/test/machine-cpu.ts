/**
 * The CPU time the whole machine spends, read from /proc/stat (Linux): what `npm test` costs, the browsers and
 * emulators it starts but never waits for included, which a process's own accounting (`time`) misses.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Busy clock ticks in /proc/stat's first line: user, nice, system, irq, softirq, steal (not idle, not iowait). */
export function busyTicks(procStat: string): number | undefined {
  const line = procStat.split('\n').find((each) => /^cpu\s/.test(each));
  if (!line) return undefined;
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  const busy = [user, nice, system, irq, softirq, steal].map((value) => value ?? 0);
  return busy.some(Number.isNaN) ? undefined : busy.reduce((sum, value) => sum + value, 0);
}

/**
 * The fields of a /proc/<pid>/stat line from field 3 (state) on, index 0 being field 3. The command name (field 2)
 * may hold spaces and brackets, so the fields are counted after its last ')'.
 */
export function statFields(procPidStat: string): string[] | undefined {
  const close = procPidStat.lastIndexOf(')');
  if (close < 0) return undefined;
  return procPidStat
    .slice(close + 2)
    .trim()
    .split(/\s+/);
}

/**
 * The CPU time of the processes a process waited for (its children, and theirs that they waited for): fields 16
 * and 17 of /proc/<pid>/stat, cutime and cstime, in clock ticks.
 */
export function childrenTicks(procPidStat: string): number | undefined {
  const after = statFields(procPidStat);
  if (!after) return undefined;
  const [cutime, cstime] = [Number(after[13]), Number(after[14])];
  return Number.isNaN(cutime) || Number.isNaN(cstime) ? undefined : cutime + cstime;
}

let clockTicks: number | undefined;

/** Clock ticks per second (getconf CLK_TCK, asked once; 100 on Linux). */
export function ticksPerSecond(): number {
  clockTicks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  return clockTicks;
}

/** A reading of the machine's busy time, or undefined where there is no /proc/stat. */
export function machineBusySeconds(): number | undefined {
  try {
    const ticks = busyTicks(readFileSync('/proc/stat', 'utf8'));
    if (ticks === undefined) return undefined;
    return ticks / ticksPerSecond();
  } catch {
    return undefined;
  }
}
