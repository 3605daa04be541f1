import { useEffect, useState } from 'react';

/** Becomes true once the element comes near the viewport (and stays true): pictures load as they are needed. */
export function useNearViewport(element: Element | null, margin = '300px'): boolean {
  // Without IntersectionObserver (very old browsers, jsdom) everything counts as near.
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, margin]);
  return near;
}
