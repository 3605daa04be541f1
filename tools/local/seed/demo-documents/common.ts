/**
 * What every demo file shares: the notice that it is demo material, the one date written into any file, and the
 * zip writer of the Office packages. demo-files.ts re-exports DEMO_NOTICE; it lives here so that the documents of
 * this folder need not import demo-files.ts (which imports them).
 */
import JSZip from 'jszip';

export const DEMO_NOTICE = 'Demo placeholder — the organisers upload the real file';
/** ASCII form for places that cannot carry "—" (JPEG comments, the bitmap font). */
export const DEMO_NOTICE_ASCII = 'Demo placeholder - the organisers upload the real file';
/** Said beside DEMO_NOTICE in the generated documents: what they are. */
export const DEMO_FICTION =
  'Everything in this document is made up for the local demo: the people, their dates and their words are fictional.';

/** Every date written into a generated file (so the output never depends on the clock). */
export const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

/** The author written into every generated file's properties. */
export const DEMO_AUTHOR = 'Rolette Reunion 2026 (demo)';

export function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Zips parts in the given order with fixed dates, so the same parts always give the same bytes. */
export async function zipParts(
  parts: readonly (readonly [name: string, content: string | Uint8Array])[],
): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of parts) zip.file(name, content, { date: FIXED_DATE, createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

/** A small stable hash (FNV-1a) of a text, for seeds. */
export function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** mulberry32: a small seeded generator, so every run makes the same choices. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
