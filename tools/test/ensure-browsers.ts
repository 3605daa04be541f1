/**
 * Makes sure the browsers the tests drive are there: a Chromium ($CHROME_PATH, Playwright's bundled
 * browser, or Debian's chromium) and Firefox ESR ($FIREFOX_PATH, or Debian's firefox-esr). On a fresh
 * Debian machine, as root, it installs the missing Debian packages (apt-get); otherwise it says what to do.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { FIREFOX_PATH } from '../../e2e/firefox/firefox.ts';
import { chromiumPath } from './chromium.ts';

const browsers = [
  { name: 'Chromium', path: chromiumPath(), debianPackage: 'chromium', env: 'CHROME_PATH' },
  { name: 'Firefox ESR', path: FIREFOX_PATH, debianPackage: 'firefox-esr', env: 'FIREFOX_PATH' },
];

const missing = browsers.filter((browser) => !existsSync(browser.path));
if (missing.length && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  const packages = missing.map((browser) => browser.debianPackage);
  console.log(`Not found: installing Debian's ${packages.join(' and ')} (apt-get)…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
let ok = true;
for (const browser of browsers) {
  if (existsSync(browser.path)) {
    console.log(`${browser.name}: ${browser.path}`);
  } else {
    ok = false;
    console.error(
      `No ${browser.name} at ${browser.path}. Install one (Debian: sudo apt-get install -y ${browser.debianPackage}) or set ${browser.env}.`,
    );
  }
}
if (!ok) process.exit(1);
