/**
 * npm run bench:web: builds the site, serves it with the Hosting emulator (the local stack), and runs
 * Lighthouse (mobile form factor, simulated throttling) in Chromium on every public page and the login
 * page, in both languages. For each route it also measures the limit: the same build-time HTML with every
 * script removed (served beside the site for the run), i.e. what the page would score if its JavaScript
 * cost nothing. Each figure is the median of LH_RUNS runs (default 5). It prints per route the four
 * category scores, LCP, TBT, CLS, the gzipped JS and CSS of its first load (what the page needs before it works: the
 * figures `npm run size` budgets) and all it fetched during the run, and beside them the limit's
 * performance score and LCP, with the ratios: on a noisy 2-core machine the distance to the limit, from
 * one run, says more than an absolute figure. Exits 1 when a page misses its budget (BUDGETS below). JSON in
 * reports/lighthouse/.
 *
 *   npm run bench:web [-- --no-build] [-- --only /nb/home,/login]
 */
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type Result from 'lighthouse/types/lhr/lhr.js';
import { isPrerendered, pageDefinition } from '../../src/config/pages.ts';
import { pageAddresses } from '../build/page-paths.ts';
import { pageLoad } from '../build/size.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.ts';
import { SITE_URL } from '../local/config.ts';
import { withStack } from '../local/with-stack.ts';
import { withoutScripts } from '../build/static-pages.ts';

const PAGES = pageAddresses(isPrerendered).map(({ page, path }) => ({ page, route: path }));
const ROUTES = PAGES.map(({ route }) => route);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const OUT = 'reports/lighthouse';
const RUNS = Number(process.env.LH_RUNS ?? 5);
/** Where the script-less copies are served during the run (removed afterwards). */
const LIMIT_PREFIX = '/__bench-limit';

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

const performanceOf = (lhr: Result) => Math.round((lhr.categories.performance?.score ?? 0) * 100);

const lcpOf = (lhr: Result) => lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Lighthouse's own advice for noisy machines: several runs, report the median. The run of median performance is
 * the one whose other figures are shown; the LCP is the median of the runs' LCPs.
 */
async function medianRun(port: number, route: string): Promise<{ lhr: Result; lcp: number }> {
  const runs: Result[] = [];
  for (let index = 0; index < RUNS; index++) runs.push(await run(port, route));
  runs.sort((a, b) => performanceOf(a) - performanceOf(b));
  console.log(
    `${route}: performance of the ${RUNS} runs: ${runs.map(performanceOf).join(', ')}; ` +
      `LCP ${runs.map((lhr) => Math.round(lcpOf(lhr))).join(', ')} ms`,
  );
  return { lhr: runs[Math.floor(runs.length / 2)]!, lcp: median(runs.map(lcpOf)) };
}

/**
 * The budgets, per page: every public page (news posts too) scores 100 and paints its largest content
 * within 1.2x of the same HTML without scripts; the sign-in page scores at least 98. What a route misses, in words.
 */
export const BUDGETS = { publicPerformance: 100, lcpOverLimit: 1.2, signInPerformance: 98 } as const;

export function budgetMisses(
  route: string,
  access: 'public' | 'sign-in' | 'member',
  performance: number,
  lcpOverLimit: number,
): string[] {
  const misses: string[] = [];
  if (access === 'public') {
    if (performance < BUDGETS.publicPerformance)
      misses.push(`${route}: performance ${performance} < ${BUDGETS.publicPerformance}`);
    if (!(lcpOverLimit <= BUDGETS.lcpOverLimit))
      misses.push(`${route}: LCP / limit ${lcpOverLimit.toFixed(2)} > ${BUDGETS.lcpOverLimit}`);
  } else if (access === 'sign-in' && performance < BUDGETS.signInPerformance) {
    misses.push(`${route}: performance ${performance} < ${BUDGETS.signInPerformance}`);
  }
  return misses;
}

/** Writes the script-less copy of each route's build-time HTML where the Hosting emulator serves it. */
function writeLimitPages(routes: string[]): () => void {
  for (const route of routes) {
    const file = `dist${LIMIT_PREFIX}${route}.html`;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, withoutScripts(readFileSync(`dist${route}.html`, 'utf8')));
  }
  return () => rmSync(`dist${LIMIT_PREFIX}`, { recursive: true, force: true });
}

async function main(): Promise<void> {
  process.env.TMPDIR ??= tmpdir();
  if (!process.argv.includes('--no-build')) execSync('npm run build', { stdio: 'inherit' });
  const onlyArg = process.argv.find((arg) => arg.startsWith('--only'));
  const only = onlyArg
    ? (onlyArg.split('=')[1] ?? process.argv[process.argv.indexOf(onlyArg) + 1] ?? '')
    : '';
  const routes = only ? only.split(',') : ROUTES;
  mkdirSync(OUT, { recursive: true });
  const rows: Record<string, unknown>[] = [];
  const misses: string[] = [];
  const removeLimitPages = writeLimitPages(routes);
  try {
    await withStack(async () => {
      const chrome = await chromeLauncher.launch({
        chromePath: chromiumPath(),
        chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
      });
      try {
        for (const route of routes) {
          const { lhr, lcp } = await medianRun(chrome.port, route);
          const { lhr: limit, lcp: limitLcp } = await medianRun(chrome.port, `${LIMIT_PREFIX}${route}`);
          const name = route.slice(1).replace(/\//g, '-');
          writeFileSync(`${OUT}/${name}.json`, JSON.stringify(lhr, null, 1));
          writeFileSync(`${OUT}/${name}.limit.json`, JSON.stringify(limit, null, 1));
          const requests =
            (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ??
            [];
          const sizes = await gzippedSizes(requests);
          // What the page's HTML makes the browser fetch at once (npm run size's figure and budget), beside
          // all that the page fetched during the run (also what loads after hydration and when idle).
          const firstLoad = pageLoad('dist', route);
          const score = (id: (typeof CATEGORIES)[number]) =>
            Math.round((lhr.categories[id]?.score ?? 0) * 100);
          rows.push({
            route,
            performance: score('performance'),
            accessibility: score('accessibility'),
            'best-practices': score('best-practices'),
            seo: score('seo'),
            'LCP (ms)': Math.round(lcp),
            'TBT (ms)': Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
            CLS: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
            'first-load JS gz (KB)': Number((firstLoad.jsGzip / 1024).toFixed(1)),
            'all JS gz (KB)': Number((sizes.js / 1024).toFixed(1)),
            'render-blocking CSS gz (KB)': Number((firstLoad.cssGzip / 1024).toFixed(1)),
            'all CSS gz (KB)': Number((sizes.css / 1024).toFixed(1)),
            'limit perf': performanceOf(limit),
            'limit LCP (ms)': Math.round(limitLcp),
            'perf / limit': Number((performanceOf(lhr) / performanceOf(limit)).toFixed(2)),
            'LCP / limit': Number((lcp / limitLcp).toFixed(2)),
          });
          const page = PAGES.find((entry) => entry.route === route)?.page;
          if (!page) throw new Error(`bench:web: ${route} is not a build-time page`);
          misses.push(
            ...budgetMisses(route, pageDefinition(page).access, performanceOf(lhr), lcp / limitLcp),
          );
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
  } finally {
    removeLimitPages();
  }
  console.table(rows);
  writeFileSync(`${OUT}/summary.json`, `${JSON.stringify(rows, null, 2)}\n`);
  console.log(`Reports: ${OUT}/*.json (median of ${RUNS} runs each)`);
  if (misses.length) {
    console.error(`bench:web: ${misses.length} budget(s) missed:\n  ${misses.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      `bench:web: every budget met (public pages: performance ${BUDGETS.publicPerformance}, LCP within ` +
        `${BUDGETS.lcpOverLimit}x the limit; sign-in: performance >= ${BUDGETS.signInPerformance})`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
