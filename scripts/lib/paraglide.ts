import { paraglideVitePlugin, type CompilerOptions } from '@inlang/paraglide-js';
import type { Plugin } from 'vite';

/**
 * The messages (messages/en.json, messages/nb.json) compile to typed functions in src/paraglide.
 * The language of a document is set once, at start-up or per build-time page (src/lib/locale.ts): a
 * global variable, falling back to English.
 */
export const PARAGLIDE_OPTIONS = {
  project: './project.inlang',
  outdir: './src/paraglide',
  strategy: ['globalVariable', 'baseLocale'],
  // The same output for the build, the dev server and Vitest (the plugin would pick locale-modules while
  // serving): one module per message, so each page's chunk carries only the messages it uses.
  outputStructure: 'message-modules',
} satisfies CompilerOptions;

/** Recompiles the messages on every change while Vite serves (npm run dev) or Vitest runs. */
export function messagesWhileServing(): Plugin[] {
  const plugins = paraglideVitePlugin(PARAGLIDE_OPTIONS);
  return (Array.isArray(plugins) ? plugins : [plugins]).map((plugin) => ({
    ...plugin,
    apply: 'serve' as const,
  }));
}
