/**
 * Resolves just after the browser has painted the page once: a task queued from inside an animation frame runs
 * after that frame's paint. The site starts its JavaScript from there (src/main.tsx), so the build-time HTML and its
 * stylesheet show as soon as they have arrived, whatever the scripts cost. A page opened in a background tab gets
 * no animation frames: it starts after `fallbackMs` all the same.
 */
export function afterFirstPaint(win: Window = window, fallbackMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    const timer = win.setTimeout(resolve, fallbackMs);
    win.requestAnimationFrame(() =>
      win.setTimeout(() => {
        win.clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
