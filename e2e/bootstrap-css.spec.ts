/**
 * The trimmed Bootstrap (src/styles/bootstrap.scss, render-blocking, and bootstrap-lazy.scss, loaded with
 * the chunks that need it) looks exactly like the full bootstrap.min.css the site used before.
 *
 * For every page and state, at 390 and 1280 px wide (one page resized), the page is photographed twice without changing
 * anything in it but its stylesheets: once as built, once with the built stylesheet replaced in place by
 * the stylesheet the build made before (bootstrap.min.css + src/styles.css, built here by Vite with the
 * project's CSS target, byte for byte what `vite build` bundled) and the lazy Bootstrap part switched
 * off. The two full-page screenshots must be identical pixel for pixel (give or take two levels of
 * anti-aliasing per colour channel). Swapping in place (rather than
 * loading the page twice) keeps the DOM, scroll position, focus and data identical, so only CSS can make
 * a difference. Reduced motion and Playwright's `animations: 'disabled'` stop transitions and spinners;
 * the map frame (offline, it shows an error page) is masked.
 *
 * Each state also checks that every rule of the full stylesheet that applies to an element on the page
 * (hover and focus states included) is in the stylesheets the page loaded, so a Bootstrap class a page
 * starts using later fails here by name, in any state the test shows.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { PNG } from 'pngjs';
import { build, loadConfigFromFile } from 'vite';
import { signInAsMember } from './support/session.ts';
import { walkSignInStates } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';
import { VISITOR_PAGES } from './support/pages';
import { filesLoadedBy } from '../tools/build/size.ts';

let referenceCss = '';

/**
 * The stylesheet the site's build made before Bootstrap was trimmed: bootstrap.min.css followed by
 * src/styles.css, built and minified by Vite with the project's own CSS settings.
 */
async function buildReferenceCss(): Promise<string> {
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    'vite.config.ts',
    process.cwd(),
    'silent',
  );
  const { target, cssTarget, cssMinify } = loaded?.config.build ?? {};
  const entryDir = resolve('.cache/bootstrap-reference');
  mkdirSync(entryDir, { recursive: true });
  const entry = join(entryDir, 'entry.js');
  writeFileSync(entry, "import 'bootstrap/dist/css/bootstrap.min.css';\nimport '../../src/styles.css';\n");
  const outDir = mkdtempSync(join(tmpdir(), 'bootstrap-reference-'));
  try {
    await build({
      configFile: false,
      logLevel: 'silent',
      build: { target, cssTarget, cssMinify, outDir, emptyOutDir: true, rollupOptions: { input: entry } },
    });
    const css = readdirSync(join(outDir, 'assets')).filter((file) => file.endsWith('.css'));
    if (css.length !== 1) throw new Error(`Expected one reference stylesheet, got ${css.join(', ')}`);
    return readFileSync(join(outDir, 'assets', css[0]!), 'utf8');
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

test.beforeAll(async () => {
  referenceCss = await buildReferenceCss();
});

/** The built stylesheets that carry Bootstrap: the entry's (with the site's styles) and the lazy part. */
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
  string,
  { file: string }
>;
// The stylesheet every page's HTML links (the entry's: src/main.tsx is in the chunk vite.config.ts names `index`).
const ENTRY_CSS = filesLoadedBy(readFileSync('dist/home.html', 'utf8')).css.map((file) => `/${file}`);
const LAZY_CSS = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => /\/bootstrap-lazy-[^/]+\.css$/.test(file))
  .map((file) => `/${file}`);

const WIDTHS = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/**
 * Switches the page's Bootstrap between the built one and the full reference, in place. The reference goes in as a
 * style element, not a link to a routed address: a route turns the browser's HTTP cache off for the whole context,
 * and each page would then fetch and compile the site's scripts again. (The site's Content-Security-Policy refuses
 * a style element: this spec's pages bypass it, and e2e/security.spec.ts holds every flow to it.)
 */
async function useStylesheets(page: Page, which: 'built' | 'full'): Promise<void> {
  await page.evaluate(
    async ({ which, reference, entry, lazy }) => {
      const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
      const path = (link: HTMLLinkElement) => new URL(link.href).pathname;
      const ours = links.filter((link) => entry.includes(path(link)) || lazy.includes(path(link)));
      let referenceStyle = document.getElementById('full-bootstrap-reference') as HTMLStyleElement | null;
      if (which === 'full') {
        if (!referenceStyle) {
          referenceStyle = document.createElement('style');
          referenceStyle.id = 'full-bootstrap-reference';
          referenceStyle.textContent = reference;
          // Where the entry stylesheet is, so the cascade order is the one the old build had.
          links.find((link) => entry.includes(path(link)))!.before(referenceStyle);
        }
        for (const link of ours) link.disabled = true;
        if ((referenceStyle.sheet?.cssRules.length ?? 0) < 1000)
          throw new Error('The full Bootstrap did not load');
      } else {
        for (const link of ours) link.disabled = false;
        referenceStyle?.remove();
      }
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    },
    { which, reference: which === 'full' ? referenceCss : '', entry: ENTRY_CSS, lazy: LAZY_CSS },
  );
}

/**
 * The selectors of the enabled stylesheets' style rules (one by one, in media that apply), and of those
 * the ones that apply to an element of the page in some state (hover, focus and active ignored).
 */
function selectorsInUse(page: Page): Promise<{ all: string[]; applying: string[] }> {
  return page.evaluate(() => {
    const all = new Set<string>();
    const applying = new Set<string>();
    const split = (list: string) => {
      const parts: string[] = [];
      let depth = 0;
      let start = 0;
      for (let i = 0; i < list.length; i++) {
        if (list[i] === '(') depth += 1;
        else if (list[i] === ')') depth -= 1;
        else if (list[i] === ',' && depth === 0) {
          parts.push(list.slice(start, i).trim());
          start = i + 1;
        }
      }
      parts.push(list.slice(start).trim());
      return parts;
    };
    const applies = (selector: string) => {
      const element = selector
        .replace(/::?(before|after|first-line|first-letter|placeholder|marker|selection|backdrop)\b/g, '')
        .replace(/::?-(webkit|moz|ms)-[a-z-]+(\([^)]*\))?/g, '')
        .replace(/:(hover|focus-visible|focus-within|focus|active|visited)\b/g, '');
      try {
        return document.querySelector(element || '*') !== null;
      } catch {
        return false; // a selector this browser does not know
      }
    };
    const visit = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) {
          for (const selector of split(rule.selectorText)) {
            all.add(selector);
            if (applies(selector)) applying.add(selector);
          }
        } else if (rule instanceof CSSMediaRule) {
          if (window.matchMedia(rule.conditionText).matches) visit(rule.cssRules);
        } else if (rule instanceof CSSSupportsRule) {
          if (CSS.supports(rule.conditionText)) visit(rule.cssRules);
        }
      }
    };
    for (const sheet of document.styleSheets) if (!sheet.disabled) visit(sheet.cssRules);
    return { all: [...all], applying: [...applying] };
  });
}

/** How far apart (0-255, per channel) two pixels may be and still count as the same. */
const NOISE = 2;

function differingPixels(a: PNG, b: PNG): { count: number; diff: PNG } {
  const diff = new PNG({ width: a.width, height: a.height });
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    // Chromium's anti-aliasing of a rounded corner may come out one level apart between two paints of
    // the same CSS; a stylesheet difference changes far more than that.
    const same = [0, 1, 2, 3].every((c) => Math.abs(a.data[i + c]! - b.data[i + c]!) <= NOISE);
    if (!same) count += 1;
    diff.data[i] = same ? a.data[i]! / 4 + 191 : 255; // faded page, differences in red
    diff.data[i + 1] = same ? a.data[i + 1]! / 4 + 191 : 0;
    diff.data[i + 2] = same ? a.data[i + 2]! / 4 + 191 : 0;
    diff.data[i + 3] = 255;
  }
  return { count, diff };
}

/**
 * Waits until what is shown is final: images decoded, no collapse or fade transition in progress, no
 * finite animation running, the reunion notice (drawn after hydration, with code of its own) in its room.
 * (Not "network idle": one state holds a request open on purpose.)
 */
async function atRest(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.images].every((image) => image.complete) &&
      [...document.querySelectorAll('.reunion-notice-room')].every((room) => room.childElementCount > 0) &&
      !document.querySelector('.collapsing, .fade:not(.show)') &&
      document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Photographs the page with the built and with the full Bootstrap and expects identical pixels. */
async function expectSameAsFullBootstrap(page: Page, state: string, testInfo: TestInfo): Promise<void> {
  await page.mouse.move(0, 0); // no hover effect left from the last click
  await atRest(page);

  const shoot = () =>
    page.screenshot({
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
      mask: [page.locator('iframe')],
    });
  // A full-page shot brings every image preview of the members area into view at once, and each then fetches its
  // thumbnail: shot again until two shots agree, so that both stylesheets are photographed with the same previews
  // (on a phone a visitor sees a spinner in a preview until it arrives, as they scroll to it).
  let built = await shoot();
  const previews = await page.locator('.image-preview').count();
  for (let tries = 0; previews && tries < 5; tries += 1) {
    await atRest(page);
    const again = await shoot();
    if (again.equals(built)) break;
    built = again;
  }
  const builtSelectors = new Set((await selectorsInUse(page)).all);
  await useStylesheets(page, 'full');
  const full = await shoot();
  const fullSelectors = await selectorsInUse(page);
  await useStylesheets(page, 'built');

  // bootstrap.min.css repeats some rules with a browser prefix (Autoprefixer); the Sass build writes the
  // standard form only, which Chromium uses.
  const standard = (selector: string) =>
    selector.replace('::-webkit-file-upload-button', '::file-selector-button');
  const missing = fullSelectors.applying.filter((selector) => !builtSelectors.has(standard(selector)));
  expect
    .soft(missing.slice(0, 30), `${state}: rules of the full Bootstrap for this page that the build lacks`)
    .toEqual([]);

  if (built.equals(full)) return;
  const a = PNG.sync.read(built);
  const b = PNG.sync.read(full);
  const name = state.replace(/[^a-z0-9]+/gi, '-');
  await testInfo.attach(`${name}-built.png`, { body: built, contentType: 'image/png' });
  await testInfo.attach(`${name}-full-bootstrap.png`, { body: full, contentType: 'image/png' });
  expect(`${b.width}x${b.height}`, `${state}: page size with the full Bootstrap`).toBe(
    `${a.width}x${a.height}`,
  );
  const { count, diff } = differingPixels(a, b);
  await testInfo.attach(`${name}-diff.png`, { body: PNG.sync.write(diff), contentType: 'image/png' });
  expect(count, `${state}: pixels that differ from the full Bootstrap`).toBe(0);
}

/** Compares the page as it is now with the full Bootstrap at each width (the one page resized), ending wide. */
async function expectSameAtEachWidth(page: Page, state: string, testInfo: TestInfo): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expectSameAsFullBootstrap(page, `${state}, ${size.name} (${size.width} px)`, testInfo);
  }
}

const [MOBILE] = WIDTHS;

test.describe('Bootstrap trimmed = full Bootstrap, at 390 and 1280 px', () => {
  test.use({ bypassCSP: true });
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('the build serves one trimmed Bootstrap at first and one stylesheet loaded later', () => {
    expect(ENTRY_CSS).toHaveLength(1);
    expect(LAZY_CSS).toHaveLength(1);
  });

  // The pages of each language in one test: a test's own start (a new context, its renderer, the site's scripts
  // compiled again) costs more than a page opened in one already running; a failure names the page, as its step.
  for (const [language, pages] of [
    ['English', VISITOR_PAGES.filter((path) => !path.startsWith('/nb/'))],
    ['Norwegian', VISITOR_PAGES.filter((path) => path.startsWith('/nb/'))],
  ] as const) {
    test(`each ${language} page, loaded narrow (as a phone opens it), then widened`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(30_000 * pages.length);
      for (const path of pages) {
        await test.step(path, async () => {
          await page.setViewportSize({ width: MOBILE.width, height: MOBILE.height });
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator(`nav a[href$="/login"]`).first()).toBeAttached(); // sign-in state known
          if (path.endsWith('/login'))
            await expect(page.locator('button[data-provider-id="password"]')).toBeVisible();
          await expectSameAtEachWidth(page, path, testInfo);
        });
      }
    });
  }

  test("on a phone: the menu and the sections' navigation, opened", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: MOBILE.width, height: MOBILE.height });
    await page.goto('/home');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expectSameAsFullBootstrap(page, 'menu open', testInfo);
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    const sections = page
      .getByRole('navigation', { name: 'Home page' })
      .getByRole('button', { name: 'Navigation' });
    await sections.click();
    await expect(sections).toHaveAttribute('aria-expanded', 'true');
    await expectSameAsFullBootstrap(page, 'home sections open', testInfo);
  });

  test('the reunion notice before the reunion, with its calendar choices', async ({ page }, testInfo) => {
    await page.clock.setFixedTime(new Date('2026-05-01T12:00:00-05:00'));
    for (const path of ['/home', '/nb/home']) {
      await page.setViewportSize({ width: MOBILE.width, height: MOBILE.height });
      await page.goto(path);
      await expect(page.locator('.calendar-choices a').first()).toBeVisible();
      await expectSameAtEachWidth(page, `${path} before the reunion`, testInfo);
    }
  });

  test('sign-in: e-mail step, sign-up with the rules, the password modal, the alert, verification', async ({
    problems,
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: MOBILE.width, height: MOBILE.height });
    await page.goto('/login');
    problems.expectWarnings(/^Sign-in failed/); // the failure the walk stages (a 500 from the service)
    await walkSignInStates(page, 'css', async (state) => {
      await expectSameAtEachWidth(page, state, testInfo);
      await page.setViewportSize({ width: MOBILE.width, height: MOBILE.height });
    });
  });

  // The members area in three tests, each within its time on a slow machine.
  test('members area: the sections, and the seminars opened', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: MOBILE.width, height: MOBILE.height });
    await signInAsMember(page);
    await expectSameAtEachWidth(page, 'members', testInfo);
    await page.getByRole('button', { name: /highlighted seminars/ }).click();
    await expect(page.locator('#highlighted-seminars li')).toHaveCount(12);
    await expectSameAtEachWidth(page, 'seminars open', testInfo);
    // The account page: its facts, badges, the list of the member's photos and Delete my account.
    await page.setViewportSize({ width: MOBILE.width, height: MOBILE.height });
    await page.goto('/members/account');
    await expect(page.locator('.account-facts')).toContainText('Approved by an organiser.');
    await expect(page.locator('.account-photos, .account-suggestions').getByRole('status')).toHaveCount(0);
    await expectSameAtEachWidth(page, 'account', testInfo);
  });

  test('members area: the menus opened, on a phone and on a desktop', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: MOBILE.width, height: MOBILE.height });
    await signInAsMember(page);
    const nav = page.getByRole('navigation').first();
    // On a phone: the menu with the member menu, and the sections' navigation.
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('button', { name: 'Members' }).click();
    await expect(nav.getByRole('link', { name: 'Downloads' })).toBeVisible();
    await expectSameAsFullBootstrap(page, 'member menu open', testInfo);
    await page.keyboard.press('Escape');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    const sidebar = page.getByRole('navigation', { name: 'Members area' });
    await sidebar.getByRole('button', { name: 'Navigation' }).click();
    await expect(sidebar.getByRole('link', { name: 'Images' })).toBeVisible();
    await expectSameAsFullBootstrap(page, 'members sections open', testInfo);
    await sidebar.getByRole('button', { name: 'Navigation' }).click();
    await expect(sidebar.getByRole('link', { name: 'Images' })).toBeHidden();

    // On a desktop: the members dropdown.
    await page.setViewportSize({ width: WIDTHS[1].width, height: WIDTHS[1].height });
    await nav.getByRole('button', { name: 'Members' }).click();
    await expect(nav.getByRole('link', { name: 'Downloads' })).toBeVisible();
    await expectSameAsFullBootstrap(page, 'members dropdown open', testInfo);
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Downloads' })).toBeHidden();
  });

  test('members area: a download under way, then the Error modal', async ({ problems, page }, testInfo) => {
    problems.expectWarnings(/^Download failed/); // the failure the test stages (a 500 from Storage)
    await page.setViewportSize({ width: MOBILE.width, height: MOBILE.height });
    await signInAsMember(page);
    // A download held at the storage request: the button shows its spinner.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v0/b/*/o/members%2F**', async (route) => {
      await gate;
      await route.fulfill({ status: 500, body: 'error' });
    });
    const button = page.locator('button[data-file-id="program-1976"]');
    await button.click();
    await expect(button).toBeDisabled();
    await expectSameAtEachWidth(page, 'download under way', testInfo);
    release();
    const modal = page.getByRole('dialog', { name: 'Error' });
    await expect(modal).toBeVisible();
    await expectSameAtEachWidth(page, 'error modal', testInfo);
  });
});
