/**
 * Firefox for the browser tests: Debian's firefox-esr ($FIREFOX_PATH, default /usr/bin/firefox-esr),
 * driven over WebDriver BiDi by puppeteer-core.
 *
 * Why Puppeteer and not Playwright: Playwright 1.65 drives a stock Firefox only through its BiDi
 * channel (`channel: 'moz-firefox'`), and every new browser context there sends
 * `emulation.setMediaFeaturesOverride`, which this ESR answers "unknown command": no page can even open.
 * Playwright's own Firefox is a patched build it downloads, which cannot be fetched here and is not the
 * browser people use. puppeteer-core (already installed for Lighthouse, no browser download) launches
 * the ESR as it is and covers what these tests need: locators that wait, request interception,
 * console and page errors. So the Firefox tests are a small Vitest suite instead of Playwright specs.
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Preferences on top of Puppeteer's own defaults (which already switch off updates, Shield, Safe
 * Browsing, the data-reporting policy, search updates, the blocklist and the first-run pages): no
 * background network at all, the equivalents of the Chromium flags in tools/chromium.ts, and
 * downloads saved straight into `downloadDir` without a dialog.
 */
export function firefoxPrefs(downloadDir: string): Record<string, unknown> {
  return {
    // --disable-background-networking
    'network.captive-portal-service.enabled': false,
    'network.connectivity-service.enabled': false,
    'network.dns.disablePrefetch': true,
    'network.prefetch-next': false,
    'network.predictor.enabled': false,
    'network.trr.mode': 5, // no DNS over HTTPS
    'toolkit.telemetry.enabled': false,
    'toolkit.telemetry.unified': false,
    'toolkit.telemetry.archive.enabled': false,
    'toolkit.telemetry.server': '',
    'browser.ping-centre.telemetry': false,
    'app.shield.optoutstudies.enabled': false,
    'app.normandy.enabled': false,
    'browser.region.update.enabled': false,
    'browser.region.network.url': '',
    'browser.newtabpage.activity-stream.feeds.telemetry': false,
    'browser.newtabpage.activity-stream.telemetry': false,
    'browser.discovery.enabled': false,
    'extensions.blocklist.enabled': false,
    'app.update.auto': false,
    'app.update.enabled': false,
    // --disable-component-update
    'media.gmp-gmpopenh264.enabled': false,
    'media.gmp-widevinecdm.enabled': false,
    // --disable-sync
    'identity.fxaccounts.enabled': false,
    // --disable-quic
    'network.http.http3.enable': false,
    // --disable-gpu
    'layers.acceleration.disabled': true,
    // --no-first-run
    'browser.aboutwelcome.enabled': false,
    'trailhead.firstrun.didSeeAboutWelcome': true,
    // Downloads: into downloadDir, no dialog, no panel, PDFs saved rather than shown.
    'browser.download.dir': downloadDir,
    'browser.download.folderList': 2,
    'browser.download.useDownloadDir': true,
    'browser.download.always_ask_before_handling_new_types': false,
    'browser.download.start_downloads_in_tmp_dir': false,
    'browser.download.manager.showWhenStarting': false,
    'browser.download.alwaysOpenPanel': false,
    'browser.download.panel.shown': true,
    'browser.download.open_pdf_attachments_inline': false,
    'pdfjs.disabled': true,
  };
}

/** Headless Firefox ESR (--no-sandbox has no Firefox equivalent needed here: it runs as root headless). */
export async function launchFirefox(downloadDir: string): Promise<Browser> {
  if (!existsSync(FIREFOX_PATH))
    throw new Error(
      `No Firefox at ${FIREFOX_PATH}. Install Debian's firefox-esr (apt-get install -y firefox-esr) or set FIREFOX_PATH.`,
    );
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: firefoxPrefs(downloadDir),
    protocolTimeout: 60_000,
  });
}
