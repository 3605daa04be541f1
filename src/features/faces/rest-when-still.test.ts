import {
  createFrameGate,
  QUIET_FRAMES,
  restWhenStill,
  type FrameApi,
  type StillViewer,
} from './rest-when-still';

/** The browser's frames by hand: each runFrame() runs what was asked for before it. */
function fakeBrowser() {
  let nextId = 1;
  const waiting = new Map<number, (time: number) => void>();
  const api: FrameApi = {
    requestAnimationFrame(callback) {
      waiting.set(nextId, callback);
      return nextId++;
    },
    cancelAnimationFrame(id) {
      waiting.delete(id);
    },
  };
  return {
    api,
    get waiting() {
      return waiting.size;
    },
    runFrame() {
      const now = [...waiting.values()];
      waiting.clear();
      for (const callback of now) callback(0);
    },
  };
}

/** A viewer as OpenSeadragon's loop drives it: each frame it updates, then asks for the next frame. */
function fakeViewer(frames: FrameApi) {
  const raised: string[] = [];
  const state = { loading: 0, needsDraw: false, fullyLoaded: true, updates: 0 };
  const viewer: StillViewer & { loopId: number | null } = {
    element: new EventTarget(),
    container: {} as Element,
    imageLoader: {
      get jobsInProgress() {
        return state.loading;
      },
      jobQueue: [],
    },
    world: {
      needsDraw: () => state.needsDraw,
      getItemCount: () => 1,
      getItemAt: () => ({ getFullyLoaded: () => state.fullyLoaded }),
      raiseEvent: (name: string) => Boolean(raised.push(`world:${name}`)),
    },
    raiseEvent: (name: string) => Boolean(raised.push(name)),
    loopId: null,
  };
  const loop = () => {
    state.updates++;
    viewer.loopId = frames.requestAnimationFrame(loop);
  };
  return { viewer, state, raised, start: loop };
}

describe('a gate for animation frames', () => {
  it('asks the browser while awake, holds while asleep and hands on on waking, each cancelled by its own id', () => {
    const browser = fakeBrowser();
    const gate = createFrameGate(browser.api);
    const ran: string[] = [];
    gate.requestAnimationFrame(() => ran.push('awake'));
    expect(browser.waiting).toBe(1);
    gate.sleep();
    const held = gate.requestAnimationFrame(() => ran.push('held'));
    gate.requestAnimationFrame(() => ran.push('held, cancelled'));
    const cancelled = gate.requestAnimationFrame(() => ran.push('cancelled while held'));
    gate.cancelAnimationFrame(cancelled);
    expect(browser.waiting).toBe(1);
    browser.runFrame();
    expect(ran).toEqual(['awake']);
    gate.wake();
    expect(browser.waiting).toBe(2);
    gate.cancelAnimationFrame(held + 1);
    expect(browser.waiting).toBe(1);
    browser.runFrame();
    expect(ran).toEqual(['awake', 'held']);
    // An id the gate gave and that has run cancels nothing; a browser id from before the gate is the browser's.
    const before = browser.api.requestAnimationFrame(() => ran.push('before the gate'));
    gate.cancelAnimationFrame(held);
    expect(browser.waiting).toBe(1);
    gate.cancelAnimationFrame(before);
    expect(browser.waiting).toBe(0);
    expect(held).toBeGreaterThan(0);
  });

  it('forgets what it holds when dropped', () => {
    const browser = fakeBrowser();
    const gate = createFrameGate(browser.api);
    gate.sleep();
    gate.requestAnimationFrame(() => {
      throw new Error('ran after the viewer was gone');
    });
    gate.drop();
    gate.wake();
    expect(browser.waiting).toBe(0);
  });
});

/** A fake viewer under restWhenStill, its loop not yet started. */
function restingViewer() {
  const browser = fakeBrowser();
  const frames = { ...browser.api };
  const fake = fakeViewer(frames);
  const undo = restWhenStill(fake.viewer, frames);
  const runFrames = (count: number) => {
    for (let frame = 0; frame < count; frame++) browser.runFrame();
  };
  return { ...fake, browser, frames, undo, runFrames };
}

describe('a still picture', () => {
  it('lets the loop sleep after QUIET_FRAMES frames of nothing to do, and wakes on any event of the viewer', () => {
    const { viewer, state, raised, start, browser, undo, runFrames } = restingViewer();
    start();
    runFrames(QUIET_FRAMES + 5);
    expect(state.updates).toBe(QUIET_FRAMES);
    expect(browser.waiting).toBe(0);

    // The page flies to a face: the viewport raises its zoom, the loop runs again and passes the event on.
    viewer.raiseEvent('zoom' as never);
    expect(raised).toEqual(['zoom']);
    expect(browser.waiting).toBe(1);
    runFrames(1);
    expect(state.updates).toBe(QUIET_FRAMES + 1);
    runFrames(QUIET_FRAMES + 5);
    expect(browser.waiting).toBe(0);

    // A tile of the world arrives.
    viewer.world.raiseEvent('add-item' as never);
    expect(raised).toEqual(['zoom', 'world:add-item']);
    expect(browser.waiting).toBe(1);
    undo();
  });

  it('wakes on a pointer, wheel or key on the picture', () => {
    const { viewer, start, browser, undo, runFrames } = restingViewer();
    start();
    for (const name of ['wheel', 'pointerdown', 'keydown', 'touchstart']) {
      runFrames(QUIET_FRAMES + 1);
      expect(browser.waiting).toBe(0);
      viewer.element.dispatchEvent(new Event(name));
      expect(browser.waiting, name).toBe(1);
    }
    undo();
  });

  it('keeps the loop running while a tile is fetched, something is left to draw or the view is not all in', () => {
    for (const unsettle of [
      (state: { loading: number }) => (state.loading = 1),
      (state: { needsDraw: boolean }) => (state.needsDraw = true),
      (state: { fullyLoaded: boolean }) => (state.fullyLoaded = false),
    ]) {
      const { state, start, browser, undo, runFrames } = restingViewer();
      unsettle(state);
      start();
      runFrames(QUIET_FRAMES * 3);
      expect(browser.waiting).toBe(1);
      expect(state.updates).toBe(QUIET_FRAMES * 3 + 1);
      undo();
    }
  });

  it('gives OpenSeadragon its own frames back when undone, and its cancel reaches a request held', () => {
    const { viewer, start, browser, frames, undo, runFrames } = restingViewer();
    start();
    runFrames(QUIET_FRAMES + 1);
    // What viewer.destroy() does: cancels its last request, held by the gate; nothing runs after.
    frames.cancelAnimationFrame(viewer.loopId!);
    viewer.element.dispatchEvent(new Event('wheel'));
    expect(browser.waiting).toBe(0);
    undo();
    expect(frames.requestAnimationFrame).toBe(browser.api.requestAnimationFrame);
    expect(frames.cancelAnimationFrame).toBe(browser.api.cancelAnimationFrame);
    // Undone, a second viewer can rest in its turn.
    const second = fakeViewer(frames);
    const undoSecond = restWhenStill(second.viewer, frames);
    second.start();
    runFrames(QUIET_FRAMES + 1);
    expect(browser.waiting).toBe(0);
    undoSecond();
  });
});
