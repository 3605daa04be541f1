/**
 * npm run bench:download: downloads the large demo file (seeded by the local stack, 64 MiB by default)
 * from the same Storage emulator, in one run, two ways:
 *   - through the page in Chromium: a signed-in member clicks a download button, and the site's own
 *     download code (rules-checked fetch with the ID token, streamed into Blob parts, saved) fetches the
 *     large file (the button's request is pointed at it with Playwright's route());
 *   - with a plain HTTP client (Node's fetch) and the same ID token, reading the whole body.
 * Then "Download all": the zip of every catalogue file, with one of them (the 1976 program) pointed at the large
 * file, so that the zip holds the large file and the 30 small ones; once streamed into a file through the
 * save-file picker (stood in for by a file of the origin's private file system, as the real picker hands out a
 * file on disk) and once built in a Blob and saved through the normal download (browsers without the picker).
 * Prints the times (median of the runs), the download's speed against the plain client and the page's peak JS
 * heap for each. Targets: the page at least 0.8x the plain client's speed, a heap under twice the file size for
 * the single download, and for the zip through the picker a heap that does not grow with the file (under half
 * its size: the pieces in transit only).
 */
import { stat } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { signInWithPassword } from '../../admin/auth-emulator.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.ts';
import { AUTH_URL, BUCKET, PROJECT_ID, SITE_URL, STORAGE_URL, demoAccounts } from '../local/config.ts';
import { withStack } from '../local/with-stack.ts';
import { peakHeap, signIn } from './page-steps.ts';
import { mediaUrl as storageMediaUrl } from '../../src/firebase/media-url.ts';
import { LARGE_DEMO_PATH } from '../local/seed/demo-files.ts';

/** How often the page's JS heap is read while the work runs (ms). */
const HEAP_POLL_MS = 20;

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUTTON_ENTRY = 'program-1976';
const mediaUrl = (path: string) => storageMediaUrl(STORAGE_URL, BUCKET, path);
const BUTTON_PATH = `members/documents/${BUTTON_ENTRY}.pdf`;
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

async function throughPage(): Promise<{ ms: number[]; heapPeak: number; heapBase: number }> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, demoAccounts().member.email, demoAccounts().member.password);
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
      const peak = await peakHeap(cdp, HEAP_POLL_MS, async () => {
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

type ZipPath = 'picker' | 'blob';

/**
 * "Download all" through the page: the zip of every catalogue file, the 1976 program's bytes pointed at the
 * large file. Timed in the page from the click to the status "Saved ...".
 */
async function zipThroughPage(path: ZipPath): Promise<{ ms: number[]; heapPeak: number; bytes: number }> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.addInitScript((usePicker: boolean) => {
      if (!usePicker) {
        delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
        return;
      }
      (window as unknown as { showSaveFilePicker: unknown }).showSaveFilePicker = async () => {
        const root = await navigator.storage.getDirectory();
        return root.getFileHandle('bench.zip', { create: true });
      };
    }, path === 'picker');
    await signIn(page, demoAccounts().member.email, demoAccounts().member.password);
    const isProgram = (url: URL) => decodeURIComponent(url.pathname).endsWith(`/o/${BUTTON_PATH}`);
    await page.route(
      (url) => isProgram(url) && url.searchParams.get('alt') === 'media',
      (route) => route.continue({ url: mediaUrl(LARGE_DEMO_PATH) }),
    );
    const cdp = await context.newCDPSession(page);
    const times: number[] = [];
    let heapPeak = 0;
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${SITE_URL}/members`);
      await page.locator('.download-all-button').waitFor();
      await cdp.send('HeapProfiler.collectGarbage');
      let ms = 0;
      const peak = await peakHeap(cdp, HEAP_POLL_MS, async () => {
        const download = path === 'blob' ? page.waitForEvent('download') : undefined;
        ms = await page.evaluate(
          () =>
            new Promise<number>((resolve, reject) => {
              const status = document.querySelector('.download-all-status')!;
              const started = performance.now();
              const observer = new MutationObserver(() => {
                if (status.textContent?.startsWith('Saved')) {
                  observer.disconnect();
                  resolve(performance.now() - started);
                }
                if (document.querySelector('#download-error-title')) reject(new Error('The zip failed'));
              });
              observer.observe(document.body, { subtree: true, childList: true, characterData: true });
              document.querySelector<HTMLButtonElement>('.download-all-button')!.click();
            }),
        );
        if (download) {
          const file = await download;
          bytes = (await stat(await file.path())).size;
          await file.delete();
        } else {
          bytes = await page.evaluate(async () => {
            const root = await navigator.storage.getDirectory();
            const size = (await (await root.getFileHandle('bench.zip')).getFile()).size;
            await root.removeEntry('bench.zip');
            return size;
          });
        }
      });
      heapPeak = Math.max(heapPeak, peak);
      times.push(ms);
    }
    return { ms: times, heapPeak, bytes };
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

    const zips = { picker: await zipThroughPage('picker'), blob: await zipThroughPage('blob') };
    const zipSize = zips.picker.bytes;
    console.log(
      `\nDownload all (.zip of the ${mb(zipSize).toFixed(1)} MiB: the large file and the 30 other catalogue files), ${RUNS} runs each (median)`,
    );
    console.table(
      (['picker', 'blob'] as const).map((path) => {
        const zipMs = median(zips[path].ms);
        return {
          path: path === 'picker' ? 'save-file picker -> file (streamed)' : 'Blob -> normal download',
          'time (ms)': Math.round(zipMs),
          'MiB/s': Number((mb(zips[path].bytes) / (zipMs / 1000)).toFixed(1)),
          'vs plain client': Number(
            (mb(zips[path].bytes) / (zipMs / 1000) / (mb(size) / (plainMs / 1000))).toFixed(2),
          ),
          'peak JS heap (MiB)': Number(mb(zips[path].heapPeak).toFixed(1)),
          runs: zips[path].ms.map(Math.round).join(' / '),
        };
      }),
    );
    const pickerHeap = zips.picker.heapPeak / zipSize;
    console.log(
      `Zip through the picker: peak JS heap ${(pickerHeap * 100).toFixed(0)}% of the zip's size  (target < 50%, memory flat: ${pickerHeap < 0.5 ? 'met' : 'NOT met'})`,
    );
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
