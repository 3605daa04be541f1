/**
 * What the family archive holds, as the index pages and README.txt describe it: each item with its path inside the
 * bag's data/ folder. Made by ./contents.ts from the bucket and the built site; read by ./index-page.ts and
 * ./readme.ts, which are pure.
 */
import type { ArchivedPage } from '../../../admin/archive/public-pages.ts';
import type { CatalogueEntry } from '../../../src/domain/catalogue.ts';
import type { FacesFile } from '../../../src/domain/faces.ts';
import type { PhotoDetails } from '../../../src/domain/photos.ts';

/** A member file, as it was uploaded. */
export interface ArchivedFile {
  entry: CatalogueEntry;
  /** data/… path, e.g. "files/program-1976.pdf". */
  path: string;
  size: number;
}

/** A picture whose faces are named: the picture with the names in it, and the names as CSV. */
export interface ArchivedPicture {
  entry: CatalogueEntry;
  faces: FacesFile;
  /** Empty when the bucket lacks the picture itself (the names are then kept as CSV only). */
  picturePath: string;
  csvPath: string;
}

/** A photo a relative shared and an organiser approved. */
export interface ArchivedPhoto {
  photoId: string;
  path: string;
  details: PhotoDetails;
}

export interface ArchiveModel {
  /** When it was made. */
  made: Date;
  /** Who made it, as the README names them. */
  madeBy: string;
  files: ArchivedFile[];
  pictures: ArchivedPicture[];
  photos: ArchivedPhoto[];
  pages: ArchivedPage[];
}
