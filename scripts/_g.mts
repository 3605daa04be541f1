import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { CHROMIUM_ARGS, chromiumPath } from './lib/chromium.ts';
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const context = await browser.newContext();
await context.route('https://apis.google.com/**', (r) =>
  r.fulfill({
    status: 200,
    contentType: 'text/javascript',
    body: readFileSync('e2e/gapi-stand-in.js', 'utf8'),
  }),
);
const page = await context.newPage();
page.on('pageerror', (e) => console.log('PAGEERROR', e.stack));
page.on('console', (m) => console.log('console', m.type(), m.text()));
await page.goto('http://127.0.0.1:5000/login');
await page.waitForTimeout(4000);
console.log('--- clicking');
const popupPromise = page.waitForEvent('popup');
await page.getByRole('button', { name: 'Sign in with Google' }).click();
const popup = await popupPromise;
popup.on('console', (m) => console.log('popup console', m.type(), m.text()));
await popup.getByText('Add new account').click();
await popup.getByText('Auto-generate user information').click();
await popup.getByText('Sign in with Google.com').click();
await page.waitForTimeout(4000);
console.log(page.url());
await browser.close();
