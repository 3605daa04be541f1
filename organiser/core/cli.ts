/**
 * What every organiser command shares: one skeleton (defineCommand: arguments, --help, the target and its
 * `Target: ...` line, the Admin SDK connection, errors and exit codes: ./errors.ts), and the context it runs in
 * (environment, output, repository folder, the Admin SDK; all replaceable in tests).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';

import type { AdminConnection } from '../../admin/firebase-admin.ts';
import type { Ocr } from '../../admin/search/extract.ts';
import { isMainModule } from '../../admin/main-module.ts';
import { connectTarget } from './admin.ts';
import { CommandError, EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from './errors.ts';
import {
  describeTarget,
  projectIdNote,
  readFirebaserc,
  resolveTarget,
  type Target,
  type TargetDescription,
} from './target.ts';
import { nearest } from './suggest.ts';
import { printable } from '../../admin/terminal-text.ts';

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
  /**
   * Asks the person at the terminal a question and resolves with their answer; undefined when nobody can answer
   * (no terminal: a script, a pipe, CI). Replaceable in tests.
   */
  ask(question: string): Promise<string | undefined>;
  /**
   * Reads a scanned page's text (absent: Tesseract, admin/search/extract.ts). Replaceable in tests whose subject is
   * not OCR: Tesseract takes some seconds a page, a minute on a loaded machine.
   */
  ocr?: Ocr;
}

/** A question on the terminal (stdin and stdout both one); undefined without a terminal. */
async function askOnTerminal(question: string): Promise<string | undefined> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) return undefined;
  const { createInterface } = await import('node:readline/promises');
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await terminal.question(question);
  } finally {
    terminal.close();
  }
}

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function defaultContext(overrides: Partial<CommandContext> = {}): CommandContext {
  return {
    env: process.env,
    io: { out: (line) => console.log(line), err: (line) => console.error(line) },
    rootDir: REPO_ROOT,
    connect: connectTarget,
    ask: askOnTerminal,
    ...overrides,
  };
}

/** The --yes option of the commands that ask before they change a real project. */
export const YES_OPTION = { yes: { type: 'boolean' } } as const;
export const YES_HELP = `  --yes                 on a real project: change without asking first (the commands that delete or
                        block show what they will change and ask; without a terminal they need --yes)`;

/**
 * Before a change to a real project: shows what will change and asks; refuses without a yes, and without a
 * terminal unless --yes was given. The local emulators (demo-*) are changed at once.
 */
export async function confirmChange(
  run: { ctx: CommandContext; target: Target; values: { yes?: boolean } },
  what: string[],
): Promise<void> {
  if (run.target.kind !== 'project' || run.values.yes) return;
  const { io } = run.ctx;
  io.out('');
  io.out(`This will change the real project ${run.target.projectId}:`);
  for (const line of what) io.out(`  ${line}`);
  const answer = await run.ctx.ask('Go ahead? Type yes to continue: ');
  if (answer === undefined) {
    throw new CommandError(
      'Nothing was changed: this changes a real project, and there is no terminal to ask. Run it again in a ' +
        'terminal, or add --yes if you are sure.',
    );
  }
  if (!/^\s*y(es)?\s*$/i.test(answer)) throw new CommandError('Nothing was changed (not confirmed).');
}

const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;

/** node:util parseArgs options. */
export type Options = NonNullable<ParseArgsConfig['options']>;

/** The options as a volunteer types them, e.g. "--project, --bucket, --dry-run, -h/--help". */
export function describeOptions(options: Options): string {
  return Object.entries(options)
    .map(([name, option]) => (option.short ? `-${option.short}/--${name}` : `--${name}`))
    .join(', ');
}

/**
 * A usage error for what node:util parseArgs refused, in words a volunteer can act on: an unknown option names the
 * options there are and the nearest one ("did you mean --dry-run?"), instead of parseArgs' own text.
 */
export function parseErrorMessage(argv: string[], options: Options, err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const { tokens } = parseArgs({
      args: argv,
      options,
      allowPositionals: true,
      strict: false,
      tokens: true,
    });
    const unknown = tokens
      .filter((token) => token.kind === 'option')
      .find((token) => !Object.hasOwn(options, token.name));
    if (unknown) {
      // What was typed, whole ("-dry-run", not the "-d" parseArgs reads it as), without an "=value".
      const typed = (argv[unknown.index] ?? unknown.rawName).split('=')[0]!;
      const guess = nearest(typed.replace(/^-+/, ''), Object.keys(options));
      return (
        `Unknown option '${typed}'.${guess ? ` Did you mean --${guess}?` : ''} ` +
        `The options are: ${describeOptions(options)}.`
      );
    }
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const option = /'(-[^' ]+)/.exec(message)?.[1];
    if (option && /argument missing/.test(message)) return `${option} needs a value.`;
    if (option && /does not take an argument/.test(message)) {
      return `${option} takes no value: write just ${option}.`;
    }
  }
  return message;
}

/**
 * A command's arguments, parsed strictly with node:util parseArgs, with -h/--help added; parse errors
 * become usage errors (an unknown option with a suggestion: parseErrorMessage). The command decides what
 * positionals it accepts.
 */
export function parseCommandLine<const O extends Options>(argv: string[], options: O) {
  const all = { ...options, ...HELP_OPTION };
  try {
    return parseArgs({ args: argv, options: all, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(parseErrorMessage(argv, all, err), { cause: err });
  }
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
  /** What --help prints; a function of the positionals for a command whose subcommands have their own help. */
  help: string | ((positionals: string[]) => string);
  /** node:util parseArgs options; -h/--help is added. --project (and --bucket) decide the target. */
  options: O;
  /** What the `Target: ...` line names (for some commands it depends on the arguments). */
  describe: TargetDescription | ((values: OptionValues<O>, positionals: string[]) => TargetDescription);
  /** Whether the command takes positional arguments (else any is a usage error). */
  positionals?: boolean;
  /** Argument checks that need no target (run before the target is resolved); throw UsageError. */
  checkArguments?(values: CommandRun<O>['values'], positionals: string[]): void;
  /** When set, --project is required, and this is the usage error without it. */
  requireProject?: string;
  /** Refuses a target the command cannot act on (throw UsageError), before anything is printed. */
  checkTarget?(target: Target): void;
  /**
   * True when the command prints data on stdout (a CSV) for these arguments: its `Target: ...` line goes to stderr
   * then, so that `> file.csv` holds the data only.
   */
  dataOnStdout?(values: OptionValues<O>, positionals: string[]): boolean;
  run(run: CommandRun<O>): Promise<number>;
}

/**
 * An organiser command: parses the arguments, prints --help, resolves and prints the target, runs the body with a
 * lazily connected Admin SDK, and turns what it throws into a message and exit code 1 or 2. Returns its main().
 */
export function defineCommand<const O extends Options>(spec: CommandSpec<O>) {
  return async function main(argv: string[], overrides: Partial<CommandContext> = {}): Promise<number> {
    const given = defaultContext(overrides);
    // Whatever a command prints may hold a relative's words (a caption, a name, a file name): text only.
    const ctx: CommandContext = {
      ...given,
      io: { out: (line) => given.io.out(printable(line)), err: (line) => given.io.err(printable(line)) },
    };
    let connection: Promise<AdminConnection> | undefined;
    try {
      return await runCommand(spec.name, ctx, async () => {
        const parsed = parseCommandLine(argv, spec.options);
        const values = parsed.values as OptionValues<O>;
        const positionals = parsed.positionals;
        if (values.help) {
          ctx.io.out(typeof spec.help === 'function' ? spec.help(positionals) : spec.help);
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
        const firebaserc = readFirebaserc(ctx.rootDir);
        const target = resolveTarget({ project, bucket }, { env: ctx.env, firebaserc });
        spec.checkTarget?.(target);
        const describe =
          typeof spec.describe === 'function' ? spec.describe(values, positionals) : spec.describe;
        const say = spec.dataOnStdout?.(values, positionals) ? ctx.io.err : ctx.io.out;
        say(describeTarget(target, describe));
        const note = projectIdNote(target, firebaserc);
        if (note) say(note);
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
