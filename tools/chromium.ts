import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Flags for Chromium on a machine whose network is closed: nothing it may fetch on its own, no sandbox (root). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The Chromium to drive: $CHROME_PATH if set, else Playwright's own browser where one is installed,
 * else Debian's /usr/bin/chromium.
 */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return fromEnv;
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // no bundled browser
  }
  return '/usr/bin/chromium';
}

/** Debian's build of Chromium's headless shell (package chromium-headless-shell), the same version as its chromium. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** True where the browsers are Debian's (no $CHROME_PATH, no Playwright browser): the tests then want its headless shell. */
export function usesDebianChromium(): boolean {
  return !process.env.CHROME_PATH && chromiumPath() === '/usr/bin/chromium';
}

/**
 * The Chromium the browser tests drive: $CHROME_PATH if set, else Playwright's own browser where one is installed
 * (for headless tests Playwright itself runs its headless shell), else Debian's headless shell where installed,
 * else Debian's /usr/bin/chromium. The headless shell is the same Chromium without the desktop browser's
 * windowing, and faster for it (the Lighthouse benchmarks keep the full browser, which is what visitors run).
 */
export function testChromiumPath(): string {
  return usesDebianChromium() && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath();
}
