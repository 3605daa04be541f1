/**
 * Clicks on buttons before the site's JavaScript has taken over the build-time HTML. A link works on its own
 * (the browser follows it), but a button (the menu on a phone, the sections list) does nothing until React has
 * hydrated it: those clicks are kept, in order, and made again once it has, so a visitor who taps the menu in the
 * first second gets the menu.
 */
export interface EarlyClicks {
  /**
   * Stops keeping clicks: call it when React takes the page over (hydrateRoot). From then on React's own
   * listener receives the click; that React also handles it once the button is hydrated is assumed, not tested.
   */
  stop(): void;
  /** Clicks the kept buttons again (each as often as it was clicked) and stops keeping clicks. */
  replay(): void;
}

/** The clicks being kept for the page (captureEarlyClicks): the app reaches them through the two functions below. */
let current: EarlyClicks | undefined;

/**
 * Stops keeping clicks, keeping those already kept for replayEarlyClicks. The app calls it as React takes the page
 * over (hydrateRoot): see EarlyClicks.stop.
 */
export function stopKeepingEarlyClicks(): void {
  current?.stop();
}

/**
 * Replays the kept clicks (once; later calls do nothing). The app calls it once the page's content has hydrated:
 * a button React has not yet hydrated (its part of the page still suspended) would ignore the click.
 */
export function replayEarlyClicks(): void {
  current?.replay();
  current = undefined;
}

export function captureEarlyClicks(doc: Document = document): EarlyClicks {
  const clicked: HTMLButtonElement[] = [];
  // (A disabled button gets no click event at all.)
  const keep = (event: Event) => {
    const button = (event.target as Element).closest?.('button');
    if (button) clicked.push(button);
  };
  doc.addEventListener('click', keep, true);
  const stop = () => doc.removeEventListener('click', keep, true);
  current = {
    stop,
    replay() {
      stop();
      for (const button of clicked.splice(0)) if (button.isConnected) button.click();
    },
  };
  return current;
}
