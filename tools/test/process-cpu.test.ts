import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ProcessCpu, processTicks, programOf } from './process-cpu.ts';

describe('processTicks', () => {
  it('reads utime + stime and the start time after the command name, whatever the name holds', () => {
    const fields = (name: string) =>
      `4242 (${name}) S 1 4242 4242 0 -1 4194560 100 200 0 0 7 3 40 2 20 0 1 0 5000 1000 200`;
    expect(processTicks(fields('node'))).toEqual({ ticks: 10, start: '5000' });
    expect(processTicks(fields('a (b) c'))).toEqual({ ticks: 10, start: '5000' });
    expect(processTicks('garbage')).toBeUndefined();
    expect(processTicks('1 (x) S 1 2')).toBeUndefined();
  });
});

describe('programOf', () => {
  it.each([
    ['/usr/lib/chromium/chromium --type=renderer --lang=en-US', 'Chromium'],
    ['/proc/self/exe --type=utility --utility-sub-type=network.mojom.NetworkService', 'Chromium'],
    ['/usr/bin/chromium-headless-shell --headless --no-sandbox', 'Chromium'],
    ['/usr/lib/firefox-esr/firefox-esr -contentproc -childID 3', 'Firefox ESR'],
    ['tesseract /tmp/page.png stdout -l nor+eng', 'Tesseract (OCR)'],
    ['java -jar node_modules/vnu-jar/build/dist/vnu.jar --errors-only', 'Java (Nu HTML Checker, jing)'],
    ['node /repo/node_modules/vitest/dist/workers/forks.js', 'Vitest'],
    ['node /repo/node_modules/@playwright/test/cli.js test', 'Playwright (its Node side)'],
    ['node /repo/node_modules/.bin/eslint .', 'ESLint'],
    ['node --import tsx tools/local/stack.ts', 'The local stack (Storage emulator, demo seed)'],
    [
      'node -r lazy-validation.cjs node_modules/firebase-tools/lib/bin/firebase.js emulators:start',
      'Firebase CLI (Auth and Hosting emulators)',
    ],
    ['node --import tsx organiser/commands/upload.ts --help', 'Organiser commands the tests run'],
    ['', 'other'],
    ['node -e 1', 'other'],
  ])('%s: %s', (commandLine, program) => {
    expect(programOf(commandLine)).toBe(program);
  });
});

describe('ProcessCpu', () => {
  it('counts the CPU of a process started after it, which exits before it stops', async () => {
    if (!existsSync('/proc/self/stat')) return; // not Linux
    const sampler = new ProcessCpu(50);
    // A child that spins for 0.6 s of its own CPU: "other" by its command line.
    await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [
        '-e',
        'const end = process.cpuUsage().user + 6e5; while (process.cpuUsage().user < end);',
      ]);
      child.on('exit', resolve);
      child.on('error', reject);
    });
    const totals = new Map(sampler.stop());
    expect(totals.get('other') ?? 0).toBeGreaterThanOrEqual(0.4);
  });
});
