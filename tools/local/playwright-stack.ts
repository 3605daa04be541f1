/**
 * The local stack as Playwright's webServer: the one already running (npm start, or npm test's), else a new one,
 * and "The reunion website is running" printed only once the demo data is seeded (tools/local/with-stack.ts).
 * Playwright waits for that line alone (playwright.config.ts): with a `url` beside it, Playwright takes whichever
 * answers first, and the site answers before the seed is done (the documents' text and its OCR take a while).
 * Stops the stack it started on SIGINT or SIGTERM (Playwright's graceful shutdown).
 */
import { SITE_URL } from './config.ts';
import { startStack } from './with-stack.ts';

const stack = await startStack();
console.log(
  `The reunion website is running at ${SITE_URL}/home${stack.started ? '' : ' (a stack already running)'}`,
);
const stop = () => {
  void stack.stop().finally(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// Kept alive until Playwright stops it.
setInterval(() => {}, 1 << 30);
