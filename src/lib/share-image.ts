import { localizePath } from './locale';
import { type Locale } from './locale-path';

/**
 * The picture a link to the site shows when shared (og:image): one per language, with its texts in that
 * language (public/og-image.png, public/nb/og-image.png, made by tools/build/make-images.ts).
 */
export function shareImagePath(locale: Locale): string {
  return localizePath('/og-image.png', locale);
}
