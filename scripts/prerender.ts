/**
 * After `vite build` and `vite build --ssr src/prerender.tsx`: puts each static page's rendered markup
 * into its HTML file (dist/home.html, ...), so visitors see the page before the JavaScript has loaded
 * and search engines read it without running any. Part of `npm run build`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { STATIC_PAGES } from '../src/config/pages.ts';

const EMPTY_ROOT = '<div id="root"></div>';

export function withMarkup(html: string, markup: string): string {
  if (!html.includes(EMPTY_ROOT)) throw new Error('prerender: no empty <div id="root"></div> in the page');
  return html.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`);
}

async function main(): Promise<void> {
  const entry = resolve(process.argv[2] ?? '.cache/prerender/prerender.js');
  const { prerenderPage } = (await import(pathToFileURL(entry).href)) as {
    prerenderPage: (path: string) => Promise<string>;
  };
  for (const path of STATIC_PAGES) {
    const file = `dist${path}.html`;
    const markup = await prerenderPage(path);
    writeFileSync(file, withMarkup(readFileSync(file, 'utf8'), markup));
    console.log(`prerendered ${file} (${(markup.length / 1024).toFixed(1)} KB of markup)`);
  }
}

await main();
