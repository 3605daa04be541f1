/**
 * Clicks on buttons before the site's JavaScript has taken over the build-time HTML. A link works on its own
 * (the browser follows it), but a button (the menu on a phone, the sections list) does nothing until React has
 * hydrated it: those clicks are kept, in order, and made again once it has, so a visitor who taps the menu in the
 * first second gets the menu.
 */
export interface EarlyClicks {
  /** Clicks the kept buttons again (each as often as it was clicked) and stops keeping clicks. */
  replay(): void;
}

export function captureEarlyClicks(doc: Document = document): EarlyClicks {
  const clicked: HTMLButtonElement[] = [];
  // (A disabled button gets no click event at all.)
  const keep = (event: Event) => {
    const button = (event.target as Element).closest?.('button');
    if (button) clicked.push(button);
  };
  doc.addEventListener('click', keep, true);
  return {
    replay() {
      doc.removeEventListener('click', keep, true);
      for (const button of clicked.splice(0)) if (button.isConnected) button.click();
    },
  };
}
