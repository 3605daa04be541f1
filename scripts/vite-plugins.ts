import type { Plugin } from 'vite';

const FIREBASEUI_JS = /firebaseui[\\/]dist[\\/]esm\.js$/;
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
          `firebaseui.css uses ${url}, which has no local copy: add one to scripts/vite-plugins.ts`,
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
        'firebaseui changed: review scripts/vite-plugins.ts before upgrading it.',
    );
  }
  return out;
}

/**
 * Makes FirebaseUI 6.1.0 work under a strict Content-Security-Policy (no 'unsafe-inline' for scripts
 * or styles, images from our own origin) and offline:
 * - its forms carry inline `onsubmit="return false;"` handlers, which CSP blocks: they are removed and
 *   the widget prevents form submission itself (src/features/auth/sign-in-widget.tsx);
 * - its provider buttons carry an inline `style="background-color:…"`, which CSP blocks: the colour is
 *   kept in a data attribute and applied by our stylesheet (src/features/auth/sign-in-widget.css);
 * - its show-password control is an unnamed `javascript:` link: it becomes a labelled button;
 * - its show-password control is an unnamed `javascript:` link: it becomes a labelled button;
 * - firebaseui.css starts with an @import of Google Fonts, which fails offline and takes the lazy login
 *   chunk down with "Unable to preload CSS": it is removed;
 * - firebaseui.css loads its icons from www.gstatic.com: they are served from public/icons instead.
 * Each patch fails the build loudly if FirebaseUI's code no longer matches (firebaseui is pinned).
 */
export function firebaseUiForStrictCsp(): Plugin {
  return {
    name: 'firebaseui-for-strict-csp',
    enforce: 'pre',
    transform(code, id) {
      if (FIREBASEUI_JS.test(id)) {
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
        return { code: out, map: null };
      }
      if (FIREBASEUI_CSS.test(id)) {
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
