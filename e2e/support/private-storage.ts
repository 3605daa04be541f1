/** A browser test's own Storage emulator (the stack's bucket is shared with the tests running beside it). */
import type { BrowserContext } from '@playwright/test';
import { STORAGE_URL } from '../../tools/local/config.ts';

/** Sends the pages' Storage requests to `storageUrl` (a Storage emulator of the test's own) instead of the stack's. */
export async function routeStorageTo(context: BrowserContext, storageUrl: string): Promise<void> {
  const port = new URL(storageUrl).port;
  await context.route(`${STORAGE_URL}/**`, async (route) => {
    const url = route.request().url().replace(STORAGE_URL, `http://127.0.0.1:${port}`);
    try {
      await route.fulfill({ response: await route.fetch({ url }) });
    } catch (error) {
      // A request the page gave up while it was under way (a thumbnail scrolled away, the page left), or still had
      // under way when the test ended (Playwright then ends the fetch with "Test ended"): nothing to answer.
      // Anything else is the test's failure.
      if (!/disposed|closed|Test ended|Route is already handled/i.test(String(error))) throw error;
    }
  });
}
