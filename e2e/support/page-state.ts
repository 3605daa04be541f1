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

/** A box as a layout shift reports it (DOMRectReadOnly's edges, in CSS px). */
export interface Edges {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * One layout shift: its score and each box that moved (tag and classes, where it was and where it went, and whether
 * it lies within the element recordLayoutShifts was asked to tell apart).
 */
export interface LayoutShift {
  value: number;
  moved: { what: string; before: Edges; after: Edges; within: boolean }[];
}

type RecordedWindow = Window & { __shifts: LayoutShift[] };

/**
 * Records every layout shift of each page the context opens from now on, each with what moved (tag and
 * classes and where it was and went), so a failure says where to look; with `within` (a selector), whether each box
 * lies within that element (a box no longer in the page cannot be placed: it does not). Read them with
 * layoutShifts() or recordedShifts().
 */
export async function recordLayoutShifts(page: Page, { within = '' } = {}): Promise<void> {
  await page.addInitScript((within) => {
    const shifts: LayoutShift[] = [];
    (window as unknown as RecordedWindow).__shifts = shifts;
    const edges = ({ left, top, right, bottom }: DOMRectReadOnly) => ({ left, top, right, bottom });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        shifts.push({
          value: entry.value,
          moved: (entry.sources ?? []).map((source) => {
            const element = source.node instanceof Element ? source.node : source.node?.parentElement;
            return {
              what: element ? `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}` : '?',
              before: edges(source.previousRect),
              after: edges(source.currentRect),
              within: !!within && !!element?.isConnected && !!element.closest(within),
            };
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, within);
}

/** The layout shifts of the current page so far, each with the boxes that moved (see recordLayoutShifts). */
export function recordedShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as RecordedWindow).__shifts);
}

/** A shift as the tests compare it: its score and what moved. */
export function shiftText({ value, moved }: LayoutShift): string {
  return `${value.toFixed(4)}: ${moved.map(({ what }) => what).join(', ')}`;
}

/** The layout shifts of the current page so far (see recordLayoutShifts), each as its score and what moved. */
export async function layoutShifts(page: Page): Promise<string[]> {
  return (await recordedShifts(page)).map(shiftText);
}
