/**
 * Bootstrap's collapse, for the navbars of the public pages: what react-bootstrap's <Collapse> does with
 * react-transition-group, in the few lines these two navbars need, so that every public page does not load
 * about 3.5 KB (gzipped) of transition machinery for a menu that most visitors never open.
 *
 * Bootstrap's CSS: `.collapse:not(.show)` is hidden; `.collapsing` has `height: 0; overflow: hidden` and a
 * height transition (none when the visitor prefers reduced motion).
 */

/** Seconds of the element's height transition as the stylesheet sets it (0 under reduced motion). */
export function transitionSeconds(
  style: Pick<CSSStyleDeclaration, 'transitionDuration' | 'transitionDelay'>,
): number {
  const first = (value: string) => Number.parseFloat(value.split(',')[0] ?? '') || 0;
  return first(style.transitionDuration) + first(style.transitionDelay);
}

/**
 * Opens or closes `element` with the height transition, and calls `onDone` once it is over. Returns a
 * function that ends the transition at once (in its end state): for a new toggle before it is over, or
 * when the element goes away.
 */
export function collapseTransition(element: HTMLElement, open: boolean, onDone?: () => void): () => void {
  const startHeight = open ? 0 : element.getBoundingClientRect().height;
  element.classList.remove('collapse', 'show');
  element.classList.add('collapsing');
  element.style.height = `${startHeight}px`;
  void element.offsetHeight; // apply the start height, so the change below is a transition
  element.style.height = open ? `${element.scrollHeight}px` : '0px';

  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    window.clearTimeout(timer);
    element.removeEventListener('transitionend', onEnd);
    element.classList.remove('collapsing');
    element.classList.add('collapse');
    element.classList.toggle('show', open);
    element.style.height = '';
    onDone?.();
  };
  const onEnd = (event: TransitionEvent) => {
    if (event.target === element && event.propertyName === 'height') finish();
  };
  const seconds = transitionSeconds(getComputedStyle(element));
  element.addEventListener('transitionend', onEnd);
  // No transition (reduced motion): done now. Otherwise a timer in case transitionend never comes.
  const timer = window.setTimeout(finish, seconds > 0 ? seconds * 1000 + 50 : 0);
  if (seconds === 0) finish();
  return finish;
}
