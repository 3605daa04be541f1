/**
 * npm run bench:faces: who is who on a phone profile, against the local stack (started unless one is running).
 *
 * A scan of 10,000 x 6,000 px (the demo group photo enlarged to that size, so that its 72 faces keep their places) is
 * cut into Deep Zoom tiles and opened for naming as the catalogue image BENCH_FILE_ID, as organiser:faces would (and
 * removed afterwards). A fresh approved account opens its page in Chromium as a phone: 390 x 844 CSS px at 3 device
 * pixels per CSS px, touch, the CPU slowed 4 times and the network throttled like Lighthouse's mobile profile
 * (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up). Measured:
 *   1. the bytes fetched (every response: page, scripts, faces file, tiles) and the time from the page's start
 *      until the whole picture is drawn (the viewer's data-picture-shown); target: at most 1.5 MB;
 *   2. choosing a face in the list: the bytes and time until its tiles at full zoom are in (no tile request open
 *      for a second);
 *   3. flying to every face in turn from the list: the page's JS heap (peak, and after a garbage collection at the
 *      end) and the tiles fetched, to show memory stays bounded.
 */
import sharp from 'sharp';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { deepZoomOf } from '../../admin/bucket/deep-zoom.ts';
import { publishDeepZoom, saveFacesFile } from '../../admin/bucket/faces.ts';
import { connectAdmin, hostOf } from '../../admin/firebase-admin.ts';
import { facesFolderOf } from '../../src/domain/faces.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.ts';
import { AUTH_URL, BUCKET, PROJECT_ID, SITE_URL, STORAGE_URL } from '../local/config.ts';
import { demoFacesFile, demoGroupPhotoWithTiles } from '../local/seed/demo-group-photo.ts';
import { withStack } from '../local/with-stack.ts';
import {
  approvedAccount,
  peakHeap,
  phoneContext,
  PHONE_PROFILE,
  signIn,
  throttleAsPhone,
} from './page-steps.ts';

/** A catalogue image the demo does not open for naming: the benchmark's picture goes there for its run. */
const BENCH_FILE_ID = 'rolette-panorama';
const SCAN = { width: 10_000, height: 6_000 };
const TARGET_BYTES = 1.5 * 1024 * 1024;
const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(2));
const seconds = (ms: number) => Number((ms / 1000).toFixed(1));

/** Counts the bytes of every response the page receives (as transferred), and which requests are open. */
async function watchNetwork(cdp: CDPSession) {
  const open = new Map<string, string>();
  const state = { bytes: 0, tileBytes: 0, tiles: 0, lastTileAt: Date.now() };
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => open.set(requestId, request.url));
  const done = (requestId: string, bytes: number) => {
    const url = open.get(requestId) ?? '';
    open.delete(requestId);
    state.bytes += bytes;
    if (url.includes(encodeURIComponent('/image_files/'))) {
      state.tileBytes += bytes;
      state.tiles += 1;
      state.lastTileAt = Date.now();
    }
  };
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => done(requestId, encodedDataLength));
  cdp.on('Network.loadingFailed', ({ requestId }) => done(requestId, 0));
  const tilesOpen = () => [...open.values()].some((url) => url.includes(encodeURIComponent('/image_files/')));
  return { state, tilesOpen };
}

/** Resolves once no tile request has been open for a second. */
async function tilesSettled(page: Page, network: Awaited<ReturnType<typeof watchNetwork>>): Promise<void> {
  for (;;) {
    await page.waitForTimeout(250);
    if (!network.tilesOpen() && Date.now() - network.state.lastTileAt > 1000) return;
  }
}

async function openScan(): Promise<() => Promise<void>> {
  const admin = connectAdmin({ projectId: PROJECT_ID, emulators: { storage: hostOf(STORAGE_URL) } });
  const bucket = admin.bucket(BUCKET);
  const demo = await demoGroupPhotoWithTiles();
  const scan = await sharp(demo.jpeg)
    .resize(SCAN.width, SCAN.height, { fit: 'fill' })
    .jpeg({ quality: 90 })
    .toBuffer();
  const started = Date.now();
  const deepZoom = await deepZoomOf(scan, BENCH_FILE_ID);
  await publishDeepZoom(bucket, deepZoom);
  await saveFacesFile(bucket, { ...demoFacesFile(demo), fileId: BENCH_FILE_ID, ...SCAN });
  console.log(
    `Opened a ${SCAN.width} x ${SCAN.height} px scan as ${BENCH_FILE_ID}: ${deepZoom.files.length} Deep Zoom files, ` +
      `${mb(deepZoom.files.reduce((sum, file) => sum + file.bytes.byteLength, 0))} MB, in ${seconds(Date.now() - started)} s`,
  );
  return async () => {
    await bucket.deleteFiles({ prefix: facesFolderOf(BENCH_FILE_ID) });
    await admin.close();
  };
}

async function run(): Promise<void> {
  const close = await openScan();
  const admin = connectAdmin({ projectId: PROJECT_ID, emulators: { auth: hostOf(AUTH_URL) } });
  const user = await approvedAccount(admin.auth, 'bench-faces');
  const { email, password } = user;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await signIn(page, email, password);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    await throttleAsPhone(cdp);
    const network = await watchNetwork(cdp);

    // 1. The whole picture.
    const start = Date.now();
    await page.goto(`${SITE_URL}/members/who-is-who/${BENCH_FILE_ID}`);
    await page.locator('.deep-zoom-viewer[data-picture-shown]').waitFor({ timeout: 120_000 });
    const whole = { ms: Date.now() - start, ...network.state };

    // 2. One face at full zoom.
    const before = { ...network.state };
    const faceStart = Date.now();
    await page.getByRole('searchbox').fill('Øystein');
    await page.locator('.face-list-button').first().click();
    await tilesSettled(page, network);
    const face = {
      ms: Date.now() - faceStart - 1000,
      bytes: network.state.bytes - before.bytes,
      tiles: network.state.tiles - before.tiles,
    };
    await page.getByRole('searchbox').fill('');

    // 3. Every face in turn.
    const buttons = page.locator('.face-list-button');
    const count = await buttons.count();
    const flyBefore = { ...network.state };
    const peak = await peakHeap(cdp, 100, async () => {
      for (let i = 0; i < count; i++) {
        await buttons.nth(i).click();
        await page.waitForTimeout(400);
      }
      await tilesSettled(page, network);
    });
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize: afterGc } = await cdp.send('Runtime.getHeapUsage');

    console.log(`\nWho is who, ${SCAN.width} x ${SCAN.height} px, ${PHONE_PROFILE}`);
    console.table([
      {
        step: 'whole picture shown',
        'time (s)': seconds(whole.ms),
        'fetched (MB)': mb(whole.bytes),
        'tiles (MB)': mb(whole.tileBytes),
        tiles: whole.tiles,
      },
      {
        step: 'a face at full zoom',
        'time (s)': seconds(face.ms),
        'fetched (MB)': mb(face.bytes),
        'tiles (MB)': '',
        tiles: face.tiles,
      },
      {
        step: `flying to all ${count} faces`,
        'time (s)': '',
        'fetched (MB)': mb(network.state.bytes - flyBefore.bytes),
        'tiles (MB)': '',
        tiles: network.state.tiles - flyBefore.tiles,
      },
    ]);
    console.log(`JS heap while flying: peak ${mb(peak)} MB, after a garbage collection ${mb(afterGc)} MB`);
    const ok = whole.bytes <= TARGET_BYTES;
    console.log(
      `Bytes before the whole picture shows: ${mb(whole.bytes)} MB (target at most ${mb(TARGET_BYTES)} MB): ${ok ? 'ok' : 'FAIL'}`,
    );
    if (!ok) process.exitCode = 1;
    await context.close();
  } finally {
    await browser.close();
    await admin.auth.deleteUser(user.uid).catch(() => {});
    await admin.close();
    await close();
  }
}

await withStack(run);
