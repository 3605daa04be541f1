/**
 * The two message files (messages/en.json, messages/nb.json) are complete both ways, say the same
 * things in the same shape, and every message is used by the site. A failure here names the key.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

type Messages = Record<string, string>;
const read = (locale: string): Messages => {
  const messages = JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Messages;
  delete messages.$schema;
  return messages;
};
const en = read('en');
const nb = read('nb');

/** Messages that are rightly the same in both languages. */
const SAME_IN_BOTH = ['common_ok', 'members_kind_pdf'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path.endsWith('paraglide') ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** {name} variables and {#tag}…{/tag} markup of a message, sorted. */
function shape(text: string): string[] {
  return [...text.matchAll(/\{[#/]?[a-z][a-z0-9_]*\}/gi)].map((match) => match[0]).sort();
}

describe('messages', () => {
  it('has every English key in Norwegian and every Norwegian key in English', () => {
    expect(Object.keys(nb).filter((key) => !(key in en))).toEqual([]);
    expect(Object.keys(en).filter((key) => !(key in nb))).toEqual([]);
  });

  it('has no empty message', () => {
    for (const [key, text] of [...Object.entries(en), ...Object.entries(nb)])
      expect({ key, text }).not.toMatchObject({ text: '' });
  });

  it('uses the same variables and markup in both languages', () => {
    for (const key of Object.keys(en))
      expect({ key, nb: shape(nb[key] ?? '') }).toEqual({ key, nb: shape(en[key]!) });
  });

  it('says it in Norwegian: no Norwegian message is a copy of the English one, but for the few that are the same', () => {
    const copies = Object.keys(en).filter((key) => en[key] === nb[key]);
    expect(copies.sort()).toEqual([...SAME_IN_BOTH].sort());
  });

  it('uses every message somewhere in the site (a message no code uses fails here)', () => {
    const code = sourceFiles('src')
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = Object.keys(en).filter((key) => !new RegExp(`\\bm\\.${key}\\b`).test(code));
    expect(unused).toEqual([]);
  });

  it('writes number ranges in Norwegian with an en dash', () => {
    for (const [key, text] of Object.entries(nb)) {
      expect({ key, text }).not.toMatchObject({ text: expect.stringMatching(/\d-\d/) });
    }
  });
});
