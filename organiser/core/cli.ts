/**
 * What every organiser command shares: one skeleton (defineCommand: arguments, --help, the target and its
 * `Target: ...` line, the Admin SDK connection, errors and exit codes: ./errors.ts), and the context it runs in
 * (environment, output, repository folder, the Admin SDK; all replaceable in tests).
 */
import { realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';

import type { AdminConnection } from './firebase-admin.ts';
import { connectTarget } from './admin.ts';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from './errors.ts';
import {
  describeTarget,
  readFirebaserc,
  resolveTarget,
  type Target,
  type TargetDescription,
} from './target.ts';

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
  /**
   * The Admin SDK for the target: the emulators through *_EMULATOR_HOST, a real project with the Application
   * Default Credentials (checked before anything is done). Replaceable in tests.
   */
  connect(target: Target): Promise<AdminConnection>;
}

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function defaultContext(overrides: Partial<CommandContext> = {}): CommandContext {
  return {
    env: process.env,
    io: { out: (line) => console.log(line), err: (line) => console.error(line) },
    rootDir: REPO_ROOT,
    connect: connectTarget,
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

type Options = NonNullable<ParseArgsConfig['options']>;

type OptionValue<T> = T extends { type: 'boolean' } ? boolean : string;
/** What node:util parseArgs gives for the options O (each may be absent), plus --help. */
export type OptionValues<O extends Options> = { [K in keyof O]?: OptionValue<O[K]> } & { help?: boolean };

/** The arguments a command's body gets. */
export interface CommandRun<O extends Options> {
  ctx: CommandContext;
  values: OptionValues<O>;
  positionals: string[];
  target: Target;
  /** The Admin SDK for the target, connected on first use (real projects: credentials checked then), closed after. */
  admin(): Promise<AdminConnection>;
}

export interface CommandSpec<O extends Options> {
  /** e.g. organiser:check (the npm script). */
  name: string;
  help: string;
  /** node:util parseArgs options; -h/--help is added. --project (and --bucket) decide the target. */
  options: O;
  /** What the `Target: ...` line names. */
  describe: TargetDescription;
  /** Whether the command takes positional arguments (else any is a usage error). */
  positionals?: boolean;
  /** Argument checks that need no target (run before the target is resolved); throw UsageError. */
  checkArguments?(values: CommandRun<O>['values'], positionals: string[]): void;
  /** When set, --project is required, and this is the usage error without it. */
  requireProject?: string;
  /** Refuses a target the command cannot act on (throw UsageError), before anything is printed. */
  checkTarget?(target: Target): void;
  run(run: CommandRun<O>): Promise<number>;
}

/**
 * An organiser command: parses the arguments, prints --help, resolves and prints the target, runs the body with a
 * lazily connected Admin SDK, and turns what it throws into a message and exit code 1 or 2. Returns its main().
 */
export function defineCommand<const O extends Options>(spec: CommandSpec<O>) {
  return async function main(argv: string[], overrides: Partial<CommandContext> = {}): Promise<number> {
    const ctx = defaultContext(overrides);
    let connection: Promise<AdminConnection> | undefined;
    try {
      return await runCommand(spec.name, ctx, async () => {
        const parsed = parseCommandLine(argv, spec.options);
        const values = parsed.values as OptionValues<O>;
        const positionals = parsed.positionals;
        if (values.help) {
          ctx.io.out(spec.help);
          return EXIT_OK;
        }
        if (!spec.positionals && positionals.length) {
          throw new UsageError(`Unexpected argument: ${positionals.join(' ')}`);
        }
        spec.checkArguments?.(values, positionals);
        const named = values as { project?: unknown; bucket?: unknown };
        const project = typeof named.project === 'string' ? named.project : undefined;
        const bucket = typeof named.bucket === 'string' ? named.bucket : undefined;
        if (spec.requireProject && project === undefined) throw new UsageError(spec.requireProject);
        const target = resolveTarget(
          { project, bucket },
          { env: ctx.env, firebaserc: readFirebaserc(ctx.rootDir) },
        );
        spec.checkTarget?.(target);
        ctx.io.out(describeTarget(target, spec.describe));
        return spec.run({
          ctx,
          values,
          positionals,
          target,
          admin: () => (connection ??= ctx.connect(target)),
        });
      });
    } finally {
      const admin = await connection?.catch(() => undefined);
      await admin?.close().catch(() => undefined);
    }
  };
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
