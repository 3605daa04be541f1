/**
 * Steps the browser benchmarks share (bench:download, bench:photos, bench:faces): a fresh approved account, signing
 * in through the real widget, and the page's peak JS heap while some work runs.
 */
import type { CDPSession, Page } from '@playwright/test';
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
