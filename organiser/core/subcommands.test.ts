/**
 * The registry of subcommands: a made-up group of two subcommands, its derived --help, argument checks, dispatch
 * and `Target:` line, through the main() defineSubcommands returns (on the local emulators' target, never
 * connected).
 */
import { describe, expect, it } from 'vitest';

import { YES_OPTION, type CommandContext } from './cli.ts';
import { UsageError } from './errors.ts';
import { aligned, defineSubcommands, subcommandOf, wrap } from './subcommands.ts';
import { TARGET_OPTIONS } from './target.ts';
import { captureIo, noConnection } from './test-support.ts';

const OPTIONS = { ...TARGET_OPTIONS, ...YES_OPTION } as const;
const subcommand = subcommandOf<typeof OPTIONS>();
const ran: unknown[] = [];

const greet = subcommand({
  name: 'greet',
  usage: '<name>...',
  help: 'greets each relative by name, as warmly as a reunion after fifty years deserves, in one line each',
  options: {
    loud: { type: 'boolean', help: 'in capitals' },
    from: { type: 'string', value: '<name>', help: 'signed with this name' },
  },
  args: (positionals, { loud = false, from }) => {
    if (!positionals.length) throw new UsageError('greet needs at least one name.');
    return { names: positionals, loud, from };
  },
  async run(run, { names, loud, from }) {
    ran.push({ names, loud, from, yes: run.values.yes, target: run.target.kind });
    for (const name of names) run.ctx.io.out(loud ? `HELLO ${name.toUpperCase()}` : `hello ${name}`);
    return names.length > 1 ? 1 : undefined;
  },
});

const tally = subcommand({
  name: 'tally',
  help: 'counts the relatives, as CSV on standard output',
  describe: 'auth',
  dataOnStdout: true,
  async run(run) {
    run.ctx.io.out('count\n42');
  },
});

const main = defineSubcommands({
  name: 'organiser:family',
  summary: 'Greets and counts the relatives.',
  subcommands: [greet, tally],
  notes: 'Every name is greeted once; run it again with `npm run organiser:family -- greet <name>` for more.',
  options: OPTIONS,
  optionsHelp:
    '  --project <alias|id>  the project\n  --bucket <name>       the bucket\n  --yes                 yes',
  epilogue: 'Exit codes: 0 done; 1 more than one name; 2 usage error.',
  describe: 'storage',
});

async function family(...argv: string[]) {
  const io = captureIo();
  const ctx: Partial<CommandContext> = {
    env: { STORAGE_EMULATOR_URL: 'http://127.0.0.1:9', AUTH_EMULATOR_URL: 'http://127.0.0.1:9' },
    io,
    connect: noConnection,
  };
  ran.length = 0;
  const code = await main(argv, ctx);
  return { code, io, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

describe('defineSubcommands: --help derived from the list', () => {
  it('the group: usage, summary, each subcommand with its usage, help and options aligned, the options, the epilogue', async () => {
    const { code, out } = await family('--help');
    expect(code).toBe(0);
    expect(out).toBe(
      [
        'Usage: npm run organiser:family -- <command> [<arguments>] [options]',
        '',
        'Greets and counts the relatives.',
        '',
        'Commands:',
        '  greet <name>...  greets each relative by name, as warmly as a reunion after fifty years deserves, in one',
        '                   line each',
        '    --loud         in capitals',
        '    --from <name>  signed with this name',
        '  tally            counts the relatives, as CSV on standard output',
        '',
        'Every name is greeted once; run it again with `npm run organiser:family -- greet <name>` for more.',
        '',
        'Options:',
        '  --project <alias|id>  the project',
        '  --bucket <name>       the bucket',
        '  --yes                 yes',
        "  -h, --help            this help; after a command (list --help): that command's alone",
        '',
        'Exit codes: 0 done; 1 more than one name; 2 usage error.',
      ].join('\n'),
    );
    for (const line of out.split('\n')) expect(line.length).toBeLessThanOrEqual(106);
  });

  it('one subcommand: its usage, its help as a sentence, its options and the shared ones', async () => {
    const { code, out } = await family('greet', '--help');
    expect(code).toBe(0);
    expect(out.split('\n').slice(0, 8)).toEqual([
      'Usage: npm run organiser:family -- greet <name>... [options]',
      '',
      'Greets each relative by name, as warmly as a reunion after fifty years deserves, in one line each.',
      '',
      'Options:',
      '  --loud                in capitals',
      '  --from <name>         signed with this name',
      '  --project <alias|id>  the project',
    ]);
    expect(out).toContain("  -h, --help            this help; without a command: every command's");
    expect(out).toMatch(/\nExit codes: 0 done;/);
  });

  it('--help after a word that is no subcommand: the group help', async () => {
    expect((await family('gret', '--help')).out).toMatch(/^Usage: npm run organiser:family -- <command>/);
  });
});

describe('defineSubcommands: argument checks', () => {
  it.each([
    [[], 'Which command? One of: greet, tally.'],
    [['gret', 'Ola'], 'Unknown command "gret". Did you mean greet? Use one of: greet, tally.'],
    [['count'], 'Unknown command "count". Use one of: greet, tally.'],
    [['tally', '--loud'], '--loud goes with greet only, not with tally.'],
    [['tally', 'x'], 'tally takes no arguments (x).'],
    [['greet'], 'greet needs at least one name.'],
    [['greet', '--lod'], "Unknown option '--lod'. Did you mean --loud?"],
  ])('%j: a usage error, exit 2, nothing printed on stdout', async (argv, message) => {
    const { code, io } = await family(...argv);
    expect(code).toBe(2);
    expect(io.stderr[0]!.startsWith(`organiser:family: ${message}`), io.stderr[0]).toBe(true);
    expect(io.stderr[1]).toBe('Run `npm run organiser:family -- --help` for usage.');
    expect(io.stdout).toEqual([]);
    expect(ran).toEqual([]);
  });
});

describe('defineSubcommands: dispatch', () => {
  it('runs the subcommand named with its parsed arguments, after the `Target:` line; its exit code', async () => {
    const one = await family('greet', 'Ola', '--loud', '--from', 'Kari', '--yes');
    expect(one.code).toBe(0);
    expect(one.io.stdout[0]).toMatch(/^Target: local emulators \(demo-reunion\), bucket gs:\/\/demo-reunion/);
    expect(one.io.stdout.slice(1)).toEqual(['HELLO OLA']);
    expect(ran).toEqual([{ names: ['Ola'], loud: true, from: 'Kari', yes: true, target: 'emulator' }]);

    expect((await family('greet', 'Ola', 'Kari')).code).toBe(1);
  });

  it('a subcommand’s own `Target:` line, on stderr when it prints data on stdout', async () => {
    const { code, io } = await family('tally');
    expect(code).toBe(0);
    expect(io.stdout).toEqual(['count\n42']);
    expect(io.stderr).toEqual([
      'Target: local emulators (demo-reunion), Auth emulator at http://127.0.0.1:9',
    ]);
  });

  it('a mistake in the list is found when the group is defined', () => {
    const group = {
      name: 'organiser:x',
      summary: '',
      options: OPTIONS,
      optionsHelp: '',
      epilogue: '',
    } as const;
    expect(() => defineSubcommands({ ...group, describe: 'storage', subcommands: [tally, tally] })).toThrow(
      'organiser:x: two subcommands are named tally.',
    );
    const taken = subcommand({
      name: 'other',
      help: '',
      options: { loud: { type: 'string', help: '' } },
      run: async () => {},
    });
    expect(() => defineSubcommands({ ...group, describe: 'storage', subcommands: [greet, taken] })).toThrow(
      'organiser:x other: the option --loud is taken.',
    );
  });
});

describe('wrap and aligned', () => {
  it('breaks between words, keeps line breaks and `commands in backticks` whole', () => {
    expect(wrap('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrap('a\nb c', 20)).toEqual(['a', 'b c']);
    expect(wrap('see (`npm run x -- y`) now', 10)).toEqual(['see', '(`npm run x -- y`)', 'now']);
    expect(wrap('unbreakable-word', 4)).toEqual(['unbreakable-word']);
  });

  it('aligns a text after its label, or under it when the label is too wide', () => {
    expect(aligned('  ab', 'one two three', 6, 14)).toEqual(['  ab  one two', '      three']);
    expect(aligned('  abcdef', 'one', 6, 14)).toEqual(['  abcdef', '      one']);
  });
});
