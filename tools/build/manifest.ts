import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '../../src/lib/locale-path.ts';

/** Vite's build manifest (dist/.vite/manifest.json): each chunk, its file and what it imports. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The manifest of a language's build (tools/build/build.ts): manifest.json (English), manifest.nb.json. */
export function readManifest(dist: string, locale: Locale = 'en'): Manifest {
  const path = join(dist, '.vite', locale === 'en' ? 'manifest.json' : `manifest.${locale}.json`);
  if (!existsSync(path)) throw new Error(`${path} not found: run "npm run build" first`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** The chunk keys loaded with `key`: itself and everything it imports statically, transitively. */
export function staticClosure(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const next of manifest[k]?.imports ?? []) visit(next);
  };
  visit(key);
  return [...seen];
}

/** The files of a chunk (by its manifest key) and of everything it imports statically. */
export function chunkFiles(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  if (!manifest[key]) throw new Error(`No chunk ${key} in the manifest`);
  const keys = staticClosure(manifest, key);
  return {
    js: keys.map((k) => manifest[k]!.file),
    css: [...new Set(keys.flatMap((k) => manifest[k]!.css ?? []))],
  };
}

/**
 * The JS files a page needs to run at once: its own chunk (by its module's source path, e.g.
 * src/features/home/home-page.tsx, as src/config/pages.ts names it) and everything that chunk imports statically.
 */
export function pageFiles(manifest: Manifest, source: string): { js: string[]; css: string[] } {
  return chunkFiles(manifest, source);
}

/**
 * The chunk of a news post's text, which its page loads before it hydrates (tools/build/news/vite-plugin.ts):
 * its key in the manifest, found by its module id.
 */
export function newsBodyKey(manifest: Manifest, locale: Locale, slug: string): string {
  const key = Object.keys(manifest).find((k) =>
    (manifest[k]!.src ?? k).endsWith(`virtual:news-body/${locale}/${slug}`),
  );
  if (!key) throw new Error(`No chunk for the news post ${slug} in the ${locale} build's manifest`);
  return key;
}
