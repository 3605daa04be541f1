/**
 * The organiser commands that have subcommands (organiser:faces, organiser:photos, organiser:members), as one
 * registry: each subcommand is one object (name, usage, help, its own options, its arguments, run), and
 * defineSubcommands() derives from the list everything else: the --help text (the group's, and one subcommand's
 * with `<command> --help`), the argument checks (which subcommand, with the nearest for a typo; an option of another
 * subcommand; then the subcommand's own), the dispatch, the `Target:` line and where it goes. It returns the same
 * main() as defineCommand (./cli.ts), on which it is built. Like Excalidraw's actions
 * (`register({ name, label, perform })`): a new subcommand is one object, listed in its group.
 *
 *   const subcommand = subcommandOf<typeof OPTIONS>();
 *   export const exportCsv = subcommand({
 *     name: 'export',
 *     usage: '<file id>',
 *     help: 'the faces as CSV on standard output ...',
 *     args: ([fileId, ...rest]) => ({ fileId: pictureOf(fileId, rest) }),   // or throws UsageError
 *     dataOnStdout: true,
 *     run: async (run, { fileId }) => { ... },
 *   });
 *   export const main = defineSubcommands({ name: 'organiser:faces', summary, options: OPTIONS, ...,
 *     subcommands: [open, importKey, list, accept, reject, exportCsv] });
 */
import { defineCommand, type CommandRun, type OptionValues, type Options } from './cli.ts';
import { EXIT_OK, UsageError } from './errors.ts';
import { nearest } from './suggest.ts';
import type { TargetDescription } from './target.ts';
import { oneLine } from '../../admin/terminal-text.ts';

/** The widest line of a --help text (the hand-written ones before were as wide). */
export const HELP_WIDTH = 106;
/** Where an option's explanation starts, as in TARGET_HELP, BUCKET_HELP and YES_HELP. */
const OPTION_COLUMN = 24;
/** A subcommand whose name and usage are longer than this has its explanation start on the next line. */
const LONGEST_ALIGNED_LABEL = 30;

/** An option of one subcommand: node:util parseArgs' settings, and how --help shows it. */
export interface SubcommandOption {
  type: 'boolean' | 'string';
  short?: string;
  /** A string option's value as --help names it, e.g. '<name>'. */
  value?: string;
  /** What it does (wrapped to fit, like a subcommand's help). */
  help: string;
}
export type SubcommandOptions = Record<string, SubcommandOption>;
type NoOptions = Record<never, never>;

/** One subcommand, as written in its module (see the example above). */
export interface SubcommandSpec<GO extends Options, SO extends SubcommandOptions, A> {
  /** What is typed after `--`, e.g. import. */
  name: string;
  /** Its arguments as --help shows them after the name, e.g. '<file id> <key.csv>'; none when absent. */
  usage?: string;
  /**
   * What it does, for --help: one text, wrapped to fit (a line break in it is kept; a `command in backticks` is
   * never broken across lines).
   */
  help: string;
  /** Options only this subcommand takes (the group's shared ones, such as --project, stay on the group). */
  options?: SO;
  /**
   * Its arguments checked and parsed from the positionals after its name (and the options): a UsageError for
   * anything wrong, before the target is resolved or anything is printed. Pure. Without it, the subcommand takes
   * no arguments.
   */
  args?(positionals: string[], values: OptionValues<GO & SO>): A;
  /** What its `Target:` line names, when it differs from the group's. */
  describe?: TargetDescription | ((args: A) => TargetDescription);
  /** It prints data on stdout (a CSV): the `Target:` line then goes to stderr, so that `> file.csv` holds the data. */
  dataOnStdout?: true;
  /** Does the job; exit code 0 unless it returns another. What it throws becomes the message and exit code. */
  run(run: CommandRun<GO & SO>, args: A): Promise<number | void>;
}

/** What a subcommand does with arguments that passed its checks. */
export interface BoundSubcommand<GO extends Options> {
  describe: TargetDescription | undefined;
  dataOnStdout: boolean;
  run(run: CommandRun<GO>): Promise<number>;
}

/** A subcommand as its group lists it (its arguments' type hidden in bind()). */
export interface Subcommand<GO extends Options> {
  readonly name: string;
  readonly usage: string;
  readonly help: string;
  readonly options: SubcommandOptions;
  /** Checks the positionals after the name (and the options) with the subcommand's args(): throws UsageError. */
  bind(positionals: string[], values: OptionValues<Options>): BoundSubcommand<GO>;
}

/**
 * The function that defines the subcommands of a group with the shared options GO:
 * `const subcommand = subcommandOf<typeof OPTIONS>()`, then `subcommand({ name, usage, help, args, run })`.
 */
export function subcommandOf<GO extends Options>() {
  return function subcommand<const SO extends SubcommandOptions = NoOptions, A = undefined>(
    spec: SubcommandSpec<GO, SO, A>,
  ): Subcommand<GO> {
    return {
      name: spec.name,
      usage: spec.usage ?? '',
      help: spec.help,
      options: spec.options ?? {},
      bind(positionals, values) {
        const own = values as OptionValues<GO & SO>;
        let args: A;
        if (spec.args) args = spec.args(positionals, own);
        else if (positionals.length) {
          throw new UsageError(`${spec.name} takes no arguments (${positionals.map(oneLine).join(' ')}).`);
        } else args = undefined as A;
        return {
          describe: typeof spec.describe === 'function' ? spec.describe(args) : spec.describe,
          dataOnStdout: spec.dataOnStdout === true,
          run: async (run) => (await spec.run(run as CommandRun<GO & SO>, args)) ?? EXIT_OK,
        };
      },
    };
  };
}

/** A command with subcommands: its --help text and the subcommands, with what they share. */
export interface SubcommandGroup<GO extends Options> {
  /** e.g. organiser:faces (the npm script). */
  name: string;
  /** What the command is about: the paragraph above its subcommands in --help (wrapped to fit). */
  summary: string;
  /** In the order --help lists them. */
  subcommands: readonly Subcommand<GO>[];
  /** What --help says after the subcommands (wrapped to fit; an empty line starts a paragraph). */
  notes?: string;
  /** The options every subcommand takes (node:util parseArgs options); -h/--help is added. */
  options: GO;
  /** Their lines in --help, as written (TARGET_HELP, BUCKET_HELP, YES_HELP). */
  optionsHelp: string;
  /** The end of --help: the exit codes. */
  epilogue: string;
  /** What the `Target:` line names, unless a subcommand names something else. */
  describe: TargetDescription;
}

/**
 * A command with subcommands: checks the list, then returns defineCommand's main() for it (arguments, --help, the
 * target and its `Target:` line, the Admin SDK, errors and exit codes), dispatching to the subcommand named first.
 */
export function defineSubcommands<GO extends Options>(group: SubcommandGroup<GO>) {
  const options = allOptions(group);
  const find = (name: string | undefined) => group.subcommands.find((sub) => sub.name === name);
  const select = (values: OptionValues<Options>, positionals: string[]): BoundSubcommand<GO> => {
    const names = group.subcommands.map((sub) => sub.name);
    const [typed, ...rest] = positionals;
    if (typed === undefined) throw new UsageError(`Which command? One of: ${names.join(', ')}.`);
    const sub = find(typed);
    if (!sub) {
      const guess = nearest(typed, names);
      throw new UsageError(
        `Unknown command "${oneLine(typed)}".${guess ? ` Did you mean ${guess}?` : ''} ` +
          `Use one of: ${names.join(', ')}.`,
      );
    }
    for (const option of Object.keys(values)) {
      if (Object.hasOwn(group.options, option) || Object.hasOwn(sub.options, option) || option === 'help') {
        continue;
      }
      const owners = group.subcommands.filter((other) => Object.hasOwn(other.options, option));
      throw new UsageError(
        `--${option} goes with ${owners.map((owner) => owner.name).join(' or ')} only, not with ${sub.name}.`,
      );
    }
    return sub.bind(rest, values);
  };
  return defineCommand({
    name: group.name,
    help: (positionals) => {
      const sub = find(positionals[0]);
      return (sub ? subcommandHelp(group, sub) : groupHelp(group)).join('\n');
    },
    options,
    describe: (values, positionals) => select(values, positionals).describe ?? group.describe,
    positionals: true,
    // Every check before the target is resolved; select() is pure, so the body below repeats it.
    checkArguments: (values, positionals) => void select(values, positionals),
    dataOnStdout: (values, positionals) => select(values, positionals).dataOnStdout,
    run: (run) => select(run.values, run.positionals).run(run as CommandRun<GO>),
  });
}

/** The group's options and every subcommand's, for node:util parseArgs; a clash is a mistake in the list. */
function allOptions<GO extends Options>(group: SubcommandGroup<GO>): Options {
  const options: Options = { ...group.options };
  const names = new Set<string>();
  for (const sub of group.subcommands) {
    if (names.has(sub.name)) throw new Error(`${group.name}: two subcommands are named ${sub.name}.`);
    names.add(sub.name);
    for (const [name, option] of Object.entries(sub.options)) {
      const known = options[name];
      if (name === 'help' || Object.hasOwn(group.options, name) || (known && known.type !== option.type)) {
        throw new Error(`${group.name} ${sub.name}: the option --${name} is taken.`);
      }
      options[name] = { type: option.type, ...(option.short !== undefined && { short: option.short }) };
    }
  }
  return options;
}

// ---------------------------------------------------------------------------------------------------------------
// --help
// ---------------------------------------------------------------------------------------------------------------

/** Pure: the group's --help lines. */
export function groupHelp<GO extends Options>(group: SubcommandGroup<GO>): string[] {
  const labels = group.subcommands.map((sub) => `  ${label(sub)}`);
  const column = Math.max(...labels.map((text) => text.length).filter((n) => n <= LONGEST_ALIGNED_LABEL)) + 2;
  return [
    `Usage: npm run ${group.name} -- <command> [<arguments>] [options]`,
    '',
    ...wrap(group.summary),
    '',
    'Commands:',
    ...group.subcommands.flatMap((sub, i) => [
      ...aligned(labels[i]!, sub.help, column),
      ...Object.entries(sub.options).flatMap(([name, option]) =>
        aligned(`    ${optionLabel(name, option)}`, option.help, column),
      ),
    ]),
    ...(group.notes ? ['', ...wrap(group.notes)] : []),
    '',
    'Options:',
    group.optionsHelp,
    ...aligned(
      '  -h, --help',
      "this help; after a command (list --help): that command's alone",
      OPTION_COLUMN,
    ),
    '',
    ...wrap(group.epilogue),
  ];
}

/** Pure: one subcommand's --help lines (`npm run <group> -- <command> --help`). */
export function subcommandHelp<GO extends Options>(
  group: SubcommandGroup<GO>,
  sub: Subcommand<GO>,
): string[] {
  // A sentence of its own here: capitalised, with a full stop.
  const help = `${sub.help.charAt(0).toUpperCase()}${sub.help.slice(1)}${/[.!?]$/.test(sub.help) ? '' : '.'}`;
  return [
    `Usage: npm run ${group.name} -- ${label(sub)} [options]`,
    '',
    ...wrap(help),
    '',
    'Options:',
    ...Object.entries(sub.options).flatMap(([name, option]) =>
      aligned(`  ${optionLabel(name, option)}`, option.help, OPTION_COLUMN),
    ),
    group.optionsHelp,
    ...aligned('  -h, --help', "this help; without a command: every command's", OPTION_COLUMN),
    '',
    ...wrap(group.epilogue),
  ];
}

const label = (sub: { name: string; usage: string }) => (sub.usage ? `${sub.name} ${sub.usage}` : sub.name);

function optionLabel(name: string, option: SubcommandOption): string {
  const value = option.type === 'string' ? ` ${option.value ?? '<value>'}` : '';
  return `${option.short ? `-${option.short}, ` : ''}--${name}${value}`;
}

/**
 * Pure: `label` and then `text` wrapped from `column` on (the text starts on the next line when the label is too
 * wide), at most `width` characters a line.
 */
export function aligned(label: string, text: string, column: number, width = HELP_WIDTH): string[] {
  const lines = wrap(text, width - column);
  const indent = ' '.repeat(column);
  if (label.length + 2 > column) return [label, ...lines.map((line) => (line ? indent + line : ''))];
  return lines.map((line, i) => (i === 0 ? label.padEnd(column) : line ? indent : '') + line);
}

/**
 * Pure: a text in lines of at most `width` characters (a longer word alone on its line), broken between words; a
 * line break in the text is kept, and a `command in backticks` is not broken.
 */
export function wrap(text: string, width = HELP_WIDTH): string[] {
  return text.split('\n').flatMap((paragraph) => {
    const words = paragraph.match(/(?:[^\s`]*`[^`]*`)+\S*|\S+/g) ?? [];
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      if (line && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
    return lines;
  });
}
