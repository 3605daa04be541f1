/**
 * Makes sure a Chromium is there for the browser tests: $CHROME_PATH, Playwright's bundled browser, or
 * Debian's package. On a fresh Debian machine, as root, it installs the package (apt-get); otherwise it
 * says what to do.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './lib/chromium.ts';

const path = chromiumPath();
if (existsSync(path)) {
  console.log(`Chromium: ${path}`);
} else if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log("Chromium not found: installing Debian's chromium package (apt-get)…");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(path)) throw new Error(`Installed chromium, but ${path} is still missing`);
  console.log(`Chromium: ${path}`);
} else {
  console.error(
    `No Chromium at ${path}. Install one (Debian: sudo apt-get install -y chromium) or set CHROME_PATH to a Chromium or Chrome binary.`,
  );
  process.exit(1);
}
