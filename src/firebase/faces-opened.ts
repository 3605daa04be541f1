import { CATALOGUE } from '../domain/catalogue';
import { facesFilePathOf } from '../domain/faces';
import { memberFileExists } from './storage';

/**
 * The catalogue's images an organiser has opened for naming (their faces file is there), asked with a media request
 * each (never a metadata read): the members area links them to their who-is-who page. Kept apart from ./faces.ts so
 * that the members area does not load the Storage SDK for it. An image whose answer fails is left out.
 */
export async function openedForNaming(): Promise<Set<string>> {
  const images = CATALOGUE.filter((entry) => entry.kind === 'jpeg');
  const opened = await Promise.all(
    images.map((entry) => memberFileExists(facesFilePathOf(entry.id)).catch(() => false)),
  );
  return new Set(images.filter((_, index) => opened[index]).map((entry) => entry.id));
}
