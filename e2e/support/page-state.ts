/** What a page is doing: at rest or not, and how its layout moved. */
import type { Page } from '@playwright/test';

/**
 * Waits until the page is at rest instead of sleeping: no network request for 500 ms (lazy chunks,
 * auth state, delayed section scrolls have run), then no finite animation or transition running and no
 * Bootstrap collapse in progress (an endless spinner does not count).
 */
export async function settled(page: Page, { network = true } = {}): Promise<void> {
  // A state that holds a request open on purpose (a download under way) never reaches network idle.
  if (network) await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector('.collapsing') &&
      document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Records every layout shift of each page the context opens from now on, each with what moved (tag and
 * classes), so a failure says where to look. Read them with layoutShifts().
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { __shifts: string[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node }[];
      })[]) {
        const moved = (entry.sources ?? []).map((source) => {
          const element = source.node instanceof Element ? source.node : source.node?.parentElement;
          return element ? `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}` : '?';
        });
        shifts.push(`${entry.value.toFixed(4)}: ${moved.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts of the current page so far (see recordLayoutShifts). */
export function layoutShifts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
}
