import { contentTypeOf, storagePathOf, type CatalogueEntry } from '../domain/catalogue';
import {
  parseSearchTexts,
  searchTextsPathOf,
  uncompressedSearchTextsPathOf,
  type SearchLevel,
  type SearchTexts,
} from '../domain/search';
import { fetchMemberFile, fetchMemberText } from './storage';
import { isNotFound } from './storage-sdk';

/**
 * A level's texts of the member files for the search (src/domain/search.ts), with the ID token (storage.rules give
 * each level to the accounts that may read its files; never a `?token=` address): the gzipped file, else the
 * uncompressed one an older `organiser:upload` stored. undefined: none stored yet (the organisers have not run the
 * upload since), or not readable as texts.
 */
export async function readSearchTexts(
  level: SearchLevel,
  signal: AbortSignal,
): Promise<SearchTexts | undefined> {
  let json: string;
  try {
    json = await fetchMemberText(searchTextsPathOf(level), { signal, gzip: true });
  } catch (error) {
    if (!isNotFound(error)) throw error;
    try {
      json = await fetchMemberText(uncompressedSearchTextsPathOf(level), { signal });
    } catch (olderError) {
      if (isNotFound(olderError)) return undefined;
      throw olderError;
    }
  }
  return parseSearchTexts(json);
}

/** A member file's bytes, to open it at the page a search found. */
export function fetchCatalogueFile(entry: CatalogueEntry, signal: AbortSignal): Promise<Blob> {
  return fetchMemberFile(storagePathOf(entry), { contentType: contentTypeOf(entry), signal });
}
