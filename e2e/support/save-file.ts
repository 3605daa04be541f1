/** The save-file picker, stood in for or taken away, and the wait for a whole zip. */
import type { Page } from '@playwright/test';

/**
 * The wait for the end of a whole .zip of the catalogue (31 files, some tried again after injected faults): longer
 * than the default 10 s, which a loaded 2-core machine running two workers can need for it.
 */
export const ZIP_DONE = { timeout: 45_000 };

/** A save-file picker that hands out a file of the origin's private file system (OPFS), as the real one would hand out a file on disk. */
export async function stubSavePicker(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { __picked?: { suggestedName?: string }[] };
    state.__picked = [];
    (window as unknown as { showSaveFilePicker: unknown }).showSaveFilePicker = async (options: {
      suggestedName?: string;
    }) => {
      state.__picked!.push(options);
      const root = await navigator.storage.getDirectory();
      return root.getFileHandle('picked.zip', { create: true });
    };
  });
}

/** The file the stubbed picker handed out: its bytes (empty when nothing was kept). */
export async function pickedFile(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const file = await (await root.getFileHandle('picked.zip', { create: true })).getFile();
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

/** What the page asked the stubbed picker for, pick after pick (in this document). */
export function picks(page: Page): Promise<{ suggestedName?: string }[]> {
  return page.evaluate(() => (window as unknown as { __picked: { suggestedName?: string }[] }).__picked);
}

/** Takes the save-file picker away, as in browsers without it: "Download all" goes through a Blob. */
export async function withoutPicker(page: Page) {
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
}

/**
 * Takes the picker away from the document already open (the page looks for it at each "Download all"), so one
 * signed-in page can try both ways; the next document has it again.
 */
export async function takePickerAway(page: Page) {
  await page.evaluate(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
}
