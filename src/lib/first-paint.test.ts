import { afterFirstPaint } from './first-paint';

/** A window whose paint entries and animation frames the test hands out. */
function fakeWindow({ paintTiming }: { paintTiming: boolean }) {
  let observe: ((names: string[]) => void) | undefined;
  const frames: (() => void)[] = [];
  class Observer {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['mark'];
    constructor(callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
      observe = (names) => callback({ getEntriesByName: (name) => names.filter((n) => n === name) });
    }
    observe() {}
    disconnect() {}
  }
  const win = {
    PerformanceObserver: Observer,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  } as unknown as Parameters<typeof afterFirstPaint>[0];
  return { win, paint: (...names: string[]) => observe?.(names), frames };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint, not for any paint', async () => {
    const { win, paint } = fakeWindow({ paintTiming: true });
    let resolved = false;
    const started = afterFirstPaint(win).then(() => (resolved = true));
    paint('first-paint'); // the background, before the content
    await tick();
    expect(resolved).toBe(false);
    paint('first-contentful-paint');
    await started;
    expect(resolved).toBe(true);
  });

  it('waits for the next animation frame where there is no Paint Timing', async () => {
    const { win, frames } = fakeWindow({ paintTiming: false });
    let resolved = false;
    const started = afterFirstPaint(win).then(() => (resolved = true));
    await tick();
    expect(resolved).toBe(false);
    frames[0]!();
    await started;
    expect(resolved).toBe(true);
  });

  it('does not wait forever for a paint that never comes', async () => {
    const { win } = fakeWindow({ paintTiming: true });
    await expect(afterFirstPaint(win, 20)).resolves.toBeUndefined();
  });
});
