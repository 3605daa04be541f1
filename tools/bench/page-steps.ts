/**
 * Steps the browser benchmarks share (bench:download, bench:photos, bench:faces, bench:search): a fresh approved
 * account, signing in through the real widget, a phone's page, and the page's peak JS heap while some work runs.
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import type { AdminConnection } from '../../admin/firebase-admin.ts';
import { APPROVED_CLAIM } from '../../src/domain/access.ts';
import { SITE_URL } from '../local/config.ts';

/** A new verified and approved account of the benchmark's own (`label` in its address), made with the Admin SDK. */
export async function approvedAccount(
  auth: AdminConnection['auth'],
  label: string,
): Promise<{ uid: string; email: string; password: string }> {
  const email = `${label}-${Date.now()}@example.com`;
  const password = 'Reunion1976';
  const user = await auth.createUser({ email, password, emailVerified: true, displayName: 'Bench Relative' });
  await auth.setCustomUserClaims(user.uid, { [APPROVED_CLAIM]: true });
  return { uid: user.uid, email, password };
}

/** Signs in through the FirebaseUI widget on /login and waits for the members area. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${SITE_URL}/login`);
  await page.getByRole('button', { name: 'Sign in with email' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/members/);
}

/** Polls the page's JS heap every `intervalMs` while `work` runs; returns the peak used size. */
export async function peakHeap(
  cdp: CDPSession,
  intervalMs: number,
  work: () => Promise<void>,
): Promise<number> {
  let peak = 0;
  let running = true;
  const poll = (async () => {
    while (running) {
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      peak = Math.max(peak, usedSize);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
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

/**
 * The phone profile: 390 x 844 CSS px at 3 device pixels each, touch, the CPU slowed 4 times and the network
 * throttled like Lighthouse's mobile profile (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up).
 */
const PHONE_NETWORK = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const PHONE_CPU_SLOWDOWN = 4;
/** The phone profile in a benchmark's report. */
export const PHONE_PROFILE = `phone profile (CPU ${PHONE_CPU_SLOWDOWN}x slower, ${PHONE_NETWORK.latency} ms, 1.6 Mbit/s)`;

/** A browser context the size of a phone, with touch. */
export function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
}

/** The phone's slower CPU and network, from now on, for the page of `cdp`. */
export async function throttleAsPhone(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PHONE_NETWORK });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
}
