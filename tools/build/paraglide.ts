import { paraglideVitePlugin, type CompilerOptions } from '@inlang/paraglide-js';
import type { Plugin } from 'vite';

/**
 * The messages (messages/en.json, messages/nb.json) compile to typed functions in src/paraglide.
 * The language of a document is set once, at start-up or per build-time page (src/lib/locale.ts): a
 * global variable, falling back to English.
 */
/**
 * A build for one language defines this global (tools/build/build.ts): the compiled messages then carry that
 * language only. Where it is not defined (dev server, tests, build-time rendering) they carry both.
 */
export const STATIC_LOCALE_GLOBAL = 'globalThis.__PARAGLIDE_STATIC_LOCALE__';
/** The same global as Paraglide's own per-locale build writes it (used as is, without a locale check). */
const STATIC_LOCALE_EXPRESSION = '/** @type {any} */ (globalThis).__PARAGLIDE_STATIC_LOCALE__';

export const PARAGLIDE_OPTIONS = {
  project: './project.inlang',
  outdir: './src/paraglide',
  strategy: ['globalVariable', 'baseLocale'],
  // The same output for the build, the dev server and Vitest (the plugin would pick locale-modules while
  // serving): one module per message, so each page's chunk carries only the messages it uses.
  outputStructure: 'message-modules',
  experimentalStaticLocale: STATIC_LOCALE_EXPRESSION,
} satisfies CompilerOptions;

/** Recompiles the messages on every change while Vite serves (npm run dev) or Vitest runs. */
export function messagesWhileServing(): Plugin[] {
  const plugins = paraglideVitePlugin(PARAGLIDE_OPTIONS);
  return (Array.isArray(plugins) ? plugins : [plugins]).map((plugin) => ({
    ...plugin,
    apply: 'serve' as const,
  }));
}
