/**
 * Renders the site's raster images from its SVG art with Chromium: the link preview of each language
 * (1200x630, its texts in that language: public/og-image.png, public/nb/og-image.png; see
 * src/lib/share-image.ts) and public/apple-touch-icon.png (180x180). Run after changing the art or the
 * texts (messages site_title, timeline_event_location):
 *   npx tsx tools/build/make-images.ts
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { chromium } from '@playwright/test';
import { shareImagePath } from '../../src/lib/share-image.ts';
import { REUNION_END, REUNION_START } from '../../src/config/site.ts';
import { formatDateRange } from '../../src/lib/format.ts';
import { LOCALES } from '../../src/lib/locale-path.ts';
import { m } from '../../src/paraglide/messages.js';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.ts';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const banner = readFileSync('src/assets/banner.svg', 'utf8');
const favicon = readFileSync('public/favicon.svg', 'utf8');
const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  for (const locale of LOCALES) {
    const title = m.site_title({}, { locale });
    const line = `${formatDateRange(REUNION_START, REUNION_END, locale)} · Rolette, North Dakota`;
    await page.setContent(`<!doctype html><html lang="${locale}"><body style="margin:0;font-family:DejaVu Sans,Arial,sans-serif">
    <div style="position:relative;width:1200px;height:630px;background:url('${dataUrl(banner)}') bottom/100% auto no-repeat,#2f5d8a">
      <div style="position:absolute;left:0;right:0;top:0;padding:72px 56px;color:#fff">
        <div style="font-size:64px;font-weight:700;text-shadow:0 2px 6px rgba(0,0,0,.6)">${escape(title)}</div>
        <div style="font-size:36px;margin-top:12px;text-shadow:0 2px 4px rgba(0,0,0,.6)">${escape(line)}</div>
      </div>
    </div></body></html>`);
    const path = `public${shareImagePath(locale)}`;
    mkdirSync(dirname(path), { recursive: true });
    await page.screenshot({ path });
    console.log(`Wrote ${path}`);
  }
  await page.setViewportSize({ width: 180, height: 180 });
  await page.setContent(
    `<!doctype html><body style="margin:0"><img src="${dataUrl(favicon)}" width="180" height="180">`,
  );
  await page.screenshot({ path: 'public/apple-touch-icon.png' });
  console.log('Wrote public/apple-touch-icon.png');
} finally {
  await browser.close();
}
