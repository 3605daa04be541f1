/**
 * The two message files (messages/en.json, messages/nb.json) are complete both ways, say the same
 * things in the same shape, and every message is used by the site. A failure here names the key.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { directExport, joinedMessages, LOCALE_OVERRIDE_WARNING, messagesAsOneModule } from './paraglide.ts';
import { PAST_SUFFIX, pastTwinKeys } from './reunion-tense.ts';

/** A message: its text, or (plural and other variants) the inlang message format's declarations, selectors and match. */
interface Variants {
  declarations?: string[];
  selectors?: string[];
  match: Record<string, string>;
}
type Message = string | Variants[];
type Messages = Record<string, Message>;
const read = (locale: string): Messages => {
  const messages = JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Messages;
  delete messages.$schema;
  return messages;
};
const en = read('en');
const nb = read('nb');

/** Messages that are rightly the same in both languages. */
const SAME_IN_BOTH = [
  'common_ok',
  'members_kind_pdf',
  // An address, written as calendar apps and maps read it ("Rolette i North Dakota" is no place they know).
  'timeline_event_location',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path.endsWith('paraglide') ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every text a message can show: the message itself, or each of its variants. */
function texts(message: Message | undefined): string[] {
  if (message === undefined) return [];
  return typeof message === 'string'
    ? [message]
    : message.flatMap((variants) => Object.values(variants.match));
}

/** {name} variables and {#tag}…{/tag} markup a message uses (in any variant), sorted; and what it selects on. */
function shape(message: Message | undefined): string[] {
  const used = texts(message).flatMap((text) =>
    [...text.matchAll(/\{[#/]?[a-z][a-z0-9_]*\}/gi)].map((match) => match[0]),
  );
  const selection =
    typeof message === 'object'
      ? message.flatMap((variants) => [
          ...(variants.declarations ?? []).map((line) => `declare ${line}`),
          ...(variants.selectors ?? []).map((name) => `select ${name}`),
        ])
      : [];
  return [...new Set([...used, ...selection])].sort();
}

const same = (a: Message | undefined, b: Message | undefined) => JSON.stringify(a) === JSON.stringify(b);

/** A compiled message module (or several joined) as a module Node can import, its imports pointed at src/paraglide. */
const messageModuleUrl = (code: string) =>
  `data:text/javascript,${encodeURIComponent(code.replace(/from '\.\.\/(runtime|registry)\.js'/g, (_m, file) => `from '${new URL(`../../src/paraglide/${file}.js`, import.meta.url).href}'`))}`;

describe('messages', () => {
  it('has every English key in Norwegian and every Norwegian key in English', () => {
    expect(Object.keys(nb).filter((key) => !(key in en))).toEqual([]);
    expect(Object.keys(en).filter((key) => !(key in nb))).toEqual([]);
  });

  it('has no empty message', () => {
    for (const [key, message] of [...Object.entries(en), ...Object.entries(nb)]) {
      expect({ key, variants: texts(message).length }).not.toMatchObject({ variants: 0 });
      for (const text of texts(message)) expect({ key, text }).not.toMatchObject({ text: '' });
    }
  });

  it('uses the same variables and markup in both languages', () => {
    for (const key of Object.keys(en))
      expect({ key, nb: shape(nb[key]) }).toEqual({ key, nb: shape(en[key]) });
  });

  it('says it in Norwegian: no Norwegian message is a copy of the English one, but for the few that are the same', () => {
    const copies = Object.keys(en).filter((key) => same(en[key], nb[key]));
    expect(copies.sort()).toEqual([...SAME_IN_BOTH].sort());
  });

  it('uses every message somewhere in the site (a message no code uses fails here)', () => {
    const code = sourceFiles('src')
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const used = (key: string) => new RegExp(`\\bm\\.${key}\\b`).test(code);
    // A past twin is shown wherever its message is, in the reunion's tense (src/components/reunion-tense.tsx).
    const twinOf = (key: string) =>
      key.endsWith(PAST_SUFFIX) ? key.slice(0, -PAST_SUFFIX.length) : undefined;
    const unused = Object.keys(en).filter((key) => !used(key) && !(twinOf(key) && used(twinOf(key)!)));
    expect(unused).toEqual([]);
  });

  it('a past twin fits wherever its message goes: no variable or markup its message lacks, in either language', () => {
    const twins = pastTwinKeys(en);
    expect(twins.length).toBeGreaterThan(15);
    for (const messages of [en, nb])
      for (const key of twins) {
        const ahead = new Set(shape(messages[key]));
        expect({
          key,
          extra: shape(messages[`${key}${PAST_SUFFIX}`]).filter((part) => !ahead.has(part)),
        }).toEqual({
          key,
          extra: [],
        });
      }
  });

  it('writes the reunion days one way in each language, on one line (a word joiner after the dash)', () => {
    const WJ = '\u2060';
    const canonical = { en: `July 10th–${WJ}12th, 2026`, nb: `10.–${WJ}12. juli 2026` };
    // Any writing of the reunion's span of days: "July 10-12", "July 10th - 12th", "10.-12. juli", ...
    const span = { en: /July 10(?:th)?\s*\D{1,3}\s*12/g, nb: /10\.?\s*\D{1,3}\s*12\.? juli/g };
    let checked = 0;
    for (const [locale, messages] of [
      ['en', en],
      ['nb', nb],
    ] as const)
      for (const [key, message] of Object.entries(messages))
        for (const text of texts(message))
          for (const [found] of text.matchAll(span[locale])) {
            checked += 1;
            const end = text.indexOf(found) + canonical[locale].length;
            expect({ key, found: text.slice(text.indexOf(found), end) }).toEqual({
              key,
              found: canonical[locale],
            });
          }
    expect(checked).toBeGreaterThan(20);
  });

  it('writes number ranges in Norwegian with an en dash', () => {
    for (const [key, message] of Object.entries(nb))
      for (const text of texts(message))
        expect({ key, text }).not.toMatchObject({ text: expect.stringMatching(/\d-\d/) });
  });

  it("binds each compiled message straight to the language's own function in a one-language build (tools/build/paraglide.ts)", async () => {
    for (const key of Object.keys(en)) {
      const code = readFileSync(`src/paraglide/messages/${key}.js`, 'utf8');
      for (const locale of ['en', 'nb']) {
        const bound = directExport(code, locale);
        expect({ key, locale, bound: bound !== undefined }).toEqual({ key, locale, bound: true });
        expect(bound!.code).toMatch(new RegExp(`\\nexport const ${key} = ${locale}_${key};\\n$`));
        expect(bound!.code).not.toContain('getLocale()');
      }
    }
    // The bound message says the same as Paraglide's own: run both as modules.
    const code = readFileSync('src/paraglide/messages/home_when_text.js', 'utf8');
    const bound = (await import(messageModuleUrl(directExport(code, 'nb')!.code))) as Record<
      string,
      (i?: object, o?: object) => string
    >;
    const original = (await import(messageModuleUrl(code))) as Record<
      string,
      (i?: object, o?: object) => string
    >;
    expect(bound.home_when_text!()).toBe(original.home_when_text!({}, { locale: 'nb' }));
  });

  it('joins the compiled messages into one module that says what each of them says (Vitest: tools/build/paraglide.ts)', async () => {
    const keys = Object.keys(en);
    const modules = keys.map((key) => readFileSync(`src/paraglide/messages/${key}.js`, 'utf8'));
    const joined = joinedMessages(modules);
    expect(joined).toBeDefined();
    type Messages = Record<string, (inputs?: object, options?: object) => string>;
    const all = (await import(messageModuleUrl(joined!))) as Messages;
    expect(Object.keys(all).sort()).toEqual([...keys].sort());
    for (const [index, key] of keys.entries()) {
      const one = (await import(messageModuleUrl(modules[index]!))) as Messages;
      for (const locale of ['en', 'nb'])
        expect({ key, locale, text: all[key]!({}, { locale }) }).toEqual({
          key,
          locale,
          text: one[key]!({}, { locale }),
        });
    }
    // A module that imports or re-exports anything else is not joined (the index is then served as it is).
    for (const other of [`import x from './other.js';\nexport const y = x;`, `export * from './other.js';`])
      expect(joinedMessages([...modules.slice(0, 2), other])).toBe(undefined);
  });

  it('serves the index, and only the index, as the joined messages (the Vitest plugin)', () => {
    const load = messagesAsOneModule().load as (
      this: { addWatchFile(file: string): void },
      id: string,
    ) => string | undefined;
    const watched: string[] = [];
    const context = { addWatchFile: (file: string) => void watched.push(file) };
    const code = load.call(context, resolve('src/paraglide/messages/_index.js'));
    for (const key of Object.keys(en)) expect(code).toContain(`\nexport const ${key} = `);
    expect(code).not.toMatch(/^export \* from/m);
    expect(watched.sort()).toEqual(
      Object.keys(en)
        .map((key) => resolve(`src/paraglide/messages/${key}.js`))
        .sort(),
    );
    expect(load.call(context, resolve('src/paraglide/messages/site_title.js'))).toBe(undefined);
  });

  it('compiles each message with the locale-override warning that the client builds leave out (tools/build/paraglide.ts)', () => {
    for (const [message, warnings] of [
      ['nav_home', 1],
      ['about_where_text', 2], // with markup: the text and its parts
    ] as const) {
      const compiled = readFileSync(`src/paraglide/messages/${message}.js`, 'utf8');
      expect(compiled.match(LOCALE_OVERRIDE_WARNING)).toHaveLength(warnings);
      const stripped = compiled.replace(LOCALE_OVERRIDE_WARNING, '');
      expect(stripped).not.toContain('console.warn');
      expect(stripped).toContain('__PARAGLIDE_STATIC_LOCALE__ ?? options.locale');
    }
  });
});
