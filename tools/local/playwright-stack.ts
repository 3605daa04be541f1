/**
 * The local stack as Playwright's webServer: the one already running (npm start, or npm test's), else a new one,
 * and "The reunion website is running" printed only once the demo data is seeded (tools/local/with-stack.ts).
 * Playwright waits for that line alone (playwright.config.ts): with a `url` beside it, Playwright takes whichever
 * answers first, and the site answers before the seed is done (the documents' text and its OCR take a while).
 * Stops the stack it started on SIGINT or SIGTERM (Playwright's graceful shutdown), and when Playwright is gone
 * without saying so: Playwright starts its web server in a process group of its own, so a run stopped from outside
 * (npm test stopping the browser lane once another lane failed) stops Playwright and not this, which would sit idle
 * as long as the machine runs. Orphaned, its parent is no longer Playwright (playwright.config.ts starts it with
 * `exec`, so its parent is Playwright itself, not a shell).
 */
import { SITE_URL } from './config.ts';
import { startStack } from './with-stack.ts';

// Read before the stack's start, which takes a while: Playwright may be gone by its end.
const parent = process.ppid;
const stack = await startStack();
console.log(
  `The reunion website is running at ${SITE_URL}/home${stack.started ? '' : ' (a stack already running)'}`,
);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void stack.stop().finally(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// Kept alive until Playwright stops it, or goes.
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 2_000);
