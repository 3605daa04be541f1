/**
 * Resolves once the browser has painted the page's content: when the first contentful paint is recorded (Paint
 * Timing), then in a task of its own, so what runs next comes after that frame. The site starts its JavaScript from
 * there (src/main.tsx), so the build-time HTML and its stylesheet show as soon as they have arrived, whatever the
 * scripts cost. `fallbackMs` bounds the wait (a page opened in a background tab paints nothing until it is shown).
 */
type PaintWindow = Pick<Window, 'setTimeout' | 'clearTimeout'> & {
  PerformanceObserver: typeof PerformanceObserver;
};

export function afterFirstPaint(win: PaintWindow = window, fallbackMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    const painted = () => {
      observer.disconnect();
      win.clearTimeout(timer);
      win.setTimeout(resolve, 0);
    };
    const timer = win.setTimeout(painted, fallbackMs);
    const observer = new win.PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) painted();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}
