/**
 * Before each test file of a project whose files share a worker (vitest.config.ts, sharingWorkers): what the file
 * changes in the process is undone after it, as a fresh worker would have it. process.env as it was (connectAdmin sets
 * the emulators' variables for the rest of the process; tests change PATH or stub variables), and the real clock.
 */
import { afterAll, vi } from 'vitest';

const before = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  Object.assign(process.env, before);
  vi.useRealTimers();
});
