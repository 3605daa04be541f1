/** The commands as organisers run them (tsx, as the npm scripts do): --help, usage errors, exit codes. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { REPO_ROOT, formatTable } from './cli.ts';

const TSX = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const COMMANDS = ['upload', 'check', 'deploy', 'auth-settings', 'members', 'photos'] as const;

function runScript(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      [join(REPO_ROOT, 'organiser', 'commands', `${command}.ts`), ...args],
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

describe('organiser commands run directly', () => {
  it.each(COMMANDS)('%s --help: usage on stdout, exit 0', async (command) => {
    const result = await runScript(command, ['--help']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Usage: npm run organiser:${command}`));
    expect(result.stdout).toMatch(/Exit codes: 0 /);
  });

  it.each(COMMANDS)('%s --no-such-option: a message, no stack trace, exit 2', async (command) => {
    const result = await runScript(command, ['--no-such-option']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^organiser:${command}: Unknown option '--no-such-option'`));
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

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
        `Target: Firebase project my-real-reunion (a project id, not an alias from .firebaserc)${bucket}\n`,
      );
      expect(result.stderr).toMatch(
        new RegExp(
          `^organiser:${command} failed: No Google credentials for the real project\\. Log in once with \`gcloud auth application-default login\``,
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
