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

/** A reading of the machine's busy time, or undefined where there is no /proc/stat. */
export function machineBusySeconds(): number | undefined {
  try {
    const ticks = busyTicks(readFileSync('/proc/stat', 'utf8'));
    if (ticks === undefined) return undefined;
    const perSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
    return ticks / perSecond;
  } catch {
    return undefined;
  }
}
