/**
 * The oracle for "Download all": where each catalogue file goes in the zip (section folder / group folder /
 * download name, in the page's language, read from the messages as the page shows them), and a check of a zip
 * against the catalogue's demo files, byte for byte.
 */
import JSZip from 'jszip';
import { CATALOGUE, downloadFileName, safeName, type CatalogueEntry } from '../../src/domain/catalogue.ts';
import type { Locale } from '../../src/lib/locale-path.ts';
import { ONE_OF_EACH, servedDemoFile } from './member-files.ts';
import { text } from './messages.ts';
import { expect } from './test.ts';

/** The message that names each section (the folder of the zip). */
const SECTION_MESSAGE: Record<CatalogueEntry['section'], string> = {
  documents: 'members_section_documents',
  images: 'members_section_images',
  'educational-materials': 'members_section_educational',
};

/** Where a catalogue file goes in the zip, in a language. */
export function pathInZip(entry: CatalogueEntry, locale: Locale): string {
  const section = safeName(text(locale, SECTION_MESSAGE[entry.section]));
  return `${section}/${safeName(entry.group.title({}, { locale }))}/${downloadFileName(entry, locale)}`;
}

/**
 * The zip holds every catalogue file under its path, and the bytes of `compared` (one file of each kind, or
 * 'all') are the demo files' own.
 */
export async function expectZipOfCatalogue(
  bytes: Buffer,
  locale: Locale,
  compared: readonly CatalogueEntry[] | 'all' = ONE_OF_EACH,
) {
  const zip = await JSZip.loadAsync(bytes);
  const files = Object.values(zip.files).filter((file) => !file.dir);
  expect(files.map((file) => file.name).sort()).toEqual(
    CATALOGUE.map((entry) => pathInZip(entry, locale)).sort(),
  );
  for (const entry of compared === 'all' ? CATALOGUE : compared) {
    const inside = await zip.file(pathInZip(entry, locale))!.async('nodebuffer');
    expect(inside.equals(await servedDemoFile(entry)), entry.id).toBe(true);
  }
}
