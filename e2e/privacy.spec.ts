/**
 * The privacy page (issue 15, point 8) in both languages: what is kept, who sees it, how to have a photo removed and
 * how to delete an account; its own build-time HTML (readable without JavaScript), in the sitemap, linked from the
 * footer of every page, and free of axe violations.
 */
import { SITE_URL } from '../tools/local/config.ts';
import { expectNoViolations } from './support/a11y.ts';
import { text } from './support/messages.ts';
import { expect, test } from './support/test.ts';

const CONTACT = 'reunion2026@example.org';

const LANGUAGES = [
  { lang: 'en', prefix: '' },
  { lang: 'nb', prefix: '/nb' },
] as const;

for (const { lang, prefix } of LANGUAGES) {
  const path = `${prefix}/privacy`;
  const say = (key: string) => text(lang, key);

  test(`every page's footer links to ${path}; there: what is kept, who sees it, removal and deletion, with working links; axe clean`, async ({
    page,
    problems,
  }) => {
    // Home loaded, then each page through the menu; the privacy page through its footer link.
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: say('nav_privacy') });
    for (const name of ['home', 'news', 'about', 'contact', 'login']) {
      if (name === 'home') await page.goto(`${prefix}/home`);
      else await page.getByRole('navigation').first().locator(`a[href="${prefix}/${name}"]`).click();
      await expect(page, name).toHaveURL(new RegExp(`${prefix}/${name}$`));
      await expect(footerLink, name).toHaveAttribute('href', path);
    }
    await footerLink.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));

    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page).toHaveTitle(`${say('page_privacy_title')} · ${say('site_title')}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('page_privacy_title'));
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      say('privacy_stored_heading'),
      say('privacy_seen_heading'),
      say('privacy_removal_heading'),
      say('privacy_delete_heading'),
    ]);
    const main = page.getByRole('main');
    // What is kept (no position or camera details leave the device; the approver makes the shared copy anew),
    // who sees what (the uploader's e-mail address only organisers), and the hour a blocked account keeps; the
    // names suggested for who is who, and who sees them; the backups, and that a deletion leaves them.
    await expect(main.getByRole('listitem')).toHaveCount(10);
    // In plain words: what leaves the photo, without the technical names (EXIF, Firebase, tokens).
    await expect(main).toContainText(lang === 'en' ? 'where it was taken' : 'hvor det ble tatt');
    expect(await main.innerText()).not.toMatch(/EXIF|GPS|Firebase|token/i);
    for (const key of [
      'privacy_stored_photos',
      'privacy_stored_names',
      'privacy_seen_organisers',
      'privacy_seen_blocked',
      'privacy_seen_where',
    ])
      await expect(main).toContainText(say(key));
    // The organisers' address (twice: removal and questions) and the account page (Delete my account).
    const mail = main.getByRole('link', { name: CONTACT });
    await expect(mail).toHaveCount(2);
    await expect(mail.first()).toHaveAttribute(
      'href',
      new RegExp(`^mailto:${CONTACT.replace('.', '\\.')}\\?subject=`),
    );
    const account = main.getByRole('link', { name: lang === 'en' ? 'Your account' : 'Kontoen din' });
    await expect(account).toHaveAttribute('href', `${prefix}/members/account`);

    await expectNoViolations(page, path);
    expect(problems.errors).toEqual([]);
  });
}

test('the privacy page is built ahead: its own HTML in its language, readable without JavaScript, in the sitemap in both languages', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: SITE_URL });
  const page = await context.newPage();
  for (const { lang, prefix } of LANGUAGES) {
    const path = `${prefix}/privacy`;
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`<html lang="${lang}">`);
    expect(html, path).toContain(
      `<title>${text(lang, 'page_privacy_title')} · ${text(lang, 'site_title')}</title>`,
    );
    expect(html, path).toMatch(/<link rel="alternate" hreflang="nb" href="https:\/\/[^"]+\/nb\/privacy" \/>/);
    expect(html, path).toMatch(/<link rel="alternate" hreflang="en" href="https:\/\/[^"]+\/privacy" \/>/);

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(text(lang, 'page_privacy_title'));
    await expect(page.getByRole('main'), path).toContainText(text(lang, 'privacy_seen_waiting'));
  }
  await context.close();

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/<loc>https:\/\/[^<]+\/privacy<\/loc>/);
  expect(sitemap).toMatch(/<loc>https:\/\/[^<]+\/nb\/privacy<\/loc>/);
});
