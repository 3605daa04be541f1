/**
 * Before each test file of a project whose files share a worker (vitest.config.ts, sharingWorkers): what the file
 * changes in the process is undone after it, as a fresh worker would have it. process.env as it was (connectAdmin sets
 * the emulators' variables for the rest of the process; tests change PATH or stub variables), the real clock and the
 * real globals; and where the files share one jsdom document (the component tests), its address, storage and body.
 */
import { afterAll, vi } from 'vitest';

const before = { ...process.env };
const address = typeof window === 'undefined' ? undefined : window.location.href;

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  Object.assign(process.env, before);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  if (address === undefined) return;
  window.history.replaceState(null, '', address);
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.body.replaceChildren();
});
