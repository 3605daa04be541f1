import { spawn } from 'node:child_process';
import { SITE_URL } from './local-stack-config.ts';

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1500) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `work` against the local stack: reuses one that is already running (npm start), else starts
 * `scripts/stack.ts` (serving the current dist/), waits until it has seeded the demo data, and stops it
 * afterwards.
 */
export async function withStack<T>(work: () => Promise<T>): Promise<T> {
  if (await answers(`${SITE_URL}/home`)) {
    console.log(`Using the stack already running at ${SITE_URL}`);
    return work();
  }
  console.log('Starting the local stack…');
  const child = spawn('npx', ['tsx', 'scripts/stack.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The stack did not start within 180 s:\n${output}`)),
      180_000,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('The reunion website is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The stack exited (${code}):\n${output}`));
    });
  });
  try {
    return await work();
  } finally {
    child.removeAllListeners('exit');
    const stopped = new Promise((resolve) => child.once('exit', resolve));
    if (child.pid) process.kill(-child.pid, 'SIGINT');
    await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  }
}
