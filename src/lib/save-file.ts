/**
 * Saving what the page made (a photo, a zip) as a file on the visitor's device: through a temporary link, or,
 * where the browser has it (Chromium), the save-file picker that streams into the file chosen.
 */

/** Saves a Blob URL under a file name through a temporary link. */
export function saveUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

export interface SaveFilePicker {
  (options: {
    suggestedName?: string;
    types?: { description?: string; accept: Record<string, string[]> }[];
  }): Promise<{ createWritable: () => Promise<WritableStream<Uint8Array>> }>;
}

/** The browser's save-file picker (File System Access API, Chromium), or undefined where there is none. */
export function saveFilePicker(): SaveFilePicker | undefined {
  const picker = (globalThis as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  return typeof picker === 'function' ? (picker.bind(globalThis) as SaveFilePicker) : undefined;
}
