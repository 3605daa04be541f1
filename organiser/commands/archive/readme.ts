/**
 * README.txt, the bag's first file a person opens: what this is, who made it and when, what it holds about living
 * people and who may see it, how to check it and which programs open each format; in English, then in Norwegian.
 */
import { LOCALES } from '../../../src/lib/locale-path.ts';
import { dayText } from './index-page.ts';
import type { ArchiveModel } from './model.ts';
import { ARCHIVE_TEXTS } from './texts.ts';

const RULE = `${'='.repeat(78)}\n\n`;

/** The whole README.txt (UTF-8, line feeds). */
export function readmeText(model: ArchiveModel): string {
  return LOCALES.map((locale) =>
    ARCHIVE_TEXTS[locale].readmeText({
      made: dayText(model.made, locale),
      madeBy: model.madeBy,
      files: model.files.length,
      photos: model.photos.length,
      namedPictures: model.pictures.length,
      pages: model.pages.filter((page) => page.locale === locale).length,
    }),
  ).join(`\n${RULE}`);
}
