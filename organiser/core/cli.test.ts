/**
 * The commands as organisers run them: each npm script is Node with tsx's loader on its command's file, which starts
 * main() (one started so for real); started so too where the Admin SDK reads the process's own environment; --help
 * and usage errors through each command's main() in this process (starting a command costs a second or more of CPU).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { REPO_ROOT, formatTable, parseCommandLine, type CommandContext } from './cli.ts';
import { UsageError } from './errors.ts';

const COMMANDS = ['upload', 'check', 'deploy', 'auth-settings', 'members', 'photos', 'faces'] as const;
/** Every organiser:* script of package.json, by its command's name. */
const SCRIPTS: Record<string, string> = Object.fromEntries(
  Object.entries(
    (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts,
  ).flatMap(([name, script]) =>
    name.startsWith('organiser:') ? [[name.slice('organiser:'.length), script]] : [],
  ),
);

function runScript(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'organiser', 'commands', `${command}.ts`), ...args],
      // Point the emulator URLs at a closed port, so no run here can reach a local stack by accident.
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          STORAGE_EMULATOR_URL: 'http://127.0.0.1:9',
          AUTH_EMULATOR_URL: 'http://127.0.0.1:9',
          ...env,
        },
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** A command's main() with its output captured, as the script's process would print it. */
async function runMain(
  command: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { main } = (await import(`../commands/${command}.ts`)) as {
    main: (argv: string[], overrides: Partial<CommandContext>) => Promise<number>;
  };
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, {
    env: { STORAGE_EMULATOR_URL: 'http://127.0.0.1:9', AUTH_EMULATOR_URL: 'http://127.0.0.1:9' },
    io: { out: (line) => out.push(line), err: (line) => err.push(line) },
    connect: () => Promise.reject(new Error('a usage error must not connect')),
  });
  const text = (lines: string[]) => lines.map((line) => `${line}\n`).join('');
  return { code, stdout: text(out), stderr: text(err) };
}

describe('organiser commands run directly', () => {
  it('every organiser:* script is Node with tsx on its command, whose file starts main(); started so, it prints its usage', async () => {
    expect(Object.keys(SCRIPTS)).toEqual(
      expect.arrayContaining([...COMMANDS, 'backup', 'restore', 'archive', 'search']),
    );
    for (const [command, script] of Object.entries(SCRIPTS)) {
      expect(script, command).toBe(`node --import tsx organiser/commands/${command}.ts`);
      const source = readFileSync(join(REPO_ROOT, 'organiser', 'commands', `${command}.ts`), 'utf8');
      expect(source, command).toMatch(/^runIfMain\(import\.meta\.url, main\);$/m);
    }
    const started = await runScript('upload', ['--help']);
    expect(started.code, started.stderr).toBe(0);
    expect(started.stdout).toMatch(/^Usage: npm run organiser:upload/);
  });

  it.each(Object.keys(SCRIPTS))('%s --help: usage on stdout, exit 0', async (command) => {
    const result = await runMain(command, ['--help']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Usage: npm run organiser:${command}`));
    expect(result.stdout).toMatch(/Exit codes: 0 /);
  });

  it.each(COMMANDS)('%s --no-such-option: a message, no stack trace, exit 2', async (command) => {
    const result = await runMain(command, ['--no-such-option']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^organiser:${command}: Unknown option '--no-such-option'`));
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it.each([
    ['upload', ['--dryrun'], "Unknown option '--dryrun'. Did you mean --dry-run?"],
    ['check', ['--projct', 'production'], "Unknown option '--projct'. Did you mean --project?"],
    ['deploy', ['-dry-run'], "Unknown option '-dry-run'. Did you mean --dry-run?"],
    ['members', ['list', '--bukcet=x'], "Unknown option '--bukcet'. Did you mean --bucket?"],
    ['auth-settings', ['--force'], "Unknown option '--force'. The options are:"],
  ] as const)(
    '%s %j: names the nearest option and the options there are, exit 2',
    async (command, args, message) => {
      const result = await runMain(command, [...args]);
      expect(result.code).toBe(2);
      const [first = '', second] = result.stderr.split('\n');
      expect(first.startsWith(`organiser:${command}: ${message}`), first).toBe(true);
      expect(first).toMatch(/The options are: (--[a-z-]+, )+-h\/--help\.$/);
      // Not node:util's own text (its example has an unclosed quote).
      expect(result.stderr).not.toContain('To specify a positional argument');
      expect(second).toBe(`Run \`npm run organiser:${command} -- --help\` for usage.`);
    },
  );

  it('check against an emulator that is not running: exit 1 with a clear message', async () => {
    const result = await runScript('check', []);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^organiser:check failed: Listing gs:\/\/demo-reunion\.firebasestorage\.app\/members\/: cannot reach the Storage emulator at http:\/\/127\.0\.0\.1:9 /,
    );
  });

  it('members against an Auth emulator that is not running: exit 1 with a clear message', async () => {
    const result = await runScript('members', ['list']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^organiser:members failed: Listing the accounts: cannot reach the Auth emulator at http:\/\/127\.0\.0\.1:9 /,
    );
  });

  it.each([
    ['check', [], ', bucket gs://my-real-reunion.firebasestorage.app'],
    ['members', ['list'], ''],
    ['photos', ['list'], ', bucket gs://my-real-reunion.firebasestorage.app'],
    ['faces', ['list'], ', bucket gs://my-real-reunion.firebasestorage.app'],
    ['auth-settings', [], ''],
  ] as const)(
    'a real project without Google credentials: %s says where it would act and how to log in, exit 1',
    async (command, args, bucket) => {
      const result = await runScript(command, [...args, '--project', 'my-real-reunion'], {
        GOOGLE_APPLICATION_CREDENTIALS: join(REPO_ROOT, 'no-such-credentials.json'),
        // Set in the shell, they must not send a real project's command to an emulator.
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
        FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9',
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe(
        `Target: Firebase project my-real-reunion (a project id, not an alias from .firebaserc)${bucket}\n` +
          'Note: "my-real-reunion" is not an alias in .firebaserc (its aliases: default (demo-reunion)), so it ' +
          'is taken as a Firebase project id. To give the project an alias, add "<alias>": "<project id>" under ' +
          '"projects" in .firebaserc.\n',
      );
      expect(result.stderr).toMatch(
        new RegExp(
          `^organiser:${command} failed: No Google credentials for the real project my-real-reunion\\. Log in once with \`gcloud auth application-default login\``,
        ),
      );
    },
  );
});

describe('formatTable', () => {
  it('pads columns to the widest cell', () => {
    expect(
      formatTable(
        ['File', 'Result'],
        [
          ['a.pdf', 'uploaded'],
          ['long-name.pdf', 'unknown'],
        ],
      ),
    ).toEqual([
      'File           Result',
      '-------------  --------',
      'a.pdf          uploaded',
      'long-name.pdf  unknown',
    ]);
  });
});

describe('parseCommandLine', () => {
  const OPTIONS = {
    project: { type: 'string' },
    bucket: { type: 'string' },
    'dry-run': { type: 'boolean' },
  } as const;
  const refusal = (argv: string[]) => {
    try {
      parseCommandLine(argv, OPTIONS);
    } catch (err) {
      expect(err).toBeInstanceOf(UsageError);
      return (err as Error).message;
    }
    throw new Error(`accepted ${argv.join(' ')}`);
  };

  it('parses the options, with -h/--help added', () => {
    expect(parseCommandLine(['a', '--dry-run', '--project=production', '-h'], OPTIONS)).toMatchObject({
      values: { 'dry-run': true, project: 'production', help: true },
      positionals: ['a'],
    });
  });

  it('an unknown option: the nearest known one, if any, and every option', () => {
    expect(refusal(['--dryrun'])).toBe(
      "Unknown option '--dryrun'. Did you mean --dry-run? The options are: --project, --bucket, --dry-run, -h/--help.",
    );
    expect(refusal(['folder', '--projct=production'])).toMatch(
      /^Unknown option '--projct'\. Did you mean --project\?/,
    );
    expect(refusal(['-x'])).toBe(
      "Unknown option '-x'. The options are: --project, --bucket, --dry-run, -h/--help.",
    );
  });

  it('an option without its value, or a value for a switch', () => {
    expect(refusal(['--project'])).toBe('--project needs a value.');
    expect(refusal(['--dry-run=yes'])).toBe('--dry-run takes no value: write just --dry-run.');
  });
});
