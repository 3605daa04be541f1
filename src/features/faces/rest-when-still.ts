/**
 * OpenSeadragon asks the browser for every animation frame for as long as a picture is open: its update loop looks
 * each frame whether anything moved and has no idle state and no option to stop. At rest, the group photo of 1976 so
 * kept a phone's processor and graphics busy (here 0.8 to 1.0 CPU-second in the page and 0.35 to 0.45 in the GPU
 * process every 10 s) while a relative read the list of names.
 *
 * This lets the loop sleep once the picture is still, and wakes it on anything that could change what it shows.
 * Still means: every tile of the view is in and none is being fetched, nothing is left to draw, and no event of the
 * viewer for QUIET_FRAMES frames. Wakes: a pointer, wheel, touch, key or focus on the picture, a change of its size,
 * and any event the viewer or its world raises (zoom, pan, home, overlays, tiles, opening). The page's own calls
 * (flying to a face, the zoom buttons, the boxes drawn again) go through the viewport and the overlays, which raise
 * such events, so they need no wake of their own.
 *
 * It works where OpenSeadragon itself asks for frames, `OpenSeadragon.requestAnimationFrame` (public, if not typed):
 * the loop asks for its next frame at the end of each update, and a sleeping loop's request is held, not dropped, and
 * handed to the browser on waking, so OpenSeadragon's own bookkeeping (the request it keeps to cancel on closing)
 * stays whole. One viewer at a time: a second one open at once keeps OpenSeadragon's own loop.
 */

type Frame = (time: number) => void;

/** Where OpenSeadragon asks for frames (`OpenSeadragon.requestAnimationFrame` and its cancel). */
export interface FrameApi {
  requestAnimationFrame(callback: Frame): number;
  cancelAnimationFrame(id: number): void;
}

/** What of a viewer this reads: its loader, its world, its events and its element. */
export interface StillViewer {
  element: EventTarget;
  container: Element;
  imageLoader: { jobsInProgress: number; jobQueue: readonly unknown[] };
  world: {
    needsDraw(): boolean;
    getItemCount(): number;
    getItemAt(index: number): { getFullyLoaded(): boolean };
    raiseEvent(name: never, args?: object): boolean;
  };
  raiseEvent(name: never, args?: object): boolean;
  raiseEventAwaiting?(name: never, args?: object, bindTarget?: unknown): Promise<unknown>;
}

const FIRST_GATE_ID = 2 ** 30;

/** Frames with nothing to do before the loop sleeps: about half a second at 60 frames a second. */
export const QUIET_FRAMES = 30;

/** What a person does on the picture that may move it (pointer events cover mouse and pen; touch for old Safari). */
const WAKING_EVENTS = [
  'pointerdown',
  'pointermove',
  'pointerup',
  'pointercancel',
  'wheel',
  'touchstart',
  'touchmove',
  'touchend',
  'keydown',
  'keyup',
  'focusin',
  'focusout',
] as const;

/**
 * Frames asked for through a gate that can sleep: while asleep, a request is held and handed to the browser on
 * waking. Ids are the gate's own, so a request held and later handed on is cancelled by the same id; they start far
 * above the browser's own (which count from 1), so that a request made before the gate was put in place is still
 * cancelled by the browser's id, and the id of one already run cancels nothing.
 */
export function createFrameGate(browser: FrameApi) {
  let asleep = false;
  let nextId = FIRST_GATE_ID;
  const held = new Map<number, Frame>();
  const asked = new Map<number, number>();
  const ask = (id: number, callback: Frame) => {
    asked.set(
      id,
      browser.requestAnimationFrame((time) => {
        asked.delete(id);
        callback(time);
      }),
    );
  };
  return {
    get asleep() {
      return asleep;
    },
    requestAnimationFrame(callback: Frame): number {
      const id = nextId++;
      if (asleep) held.set(id, callback);
      else ask(id, callback);
      return id;
    },
    cancelAnimationFrame(id: number): void {
      held.delete(id);
      if (id < FIRST_GATE_ID) return browser.cancelAnimationFrame(id);
      const browserId = asked.get(id);
      if (browserId === undefined) return;
      asked.delete(id);
      browser.cancelAnimationFrame(browserId);
    },
    sleep(): void {
      asleep = true;
    },
    wake(): void {
      asleep = false;
      const waiting = [...held];
      held.clear();
      for (const [id, callback] of waiting) ask(id, callback);
    },
    /** Forgets what is held (the viewer is gone). */
    drop(): void {
      held.clear();
    },
  };
}

/** Whether the picture has nothing to fetch or draw: every item's tiles for this view in, none on the way. */
export function isSettled(viewer: StillViewer): boolean {
  const { imageLoader, world } = viewer;
  if (imageLoader.jobsInProgress > 0 || imageLoader.jobQueue.length > 0) return false;
  const count = world.getItemCount();
  if (count === 0 || world.needsDraw()) return false;
  for (let index = 0; index < count; index++) if (!world.getItemAt(index).getFullyLoaded()) return false;
  return true;
}

let installed = false;

/**
 * Lets the viewer's update loop sleep while its picture is still (above). Returns what undoes it: call it after
 * `viewer.destroy()`, so that the viewer cancels its last request through the gate that gave its id.
 */
export function restWhenStill(viewer: StillViewer, frames: FrameApi): () => void {
  if (installed) return () => {};
  installed = true;
  const browser: FrameApi = {
    requestAnimationFrame: frames.requestAnimationFrame,
    cancelAnimationFrame: frames.cancelAnimationFrame,
  };
  const gate = createFrameGate(browser);
  let quiet = 0;
  const stir = () => {
    quiet = 0;
    if (gate.asleep) gate.wake();
  };

  frames.requestAnimationFrame = (callback) => {
    // The loop asks for its next frame once it has updated and drawn this one: the moment to see whether it moved.
    if (!gate.asleep) {
      quiet = isSettled(viewer) ? quiet + 1 : 0;
      if (quiet >= QUIET_FRAMES) gate.sleep();
    }
    return gate.requestAnimationFrame(callback);
  };
  frames.cancelAnimationFrame = (id) => gate.cancelAnimationFrame(id);

  // Every event raised is a sign of change (the viewer raises none while nothing happens).
  const raisers = [viewer, viewer.world] as const;
  const wrapped = raisers.map((raiser) => {
    const raise = raiser.raiseEvent;
    raiser.raiseEvent = function (this: unknown, ...args: Parameters<typeof raise>) {
      stir();
      return raise.apply(this, args);
    } as typeof raise;
    return () => {
      raiser.raiseEvent = raise;
    };
  });
  const raiseAwaiting = viewer.raiseEventAwaiting;
  if (raiseAwaiting)
    viewer.raiseEventAwaiting = function (this: unknown, ...args: Parameters<typeof raiseAwaiting>) {
      stir();
      return raiseAwaiting.apply(this, args);
    } as typeof raiseAwaiting;

  // Capture, so the loop is awake before OpenSeadragon's own handlers on the canvas ask for anything.
  const listening = { capture: true, passive: true } as const;
  for (const name of WAKING_EVENTS) viewer.element.addEventListener(name, stir, listening);
  const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(stir);
  resized?.observe(viewer.container);
  // The browser's zoom changes the pixels per point without always changing the box's size.
  if (typeof window !== 'undefined') window.addEventListener('resize', stir);

  return () => {
    if (typeof window !== 'undefined') window.removeEventListener('resize', stir);
    resized?.disconnect();
    for (const name of WAKING_EVENTS) viewer.element.removeEventListener(name, stir, listening);
    if (raiseAwaiting) viewer.raiseEventAwaiting = raiseAwaiting;
    for (const unwrap of wrapped) unwrap();
    frames.requestAnimationFrame = browser.requestAnimationFrame;
    frames.cancelAnimationFrame = browser.cancelAnimationFrame;
    gate.drop();
    installed = false;
  };
}
