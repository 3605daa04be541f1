import { contentTypeOf, storagePathOf, type CatalogueEntry } from '../domain/catalogue';
import { parseSearchTexts, searchTextsPathOf, type SearchLevel, type SearchTexts } from '../domain/search';
import { fetchMemberFile, fetchMemberText } from './storage';
import { isNotFound } from './storage-sdk';

/**
 * A level's texts of the member files for the search (src/domain/search.ts), with the ID token (storage.rules give
 * each level to the accounts that may read its files; never a `?token=` address). undefined: none stored yet (the
 * organisers have not run the upload since), or not readable as texts.
 */
export async function readSearchTexts(
  level: SearchLevel,
  signal: AbortSignal,
): Promise<SearchTexts | undefined> {
  try {
    return parseSearchTexts(await fetchMemberText(searchTextsPathOf(level), { signal }));
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** A member file's bytes, to open it at the page a search found. */
export function fetchCatalogueFile(entry: CatalogueEntry, signal: AbortSignal): Promise<Blob> {
  return fetchMemberFile(storagePathOf(entry), { contentType: contentTypeOf(entry), signal });
}
