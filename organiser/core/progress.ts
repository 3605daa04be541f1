/**
 * Progress of a long command (a backup of thousands of photos, an archive): a bar redrawn in place on a terminal,
 * nothing while it runs otherwise (a log file, a test, CI), where the command's one-line summary says what was done.
 */
import { formatBytes } from '../../src/lib/format-sizes.ts';

export interface ProgressFigures {
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
}

/** A size as the commands print it: "12 MB", with a plain space (a terminal's copy and paste keeps it). */
export const bytesText = (count: number) => formatBytes(count, 'en').replace('\u00a0', ' ');

/** One line: a bar of `width` characters, the files and the bytes, e.g. "[#####-----] 50 of 100 files, 2 MB of 4 MB". */
export function progressLine(label: string, figures: ProgressFigures, width = 24): string {
  const fraction = figures.totalBytes
    ? figures.bytes / figures.totalBytes
    : figures.totalFiles
      ? figures.files / figures.totalFiles
      : 1;
  const filled = Math.round(Math.min(1, Math.max(0, fraction)) * width);
  return (
    `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${figures.files} of ${figures.totalFiles} ` +
    `files, ${bytesText(figures.bytes)} of ${bytesText(figures.totalBytes)}`
  );
}

/** Where a bar can be drawn: a terminal's stream (stderr, so that what the command prints stays clean). */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * A bar for one task: update() redraws it at most every 100 ms, done() leaves the last state on its line. Draws
 * nothing where the stream is no terminal.
 */
export function progressBar(label: string, stream: ProgressStream = process.stderr) {
  let last = 0;
  let shown: ProgressFigures | undefined;
  const draw = (figures: ProgressFigures) => stream.write(`\r${progressLine(label, figures)}\u001b[K`);
  return {
    update(figures: ProgressFigures) {
      shown = figures;
      if (!stream.isTTY) return;
      const now = Date.now();
      if (now - last < 100 && figures.files < figures.totalFiles) return;
      last = now;
      draw(figures);
    },
    done() {
      if (!stream.isTTY || !shown) return;
      draw(shown);
      stream.write('\n');
    },
  };
}
