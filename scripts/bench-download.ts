/**
 * npm run bench:download: downloads the large demo file (seeded by the local stack, 64 MiB by default)
 * from the same Storage emulator, in one run, two ways:
 *   - through the page in Chromium: a signed-in member clicks a download button, and the site's own
 *     download code (rules-checked fetch with the ID token, streamed into a Blob, saved) fetches the
 *     large file (the button's request is pointed at it with Playwright's route());
 *   - with a plain HTTP client (Node's fetch) and the same ID token, reading the whole body.
 * Prints both times (median of the runs), their ratio and the page's peak JS heap. Targets: the page at
 * least 0.8x the plain client's speed, and a heap under twice the file size.
 */
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { signInWithPassword } from './auth/emulator-api.ts';
import { CHROMIUM_ARGS, chromiumPath } from './lib/chromium.ts';
import {
  AUTH_URL,
  BUCKET,
  PROJECT_ID,
  SITE_URL,
  STORAGE_URL,
  demoAccounts,
} from './lib/local-stack-config.ts';
import { withStack } from './lib/with-stack.ts';
import { mediaUrl as storageMediaUrl } from '../src/firebase/media-url.ts';
import { LARGE_DEMO_PATH } from './seed/demo-files.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUTTON_ENTRY = 'program-1976';
const mediaUrl = (path: string) => storageMediaUrl(STORAGE_URL, BUCKET, path);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => bytes / 1024 / 1024;

async function plainClient(token: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(mediaUrl(LARGE_DEMO_PATH), {
    headers: { Authorization: `Firebase ${token}` },
  });
  if (!response.ok || !response.body) throw new Error(`Plain client: storage answered ${response.status}`);
  let bytes = 0;
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
  return { ms: performance.now() - started, bytes };
}

async function signIn(page: Page): Promise<void> {
  const { member } = demoAccounts();
  await page.goto(`${SITE_URL}/login`);
  await page.getByRole('button', { name: 'Sign in with email' }).click();
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/members/);
}

/** Polls the page's JS heap while `work` runs; returns the peak used size. */
async function peakHeap(cdp: CDPSession, work: () => Promise<void>): Promise<number> {
  let peak = 0;
  let running = true;
  const poll = (async () => {
    while (running) {
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      peak = Math.max(peak, usedSize);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await poll;
  }
  return peak;
}

async function throughPage(): Promise<{ ms: number[]; heapPeak: number; heapBase: number }> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page);
    // The button's request goes to the large file instead (same headers, so the same rules check).
    await page.route(`**/o/members%2Fdocuments%2F${BUTTON_ENTRY}.pdf?alt=media`, (route) =>
      route.continue({ url: mediaUrl(LARGE_DEMO_PATH) }),
    );
    const cdp = await context.newCDPSession(page);
    const times: number[] = [];
    let heapPeak = 0;
    let heapBase = Infinity;
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${SITE_URL}/members`); // a fresh page: no Blob kept from the last run
      const button = page.locator(`button[data-file-id="${BUTTON_ENTRY}"]`);
      await button.waitFor();
      await cdp.send('HeapProfiler.collectGarbage');
      heapBase = Math.min(heapBase, (await cdp.send('Runtime.getHeapUsage')).usedSize);
      let ms = 0;
      const peak = await peakHeap(cdp, async () => {
        const download = page.waitForEvent('download');
        // Timed in the page: from the click to the file handed to the browser to save (button usable again).
        ms = await page.evaluate(
          (id) =>
            new Promise<number>((resolve) => {
              const target = document.querySelector<HTMLButtonElement>(`button[data-file-id="${id}"]`)!;
              const started = performance.now();
              const observer = new MutationObserver(() => {
                if (!target.disabled) {
                  observer.disconnect();
                  resolve(performance.now() - started);
                }
              });
              observer.observe(target, { attributes: true, attributeFilter: ['disabled'] });
              target.click();
            }),
          BUTTON_ENTRY,
        );
        await (await download).delete();
      });
      heapPeak = Math.max(heapPeak, peak);
      times.push(ms);
    }
    return { ms: times, heapPeak, heapBase };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  await withStack(async () => {
    const { member } = demoAccounts();
    const token = await signInWithPassword(
      { url: AUTH_URL, projectId: PROJECT_ID },
      member.email,
      member.password,
    );
    const plain: number[] = [];
    let size = 0;
    for (let run = 0; run < RUNS; run++) {
      const result = await plainClient(token);
      plain.push(result.ms);
      size = result.bytes;
    }
    const page = await throughPage();
    const plainMs = median(plain);
    const pageMs = median(page.ms);
    const ratio = plainMs / pageMs;
    const heapRatio = page.heapPeak / size;
    console.log(
      `\nLarge demo file: ${LARGE_DEMO_PATH}, ${mb(size).toFixed(1)} MiB, ${RUNS} runs each (median)`,
    );
    console.table([
      {
        client: 'plain HTTP client (Node fetch)',
        'time (ms)': Math.round(plainMs),
        'MiB/s': Number((mb(size) / (plainMs / 1000)).toFixed(1)),
        runs: plain.map(Math.round).join(' / '),
      },
      {
        client: 'page in Chromium (site code)',
        'time (ms)': Math.round(pageMs),
        'MiB/s': Number((mb(size) / (pageMs / 1000)).toFixed(1)),
        runs: page.ms.map(Math.round).join(' / '),
      },
    ]);
    console.log(
      `Page speed / plain client speed: ${ratio.toFixed(2)}x  (target >= 0.80x: ${ratio >= 0.8 ? 'met' : 'NOT met'})`,
    );
    console.log(
      `Page peak JS heap: ${mb(page.heapPeak).toFixed(1)} MiB (at rest ${mb(page.heapBase).toFixed(1)} MiB) = ${heapRatio.toFixed(2)}x the file size  (target < 2x: ${heapRatio < 2 ? 'met' : 'NOT met'})`,
    );
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
