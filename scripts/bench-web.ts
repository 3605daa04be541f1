/**
 * npm run bench:web: builds the site, serves it with the Hosting emulator (the local stack), runs
 * Lighthouse (mobile form factor, simulated throttling) in Chromium on the public routes and /login,
 * and prints per route the four category scores, LCP, TBT, CLS and the gzipped JS and CSS the route
 * loads. Writes each report's JSON to reports/lighthouse/ and a summary to reports/lighthouse/summary.json.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type Result from 'lighthouse/types/lhr/lhr.js';
import { CHROMIUM_ARGS, chromiumPath } from './lib/chromium.ts';
import { SITE_URL } from './lib/local-stack-config.ts';
import { withStack } from './lib/with-stack.ts';

const ROUTES = ['/home', '/news', '/about', '/contact', '/login'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const OUT = 'reports/lighthouse';

interface NetworkRequest {
  url: string;
  resourceType?: string;
}

async function gzippedSizes(requests: NetworkRequest[]): Promise<{ js: number; css: number }> {
  let js = 0;
  let css = 0;
  for (const request of requests) {
    if (request.resourceType !== 'Script' && request.resourceType !== 'Stylesheet') continue;
    if (!request.url.startsWith(SITE_URL)) continue;
    const body = Buffer.from(await (await fetch(request.url)).arrayBuffer());
    const size = gzipSync(body, { level: 9 }).length;
    if (request.resourceType === 'Script') js += size;
    else css += size;
  }
  return { js, css };
}

const RUNS = Number(process.env.LH_RUNS ?? 3);

/** One Lighthouse run; a run that failed to record (e.g. NO_NAVSTART) is tried again, twice at most. */
async function run(port: number, route: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(`${SITE_URL}${route}`, {
      port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempt >= 3) throw new Error(`Lighthouse failed on ${route}: ${result.lhr.runtimeError.message}`);
  }
}

/** Lighthouse's own advice for noisy machines: several runs, report the median (by performance score). */
async function medianRun(port: number, route: string): Promise<Result> {
  const runs: Result[] = [];
  for (let index = 0; index < RUNS; index++) runs.push(await run(port, route));
  runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  console.log(
    `${route}: performance of the ${RUNS} runs: ${runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(', ')}`,
  );
  return runs[Math.floor(runs.length / 2)]!;
}

async function main(): Promise<void> {
  process.env.TMPDIR ??= tmpdir();
  if (!process.argv.includes('--no-build')) execSync('npm run build', { stdio: 'inherit' });
  mkdirSync(OUT, { recursive: true });
  const rows: Record<string, unknown>[] = [];
  await withStack(async () => {
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    });
    try {
      for (const route of ROUTES) {
        const lhr = await medianRun(chrome.port, route);
        writeFileSync(`${OUT}${route}.json`, JSON.stringify(lhr, null, 1));
        const requests =
          (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
        const sizes = await gzippedSizes(requests);
        const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        rows.push({
          route,
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
          'LCP (ms)': Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
          'TBT (ms)': Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
          CLS: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
          'JS gz (KB)': Number((sizes.js / 1024).toFixed(1)),
          'CSS gz (KB)': Number((sizes.css / 1024).toFixed(1)),
        });
        const failing = Object.values(lhr.audits)
          .filter(
            (audit) =>
              audit.score !== null &&
              audit.score < 1 &&
              audit.scoreDisplayMode !== 'informative' &&
              audit.scoreDisplayMode !== 'manual',
          )
          .map((audit) => `${audit.id} (${audit.score})`);
        if (failing.length) console.log(`${route}: audits below full score: ${failing.join(', ')}`);
      }
    } finally {
      await chrome.kill();
    }
  });
  console.table(rows);
  writeFileSync(`${OUT}/summary.json`, `${JSON.stringify(rows, null, 2)}\n`);
  console.log(`Reports: ${OUT}/*.json`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
