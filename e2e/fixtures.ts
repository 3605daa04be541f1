import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { AUTH_URL, PROJECT_ID, demoAccounts, type DemoAccount } from '../tools/local/config.ts';
import { oobCodes, type OobCode } from '../organiser/core/auth-emulator.ts';
import { createAccounts } from './organiser';

export { expect };
export const authEmulator = { url: AUTH_URL, projectId: PROJECT_ID };

/**
 * The accounts of this worker: the demo accounts' kinds (verified and approved, verified, unverified) under
 * addresses of its own, made when the worker starts (the `workerAccounts` fixture below). Playwright runs each
 * worker in a process of its own, so tests running in parallel never share an account; a test that changes an
 * account (approval, blocking) makes one of its own besides.
 */
const WORKER = process.env.TEST_PARALLEL_INDEX ?? '0';
function ofThisWorker(account: DemoAccount): DemoAccount {
  const [name, domain] = account.email.split('@');
  return { ...account, email: `${name}-worker${WORKER}@${domain}` };
}
const demo = demoAccounts();
export const accounts = {
  member: ofThisWorker(demo.member),
  relative: ofThisWorker(demo.relative),
  unverified: ofThisWorker(demo.unverified),
};

/** Console errors, page errors and CSP violations, and console warnings, seen by a page during a test. */
export interface PageProblems {
  errors: string[];
  warnings: string[];
  /**
   * Warnings this test provokes on purpose (a failure it stages, which the site reports with console.warn):
   * the ones matching are not counted.
   */
  expectWarnings: (pattern: RegExp) => void;
}

/**
 * Every test is watched: a console warning in any flow, in either language, fails the test (after it ran),
 * unless the test said it provokes that warning (problems.expectWarnings). Errors are the test's to assert.
 */
export const test = base.extend<{ problems: PageProblems }, { workerAccounts: void }>({
  workerAccounts: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const remove = await createAccounts(Object.values(accounts));
      await use();
      await remove();
    },
    { scope: 'worker', auto: true },
  ],
  problems: [
    async ({ page }, use) => {
      const expected: RegExp[] = [];
      const problems: PageProblems = {
        errors: [],
        warnings: [],
        expectWarnings: (pattern) => expected.push(pattern),
      };
      page.on('console', (message) => {
        if (message.type() === 'error') problems.errors.push(`console: ${message.text()}`);
        if (message.type() === 'warning') problems.warnings.push(`${message.text()} (${page.url()})`);
      });
      page.on('pageerror', (error) => problems.errors.push(`pageerror: ${error.message}`));
      await use(problems);
      expect(
        problems.warnings.filter((warning) => !expected.some((pattern) => pattern.test(warning))),
        'console warnings',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * The wait for the end of a whole .zip of the catalogue (31 files, some tried again after injected faults): longer
 * than the default 10 s, which a loaded 2-core machine running two workers can need for it.
 */
export const ZIP_DONE = { timeout: 45_000 };

/** Address endings with broken percent-encoding, in the hash and in the query (faults and login-nb specs). */
export const MALFORMED_ADDRESS_SUFFIXES = ['#%E0%A4%A', '#%25%%', '?x=%E0%A4%A', '?mode=%E0%A4%A#%E0%A4%A'];

/** A unique e-mail address for a new test account. */
export function newEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The emulator's most recent verification link for an address. */
export async function verificationLink(email: string): Promise<OobCode> {
  const codes = (await oobCodes(authEmulator)).filter(
    (code) => code.email === email && code.requestType === 'VERIFY_EMAIL',
  );
  const last = codes.at(-1);
  if (!last) throw new Error(`No verification e-mail for ${email}`);
  return last;
}

/** The sign-in widget's labels on each login page (FirebaseUI's own texts). */
export const WIDGET_LABELS = {
  '/login': {
    emailOption: 'Sign in with email',
    email: 'Email',
    next: 'Next',
    password: 'Password',
    signIn: 'Sign In',
  },
  '/nb/login': {
    emailOption: 'Logg inn med e-post',
    email: 'E-postadresse',
    next: 'Neste',
    password: 'Passord',
    signIn: 'Logg inn',
  },
} as const;

/** Signs in through the real FirebaseUI widget with e-mail and password, on the login page of a language. */
export async function signInWithEmail(
  page: Page,
  email: string,
  password: string,
  {
    loginPath = '/login',
    navigate = true,
  }: { loginPath?: keyof typeof WIDGET_LABELS; navigate?: boolean } = {},
): Promise<void> {
  const labels = WIDGET_LABELS[loginPath];
  // navigate: false signs in on the login page already shown (e.g. where the guard sent the visitor).
  if (navigate) await page.goto(loginPath);
  await page.getByRole('button', { name: labels.emailOption }).click();
  await page.getByLabel(labels.email).fill(email);
  await page.getByRole('button', { name: labels.next }).click();
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.signIn, exact: true }).click();
}

/**
 * Takes the sign-in form on /login (already open) through each state a visitor can meet, and calls `check`
 * in each, by name: the e-mail step, sign-up with the password requirements, the requirements modal, the
 * verification modal (an unverified account) and the sign-in failure alert (the service answers 500).
 */
export async function walkSignInStates(
  page: Page,
  emailLabel: string,
  check: (state: string) => Promise<void>,
): Promise<void> {
  await page.getByRole('button', { name: 'Sign in with email' }).click();
  await page.getByLabel('Email').fill(newEmail(emailLabel));
  await check('e-mail step');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Choose password').fill('weak');
  await expect(page.locator('#password-requirements')).toBeVisible();
  await check('sign-up with requirements');
  await page.getByLabel('Choose password').press('Tab');
  await page.keyboard.press('Tab');
  const requirements = page.getByRole('dialog', { name: 'Please check password requirements' });
  await expect(requirements).toBeVisible();
  await check('password modal');
  await requirements.getByRole('button', { name: 'OK' }).click();
  await expect(requirements).toBeHidden();

  await signInWithEmail(page, accounts.unverified.email, accounts.unverified.password);
  const verify = page.getByRole('dialog', { name: 'Email verification needed' });
  await expect(verify).toBeVisible();
  await check('verification modal');
  await verify.getByRole('button', { name: 'OK' }).click();
  await expect(verify).toBeHidden();

  await page.route('**/accounts:signInWithPassword**', (route) =>
    route.fulfill({ status: 500, body: '{"error":{"message":"INTERNAL"}}' }),
  );
  await signInWithEmail(page, accounts.member.email, accounts.member.password);
  await expect(
    page.getByRole('alert').filter({ hasText: 'An error occurred while signing in' }),
  ).toBeVisible();
  await check('sign-in error alert');
}

/**
 * The worker's member signed in, as Firebase Auth keeps it in the browser (localStorage: the site's
 * browserLocalPersistence): taken from the worker's first sign-in through the widget, and given to the later
 * tests' pages, where the widget is not what they test (the sign-in itself is tested in auth, i18n, a11y and
 * login-nb, through the widget every time).
 */
let memberSession: [string, string][] | undefined;

/** Signs in as the worker's verified, approved member and waits for the members area. */
export async function signInAsMember(page: Page): Promise<void> {
  if (memberSession) {
    // A page of the site's origin that runs nothing, to write its storage before the site reads it.
    await page.goto('/robots.txt');
    await page.evaluate((entries) => {
      for (const [key, value] of entries) window.localStorage.setItem(key, value);
    }, memberSession);
    await page.goto('/members');
  } else {
    await signInWithEmail(page, accounts.member.email, accounts.member.password);
  }
  await expect(page).toHaveURL(/\/members/);
  await expect(page.getByRole('heading', { level: 1, name: 'Members Area' })).toBeVisible();
  memberSession ??= await page.evaluate(() =>
    Object.entries(window.localStorage).filter(([key]) => key.startsWith('firebase:authUser:')),
  );
}

/**
 * Waits until the page is at rest instead of sleeping: no network request for 500 ms (lazy chunks,
 * auth state, delayed section scrolls have run), then no finite animation or transition running and no
 * Bootstrap collapse in progress (an endless spinner does not count).
 */
export async function settled(page: Page, { network = true } = {}): Promise<void> {
  // A state that holds a request open on purpose (a download under way) never reaches network idle.
  if (network) await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector('.collapsing') &&
      document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Records every layout shift of each page the context opens from now on, each with what moved (tag and
 * classes), so a failure says where to look. Read them with layoutShifts().
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { __shifts: string[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node }[];
      })[]) {
        const moved = (entry.sources ?? []).map((source) => {
          const element = source.node instanceof Element ? source.node : source.node?.parentElement;
          return element ? `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}` : '?';
        });
        shifts.push(`${entry.value.toFixed(4)}: ${moved.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts of the current page so far (see recordLayoutShifts). */
export function layoutShifts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
}

export async function sessionFlag(page: Page): Promise<string | null> {
  return page.evaluate(() => window.sessionStorage.getItem('logged'));
}

const GAPI_STAND_IN = readFileSync(new URL('./gapi-stand-in.js', import.meta.url), 'utf8');

/** Serves the small stand-in for apis.google.com's script (offline here) to every page of the context. */
export async function serveGapiStandIn(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STAND_IN }),
  );
}

/** On /login: signs in with Google through the Auth emulator's popup, as a new generated account. */
export async function signInWithGooglePopup(page: Page): Promise<void> {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await popupPromise;
  await popup.getByText('Add new account').click();
  await popup.getByText('Auto-generate user information').click();
  await popup.getByText('Sign in with Google.com').click();
}

/** Relative luminance (WCAG 2) of an sRGB colour, 0-255 channels. */
function luminance([r, g, b]: number[]): number {
  const [R, G, B] = [r!, g!, b!].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
}

/** WCAG 2 contrast ratio of two sRGB colours. */
export function contrastRatio(a: number[], b: number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The contrast of an element's text with what is really behind it, computed by the test (where axe cannot see
 * the background: a picture, a gradient, a label laid over a field): the element's content box is photographed
 * with every text of the page (and text shadows) made transparent, and its text colour (blended by its alpha) is compared with every pixel of that picture. The
 * lowest ratio: the text's worst spot. Also returns the text's size, for the large-text threshold.
 */
export async function textContrast(
  element: Locator,
): Promise<{ ratio: number; large: boolean; color: string }> {
  // Through the CSSOM, which the site's Content-Security-Policy allows (a <style> element it would block).
  const style = await element.evaluate((node) => {
    const computed = getComputedStyle(node);
    const found = {
      color: computed.color,
      size: parseFloat(computed.fontSize),
      weight: Number(computed.fontWeight),
    };
    // Every text of the page, not only the element's: a label laid over it is not its background either.
    for (const each of document.querySelectorAll<HTMLElement>('body, body *')) {
      each.dataset.contrastProbe = each.style.cssText;
      each.style.setProperty('color', 'transparent', 'important');
      each.style.setProperty('text-shadow', 'none', 'important');
      each.style.setProperty('text-decoration-color', 'transparent', 'important');
      each.style.setProperty('caret-color', 'transparent', 'important');
    }
    return found;
  });
  let shot: Buffer;
  try {
    // Where the text is: its lines' boxes (a field's: its content box, as wide as its value), not the
    // element's borders (a field's underline) nor what lies beside the text (a button's icon).
    await element.scrollIntoViewIfNeeded();
    const clip = await element.evaluate((node) => {
      const css = getComputedStyle(node);
      const px = (value: string) => parseFloat(value) || 0;
      if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) {
        const box = node.getBoundingClientRect();
        const left = px(css.borderLeftWidth) + px(css.paddingLeft);
        const top = px(css.borderTopWidth) + px(css.paddingTop);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = css.font;
        const text = node.type === 'password' ? '•'.repeat(node.value.length) : node.value;
        return {
          x: box.left + left,
          y: box.top + top,
          width: Math.max(
            1,
            Math.min(context.measureText(text).width, box.width - left - px(css.paddingRight)),
          ),
          height: box.height - top - px(css.borderBottomWidth) - px(css.paddingBottom),
        };
      }
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
      const x = Math.min(...lines.map((rect) => rect.left));
      const y = Math.min(...lines.map((rect) => rect.top));
      return {
        x,
        y,
        width: Math.max(...lines.map((rect) => rect.right)) - x,
        height: Math.max(...lines.map((rect) => rect.bottom)) - y,
      };
    });
    shot = await element.page().screenshot({ clip, animations: 'disabled', caret: 'hide' });
  } finally {
    await element.evaluate(() => {
      for (const each of document.querySelectorAll<HTMLElement>('[data-contrast-probe]')) {
        each.style.cssText = each.dataset.contrastProbe ?? '';
        delete each.dataset.contrastProbe;
      }
    });
  }
  const [r, g, b, a = 1] = (style.color.match(/[\d.]+/g) ?? []).map(Number) as number[];
  const png = PNG.sync.read(shot);
  let ratio = Infinity;
  for (let i = 0; i < png.data.length; i += 4) {
    const behind = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
    const text = [r!, g!, b!].map((channel, k) => channel * a + behind[k]! * (1 - a));
    ratio = Math.min(ratio, contrastRatio(text, behind));
  }
  // WCAG's large text: 18pt (24px), or 14pt (18.66px) bold.
  const large = style.size >= 24 || (style.size >= 18.66 && style.weight >= 700);
  return { ratio, large, color: style.color };
}

/** Expects an element's text legible: at least 4.5:1 against what is behind it (3:1 for large text). */
export async function expectLegible(element: Locator, what: string): Promise<void> {
  const { ratio, large, color } = await textContrast(element);
  expect(ratio, `${what}: contrast of ${color} with what is behind it`).toBeGreaterThanOrEqual(
    large ? 3 : 4.5,
  );
}

/**
 * Runs axe (WCAG 2.2 AA and best practice) over what the page shows and expects no violation. Where axe cannot
 * judge a text's colour contrast (its "incomplete" results: a background picture, a gradient, a label laid over
 * a field), it is not taken as a pass: the test computes that text's contrast itself, from the pixels behind it
 * (textContrast), and fails below 4.5:1 (3:1 for large text) or when it cannot find the element.
 */
export async function expectNoViolations(page: Page, state: string, { network = true } = {}) {
  // Let transitions and collapses finish: axe judges what is shown.
  await settled(page, { network });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // Violations and incomplete results with every node; passes and inapplicable rules (unread here) with one.
    .options({ resultTypes: ['violations', 'incomplete'] })
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${state}: ${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(' ')} [${node.failureSummary?.replace(/\s+/g, ' ')}]`).join(', ')}`,
  );
  const unjudged: string[] = [];
  for (const node of results.incomplete
    .filter((result) => result.id === 'color-contrast')
    .flatMap((result) => result.nodes)) {
    const why = (node.any[0]?.message ?? '').replace(/\s+/g, ' ');
    const [selector, ...inFrame] = node.target;
    const element = page.locator(String(selector));
    if (inFrame.length || (await element.count()) !== 1) {
      unjudged.push(
        `${state}: color-contrast not judged by axe, not found to judge: ${node.target.join(' ')} [${why}]`,
      );
      continue;
    }
    // Behind an open modal dialog (its backdrop over it) the page is not to be read until the dialog closes.
    const behindModal = await element.evaluate((node) => {
      const dialog = document.querySelector('[role="dialog"][aria-modal="true"], dialog[open]');
      return dialog !== null && !dialog.contains(node);
    });
    if (behindModal) continue;
    const { ratio, large, color } = await textContrast(element);
    if (ratio < (large ? 3 : 4.5))
      unjudged.push(
        `${state}: color-contrast ${ratio.toFixed(2)}:1 (computed; axe: ${why}) of ${color} at ${String(selector)}`,
      );
  }
  expect([...summary, ...unjudged]).toEqual([]);
}

/** A save-file picker that hands out a file of the origin's private file system (OPFS), as the real one would hand out a file on disk. */
export async function stubSavePicker(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { __picked?: { suggestedName?: string }[] };
    state.__picked = [];
    (window as unknown as { showSaveFilePicker: unknown }).showSaveFilePicker = async (options: {
      suggestedName?: string;
    }) => {
      state.__picked!.push(options);
      const root = await navigator.storage.getDirectory();
      return root.getFileHandle('picked.zip', { create: true });
    };
  });
}

/** The file the stubbed picker handed out: its bytes (empty when nothing was kept). */
export async function pickedFile(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const file = await (await root.getFileHandle('picked.zip', { create: true })).getFile();
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

/** Takes the save-file picker away, as in browsers without it: "Download all" goes through a Blob. */
export async function withoutPicker(page: Page) {
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
}
