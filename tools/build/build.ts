/**
 * The site's client build, once per language (part of `npm run build`). Each language's pages load code
 * that carries that language's texts only: Paraglide compiles every message with both languages, and a
 * build with a fixed language (globalThis.__PARAGLIDE_STATIC_LOCALE__, see tools/build/paraglide.ts) drops
 * the other one. The two builds share every file whose content is the same (React, the router, ...: same
 * content, same hashed name), so the site is barely bigger.
 *
 *   dist/                     the English build: assets, index.html (the English app shell), public files
 *   dist/nb/index.html        the Norwegian app shell, loading the Norwegian build's entry
 *   dist/.vite/manifest.json      the English build's manifest
 *   dist/.vite/manifest.nb.json   the Norwegian build's manifest
 *
 * Then `npm run prerender` writes each page's build-time HTML from the shell of its language.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, type InlineConfig } from 'vite';
import type { Locale } from '../../src/lib/locale-path.ts';
import { messagesOfOneLanguage, STATIC_LOCALE_GLOBAL, withoutLocaleOverrideWarning } from './paraglide.ts';

const DIST = 'dist';
// Beside dist/ (same depth), so the source maps' relative paths are the same in both builds.
const NB_OUT = '.build-nb';

// Always React's production code, whoever runs the build (Vitest sets NODE_ENV=test for what it starts, and
// Vite keeps a NODE_ENV it finds); the tests refuse a development build (build-stamp.ts).
process.env.NODE_ENV = 'production';

function configFor(locale: Locale): InlineConfig {
  return {
    configFile: 'vite.config.ts',
    mode: 'production',
    define: { [STATIC_LOCALE_GLOBAL]: JSON.stringify(locale) },
    plugins: [withoutLocaleOverrideWarning(), messagesOfOneLanguage(locale)],
    logLevel: 'warn',
    ...(locale === 'en'
      ? { build: { outDir: DIST, emptyOutDir: true } }
      : { publicDir: false, build: { outDir: NB_OUT, emptyOutDir: true } }),
  };
}

/** Copies the Norwegian build's assets next to the English ones; a shared name must mean the same bytes. */
function mergeAssets(): number {
  let copied = 0;
  const from = join(NB_OUT, 'assets');
  const to = join(DIST, 'assets');
  for (const name of readdirSync(from)) {
    const target = join(to, name);
    if (existsSync(target)) {
      if (!readFileSync(target).equals(readFileSync(join(from, name))))
        throw new Error(`build: ${name} differs between the English and the Norwegian build`);
      continue;
    }
    copyFileSync(join(from, name), target);
    copied += 1;
  }
  return copied;
}

async function main(): Promise<void> {
  const started = Date.now();
  await build(configFor('en'));
  await build(configFor('nb'));
  const copied = mergeAssets();
  mkdirSync(join(DIST, 'nb'), { recursive: true });
  copyFileSync(join(NB_OUT, 'index.html'), join(DIST, 'nb', 'index.html'));
  copyFileSync(join(NB_OUT, '.vite', 'manifest.json'), join(DIST, '.vite', 'manifest.nb.json'));
  rmSync(NB_OUT, { recursive: true, force: true });
  console.log(
    `build: English and Norwegian builds in ${DIST}/ (${copied} files of the Norwegian build are its own) ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

await main();
