/** Helpers for the organiser commands' tests (not used by the commands). */
import type { CommandContext, Io } from './cli.ts';

export { freePort } from '../../tools/local/ports.ts';

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

/** A connect() that fails the test if a command tries to reach Firebase at all. */
export const noConnection: CommandContext['connect'] = () =>
  Promise.reject(new Error('test: this command may not connect to Firebase here'));
