import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Flags for Chromium on a machine whose network is closed (see DEVELOPERS.md). */
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
