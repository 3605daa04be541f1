/**
 * Runs exiftool (https://exiftool.org), the one program that reads and writes every standard photo metadata block
 * (EXIF, IPTC IIM, XMP) and knows the Metadata Working Group's rules between them. Never through a shell: the
 * arguments are an array, and they hold only options and the paths of our own temporary files. Relatives' text
 * never reaches a command line or exiftool's standard input (embed.ts hands it over in a JSON file).
 *
 * Two runners, the same results:
 * - runOnce: a new exiftool process per call. Perl and exiftool's modules load every time, about 0.2 s.
 * - ExifToolProcess: one process kept open (`-stay_open True -@ -`), each call a batch of argument lines on its
 *   standard input ended by `-execute<n>`; `close()` when done. For the archive's 2,000 photos this is the one to
 *   use: writing the metadata of 50 photos of 2,048 x 1,536 px took 50 s one process per photo and 3.5 s through one
 *   open process, 0.60 and 0.05 processor-seconds a photo (exiftool 12.57, a busy two-core machine: 2,000 photos
 *   would take half an hour against two minutes; npm run bench:backup measures the archive as a whole).
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export interface ExifToolOutput {
  stdout: string;
  stderr: string;
}

/** Runs exiftool with `args` and gives back what it printed; whether it did its work is for the caller to check. */
export interface ExifToolRunner {
  run(args: readonly string[]): Promise<ExifToolOutput>;
}

const COMMAND = 'exiftool';
/** exiftool's JSON for a picture with a few hundred face regions is far below this. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

export class ExifToolMissingError extends Error {
  constructor(cause?: unknown) {
    super(
      'exiftool was not found on the PATH. Install it: Debian or Ubuntu `sudo apt-get install libimage-exiftool-perl`, ' +
        'macOS `brew install exiftool`, Windows from https://exiftool.org',
      { cause },
    );
    this.name = 'ExifToolMissingError';
  }
}

const isMissingProgram = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** A new exiftool process for this one call. An exit code other than 0 is no error here: exiftool says why. */
export const runOnce: ExifToolRunner = {
  run: (args) =>
    new Promise((resolve, reject) => {
      execFile(
        COMMAND,
        [...args],
        { encoding: 'utf8', maxBuffer: MAX_OUTPUT_BYTES, windowsHide: true },
        (error, stdout, stderr) => {
          if (isMissingProgram(error)) reject(new ExifToolMissingError(error));
          else if (error && typeof error.code !== 'number')
            reject(error); // killed, or output too long
          else resolve({ stdout, stderr });
        },
      );
    }),
};

/**
 * The end of one command's output. exiftool prints `{ready<n>}` on stdout after `-execute<n>`; `-echo4` prints the
 * same on stderr once the command is done, so both streams are known to be complete. (Values never print a line
 * break of their own in exiftool's JSON, and our commands print no values on stderr, so the marker cannot be faked.)
 */
const readyMarker = (id: number) => new RegExp(`\\{ready${id}\\}\\r?\\n$`);

interface Waiting {
  marker: RegExp;
  resolve: (output: ExifToolOutput) => void;
  reject: (error: Error) => void;
}

/** One exiftool process for many calls, one call at a time; `close()` ends it (the program waits for it till then). */
export class ExifToolProcess implements ExifToolRunner {
  readonly #child: ChildProcessWithoutNullStreams;
  #queue: Promise<unknown> = Promise.resolve();
  #lastId = 0;
  #stdout = '';
  #stderr = '';
  #waiting?: Waiting;
  /** Set once the process cannot take more commands. */
  #failure?: Error;
  readonly #exited: Promise<void>;

  constructor() {
    this.#child = spawn(COMMAND, ['-stay_open', 'True', '-@', '-'], { windowsHide: true });
    // A process that never started sends 'error' and perhaps nothing more.
    this.#exited = new Promise((resolve) => {
      this.#child.once('close', () => resolve());
      this.#child.once('error', () => resolve());
    });
    this.#child.once('error', (error) =>
      this.#fail(isMissingProgram(error) ? new ExifToolMissingError(error) : error),
    );
    this.#child.once('exit', (code, signal) =>
      this.#fail(new Error(`exiftool stopped (${signal ?? `exit code ${code}`})`)),
    );
    // A command written after exiftool has stopped: the 'exit' above says so.
    this.#child.stdin.on('error', () => undefined);
    this.#child.stdout.setEncoding('utf8').on('data', (text: string) => {
      this.#stdout += text;
      this.#settle();
    });
    this.#child.stderr.setEncoding('utf8').on('data', (text: string) => {
      this.#stderr += text;
      this.#settle();
    });
  }

  run(args: readonly string[]): Promise<ExifToolOutput> {
    const result = this.#queue.then(() => this.#execute(args));
    this.#queue = result.catch(() => undefined);
    return result;
  }

  /** Lets exiftool finish what it was given, then ends it. */
  async close(): Promise<void> {
    await this.#queue;
    if (!this.#failure) {
      this.#failure = new Error('exiftool was closed');
      this.#child.stdin.end('-stay_open\nFalse\n');
    }
    await this.#exited;
  }

  #execute(args: readonly string[]): Promise<ExifToolOutput> {
    if (this.#failure) return Promise.reject(this.#failure);
    // One argument a line: a line break inside one would start another argument.
    if (args.some((arg) => /[\r\n]/.test(arg)))
      return Promise.reject(new Error('An exiftool argument may not contain a line break'));
    const id = ++this.#lastId;
    return new Promise((resolve, reject) => {
      this.#waiting = { marker: readyMarker(id), resolve, reject };
      this.#child.stdin.write([...args, '-echo4', `{ready${id}}`, `-execute${id}`, ''].join('\n'));
    });
  }

  #settle(): void {
    const waiting = this.#waiting;
    if (!waiting || !waiting.marker.test(this.#stdout) || !waiting.marker.test(this.#stderr)) return;
    const output = {
      stdout: this.#stdout.replace(waiting.marker, ''),
      stderr: this.#stderr.replace(waiting.marker, ''),
    };
    this.#stdout = this.#stderr = '';
    this.#waiting = undefined;
    waiting.resolve(output);
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    this.#waiting?.reject(this.#failure);
    this.#waiting = undefined;
  }
}
