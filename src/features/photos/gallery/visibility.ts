/**
 * Which gallery tiles are near the viewport, with two shared IntersectionObservers for all of them (thousands of
 * tiles, two observers): `near` (a little beyond the viewport: fetch the thumbnail) and `kept` (far beyond it: keep
 * it; outside this the tile lets its thumbnail go and revokes its object URL, so memory stays flat however far the
 * visitor scrolls). The gap between the two keeps a tile at the edge from loading and releasing over and over.
 */
export interface Visibility {
  near: boolean;
  kept: boolean;
}

type Listener = (visibility: Visibility) => void;

export const NEAR_MARGIN = '200px 0px';
export const KEEP_MARGIN = '1200px 0px';

export class VisibilityTracker {
  private readonly listeners = new Map<Element, { listener: Listener; state: Visibility }>();
  private readonly near?: IntersectionObserver;
  private readonly keep?: IntersectionObserver;

  constructor() {
    // Without IntersectionObserver (jsdom, very old browsers) every tile counts as near.
    if (typeof IntersectionObserver !== 'function') return;
    this.near = new IntersectionObserver((entries) => this.update(entries, 'near'), {
      rootMargin: NEAR_MARGIN,
    });
    this.keep = new IntersectionObserver((entries) => this.update(entries, 'kept'), {
      rootMargin: KEEP_MARGIN,
    });
  }

  private update(entries: IntersectionObserverEntry[], key: keyof Visibility): void {
    for (const entry of entries) {
      const registered = this.listeners.get(entry.target);
      if (!registered || registered.state[key] === entry.isIntersecting) continue;
      registered.state = { ...registered.state, [key]: entry.isIntersecting };
      registered.listener(registered.state);
    }
  }

  observe(element: Element, listener: Listener): () => void {
    if (!this.near || !this.keep) {
      listener({ near: true, kept: true });
      return () => {};
    }
    this.listeners.set(element, { listener, state: { near: false, kept: false } });
    this.near.observe(element);
    this.keep.observe(element);
    return () => {
      this.listeners.delete(element);
      this.near?.unobserve(element);
      this.keep?.unobserve(element);
    };
  }

  disconnect(): void {
    this.near?.disconnect();
    this.keep?.disconnect();
    this.listeners.clear();
  }
}
