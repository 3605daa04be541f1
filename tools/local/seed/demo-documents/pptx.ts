/**
 * A pptxgenjs presentation as deterministic bytes: pptxgenjs stamps docProps/core.xml and every zip entry with the
 * current time, so the package is unpacked and zipped again with the fixed date.
 */
import JSZip from 'jszip';
import type PptxGenJS from 'pptxgenjs';

import { FIXED_DATE, zipParts } from './common.ts';

export async function pptxBytes(pptx: PptxGenJS): Promise<Buffer> {
  const written = await pptx.write({ outputType: 'nodebuffer' });
  if (!(written instanceof Uint8Array)) throw new Error('pptxgenjs did not return a buffer');
  const generated = await JSZip.loadAsync(written);
  const parts: [string, string | Uint8Array][] = [];
  for (const file of Object.values(generated.files)) {
    if (file.dir) continue;
    if (file.name === 'docProps/core.xml') {
      const iso = FIXED_DATE.toISOString();
      const xml = (await file.async('string')).replace(
        /(<dcterms:(?:created|modified) xsi:type="dcterms:W3CDTF">)[^<]*(<\/dcterms:)/g,
        `$1${iso}$2`,
      );
      parts.push([file.name, xml]);
    } else {
      parts.push([file.name, await file.async('uint8array')]);
    }
  }
  return zipParts(parts);
}
