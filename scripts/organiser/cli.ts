/**
 * What every organiser command shares: the context it runs in (environment, output, repository folder, network and
 * Google credentials, all replaceable in tests), argument errors, and the exit codes:
 *   0  done
 *   1  the command ran and something failed or is missing (the message says what)
 *   2  usage error: a wrong or missing argument, or a target the command refuses
 */
import { realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** A wrong or missing argument, or a target the command refuses: exit 2, with a pointer to --help. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The command cannot do its job (unreachable emulator, no credentials, a refused setting): exit 1. */
export class CommandError extends Error {
  override name = 'CommandError';
}

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

export interface CommandContext {
  /** Environment variables the command reads (emulator URLs, FIREBASE_STORAGE_BUCKET, VITE_* for deploy). */
  env: NodeJS.ProcessEnv;
  io: Io;
  /** The repository: .firebaserc, firebase.json and the .env files live here. */
  rootDir: string;
  fetch: typeof fetch;
  /** An OAuth access token for Google APIs (real projects only). */
  getAccessToken(): Promise<string>;
}

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const GOOGLE_SCOPES = ['https://www.googleapis.com/auth/cloud-platform'];

let googleAuth: Promise<{ getAccessToken(): Promise<string | null | undefined> }> | undefined;

/**
 * Application Default Credentials: `gcloud auth application-default login` or GOOGLE_APPLICATION_CREDENTIALS.
 * One GoogleAuth per process: it caches the token and refreshes it when it expires.
 */
export async function googleAccessToken(): Promise<string> {
  let token: string | null | undefined;
  try {
    googleAuth ??= import('google-auth-library').then(
      ({ GoogleAuth }) => new GoogleAuth({ scopes: GOOGLE_SCOPES }),
    );
    token = await (await googleAuth).getAccessToken();
  } catch (err) {
    throw new CommandError(
      'No Google credentials for the real project. Log in once with ' +
        '`gcloud auth application-default login` (as a Firebase project owner or editor), or set ' +
        'GOOGLE_APPLICATION_CREDENTIALS to a service account key file. ' +
        `(${err instanceof Error ? err.message.split('\n')[0] : String(err)})`,
      { cause: err },
    );
  }
  if (!token)
    throw new CommandError('Google returned no access token for the Application Default Credentials.');
  return token;
}

export function defaultContext(overrides: Partial<CommandContext> = {}): CommandContext {
  return {
    env: process.env,
    io: { out: (line) => console.log(line), err: (line) => console.error(line) },
    rootDir: REPO_ROOT,
    fetch: (input, init) => fetch(input, init),
    getAccessToken: googleAccessToken,
    ...overrides,
  };
}

/** Runs node:util parseArgs (or any argument parsing) and turns its errors into usage errors. */
export function parseUsage<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err), { cause: err });
  }
}

const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;

/**
 * A command's arguments, parsed strictly with node:util parseArgs, with -h/--help added; parse errors
 * become usage errors. The command decides what positionals it accepts.
 */
export function parseCommandLine<const O extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: O,
) {
  return parseUsage(() =>
    parseArgs({ args: argv, options: { ...options, ...HELP_OPTION }, allowPositionals: true, strict: true }),
  );
}

/**
 * Runs a command body and turns what it throws into a message and an exit code: no stack traces (set
 * ORGANISER_DEBUG=1 to see them).
 */
export async function runCommand(
  name: string,
  ctx: CommandContext,
  body: () => Promise<number>,
): Promise<number> {
  try {
    return await body();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof UsageError) {
      ctx.io.err(`${name}: ${message}`);
      ctx.io.err(`Run \`npm run ${name} -- --help\` for usage.`);
      return EXIT_USAGE;
    }
    ctx.io.err(`${name} failed: ${message}`);
    if (ctx.env.ORGANISER_DEBUG && err instanceof Error && err.stack) ctx.io.err(err.stack);
    return EXIT_FAILED;
  }
}

/** True when the module at moduleUrl is the script node/tsx was started with. */
export function isMainModule(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return moduleUrl === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

/** `process.exit(await main(argv))` when the module is run directly; nothing when a test imports it. */
export function runIfMain(moduleUrl: string, main: (argv: string[]) => Promise<number>): void {
  if (!isMainModule(moduleUrl)) return;
  void main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(EXIT_FAILED);
    },
  );
}

/** A plain text table: columns padded to the widest cell. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w, i) => '-'.repeat(i === widths.length - 1 ? Math.min(w, 40) : w));
  return [line(header), line(rule), ...rows.map(line)];
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
