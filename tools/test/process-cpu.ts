/**
 * Which programs the machine's CPU time went to over `npm test`, read from /proc (Linux) once a second: a step's own
 * accounting (machine-cpu.ts, childrenTicks) misses what its processes leave running or hand to another parent
 * (Chromium's renderers, the emulators of the stack), and that was half the machine's time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { statFields, ticksPerSecond } from './machine-cpu.ts';

/**
 * A process's own CPU time (utime + stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks) and its start
 * time (field 22), which tells a process from a later one given the same pid.
 */
export function processTicks(procPidStat: string): { ticks: number; start: string } | undefined {
  const after = statFields(procPidStat);
  if (!after) return undefined;
  const [utime, stime, start] = [Number(after[11]), Number(after[12]), after[19]];
  if (Number.isNaN(utime) || Number.isNaN(stime) || start === undefined) return undefined;
  return { ticks: utime + stime, start };
}

/** The programs the table names, first match wins: a command line (its arguments joined by spaces). */
const PROGRAMS: [RegExp, string][] = [
  [/chrom(e|ium)|headless_shell|--type=(renderer|gpu-process|utility|zygote)/, 'Chromium'],
  [/firefox|-contentproc/, 'Firefox ESR'],
  [/tesseract/, 'Tesseract (OCR)'],
  [/\bjava\b/, 'Java (Nu HTML Checker, jing)'],
  [/vitest/, 'Vitest'],
  [/playwright/, 'Playwright (its Node side)'],
  [/eslint/, 'ESLint'],
  [/prettier/, 'Prettier'],
  [/\btsc\b|typescript/, 'TypeScript (tsc -b)'],
  [/tools\/local\/stack\.ts/, 'The local stack (Storage emulator, demo seed)'],
  [/firebase-tools|firebase\.js/, 'Firebase CLI (Auth and Hosting emulators)'],
  [/organiser\/commands\//, 'Organiser commands the tests run'],
  [/tools\/build\/|vite/, 'The build (Vite, prerender, generate)'],
  [/tools\/test\/test-all\.ts/, 'npm test itself'],
  [/\bnpm\b|npx/, 'npm and npx'],
];

/** The program a command line belongs to (see PROGRAMS); a kernel thread or anything else is "other". */
export function programOf(commandLine: string): string {
  return PROGRAMS.find(([pattern]) => pattern.test(commandLine))?.[1] ?? 'other';
}

interface Seen {
  program: string;
  /** The process's CPU ticks when first seen (a process older than the sampler) and last seen. */
  first: number;
  last: number;
}

/**
 * Samples every process on the machine once a `periodMs` (its cost: some 1 % of one core at 1 s) and adds up the CPU
 * time each spent since the sampler started, by program. A process that lives less than a period may be missed:
 * `stop` reports what it saw, and the machine's total says how much it did not.
 */
export class ProcessCpu {
  private readonly seen = new Map<string, Seen>();
  private readonly timer: NodeJS.Timeout;

  constructor(periodMs = 1000) {
    this.sample(true);
    this.timer = setInterval(() => this.sample(false), periodMs);
    this.timer.unref();
  }

  /** `baseline`: the first sample, whose processes ran before the sampler and count from their ticks then. */
  private sample(baseline: boolean): void {
    let pids: string[];
    try {
      pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    } catch {
      return; // not Linux
    }
    for (const pid of pids) {
      let stat: ReturnType<typeof processTicks>;
      try {
        stat = processTicks(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      } catch {
        continue; // gone since the listing
      }
      if (!stat) continue;
      const key = `${pid}@${stat.start}`;
      const known = this.seen.get(key);
      // Named once, when first seen: its command line is read once, not at every sample.
      if (known) known.last = stat.ticks;
      else
        this.seen.set(key, {
          program: this.programOfPid(pid),
          first: baseline ? stat.ticks : 0,
          last: stat.ticks,
        });
    }
  }

  private programOfPid(pid: string): string {
    try {
      return programOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
    } catch {
      return 'other';
    }
  }

  /** Stops sampling (after a last sample) and returns the CPU seconds by program, the most first. */
  stop(): [string, number][] {
    clearInterval(this.timer);
    this.sample(false);
    const seconds = new Map<string, number>();
    for (const { program, first, last } of this.seen.values())
      seconds.set(program, (seconds.get(program) ?? 0) + (last - first) / ticksPerSecond());
    return [...seconds].filter(([, value]) => value > 0).sort((a, b) => b[1] - a[1]);
  }
}
