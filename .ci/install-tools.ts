/**
 * Makes sure the programs the tests need are there: a Chromium ($CHROME_PATH, Playwright's bundled browser, or
 * Debian's chromium and, for the browser tests, its headless shell), Firefox ESR ($FIREFOX_PATH, or Debian's firefox-esr), Java 17 or newer (the Nu HTML
 * Checker of `npm run check:html`) and jing (Debian's RELAX NG validator, which checks the news feeds against
 * RFC 4287's schema: tools/build/news/atom.test.ts), exiftool (writes and reads the 2076 archive's photo metadata:
 * admin/archive/metadata/), poppler and Tesseract (the member files' text for the search: admin/search/), and the
 * Liberation Mono font (the typewriter of the demo scanned letter: tools/local/seed/demo-documents/). On a fresh
 * Debian machine, as root, it installs the missing Debian packages
 * (apt-get); otherwise it says what to do.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { FIREFOX_PATH } from '../e2e/firefox/firefox.ts';
import { HEADLESS_SHELL, chromiumPath, usesDebianChromium } from '../tools/chromium.ts';

interface Tool {
  name: string;
  /** Where it was found, or undefined. */
  find: () => string | undefined;
  debianPackage: string;
  hint: string;
}

const file = (path: string) => () => (existsSync(path) ? path : undefined);
/** A command that answers `-version` (java), or one found on the PATH (jing and exiftool have no such option). */
const runs = (command: string) => () =>
  spawnSync(command, ['-version'], { stdio: 'ignore' }).status === 0 ? command : undefined;
const onPath = (command: string) => () =>
  spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).stdout.trim() || undefined;
/** A font family fontconfig knows: the file of its first face. */
const font = (family: string) => () =>
  spawnSync('fc-list', [family, 'file'], { encoding: 'utf8' }).stdout?.split(':')[0]?.trim() || undefined;

const tools: Tool[] = [
  { name: 'Chromium', find: file(chromiumPath()), debianPackage: 'chromium', hint: 'or set CHROME_PATH' },
  // The browser tests' Chromium where Playwright has no browser of its own (tools/chromium.ts).
  ...(usesDebianChromium()
    ? [
        {
          name: 'Chromium headless shell',
          find: file(HEADLESS_SHELL),
          debianPackage: 'chromium-headless-shell',
          hint: 'or set CHROME_PATH',
        },
      ]
    : []),
  {
    name: 'Firefox ESR',
    find: file(FIREFOX_PATH),
    debianPackage: 'firefox-esr',
    hint: 'or set FIREFOX_PATH',
  },
  { name: 'Java', find: runs('java'), debianPackage: 'default-jre-headless', hint: '(17 or newer)' },
  { name: 'jing', find: onPath('jing'), debianPackage: 'jing', hint: '(RELAX NG validator)' },
  {
    name: 'exiftool',
    find: onPath('exiftool'),
    debianPackage: 'libimage-exiftool-perl',
    hint: '(photo metadata; macOS: brew install exiftool, Windows: https://exiftool.org)',
  },
  {
    name: 'poppler (pdftotext, pdftoppm)',
    find: () => (onPath('pdftotext')() && onPath('pdftoppm')() ? onPath('pdftotext')() : undefined),
    debianPackage: 'poppler-utils',
    hint: "(the member files' text for the search; macOS: brew install poppler)",
  },
  {
    name: 'Tesseract with Norwegian and English',
    find: () => {
      const languages = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
      return languages.status === 0 && /^nor$/m.test(languages.stdout) && /^eng$/m.test(languages.stdout)
        ? onPath('tesseract')()
        : undefined;
    },
    debianPackage: 'tesseract-ocr tesseract-ocr-nor tesseract-ocr-eng',
    hint: '(reads scanned pages for the search; macOS: brew install tesseract tesseract-lang)',
  },
  {
    name: 'Liberation Mono font',
    find: font('Liberation Mono'),
    debianPackage: 'fonts-liberation',
    hint: '(the demo scanned letter is typed in it; elsewhere any Courier-like monospace font does)',
  },
];

const missing = tools.filter((tool) => !tool.find());
if (missing.length && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  const packages = missing.flatMap((tool) => tool.debianPackage.split(' '));
  console.log(`Not found: installing Debian's ${packages.join(', ')} (apt-get)…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
let ok = true;
for (const tool of tools) {
  const found = tool.find();
  if (found) {
    console.log(`${tool.name}: ${found}`);
  } else {
    ok = false;
    console.error(
      `No ${tool.name}. Install it (Debian: sudo apt-get install -y ${tool.debianPackage}) ${tool.hint}.`,
    );
  }
}
if (!ok) process.exit(1);
