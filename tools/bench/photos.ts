/**
 * npm run bench:photos: the relatives' photos through the page's own code in Chromium, against the local stack.
 *
 * 1. Upload: 20 camera photos of 4000x3000 px with EXIF (GPS position, camera serial, date taken) are added to the
 *    photos page at once by a fresh approved account and shared. Measured: each photo's time in the Web Worker to
 *    read, turn, resize and strip it (the page's User Timing marks), the time until all are ready and until all are
 *    sent, the bytes sent against the originals (the stored objects, read with the Admin SDK; none may carry EXIF),
 *    and the page's peak JS heap meanwhile.
 * 2. Gallery: with LARGE_DEMO_PHOTOS (2,000) shared photos, the time from opening the page to its first 24
 *    thumbnails shown (the gallery scrolled into view as soon as it is there), then a scroll through all of them:
 *    the page's JS heap (peak, and after a garbage collection) and the renderer process's memory (resident set).
 *    Targets: heap under 150 MB, renderer under 600 MB after scrolling through all 2,000.
 *
 * Starts the stack with LARGE_DEMO_PHOTOS=2000 unless one is running (then the gallery part uses what it has).
 * BENCH_PHOTOS (default 20) and BENCH_PHOTO_SIZE (default 4000x3000) change the upload part.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { connectAdmin, hostOf } from '../../admin/firebase-admin.ts';
import { PENDING_PREFIX } from '../../src/domain/photos.ts';
import { hasExif } from '../../src/lib/exif.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.ts';
import { AUTH_URL, BUCKET, PROJECT_ID, SITE_URL, STORAGE_URL, demoAccounts } from '../local/config.ts';
import { withStack } from '../local/with-stack.ts';
import { cameraPhoto } from '../fixtures/camera-photo.ts';
import { approvedAccount, peakHeap, signIn } from './page-steps.ts';

/** How often the page's JS heap is read while the work runs (ms). */
const HEAP_POLL_MS = 50;

const COUNT = Number(process.env.BENCH_PHOTOS ?? 20);
const [WIDTH, HEIGHT] = (process.env.BENCH_PHOTO_SIZE ?? '4000x3000').split('x').map(Number) as [
  number,
  number,
];
const GALLERY_PHOTOS = 2000;
const HEAP_TARGET_MB = 150;
const RENDERER_TARGET_MB = 600;
const mb = (bytes: number) => bytes / 1024 / 1024;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface ProcessMemory {
  /** Resident set (VmRSS): everything of the process in RAM, shared libraries and the browser's code included. */
  rss: number;
  /** Its private part (RssAnon): the heap, the page's own memory (Chrome's "memory footprint" on Linux, with swap). */
  anon: number;
  /** Shared memory (RssShmem): mostly what the renderer shares with the GPU and browser processes (raster tiles,
   * decoded images in discardable memory, which Chrome frees under memory pressure). */
  shmem: number;
  /** Mapped files (RssFile): Chrome's own code and data files, shared by every process. */
  file: number;
}

/** The memory of the page's renderer process (the largest renderer; Linux /proc), in bytes. */
async function rendererMemory(browser: Browser): Promise<ProcessMemory> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    let largest: ProcessMemory = { rss: 0, anon: 0, shmem: 0, file: 0 };
    for (const process of processInfo.filter((entry) => entry.type === 'renderer')) {
      try {
        const status = readFileSync(`/proc/${process.id}/status`, 'utf8');
        const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
        if (kb('VmRSS') > largest.rss)
          largest = { rss: kb('VmRSS'), anon: kb('RssAnon'), shmem: kb('RssShmem'), file: kb('RssFile') };
      } catch {
        // gone, or not Linux
      }
    }
    return largest;
  } finally {
    await cdp.detach();
  }
}

interface UploadResult {
  perPhotoMs: number[];
  readyMs: number;
  sentMs: number;
  originalBytes: number;
  sentBytes: number;
  heapPeak: number;
  withExif: number;
}

async function uploadBench(browser: Browser, files: string[], originalBytes: number): Promise<UploadResult> {
  const admin = connectAdmin({
    projectId: PROJECT_ID,
    emulators: { auth: hostOf(AUTH_URL), storage: hostOf(STORAGE_URL) },
  });
  const user = await approvedAccount(admin.auth, 'bench');
  const { email, password } = user;
  const bucket = admin.bucket(BUCKET);
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, email, password);
    await page.goto(`${SITE_URL}/members/photos`);
    await page.getByRole('button', { name: 'Add photos' }).waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    let readyMs = 0;
    let sentMs = 0;
    const heapPeak = await peakHeap(cdp, HEAP_POLL_MS, async () => {
      const started = Date.now();
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Add photos' }).click();
      await (await chooser).setFiles(files);
      await page.getByRole('button', { name: `Share ${files.length} photos` }).waitFor({ timeout: 600_000 });
      readyMs = Date.now() - started;
      await page.getByRole('button', { name: `Share ${files.length} photos` }).click();
      await page
        .getByText(`${files.length} photos sent. An organiser will look at them soon.`)
        .waitFor({ timeout: 600_000 });
      sentMs = Date.now() - started;
    });
    const perPhotoMs = await page.evaluate(() =>
      performance
        .getEntriesByName('photo-prepared', 'mark')
        .map((mark) => (mark as PerformanceMark).detail.ms as number),
    );
    const [stored] = await bucket.getFiles({ prefix: `${PENDING_PREFIX}${user.uid}/` });
    let sentBytes = 0;
    let withExif = 0;
    for (const file of stored) {
      const [bytes] = await file.download();
      sentBytes += bytes.length;
      if (hasExif(bytes)) withExif += 1;
    }
    await context.close();
    return { perPhotoMs, readyMs, sentMs, originalBytes, sentBytes, heapPeak, withExif };
  } finally {
    await bucket.deleteFiles({ prefix: `${PENDING_PREFIX}${user.uid}/` }).catch(() => {});
    await admin.auth.deleteUser(user.uid).catch(() => {});
    await admin.close();
  }
}

interface GalleryResult {
  firstThumbnailsMs: number;
  photos: number;
  heapPeak: number;
  heapAfterGc: number;
  rendererBefore: ProcessMemory;
  renderer: ProcessMemory;
  rendererAfterPressure: ProcessMemory;
  scrollMs: number;
}

async function galleryBench(browser: Browser): Promise<GalleryResult> {
  const { member } = demoAccounts();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // tsx keeps function names with a helper (__name) that the page does not have: give it one.
  await context.addInitScript('globalThis.__name = (target) => target;');
  const page = await context.newPage();
  await signIn(page, member.email, member.password);
  const cdp = await context.newCDPSession(page);
  // From the start of the page's navigation to 24 thumbnails on the screen (the gallery scrolled into view as
  // soon as it is there, as a relative scrolls down to it).
  await page.goto(`${SITE_URL}/members/photos`);
  const firstThumbnailsMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let scrolled = false;
        const check = () => {
          const grid = document.querySelector('.photo-grid');
          if (grid && !scrolled) {
            scrolled = true;
            grid.scrollIntoView({ block: 'start' });
          }
          const shown = document.querySelectorAll('.photo-grid canvas[data-drawn]');
          if (shown.length >= 24) resolve(performance.now());
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
  const rendererBefore = await rendererMemory(browser);
  let photos = 0;
  const started = Date.now();
  const heapPeak = await peakHeap(cdp, HEAP_POLL_MS, async () => {
    const tiles = page.locator('.photo-tile');
    for (let stalls = 0; stalls < 20;) {
      await page.mouse.wheel(0, 2400);
      await page.waitForTimeout(120);
      const count = await tiles.count();
      const atEnd = await page.evaluate(
        () => window.innerHeight + window.scrollY >= document.body.scrollHeight - 4,
      );
      if (count === photos && atEnd) stalls += 1;
      else stalls = 0;
      photos = count;
    }
  });
  const scrollMs = Date.now() - started;
  await cdp.send('HeapProfiler.collectGarbage');
  const heapAfterGc = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  const renderer = await rendererMemory(browser);
  // What of it Chrome gives back when memory runs short (decoded pictures it keeps in case they are shown again).
  await cdp.send('Memory.simulatePressureNotification', { level: 'critical' });
  await page.waitForTimeout(2000);
  const rendererAfterPressure = await rendererMemory(browser);
  await context.close();
  return {
    firstThumbnailsMs,
    photos,
    heapPeak,
    heapAfterGc,
    rendererBefore,
    renderer,
    rendererAfterPressure,
    scrollMs,
  };
}

async function main(): Promise<void> {
  process.env.LARGE_DEMO_PHOTOS ??= String(GALLERY_PHOTOS);
  const dir = mkdtempSync(join(tmpdir(), 'bench-photos-'));
  try {
    console.log(`Making ${COUNT} camera photos of ${WIDTH}x${HEIGHT} px with EXIF…`);
    const files: string[] = [];
    let originalBytes = 0;
    for (let index = 0; index < COUNT; index++) {
      const bytes = await cameraPhoto(index, WIDTH, HEIGHT);
      originalBytes += bytes.length;
      const path = join(dir, `IMG_${String(index + 1).padStart(4, '0')}.JPG`);
      writeFileSync(path, bytes);
      files.push(path);
    }
    await withStack(async () => {
      const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
      try {
        const upload = await uploadBench(browser, files, originalBytes);
        const gallery = await galleryBench(browser);
        console.log(
          `\nUpload: ${COUNT} photos of ${WIDTH}x${HEIGHT} px with EXIF, through the photos page (Chromium)`,
        );
        console.table([
          {
            'per photo in the worker (ms, median)': Math.round(median(upload.perPhotoMs)),
            'slowest (ms)': Math.round(Math.max(...upload.perPhotoMs)),
            'all ready (s)': Number((upload.readyMs / 1000).toFixed(1)),
            'all sent (s)': Number((upload.sentMs / 1000).toFixed(1)),
            'originals (MiB)': Number(mb(upload.originalBytes).toFixed(1)),
            'sent (MiB)': Number(mb(upload.sentBytes).toFixed(1)),
            'sent / originals': `${((upload.sentBytes / upload.originalBytes) * 100).toFixed(0)}%`,
            'peak JS heap (MiB)': Number(mb(upload.heapPeak).toFixed(1)),
          },
        ]);
        console.log(
          `Files stored with EXIF: ${upload.withExif} of ${COUNT * 2} (photos and thumbnails)  (target 0: ${upload.withExif === 0 ? 'met' : 'NOT met'})`,
        );
        console.log(`\nGallery: ${gallery.photos} shared photos`);
        console.table([
          {
            'first 24 thumbnails (ms)': Math.round(gallery.firstThumbnailsMs),
            'scroll through all (s)': Number((gallery.scrollMs / 1000).toFixed(1)),
            'peak JS heap (MiB)': Number(mb(gallery.heapPeak).toFixed(1)),
            'JS heap after GC (MiB)': Number(mb(gallery.heapAfterGc).toFixed(1)),
            'renderer resident, first view (MiB)': Number(mb(gallery.rendererBefore.rss).toFixed(1)),
            'renderer resident, after all (MiB)': Number(mb(gallery.renderer.rss).toFixed(1)),
            'private (MiB)': Number(mb(gallery.renderer.anon).toFixed(1)),
            'shared memory (MiB)': Number(mb(gallery.renderer.shmem).toFixed(1)),
            'files (MiB)': Number(mb(gallery.renderer.file).toFixed(1)),
            'resident after memory pressure (MiB)': Number(mb(gallery.rendererAfterPressure.rss).toFixed(1)),
          },
        ]);
        if (gallery.photos < GALLERY_PHOTOS)
          console.log(
            `Only ${gallery.photos} shared photos: start the stack with LARGE_DEMO_PHOTOS=${GALLERY_PHOTOS} for the scale figures.`,
          );
        console.log(
          `Peak JS heap ${mb(gallery.heapPeak).toFixed(0)} MiB (target < ${HEAP_TARGET_MB}: ${mb(gallery.heapPeak) < HEAP_TARGET_MB ? 'met' : 'NOT met'}), renderer ${mb(gallery.renderer.rss).toFixed(0)} MiB resident (target < ${RENDERER_TARGET_MB}: ${mb(gallery.renderer.rss) < RENDERER_TARGET_MB ? 'met' : 'NOT met'})`,
        );
      } finally {
        await browser.close();
      }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
