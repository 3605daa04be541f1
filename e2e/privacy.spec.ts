/**
 * The privacy page (issue 15, point 8) in both languages: what is kept, who sees it, how to have a photo removed and
 * how to delete an account; its own build-time HTML (readable without JavaScript), in the sitemap, linked from the
 * footer of every page, and free of axe violations.
 */
import { readFileSync } from 'node:fs';
import { SITE_URL } from '../tools/local/config.ts';
import { expectNoViolations } from './support/a11y.ts';
import { expect, test } from './support/test.ts';

type Messages = Record<string, string>;
const en = JSON.parse(readFileSync('messages/en.json', 'utf8')) as Messages;
const nb = JSON.parse(readFileSync('messages/nb.json', 'utf8')) as Messages;
const CONTACT = 'reunion2026@example.org';

const LANGUAGES = [
  { lang: 'en', prefix: '', messages: en },
  { lang: 'nb', prefix: '/nb', messages: nb },
] as const;

for (const { lang, prefix, messages } of LANGUAGES) {
  const path = `${prefix}/privacy`;

  test.describe(`privacy page, ${lang}`, () => {
    test(`${path}: what is kept, who sees it, removal and deletion, with working links; axe clean`, async ({
      page,
      problems,
    }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page).toHaveTitle(`${messages.page_privacy_title} · ${messages.site_title}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.privacy_heading!);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText([
        messages.privacy_stored_heading!,
        messages.privacy_seen_heading!,
        messages.privacy_removal_heading!,
        messages.privacy_delete_heading!,
      ]);
      const main = page.getByRole('main');
      // What is kept (no position or camera details leave the device; the approver makes the shared copy anew),
      // who sees what (the uploader's e-mail address only organisers), and the hour a blocked account keeps.
      await expect(main.getByRole('listitem')).toHaveCount(9);
      await expect(main).toContainText('GPS');
      await expect(main).toContainText('EXIF');
      for (const key of ['privacy_stored_photos', 'privacy_seen_organisers', 'privacy_seen_blocked'])
        await expect(main).toContainText(messages[key]!);
      // The organisers' address (twice: removal and questions), the About page and the members area.
      const mail = main.getByRole('link', { name: CONTACT });
      await expect(mail).toHaveCount(2);
      await expect(mail.first()).toHaveAttribute(
        'href',
        new RegExp(`^mailto:${CONTACT.replace('.', '\\.')}\\?subject=`),
      );
      await expect(main.getByRole('link', { name: messages.nav_about, exact: true })).toHaveAttribute(
        'href',
        `${prefix}/about`,
      );
      const members = main.getByRole('link', { name: lang === 'en' ? 'members area' : 'medlemsområdet' });
      await expect(members).toHaveAttribute('href', `${prefix}/members`);

      await expectNoViolations(page, path);
      expect(problems.errors).toEqual([]);
    });

    test(`every page's footer links to ${path}`, async ({ page }) => {
      for (const name of ['home', 'news', 'about', 'contact', 'login']) {
        await page.goto(`${prefix}/${name}`);
        const link = page.getByRole('contentinfo').getByRole('link', { name: messages.nav_privacy });
        await expect(link).toHaveAttribute('href', path);
      }
      await page.getByRole('contentinfo').getByRole('link', { name: messages.nav_privacy }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.privacy_heading!);
    });

    test(`${path} is built ahead: its own HTML in its language, readable without JavaScript`, async ({
      browser,
      request,
    }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(`<title>${messages.page_privacy_title} · ${messages.site_title}</title>`);
      expect(html).toMatch(/<link rel="alternate" hreflang="nb" href="https:\/\/[^"]+\/nb\/privacy" \/>/);
      expect(html).toMatch(/<link rel="alternate" hreflang="en" href="https:\/\/[^"]+\/privacy" \/>/);

      const context = await browser.newContext({ javaScriptEnabled: false, baseURL: SITE_URL });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.privacy_heading!);
      await expect(page.getByRole('main')).toContainText(messages.privacy_seen_waiting!);
      await context.close();
    });
  });
}

test('the sitemap lists the privacy page in both languages', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/<loc>https:\/\/[^<]+\/privacy<\/loc>/);
  expect(sitemap).toMatch(/<loc>https:\/\/[^<]+\/nb\/privacy<\/loc>/);
});
