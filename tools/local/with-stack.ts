import { spawn } from 'node:child_process';
import { SITE_URL } from './config.ts';

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1500) });
    return true;
  } catch {
    return false;
  }
}

export interface StartedStack {
  /** False when a stack was already running (npm start) and is left alone. */
  started: boolean;
  /** Stops the stack this call started (nothing if it reused one). */
  stop: () => Promise<void>;
}

/**
 * The local stack for a test or benchmark: reuses one that is already running (npm start), else starts
 * `tools/local/stack.ts` (serving the current dist/) and resolves once it has seeded the demo data.
 * `beforeStart` runs only when a new stack is about to start (e.g. a build of dist/); `env` is added to the new
 * stack's environment.
 */
export async function startStack(
  beforeStart?: () => void,
  env: NodeJS.ProcessEnv = {},
): Promise<StartedStack> {
  if (await answers(`${SITE_URL}/home`)) {
    console.log(`Using the stack already running at ${SITE_URL}`);
    return { started: false, stop: async () => {} };
  }
  beforeStart?.();
  console.log('Starting the local stack…');
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/local/stack.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
    detached: true,
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The stack did not start within 180 s:\n${output}`)),
      180_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('The reunion website is running')) {
        clearTimeout(timer);
        // From here on its output (the Hosting emulator's line for every request) is read and let go: kept and
        // searched whole again at every line, its cost grew with the square of its length (30,000 lines: 6.3
        // CPU-seconds against 0.5).
        child.stdout.off('data', read);
        child.stdout.resume();
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The stack exited (${code}):\n${output}`));
    });
  });
  const stop = async () => {
    child.removeAllListeners('exit');
    const stopped = new Promise((resolve) => child.once('exit', resolve));
    if (child.pid) process.kill(-child.pid, 'SIGINT');
    await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  };
  return { started: true, stop };
}

/** Runs `work` against the local stack (see startStack) and stops what it started afterwards. */
export async function withStack<T>(work: () => Promise<T>): Promise<T> {
  const stack = await startStack();
  try {
    return await work();
  } finally {
    await stack.stop();
  }
}
