/** PDFs for the text extraction's tests: one with a text layer, and the same pages as a scanner makes them. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A PDF whose pages carry these lines of text (no lines: a blank page). */
export async function textPdf(pages: readonly (readonly string[])[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, index) => page.drawText(line, { x: 72, y: 700 - index * 30, size: 20, font }));
  }
  return doc.save();
}

/** The same pages as pictures only (rendered by poppler's pdftoppm at 150 dpi): no text layer at all. */
export async function scannedPdf(pages: readonly (readonly string[])[]): Promise<Uint8Array> {
  const folder = mkdtempSync(join(tmpdir(), 'scanned-pdf-'));
  try {
    const source = join(folder, 'source.pdf');
    writeFileSync(source, await textPdf(pages));
    execFileSync('pdftoppm', ['-r', '150', '-gray', '-png', source, join(folder, 'page')]);
    const doc = await PDFDocument.create();
    for (let n = 1; n <= pages.length; n++) {
      const digits = String(pages.length).length;
      const png = await doc.embedPng(
        readFileSync(join(folder, `page-${String(n).padStart(digits, '0')}.png`)),
      );
      doc.addPage([612, 792]).drawImage(png, { x: 0, y: 0, width: 612, height: 792 });
    }
    return await doc.save();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
