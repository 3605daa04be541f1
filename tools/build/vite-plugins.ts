import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { translateFirebaseUiToNorwegian } from './firebaseui-nb.ts';
import { WIDGET_ACCOUNT_BLOCKED, WIDGET_PASSWORD_RULE } from './firebaseui-texts.ts';

const FIREBASEUI_JS = /firebaseui[\\/]dist[\\/]esm\.js$/;
/** The module id of FirebaseUI in Norwegian Bokmål (types: src/types/firebaseui-nb.d.ts). */
export const FIREBASEUI_NB = 'firebaseui/nb';
/** Marks the Norwegian copy of FirebaseUI's esm.js, a module of its own beside the English one. */
const NB_PARAM = 'firebaseui-lang=nb';

/** A module id's file and whether it is the Norwegian copy (the dev server may add `&v=…` or `?v=…`). */
function splitId(id: string): { file: string; norwegian: boolean } {
  const [file = id, query = ''] = id.split('?', 2);
  return { file, norwegian: query.split('&').includes(NB_PARAM) };
}
/** What FirebaseUI's esm.js imports besides Firebase (scripts that set globals, e.g. componentHandler). */
const FIREBASEUI_SIDE_EFFECT_IMPORTS = [
  'dialog-polyfill',
  'material-design-lite/src/mdlComponentHandler',
  'material-design-lite/src/button/button',
  'material-design-lite/src/progress/progress',
  'material-design-lite/src/spinner/spinner',
  'material-design-lite/src/textfield/textfield',
];
const FIREBASEUI_CSS = /firebaseui[\\/]dist[\\/]firebaseui\.css$/;

/** FirebaseUI's stylesheet images on www.gstatic.com, served from public/icons instead. */
export const LOCAL_WIDGET_IMAGES: Record<string, string> = {
  'visibility_black_24dp.png': '/icons/visibility.svg',
  'visibility_off_black_24dp.png': '/icons/visibility-off.svg',
  'done_googgreen_36dp.png': '/icons/done.svg',
  'success_status.png': '/icons/done.svg',
  'arrow_drop_down_grey600_18dp.png': '/icons/arrow-drop-down.svg',
  // Country flags belong to phone sign-in, which the site does not offer.
  'flags_sprite_2x.png': 'data:,',
};

export function localiseWidgetImages(css: string): string {
  return css.replace(
    /url\((["']?)(https:\/\/www\.gstatic\.com\/[^"')]+)\1\)/g,
    (_match, _quote, url: string) => {
      const name = url.slice(url.lastIndexOf('/') + 1);
      const local = LOCAL_WIDGET_IMAGES[name];
      if (!local)
        throw new Error(
          `firebaseui.css uses ${url}, which has no local copy: add one to tools/build/vite-plugins.ts`,
        );
      return `url("${local}")`;
    },
  );
}

/** Replaces every match of `pattern`, and fails the build if there are not exactly `expected`. */
export function replaceExactly(
  code: string,
  pattern: RegExp,
  replacement: string,
  expected: number,
  what: string,
): string {
  let count = 0;
  const single = new RegExp(pattern.source, pattern.flags.replace('g', ''));
  const out = code.replace(pattern, (match: string) => {
    count += 1;
    return match.replace(single, replacement); // keeps $1-style references working
  });
  if (count !== expected) {
    throw new Error(
      `firebaseui patch "${what}": expected ${expected} match(es), found ${count}. ` +
        'firebaseui changed: review tools/build/vite-plugins.ts before upgrading it.',
    );
  }
  return out;
}

/**
 * FirebaseUI's esm.js, patched to work under a strict Content-Security-Policy (no 'unsafe-inline' for
 * scripts or styles) and to survive a malformed page address:
 * - its forms carry inline `onsubmit="return false;"` handlers, which CSP blocks: they are removed and
 *   the widget prevents form submission itself (src/features/auth/sign-in-widget-view.tsx);
 * - its provider buttons carry an inline `style="background-color:…"`, which CSP blocks: the colour is
 *   kept in a data attribute and applied by our stylesheet (src/features/auth/sign-in-widget.css);
 * - its show-password control is an unnamed `javascript:` link: it becomes a labelled button;
 * - its copy of goog.Uri decodes the page address with decodeURIComponent/decodeURI, which throw
 *   "URIError: URI malformed" on broken percent-encoding (`/login#%E0%A4%A`, `/login?x=%E0%A4%A`). The
 *   widget parses `window.location.href` that way in start() and reset() (to look for an e-mail-link
 *   sign-in, `mode`/`oobCode`), so such an address took the whole widget down. Its decoding now keeps
 *   a malformed part as it is, as the URL standard's parsers do, instead of throwing.
 * Each patch fails the build loudly if FirebaseUI's code no longer matches (firebaseui is pinned).
 */
export function patchFirebaseUiJs(code: string): string {
  let out = replaceExactly(code, / onsubmit="return false;"/g, '', 22, 'inline onsubmit handlers');
  out = replaceExactly(
    out,
    /'" style="background-color:'/g,
    `'" data-button-color="'`,
    1,
    'provider button colour',
  );
  out = replaceExactly(
    out,
    /'style="background-color:'/g,
    `' data-button-color="'`,
    1,
    'tenant button colour',
  );
  // The show/hide-password control is an unnamed <a href="javascript:void(0)">: make it a named button.
  out = replaceExactly(
    out,
    /<a href="javascript:void\(0\)" class="(firebaseui-input-floating-button firebaseui-id-password-toggle [^"]*)"><\/a>/g,
    '<button type="button" aria-label="Show password" aria-pressed="false" class="$1"></button>',
    1,
    'password visibility toggle',
  );
  // goog.Uri's decoding (the address parser's decodeURI/decodeURIComponent and the query parameter
  // readers) goes through a tolerant decoder, declared beside goog.Uri's helpers (same function scope):
  // it decodes the whole string when it can, else each run of escapes on its own, keeping a malformed
  // run as it is.
  out = replaceExactly(
    out,
    /var pb=\/\^\(\?:\(\[\^:\/\?#\.\]\+\):\)\?/g,
    'function fuiDecode(s,whole){var d=whole?decodeURI:decodeURIComponent;try{return d(s)}catch(e){' +
      'return s.replace(/(%[0-9a-fA-F]{2})+/g,function(r){try{return d(r)}catch(f){return r}})}}$&',
    1,
    'tolerant URI decoding (declaration)',
  );
  out = replaceExactly(
    out,
    /decodeURIComponent\((e\.replace|a\.substr\(d,e-d\)\.replace|b\.replace)\(\/\\\+\/g," "\)\)/g,
    'fuiDecode($1(/\\+/g," "))',
    3,
    'tolerant URI decoding (query parameters)',
  );
  out = replaceExactly(
    out,
    /return a\?b\?decodeURI\(a\.replace\(\/%25\/g,"%2525"\)\):decodeURIComponent\(a\):""/g,
    'return a?b?fuiDecode(a.replace(/%25/g,"%2525"),!0):fuiDecode(a):""',
    1,
    'tolerant URI decoding (address parts)',
  );
  // Sign-in errors the widget has no text for were shown as the SDK's raw English message ("Firebase:
  // Error (auth/internal)."), in either language. The codes a project with e-mail enumeration protection
  // answers for a wrong password get the wrong-password text; any other unknown code the widget's own
  // "Something went wrong. Please try again." (both texts are translated in the Norwegian build). The page
  // also shows its own alert for such failures (src/firebase/auth-ui.ts).
  out = replaceExactly(
    out,
    /case "auth\/wrong-password":c\+="The email and password you entered don't match"/g,
    'case "auth/invalid-credential":case "auth/invalid-login-credentials":$&',
    1,
    'wrong-password text for the codes of e-mail enumeration protection',
  );
  out = replaceExactly(
    out,
    /c\+="Strong passwords have at least 6 characters and a mix of letters and numbers"/g,
    `c+="${WIDGET_PASSWORD_RULE}"`,
    1,
    "the site's password rule",
  );
  out = replaceExactly(
    out,
    /b\+="The user account has been disabled by an administrator\."/g,
    `b+="${WIDGET_ACCOUNT_BLOCKED}"`,
    1,
    'a blocked account, in the words of the site',
  );
  out = replaceExactly(
    out,
    /catch\(d\)\{return a\.message\}\}function Ql\(/g,
    'catch(d){return Jd().toString()}}function Ql(',
    1,
    'no raw SDK message for an unknown sign-in error',
  );
  return out;
}

/**
 * FirebaseUI 6.1.0 built for this site:
 * - `firebaseui` is FirebaseUI's English esm.js with patchFirebaseUiJs's patches;
 * - `firebaseui/nb` is a second copy of the same file (its own module, chunk and AuthUI class) with those
 *   patches and our Bokmål texts (tools/build/firebaseui-nb.ts), for the Norwegian pages;
 * - firebaseui.css starts with an @import of Google Fonts, which fails offline and takes the lazy login
 *   chunk down with "Unable to preload CSS": it is removed;
 * - firebaseui.css loads its icons from www.gstatic.com: they are served from public/icons instead.
 * Each patch fails the build loudly if FirebaseUI's code no longer matches (firebaseui is pinned).
 */
export function firebaseUiForStrictCsp(): Plugin {
  let root = process.cwd();
  return {
    name: 'firebaseui-for-strict-csp',
    enforce: 'pre',
    config: () => ({
      // The dev server must not pre-bundle FirebaseUI (its pre-bundled copy would miss these patches and
      // the Norwegian texts), but it does pre-bundle what FirebaseUI imports.
      optimizeDeps: {
        exclude: ['firebaseui', FIREBASEUI_NB],
        include: FIREBASEUI_SIDE_EFFECT_IMPORTS,
      },
    }),
    configResolved(config) {
      root = config.root;
    },
    resolveId(source, _importer, options) {
      if (source !== FIREBASEUI_NB) return null;
      // The build-time HTML (SSR build) leaves node_modules external and never runs the widget.
      if (options.ssr) return { id: 'firebaseui', external: true };
      // The file itself, not what Vite's resolver would give (in dev: the English pre-bundled copy).
      const file = createRequire(join(root, 'package.json')).resolve('firebaseui/dist/esm.js');
      return `${file}?${NB_PARAM}`;
    },
    async load(id) {
      const { file, norwegian } = splitId(id);
      if (!norwegian) return null;
      return { code: await readFile(file, 'utf8'), moduleType: 'js' };
    },
    transform(code, id) {
      const { file, norwegian } = splitId(id);
      if (FIREBASEUI_JS.test(file)) {
        const patched = patchFirebaseUiJs(code);
        return { code: norwegian ? translateFirebaseUiToNorwegian(patched) : patched, map: null };
      }
      if (FIREBASEUI_CSS.test(file)) {
        const withoutFonts = replaceExactly(
          code,
          /@import\s+url\([^)]*\)\s*;?/g,
          '',
          1,
          'Google Fonts @import',
        );
        return { code: localiseWidgetImages(withoutFonts), map: null };
      }
      return null;
    },
  };
}
