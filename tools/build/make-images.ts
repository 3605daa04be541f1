/**
 * Renders the site's raster images from its SVG art with Chromium: public/og-image.png (1200x630, the
 * link preview) and public/apple-touch-icon.png (180x180). Run after changing the art:
 *   npx tsx tools/build/make-images.ts
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../test/chromium.ts';

const banner = readFileSync('src/assets/banner.svg', 'utf8');
const favicon = readFileSync('public/favicon.svg', 'utf8');
const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(`<!doctype html><html><body style="margin:0;font-family:DejaVu Sans,Arial,sans-serif">
    <div style="position:relative;width:1200px;height:630px;background:url('${dataUrl(banner)}') bottom/100% auto no-repeat,#2f5d8a">
      <div style="position:absolute;left:0;right:0;top:0;padding:72px 56px;color:#fff">
        <div style="font-size:64px;font-weight:700;text-shadow:0 2px 6px rgba(0,0,0,.6)">Rolette Family Reunion 2026</div>
        <div style="font-size:36px;margin-top:12px;text-shadow:0 2px 4px rgba(0,0,0,.6)">July 10th–12th, 2026 · Rolette, North Dakota</div>
      </div>
    </div></body></html>`);
  await page.screenshot({ path: 'public/og-image.png' });
  await page.setViewportSize({ width: 180, height: 180 });
  await page.setContent(
    `<!doctype html><body style="margin:0"><img src="${dataUrl(favicon)}" width="180" height="180">`,
  );
  await page.screenshot({ path: 'public/apple-touch-icon.png' });
  console.log('Wrote public/og-image.png and public/apple-touch-icon.png');
} finally {
  await browser.close();
}
