import { readFileSync } from 'node:fs';
import { parseAst } from 'vite';
import { asciiOnly, LEFT_IN_ENGLISH, NB_TRANSLATIONS, translateFirebaseUiToNorwegian } from './firebaseui-nb';
import { patchFirebaseUiJs } from './vite-plugins';

/** The pinned esm.js as the English build serves it, and the Norwegian build made from it. */
const english = patchFirebaseUiJs(readFileSync('node_modules/firebaseui/dist/esm.js', 'utf8'));
const norwegian = translateFirebaseUiToNorwegian(english);

interface Node {
  type: string;
  start: number;
  end: number;
  value?: unknown;
  [key: string]: unknown;
}

function visit(node: unknown, ancestors: Node[], enter: (node: Node, ancestors: Node[]) => void) {
  if (Array.isArray(node)) {
    for (const child of node) visit(child, ancestors, enter);
    return;
  }
  if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
  enter(node as Node, ancestors);
  const inside = [...ancestors, node as Node];
  for (const value of Object.values(node))
    if (value && typeof value === 'object') visit(value, inside, enter);
}

/** A call of FirebaseUI's message helpers C() and D() (the text may be concatenated: "Resend code in " + …). */
const isMessageCall = (node: Node) =>
  node.type === 'CallExpression' &&
  (node.callee as Node).type === 'Identifier' &&
  ['C', 'D'].includes((node.callee as Node).name as string);

/**
 * The parts of the pinned code where FirebaseUI keeps its user-visible texts: its message functions
 * (errors), its page and element templates, and its Firebase Auth error mapper (delimited by fragments of
 * the pinned code; the test fails loudly if they move). Texts passed to its message helpers C() and D()
 * anywhere in the file count too.
 */
const TEXT_REGIONS: [string, string][] = [
  ['function Hd(){', 'this.message=a||"";'],
  ['function Qj(a){', 'il.a="firebaseui.auth.soy2.page.providerMatchByEmail"'],
  ['function T(a){', 'Jd().toString()}catch'],
];

const looksLikeCode = (value: string) =>
  !value.includes(' ') &&
  (/^[a-z][\w-]*(\.[\w-]+)*\.?$/.test(value) || // identifiers, keys, dotted names (google.com, saml.)
    /^[\w-]+\/[\w-]+$|^https?:|^#[0-9a-f]+$/i.test(value)); // error codes, addresses, colours
const cssClass = /^[a-z][a-z0-9]*(--?[a-z0-9_]+)+$/;

/** Every piece of text a visitor could read in FirebaseUI's code: string literals split at HTML tags. */
function visibleTexts(code: string): Set<string> {
  const regions = TEXT_REGIONS.map(([from, to]) => {
    const start = code.indexOf(from);
    const end = code.indexOf(to, start);
    if (start < 0 || end < 0) throw new Error(`FirebaseUI's code changed: ${from} … ${to} not found`);
    return [start, end] as const;
  });
  const texts = new Set<string>();
  visit(parseAst(code), [], (node, ancestors) => {
    if (node.type !== 'Literal' || typeof node.value !== 'string') return;
    const parent = ancestors.at(-1);
    const message = ancestors.slice(-3).some(isMessageCall);
    if (!message && !regions.some(([start, end]) => node.start >= start && node.end <= end)) return;
    if (parent?.type === 'SwitchCase' && parent.test === node) return; // error codes
    if (looksLikeCode(node.value)) return;
    for (const piece of node.value.split(/<[^>]*>|^[^<]*>|<[^>]*$/)) {
      const text = piece
        .replace(/&amp;/g, '&')
        .replace(/&nbsp;|&lrm;/g, ' ')
        .trim();
      if (!/[A-Za-z]{2}/.test(text) || /="|"$/.test(text)) continue; // attribute fragments
      if (text.split(' ').every((word) => cssClass.test(word))) continue; // CSS class lists
      texts.add(text);
    }
  });
  return texts;
}

describe('FirebaseUI in Norwegian Bokmål (tools/build/firebaseui-nb.ts)', () => {
  it('finds every row of the table in the pinned esm.js as often as the row says', () => {
    let code = english;
    for (const row of NB_TRANSLATIONS) {
      expect({ row: row.en, count: code.split(row.en).length - 1 }).toEqual({
        row: row.en,
        count: row.count,
      });
      code = code.split(row.en).join(asciiOnly(row.nb));
    }
    expect(code).toBe(norwegian);
  });

  it('fails the build when the pinned code changes', () => {
    expect(() =>
      translateFirebaseUiToNorwegian(english.replace('Trouble signing in?', 'Forgot it?')),
    ).toThrow(/Trouble signing in\?.*expected 1 occurrence\(s\), found 0/);
    expect(() => translateFirebaseUiToNorwegian(`${english}"Sign in with "`)).toThrow(/expected 5/);
  });

  it('is still a valid ES module, written in ASCII like the original', () => {
    expect(() => parseAst(norwegian)).not.toThrow();
    expect(norwegian).not.toMatch(/[\u0080-\uffff]/);
    expect(asciiOnly('Logg inn på nytt')).toBe('Logg inn p\\u00e5 nytt');
  });

  it('orders the rows: no fragment contains the fragment of an earlier row', () => {
    NB_TRANSLATIONS.forEach((row, index) => {
      for (const earlier of NB_TRANSLATIONS.slice(0, index)) expect(row.en).not.toContain(earlier.en);
    });
  });

  it('keeps none of the English fragments of the table', () => {
    for (const row of NB_TRANSLATIONS.filter((row) => row.en !== row.nb))
      expect(norwegian, row.en).not.toContain(row.en);
  });

  it('leaves English only in the flows the site does not offer (LEFT_IN_ENGLISH)', () => {
    const englishTexts = visibleTexts(english);
    const left = [...visibleTexts(norwegian)].filter((text) => englishTexts.has(text));
    expect(left.sort()).toEqual(Object.values(LEFT_IN_ENGLISH).flat().sort());
    // The check sees the site's own screens: they are English in the English build.
    for (const text of ['Sign in with email', 'Trouble signing in?', 'First & last name', 'Check your email'])
      expect(englishTexts).toContain(text);
  });

  it("has the Bokmål texts of the site's screens", () => {
    const texts = visibleTexts(norwegian);
    for (const text of [
      'Logg inn med', // + "Google"
      'Logg inn med e-post',
      'E-postadresse',
      'Neste',
      'Avbryt',
      'Passord',
      'Problemer med å logge inn?',
      'Opprett konto',
      'Fornavn og etternavn',
      'Velg passord',
      'Lagre',
      'Tilbakestill passord',
      'Sjekk e-posten din',
      'Tilbake',
      'Lukk',
      'Skriv inn e-postadressen din for å fortsette',
      'E-postadressen og passordet stemmer ikke overens',
      'Arrangørene har sperret denne kontoen.',
      'Passordet må ha 8–32 tegn og minst ett tall, én stor bokstav og én liten bokstav.',
    ])
      expect(texts).toContain(text);
  });

  it('sets the widget\'s language: "no" for Firebase Auth, "nb" on its container', () => {
    expect(norwegian).toContain('var e="no";a.a.languageCode=e;a.h.languageCode=e');
    expect(norwegian).toContain('c.setAttribute("lang","nb")');
    expect(norwegian).not.toContain('"en".replace(');
    expect(norwegian).toContain('aria-label="Vis passord"');
  });
});
