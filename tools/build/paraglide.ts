import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

/**
 * In a build with a fixed language (tools/build/build.ts) every compiled message carries a line (two in a message with markup) that warns when a
 * caller passes another `options.locale` (the fixed language wins). That line is a developer's check, repeated in
 * each of the ~250 messages and shipped in every page's first load: the client builds leave it out. Callers that
 * need a language other than the page's do not exist in the client (catalogue data and build-time rendering use
 * the full messages of the SSR build), and the message tests check the compiled modules still have the line this
 * removes, so a Paraglide upgrade that changes it fails there rather than silently. Leaving the line out changes
 * no text: a caller that passes another language gets the fixed language's text either way.
 */
export const LOCALE_OVERRIDE_WARNING =
  /\n\s*if \(\/\*\* @type \{any\} \*\/ \(globalThis\)\.__PARAGLIDE_STATIC_LOCALE__ !== undefined && options\.locale !== undefined[^\n]*console\.warn\([^\n]*\)/g;

export function withoutLocaleOverrideWarning(): Plugin {
  return {
    name: 'paraglide-without-locale-override-warning',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]src[\\/]paraglide[\\/]messages[\\/][^\\/]+\.js$/.test(id)) return undefined;
      const stripped = code.replace(LOCALE_OVERRIDE_WARNING, '');
      return stripped === code ? undefined : { code: stripped, map: null };
    },
  };
}

/** A compiled message module's export: the function that picks the language at run time, with its doc comment. */
const MESSAGE_EXPORT = /\n\/\*\*(?:(?!\*\/)[\s\S])*\*\/\nexport const ([A-Za-z0-9_]+) = [\s\S]*$/;

/**
 * In a build with a fixed language (tools/build/build.ts) each compiled message exports that language's function
 * itself, instead of Paraglide's wrapper that picks a language at run time: in such a build the pick always
 * lands on the same function, and every page's first load carried the wrapper (with its defaults, its `parts`
 * twin and its locale checks) once per message. Same texts, same parts; `options.locale` is ignored, as it is
 * by a fixed-language build anyway (src/ asks in the page's language only: eslint.config.js). A module whose
 * export is not as expected is left as it is (the message tests check the compiled form: tools/build/i18n.test.ts).
 */
export function messagesOfOneLanguage(locale: string): Plugin {
  return {
    name: 'paraglide-messages-of-one-language',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]src[\\/]paraglide[\\/]messages[\\/][^\\/]+\.js$/.test(id)) return undefined;
      return directExport(code, locale);
    },
  };
}

/** The module with its export bound to the language's own function, or undefined if it is not as expected. */
export function directExport(code: string, locale: string): { code: string; map: null } | undefined {
  const name = MESSAGE_EXPORT.exec(code)?.[1];
  if (!name || !code.includes(`\nconst ${locale}_${name} = `)) return undefined;
  return { code: code.replace(MESSAGE_EXPORT, `\nexport const ${name} = ${locale}_${name};\n`), map: null };
}

/** The compiled messages' index: a re-export of each message's module. */
const MESSAGES_INDEX = /[\\/]src[\\/]paraglide[\\/]messages[\\/]_index\.js$/;
/** The only imports a compiled message module has: Paraglide's runtime and its registry of formatters. */
const MESSAGE_IMPORT = /^import [^\n]+ from '\.\.\/(?:runtime|registry)\.js';?[ \t]*$/gm;

/**
 * The messages' modules joined into one (their imports, the same in each, once at the top), or undefined when a
 * module imports anything else. Each message's names are its own (`en_<id>`, `nb_<id>`, `<id>`), so the joined
 * code declares each once.
 */
export function joinedMessages(modules: string[]): string | undefined {
  const imports = new Set<string>();
  const bodies: string[] = [];
  for (const code of modules) {
    const body = code.replace(MESSAGE_IMPORT, (line) => {
      imports.add(line.trim().replace(/;?$/, ';'));
      return '';
    });
    if (/^\s*(?:import\b|export \*)/m.test(body)) return undefined;
    bodies.push(body);
  }
  return [...imports, ...bodies].join('\n');
}

/**
 * Vitest: the messages' index served as one module holding every message, instead of a re-export of ~425
 * modules. A test file that shows a text evaluated all 425 (about half a CPU-second per file); the code of each
 * message is unchanged. Left as it is when a module is not as expected (joinedMessages).
 */
export function messagesAsOneModule(): Plugin {
  return {
    name: 'paraglide-messages-as-one-module',
    enforce: 'pre',
    apply: 'serve',
    load(id) {
      if (!MESSAGES_INDEX.test(id)) return undefined;
      const files = [...readFileSync(id, 'utf8').matchAll(/^export \* from '\.\/([^']+\.js)'$/gm)].map(
        (match) => join(dirname(id), match[1]!),
      );
      for (const file of files) this.addWatchFile(file);
      return joinedMessages(files.map((file) => readFileSync(file, 'utf8')));
    },
  };
}
