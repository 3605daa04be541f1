import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { AUTH_URL } from '../tools/local/config.ts';
import { newEmail, serveGapiStandIn, signInWithEmail, signInWithGooglePopup } from './support/sign-in.ts';
import { accounts, expect, test } from './support/test.ts';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

test('security headers on every kind of page, and hashed assets cached for a year, immutable (served by the Hosting emulator from firebase.json)', async ({
  request,
}) => {
  for (const path of ['/home', '/news', '/login', '/members', '/nowhere']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    const csp = directives(headers['content-security-policy'] ?? '');
    expect(csp.get('default-src'), path).toEqual(["'self'"]);
    expect(csp.get('script-src'), path).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src'), path).not.toContain("'unsafe-eval'");
    expect(csp.get('style-src'), path).toEqual(["'self'"]);
    expect(csp.get('object-src'), path).toEqual(["'none'"]);
    // Pictures: the site's own, and the members' image previews, fetched with the ID token and shown from
    // object URLs (blob:); never from another origin.
    expect(csp.get('img-src'), path).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
    // Frames: the embedded map and the sign-in helper of this site's own auth domain (here the Auth emulator;
    // a deploy adds the project's, organiser:deploy), never every Firebase site by wildcard.
    expect(csp.get('frame-src'), path).toEqual(['https://www.google.com', AUTH_URL]);
    expect(csp.get('base-uri'), path).toEqual(["'self'"]);
    expect(headers['strict-transport-security'], path).toMatch(/max-age=\d{8,}/);
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], path).toContain('camera=()');
    expect(headers['cache-control'], path).toBe('no-cache');
  }

  // The first module script /home's HTML loads.
  const home = await (await request.get('/home')).text();
  const tag = /<script type="module"[^>]*>/.exec(home)?.[0];
  const script = tag && /\ssrc="([^"]+)"/.exec(tag)?.[1];
  expect(script).toMatch(/^\/assets\/.+\.js$/);
  const response = await request.get(script!);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers()['content-security-policy']).toBeTruthy();
});

test('source maps stay with the build, never served (hidden maps, hosting.ignore), nor the build’s dot folder', async ({
  request,
}) => {
  const assets = readdirSync(join('dist', 'assets'));
  const maps = assets.filter((file) => file.endsWith('.map'));
  const scripts = assets.filter((file) => file.endsWith('.js'));

  // The build writes its maps for the tools (npm run size), and no script names one.
  expect(maps.length).toBeGreaterThan(10);
  expect(scripts.length).toBeGreaterThan(10);
  for (const script of scripts) {
    expect(readFileSync(join('dist', 'assets', script), 'utf8'), script).not.toContain('sourceMappingURL');
  }

  // No .map URL answers with a map; every served script is without sourceMappingURL.
  for (const map of maps) {
    const response = await request.get(`/assets/${map}`);
    const body = await response.text();
    // The catch-all rewrite answers a file Hosting does not have with the app's page.
    expect(response.headers()['content-type'], map).toMatch(/^text\/html/);
    expect(body, map).not.toContain('"mappings"');
  }
  for (const script of scripts) {
    const response = await request.get(`/assets/${script}`);
    expect(response.status(), script).toBe(200);
    expect(response.headers()['content-type'], script).toMatch(/javascript/);
    expect(response.headers(), script).not.toHaveProperty('sourcemap');
    expect(response.headers(), script).not.toHaveProperty('x-sourcemap');
    expect(await response.text(), script).not.toContain('sourceMappingURL');
  }

  // The build's dot folder is not served either (.vite/manifest.json).
  const manifest = await request.get('/.vite/manifest.json');
  expect(manifest.headers()['content-type']).toMatch(/^text\/html/);
});

/** Collects CSP violations as the page reports them (in every frame of the page). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCsp', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return async () => violations.splice(0);
}

test('every flow runs with zero CSP violations and zero console errors', async ({
  page,
  context,
  problems,
}) => {
  test.setTimeout(120_000);
  const cspViolations = await watchCsp(page);
  await serveGapiStandIn(context);

  // The watcher itself: an inline style attribute is a violation it must see.
  await page.goto('/home');
  await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.innerHTML = '<span style="color:red">probe</span>';
    document.body.append(probe);
  });
  await expect.poll(cspViolations).toEqual([expect.stringContaining('style-src')]);
  await expect.poll(() => problems.errors.length).toBe(1); // Chromium logs the violation too
  problems.errors.length = 0;

  // Public pages.
  for (const path of ['/home', '/news', '/about', '/contact', '/home#planning-committee']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  // Sign-up with the requirements panel and the password modal, then the verification modal.
  const email = newEmail('csp');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with email' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('First & last name').fill('Csp Check');
  await page.getByLabel('Choose password').fill('weak');
  await page.getByLabel('Choose password').press('Tab');
  await page.keyboard.press('Tab');
  const requirements = page.getByRole('dialog', { name: 'Please check password requirements' });
  await requirements.getByRole('button', { name: 'OK' }).click();
  await expect(requirements).toBeHidden();
  await page.getByLabel('Choose password').fill('Strong2026pw');
  await page.getByRole('button', { name: 'Save' }).click();
  await page
    .getByRole('dialog', { name: 'Email verification needed' })
    .getByRole('button', { name: 'OK' })
    .click();

  // Google sign-in through the emulator popup, then log out.
  await signInWithGooglePopup(page);
  await expect(page).toHaveURL(/\/members$/);
  await page.getByRole('navigation').first().getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // E-mail sign-in as the demo member, every members section, downloads of each type.
  await signInWithEmail(page, accounts.member.email, accounts.member.password);
  await expect(page).toHaveURL(/\/members$/);
  for (const name of ['Images', 'Educational Materials', 'Links', 'Documents']) {
    await page.getByRole('navigation', { name: 'Members area' }).getByRole('link', { name }).click();
  }
  for (const id of [
    'program-1976',
    'attendees-list-1976',
    'cemetery-monument',
    'two-reunions-presentation',
  ]) {
    const download = page.waitForEvent('download');
    await page.locator(`button[data-file-id="${id}"]`).click();
    await download;
  }
  await page.getByRole('button', { name: /highlighted seminars/ }).click();
  await page.goto('/members#links');
  await expect(page.getByRole('heading', { level: 1, name: 'Members Area' })).toBeVisible();

  expect(await cspViolations()).toEqual([]);
  expect(problems.errors).toEqual([]);
});
