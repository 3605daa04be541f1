/** Helpers for the organiser commands' tests (not used by the commands). */
import { createServer, type AddressInfo } from 'node:net';

import type { Io } from './cli.ts';

/** A port nothing listens on right now (never one of the local stack's fixed ports). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

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

/** Fails the test if a command tries to get Google credentials. */
export function noCredentials(): Promise<string> {
  return Promise.reject(new Error('test: no Google credentials may be requested here'));
}
