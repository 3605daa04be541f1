import { downloadFileName, type CatalogueEntry } from '../../src/domain/catalogue';

/** RFC 5987 ext-value: UTF-8, percent-encoding everything outside attr-char. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment; filename="<display name>.<ext>"; filename*=UTF-8''<same, encoded>` (RFC 6266): the quoted ASCII
 * fallback for old clients, the RFC 5987 form for everyone else. downloadFileName() has already removed the
 * characters that are unsafe in file names, including `"` and `\`.
 */
export function contentDispositionOf(entry: CatalogueEntry): string {
  const name = downloadFileName(entry, 'en');
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
