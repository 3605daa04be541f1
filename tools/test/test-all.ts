/**
 * `npm test`: every check and test the project has, stopping at the first failure, each by the package's own npm
 * script: browsers and Java present, lint + format beside the type check, production build, bundle budget and HTML
 * validity, then the browser tests in Chromium (Playwright) beside the unit and component tests (Vitest) and the
 * browser tests in Firefox ESR (Puppeteer), both browser suites against one local emulator stack serving that
 * build, and last a check that dist/ is still a production build of the current sources (nothing the tests ran left
 * another one behind).
 *
 * Steps run side by side where neither needs the other's result and the two cores have room (lint and the type
 * check use one core each; Playwright's workers wait on the browsers part of the time): the first lane's output is shown as it comes,
 * the others' whole when each step ends. A step that fails stops the steps beside it.
 * Ends with the time of each step and stage, the wall time and the machine's CPU time over the run, and one summary
 * line: "tests: N passed, N failed".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { buildProblems } from '../build/build-stamp.ts';
import { LARGE_DEMO_SIZE_VARIABLE } from '../local/config.ts';
import { startStack, type StartedStack } from '../local/with-stack.ts';
import { childrenTicks, machineBusySeconds, ticksPerSecond } from './machine-cpu.ts';
import { ProcessCpu } from './process-cpu.ts';

interface Step {
  name: string;
  command: string;
}

/**
 * Steps run one after another: a step alone, or lanes that run at the same time, each lane its steps in turn. The
 * first lane's first step shows its output as it comes, the others theirs whole when they end.
 */
type Stage = Step | Step[][];

/**
 * One file at a time: beside Playwright's workers the cores are taken anyway, and a second Vitest worker only adds
 * processes competing for them (more CPU time for the same tests, and no earlier end of the stage).
 */
const UNIT_TESTS: Step = {
  name: 'Unit and component tests (Vitest)',
  command:
    'VITEST_WORKERS=1 npm run test:unit -- --reporter=default --reporter=json --outputFile=reports/vitest.json',
};

/**
 * Against the stack started for this stage (E2E_STACK=running; E2E_SKIP_BUILD=1 below). Playwright's workers wait on
 * pages, timers and the emulators part of the time, which Vitest and then the Firefox suite (one test at a time)
 * fill.
 */
const BROWSER_TESTS: Step[][] = [
  [{ name: 'Browser tests (Playwright, Chromium)', command: 'npm run test:e2e' }],
  [UNIT_TESTS, { name: 'Browser tests (Firefox ESR)', command: 'npm run test:firefox' }],
];

const stages: Stage[] = [
  { name: 'Browsers, Java and jing', command: 'node --import tsx .ci/install-tools.ts' },
  // Compiled once before the lint and the type check read them at the same time.
  { name: 'Generated sources (messages, rules lists)', command: 'npm run generate' },
  // Lint on one core; the type check, then the build (its own `tsc -b` finds the sources checked) and the checks
  // of what it built, on the other.
  [
    [{ name: 'Lint', command: 'npm run lint' }],
    [
      { name: 'Type check', command: 'node node_modules/typescript-7/bin/tsc -b' },
      { name: 'Build', command: 'npm run build' },
      { name: 'Bundle budget', command: 'npm run size' },
      { name: 'HTML validity (Nu HTML Checker)', command: 'npm run check:html' },
    ],
  ],
  BROWSER_TESTS,
  { name: 'Build left behind', command: 'node --import tsx tools/build/check-build.ts' },
];

/** Passed and failed tests in the JSON reports: Vitest's (unit, Firefox) and Playwright's. */
function counts(): { passed: number; failed: number; flaky: number } {
  let passed = 0;
  let failed = 0;
  let flaky = 0;
  for (const file of ['reports/vitest.json', 'reports/firefox.json']) {
    if (!existsSync(file)) continue;
    const vitest = JSON.parse(readFileSync(file, 'utf8'));
    passed += vitest.numPassedTests ?? 0;
    failed += vitest.numFailedTests ?? 0;
  }
  if (existsSync('reports/playwright.json')) {
    const stats = JSON.parse(readFileSync('reports/playwright.json', 'utf8')).stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
    flaky += stats.flaky ?? 0;
  }
  return { passed, failed, flaky };
}

const ENV = {
  ...process.env,
  E2E_SKIP_BUILD: '1',
  // Playwright and the Firefox suite reuse the stack this script starts (playwright.config.ts, with-stack.ts).
  E2E_STACK: 'running',
  // A failed browser test is tried once more, recording its trace (playwright.config.ts).
  E2E_RETRIES: process.env.E2E_RETRIES ?? '1',
  FORCE_COLOR: process.env.FORCE_COLOR ?? '0',
};

interface Ran {
  name: string;
  seconds: number;
  /** The CPU time of the step's own processes (undefined: not known, e.g. not on Linux, or for a stage). */
  cpu?: number;
  /** 'stopped': another step of its stage failed first. */
  result: 'ok' | 'FAILED' | 'stopped';
}

const seconds = (since: number) => Number(((Date.now() - since) / 1000).toFixed(1));

/** The steps running now, each in a process group of its own: stopped when a step beside them fails, or on Ctrl-C. */
const running = new Set<ChildProcess>();
let stopping = false;

function stopRunningSteps(): void {
  stopping = true;
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

/**
 * A step's command, made to leave its processes' CPU time in `file` as it ends: the shell that runs it waits for
 * them, and its /proc entry then holds their time (machine-cpu.ts). Its exit code is the command's.
 */
function measured(command: string, file: string): string {
  return `{ ${command}\n}; code=$?; cat /proc/$$/stat > ${file} 2>/dev/null; exit $code`;
}

let stepCount = 0;

/** Runs one step: its output shown as it comes (`live`), or kept and shown whole once it ends. */
function runStep(step: Step, live: boolean): Promise<Ran> {
  console.log(`\n=== ${step.name}: ${step.command}${live ? '' : ' (beside it; its output when it ends)'}`);
  const started = Date.now();
  const cpuFile = `reports/cpu-${(stepCount += 1)}.stat`;
  const child = spawn(measured(step.command, cpuFile), {
    shell: true,
    env: ENV,
    stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
    detached: true,
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      running.delete(child);
      const result = code === 0 ? 'ok' : stopping ? 'stopped' : 'FAILED';
      const ticks = existsSync(cpuFile) ? childrenTicks(readFileSync(cpuFile, 'utf8')) : undefined;
      const ran: Ran = {
        name: step.name,
        seconds: seconds(started),
        result,
        ...(ticks === undefined ? {} : { cpu: ticks / ticksPerSecond() }),
      };
      if (!live) console.log(`\n=== ${step.name}: its output\n${output.trimEnd()}`);
      console.log(
        `=== ${step.name}: ${result} (${ran.seconds} s${ran.cpu === undefined ? '' : `, CPU ${ran.cpu.toFixed(1)} s`})`,
      );
      // Fail fast: the steps beside a failed one are stopped.
      if (result === 'FAILED') stopRunningSteps();
      resolve(ran);
    });
  });
}

/** One lane of a stage: its steps in turn, up to the first that does not pass. */
async function runLane(lane: Step[], live: boolean): Promise<Ran[]> {
  const ran: Ran[] = [];
  for (const [index, step] of lane.entries()) {
    if (stopping) break;
    const one = await runStep(step, live && index === 0);
    ran.push(one);
    if (one.result !== 'ok') break;
  }
  return ran;
}

/** The browser tests' stack: started once for both suites (or the running `npm start` reused), over a current build. */
async function startTestStack(): Promise<StartedStack> {
  console.log('\n=== Local stack for the browser tests');
  const started = Date.now();
  const stack = await startStack(
    () => {
      const problems = buildProblems();
      if (problems.length) throw new Error(problems.join('\n'));
    },
    // Without the 64 MiB benchmark file (bench:download's; no test reads it): about 4 CPU-seconds of seeding.
    { [LARGE_DEMO_SIZE_VARIABLE]: '0' },
  );
  times.push({ name: 'Local stack (start)', seconds: seconds(started), result: 'ok' });
  return stack;
}

rmSync('reports', { recursive: true, force: true });
mkdirSync('reports', { recursive: true });
let failedStep: string | undefined;
const times: Ran[] = [];
const started = Date.now();
const busyAtStart = machineBusySeconds();
const processCpu = new ProcessCpu();
let stack: StartedStack | undefined;
const stopStack = async () => {
  const stopped = stack;
  stack = undefined;
  await stopped?.stop();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopRunningSteps();
    void stopStack().finally(() => process.exit(130));
  });

try {
  for (const stage of stages) {
    const lanes = Array.isArray(stage) ? stage : [[stage]];
    if (stage === BROWSER_TESTS) stack = await startTestStack();
    const stageStarted = Date.now();
    const stageBusy = machineBusySeconds();
    const ran = (await Promise.all(lanes.map((lane, index) => runLane(lane, index === 0)))).flat();
    times.push(...ran);
    const busy = machineBusySeconds();
    if (lanes.length > 1)
      times.push({
        name: `  (the ${ran.length} above, in ${lanes.length} lanes side by side; CPU: the machine's)`,
        seconds: seconds(stageStarted),
        result: 'ok',
        ...(busy !== undefined && stageBusy !== undefined ? { cpu: busy - stageBusy } : {}),
      });
    if (stage === BROWSER_TESTS) await stopStack();
    const failed = ran.find((each) => each.result === 'FAILED');
    if (failed) {
      failedStep = failed.name;
      break;
    }
  }
} catch (error) {
  failedStep = 'Local stack for the browser tests';
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopStack();
}

const width = Math.max(...times.map((time) => time.name.length));
const cpuText = (cpu: number | undefined) => (cpu === undefined ? '' : cpu.toFixed(1)).padStart(7);
console.log(
  `\nTime per stage (CPU: the step's own processes, in seconds; the stack's emulators and the browsers' services are in the machine's total):`,
);
console.log(`  ${''.padEnd(width)}  ${'wall'.padStart(8)}  ${'CPU'.padStart(7)}`);
for (const time of times)
  console.log(
    `  ${time.name.padEnd(width)}  ${time.seconds.toFixed(1).padStart(6)} s  ${cpuText(time.cpu)}${time.result === 'ok' ? '' : ` (${time.result})`}`,
  );
const busyAtEnd = machineBusySeconds();
const machineCpu = busyAtStart !== undefined && busyAtEnd !== undefined ? busyAtEnd - busyAtStart : undefined;
console.log(
  `  ${'In all'.padEnd(width)}  ${seconds(started).toFixed(1).padStart(6)} s  ${cpuText(machineCpu)}`,
);
if (machineCpu !== undefined) {
  console.log(
    `\nCPU time of the machine: ${machineCpu.toFixed(1)} s over ${seconds(started).toFixed(1)} s of wall time ` +
      '(busy time in /proc/stat: everything that ran, not only npm test)',
  );
  // Whoever waited for them: Chromium's renderers and the stack's emulators are no step's own.
  const byProgram = processCpu.stop();
  const sampled = byProgram.reduce((sum, [, cpu]) => sum + cpu, 0);
  const rows: [string, number][] = [
    ...byProgram,
    ['not seen (processes shorter than a second, the kernel)', Math.max(0, machineCpu - sampled)],
  ];
  const programWidth = Math.max(...rows.map(([name]) => name.length));
  console.log('By program (each process on the machine, read once a second):');
  for (const [name, cpu] of rows)
    console.log(
      `  ${name.padEnd(programWidth)}  ${cpuText(cpu)}  ${((cpu / machineCpu) * 100).toFixed(0).padStart(3)} %`,
    );
}

const { passed, failed, flaky } = counts();
console.log(
  `\ntests: ${passed} passed, ${failed} failed${flaky ? ` (${flaky} of the passed failed once and passed on their retry)` : ''}`,
);
if (failedStep) {
  console.log(`npm test: FAILED at "${failedStep}"`);
  process.exit(1);
}
console.log('npm test: all checks passed');
