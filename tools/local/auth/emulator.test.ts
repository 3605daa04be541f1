/**
 * The in-process Auth emulator starts quickly (its validators compiled on first use) and still validates each request
 * against the API's schema as `firebase emulators:start` does.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startAuthEmulator, type RunningAuthEmulator } from './emulator.ts';

const run = promisify(execFile);
const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const started: RunningAuthEmulator[] = [];
afterAll(() => Promise.all(started.map((emulator) => emulator.stop())));

const signUp = (emulator: RunningAuthEmulator, body: object) =>
  fetch(`${emulator.url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('startAuthEmulator', () => {
  it('starts with little work, twice in one process, and each answers on its own port', async () => {
    started.push(await startAuthEmulator({ projectId: 'demo-auth-test' }));
    // CPU time, which a busy machine does not stretch as it stretches the wall clock, of a start once the modules are
    // loaded, measured in a process of its own (this one's other threads run other test files): compiling every
    // validator up front took about 5 s of it at each start here; on first use, about 0.5 s.
    const { stdout } = await run(TSX, [fileURLToPath(new URL('./start-cpu.ts', import.meta.url))]);
    const { cpuSeconds, urls } = JSON.parse(stdout) as { cpuSeconds: number; urls: string[] };
    expect(cpuSeconds).toBeLessThan(1.5);
    expect(urls[0]).not.toBe(urls[1]);
  });

  it('creates an account from a valid request and refuses one the schema does not allow, with its reason', async () => {
    const [emulator] = started;
    const valid = await signUp(emulator!, { email: 'cousin@example.com', password: 'long-enough-1' });
    expect(valid.status).toBe(200);
    expect(await valid.json()).toMatchObject({ email: 'cousin@example.com' });

    const invalid = await signUp(emulator!, { email: { not: 'a string' }, password: 'long-enough-1' });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.message).toBe('Invalid JSON payload received. /email must be string');
  });
});
