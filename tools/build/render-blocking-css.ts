/**
 * Render-blocking CSS of a built page: what its HTML makes the browser fetch and apply before the first
 * paint, i.e. every <link rel="stylesheet"> (unless its media query is print-only) and every inline
 * <style>. Stylesheets that lazily loaded chunks add later do not block the first paint.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const CSS_BUDGET_BYTES = 12 * 1024;

export interface CssReport {
  /** The page's path, e.g. /home or /nb/home. */
  path: string;
  files: string[];
  gzip: number;
}

/** The stylesheet files (relative to the site root) and inline styles a page's HTML applies at once. */
export function renderBlockingCss(html: string): { files: string[]; inline: string[] } {
  const files: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel=["']?stylesheet\b/.test(tag)) continue;
    const media = /\bmedia=["']([^"']*)["']/.exec(tag)?.[1]?.trim();
    if (media && /^print$/i.test(media)) continue;
    const href = /\bhref=["']\/?([^"']+)["']/.exec(tag)?.[1];
    if (href) files.push(href);
  }
  const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
  return { files, inline };
}

export function cssReport(dist: string, path: string): CssReport {
  const { files, inline } = renderBlockingCss(readFileSync(join(dist, `${path}.html`), 'utf8'));
  const css = [...files.map((file) => readFileSync(join(dist, file), 'utf8')), ...inline];
  // Each file is compressed on its own, as the server sends it.
  const gzip = css.reduce((sum, text) => sum + gzipSync(text, { level: 9 }).length, 0);
  return { path, files, gzip };
}
