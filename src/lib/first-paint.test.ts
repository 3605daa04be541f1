import { afterFirstPaint } from './first-paint';

/** A window whose paint entries the test hands out. */
function fakeWindow() {
  let observe: ((names: string[]) => void) | undefined;
  class Observer {
    constructor(callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
      observe = (names) => callback({ getEntriesByName: (name) => names.filter((n) => n === name) });
    }
    observe() {}
    disconnect() {}
  }
  const win = {
    PerformanceObserver: Observer,
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  } as unknown as Parameters<typeof afterFirstPaint>[0];
  return { win, paint: (...names: string[]) => observe?.(names) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint, not for any paint', async () => {
    const { win, paint } = fakeWindow();
    let resolved = false;
    const started = afterFirstPaint(win).then(() => (resolved = true));
    paint('first-paint'); // the background, before the content
    await tick();
    expect(resolved).toBe(false);
    paint('first-contentful-paint');
    await started;
    expect(resolved).toBe(true);
  });

  it('does not wait forever for a paint that never comes', async () => {
    const { win } = fakeWindow();
    await expect(afterFirstPaint(win, 20)).resolves.toBeUndefined();
  });
});
