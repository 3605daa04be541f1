/**
 * `npm test`: every check and test the project has, in order, stopping at the first failure:
 * Chromium present, lint + format, type check, unit and component tests (Vitest), production build,
 * bundle budget, browser tests (Playwright, Chromium, against the local emulator stack).
 * Ends with one summary line: "tests: N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

interface Step {
  name: string;
  command: string;
}

const steps: Step[] = [
  { name: 'Chromium', command: 'npx tsx scripts/ensure-chromium.ts' },
  { name: 'Lint', command: 'npx eslint . && npx prettier --check .' },
  { name: 'Type check', command: 'npm run typecheck' },
  {
    name: 'Unit and component tests (Vitest)',
    command: 'npx vitest run --reporter=default --reporter=json --outputFile=reports/vitest.json',
  },
  { name: 'Build', command: 'npm run build' },
  { name: 'Bundle budget', command: 'npx tsx scripts/size.ts' },
  { name: 'HTML validity (Nu HTML Checker)', command: 'npm run check:html' },
  { name: 'Browser tests (Playwright, Chromium)', command: 'npx playwright test' },
];

function counts(): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  if (existsSync('reports/vitest.json')) {
    const vitest = JSON.parse(readFileSync('reports/vitest.json', 'utf8'));
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
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.command}`);
  const started = Date.now();
  const result = spawnSync(step.command, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, E2E_SKIP_BUILD: '1', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.log(`=== ${step.name}: FAILED (${seconds} s)`);
    failedStep = step.name;
    break;
  }
  console.log(`=== ${step.name}: ok (${seconds} s)`);
}

const { passed, failed } = counts();
console.log(`\ntests: ${passed} passed, ${failed} failed`);
if (failedStep) {
  console.log(`npm test: FAILED at "${failedStep}"`);
  process.exit(1);
}
console.log('npm test: all checks passed');
