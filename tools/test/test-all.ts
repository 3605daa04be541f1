/**
 * `npm test`: every check and test the project has, in order, stopping at the first failure, each by the
 * package's own npm script: browsers and Java present, lint + format, type check, unit and component tests
 * (Vitest), production build, bundle budget, HTML validity, browser tests in Chromium (Playwright) and in Firefox ESR
 * (Puppeteer), both against the local emulator stack serving that build, and last a check that dist/ is still a
 * production build of the current sources (nothing the tests ran left another one behind).
 * Ends with the time of each stage and one summary line: "tests: N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

interface Step {
  name: string;
  command: string;
}

const steps: Step[] = [
  { name: 'Browsers, Java and jing', command: 'npx tsx tools/test/ensure-tools.ts' },
  { name: 'Lint', command: 'npm run lint' },
  { name: 'Type check', command: 'npm run typecheck' },
  {
    name: 'Unit and component tests (Vitest)',
    command: 'npm run test:unit -- --reporter=default --reporter=json --outputFile=reports/vitest.json',
  },
  { name: 'Build', command: 'npm run build' },
  { name: 'Bundle budget', command: 'npm run size' },
  { name: 'HTML validity (Nu HTML Checker)', command: 'npm run check:html' },
  // E2E_SKIP_BUILD=1 (below): the browser tests serve the build of the step before.
  { name: 'Browser tests (Playwright, Chromium)', command: 'npm run test:e2e' },
  { name: 'Browser tests (Firefox ESR)', command: 'npm run test:firefox' },
  { name: 'Build left behind', command: 'npx tsx tools/build/check-build.ts' },
];

/** Passed and failed tests in the JSON reports: Vitest's (unit, Firefox) and Playwright's. */
function counts(): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
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
  }
  return { passed, failed };
}

rmSync('reports', { recursive: true, force: true });
mkdirSync('reports', { recursive: true });
let failedStep: string | undefined;
const times: { name: string; seconds: number }[] = [];
const started = Date.now();
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.command}`);
  const stepStarted = Date.now();
  const result = spawnSync(step.command, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, E2E_SKIP_BUILD: '1', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
  times.push({ name: step.name, seconds: Number(seconds) });
  if (result.status !== 0) {
    console.log(`=== ${step.name}: FAILED (${seconds} s)`);
    failedStep = step.name;
    break;
  }
  console.log(`=== ${step.name}: ok (${seconds} s)`);
}

const width = Math.max(...times.map((time) => time.name.length));
console.log('\nTime per stage:');
for (const time of times)
  console.log(`  ${time.name.padEnd(width)}  ${time.seconds.toFixed(1).padStart(6)} s`);
console.log(`  ${'In all'.padEnd(width)}  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`);

const { passed, failed } = counts();
console.log(`\ntests: ${passed} passed, ${failed} failed`);
if (failedStep) {
  console.log(`npm test: FAILED at "${failedStep}"`);
  process.exit(1);
}
console.log('npm test: all checks passed');
