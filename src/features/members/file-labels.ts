import type { CatalogueEntry } from '../../domain/catalogue';
import type { Locale } from '../../lib/locale-path';
import { m } from '../../paraglide/messages.js';

type Label = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

/** The name of each kind of file, as the download buttons and the file search show it. */
export const KIND_LABEL: Record<CatalogueEntry['kind'], Label> = {
  pdf: m.members_kind_pdf,
  jpeg: m.members_kind_jpeg,
  xlsx: m.members_kind_xlsx,
  pptx: m.members_kind_pptx,
};

/** The heading of each section that holds files. */
export const FILE_SECTION_LABEL: Record<CatalogueEntry['section'], Label> = {
  documents: m.members_section_documents,
  images: m.members_section_images,
  'educational-materials': m.members_section_educational,
};
