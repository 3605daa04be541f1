/** Helpers for the organiser commands' tests (not used by the commands). */
import { afterAll, beforeAll } from 'vitest';
import { startAuthEmulator, type RunningAuthEmulator } from '../../tools/local/auth/emulator.ts';
import { freePort } from '../../tools/local/ports.ts';
import { startStorageEmulator, type RunningStorageEmulator } from '../../tools/local/storage/emulator.ts';
import type { CommandContext, Io } from './cli.ts';
import { connectAdmin, hostOf, type AdminConnection } from '../../admin/firebase-admin.ts';

export { freePort };

/** An Io that keeps what a command prints. */
export function captureIo(): Io & { stdout: string[]; stderr: string[]; text(): string } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (line) => stdout.push(line),
    err: (line) => stderr.push(line),
    text: () => [...stdout, ...stderr].join('\n'),
  };
}

/**
 * The control characters in what a command printed, but tab and line feed (C0, DEL, C1): a relative's text
 * must reach the terminal without any.
 */
export function controlCharacters(lines: readonly string[]): string[] {
  return [...lines.join('')].filter((char) => {
    const code = char.charCodeAt(0);
    return (code < 0x20 && char !== '\t' && char !== '\n') || (code >= 0x7f && code <= 0x9f);
  });
}

/** A connect() that fails the test if a command tries to reach Firebase at all. */
export const noConnection: CommandContext['connect'] = () =>
  Promise.reject(new Error('test: this command may not connect to Firebase here'));

export interface TestEmulators {
  /** The Auth emulator (firebase-tools' own app, in this process on a free port). */
  readonly auth: RunningAuthEmulator;
  /** The Storage emulator (ours: firebase-tools' server with the storage.rules mirror), on a free port. */
  readonly storage: RunningStorageEmulator;
  /** The Admin SDK connected to both. */
  readonly admin: AdminConnection;
  /** A command's context acting on them, printing into a captured Io. */
  context(io?: ReturnType<typeof captureIo>): Partial<CommandContext> & { io: ReturnType<typeof captureIo> };
  /**
   * A command's context for a real project (`--project <id>`), the emulators standing in for its Storage and Auth:
   * every question the command asks is kept in `asked` and answered with `answer` (undefined: no terminal).
   */
  realProjectContext(answer: string | undefined): {
    asked: string[];
    ctx: ReturnType<TestEmulators['context']> & Pick<CommandContext, 'connect' | 'ask'>;
  };
}

/**
 * The emulators an organiser command's test acts on: started before the file's tests, stopped after, on free ports
 * (never the local stack's fixed ones, so the tests run beside `npm start` and each other). Call at the top level
 * of a test file; read the fields inside tests and hooks.
 */
export function useTestEmulators(projectId = 'demo-reunion'): TestEmulators {
  let auth: RunningAuthEmulator | undefined;
  let storage: RunningStorageEmulator | undefined;
  let admin: AdminConnection | undefined;
  beforeAll(async () => {
    [auth, storage] = await Promise.all([
      startAuthEmulator({ projectId }),
      freePort().then((port) => startStorageEmulator({ projectId, host: '127.0.0.1', port })),
    ]);
    admin = connectAdmin({ projectId, emulators: { auth: hostOf(auth.url), storage: hostOf(storage.url) } });
  });
  afterAll(async () => {
    await admin?.close();
    await Promise.all([storage?.stop(), auth?.stop()]);
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`test: the ${what} is not started (useTestEmulators runs in beforeAll)`);
    return value;
  };
  return {
    get auth() {
      return started(auth, 'Auth emulator');
    },
    get storage() {
      return started(storage, 'Storage emulator');
    },
    get admin() {
      return started(admin, 'Admin SDK');
    },
    context(io = captureIo()) {
      return {
        env: {
          AUTH_EMULATOR_URL: started(auth, 'Auth emulator').url,
          STORAGE_EMULATOR_URL: started(storage, 'Storage emulator').url,
        },
        io,
      };
    },
    realProjectContext(answer) {
      const asked: string[] = [];
      return {
        asked,
        ctx: {
          ...this.context(),
          connect: () =>
            Promise.resolve(
              connectAdmin({
                projectId,
                emulators: {
                  auth: hostOf(started(auth, 'Auth emulator').url),
                  storage: hostOf(started(storage, 'Storage emulator').url),
                },
              }),
            ),
          ask: (question: string) => {
            asked.push(question);
            return Promise.resolve(answer);
          },
        },
      };
    },
  };
}
