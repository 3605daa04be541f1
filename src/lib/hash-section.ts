import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The page waits this long after load (or a hash change) before it scrolls to the section. */
export const SCROLL_DELAY_MS = 100;
const MAX_HASH_LENGTH = 200;

/**
 * The section a URL fragment names, or undefined. Only an exact, known id counts: anything else
 * (junk, percent-encoding errors, markup, very long fragments) is ignored, never echoed into the page.
 */
export function sectionFromHash<T extends string>(hash: string, ids: readonly T[]): T | undefined {
  if (!hash || hash.length > MAX_HASH_LENGTH) return undefined;
  let name = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    name = decodeURIComponent(name);
  } catch {
    return undefined;
  }
  return ids.find((id) => id === name);
}

function scrollBehavior(): ScrollBehavior {
  return typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
    ? 'auto'
    : 'smooth';
}

export function scrollToSection(id: string, options: { focus?: boolean } = {}): void {
  const element = document.getElementById(id);
  if (!element) return;
  element.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  if (options.focus) {
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
    element.focus({ preventScroll: true });
  }
}

export interface HashSection<T extends string> {
  active: T;
  /** Activate a section from a click: highlight it, scroll to it and record it in the URL. */
  select: (id: T) => void;
}

/**
 * "The URL hash selects a section": one hook for every page with a section sidebar. On load and on
 * every hash change, a hash naming one of `ids` activates that section and scrolls to it after
 * SCROLL_DELAY_MS. `onOtherHash` sees hashes that name none of them (Home uses it for old links).
 */
export function useHashSection<T extends string>(
  ids: readonly T[],
  initial: T,
  onOtherHash?: (hash: string) => void,
): HashSection<T> {
  const { hash } = useLocation();
  const navigate = useNavigate();
  // Starts on `initial` (as the build-time HTML does); the effect below applies the hash.
  const [active, setActive] = useState<T>(initial);
  const idsRef = useRef(ids);
  const otherRef = useRef(onOtherHash);
  useEffect(() => {
    idsRef.current = ids;
    otherRef.current = onOtherHash;
  });

  useEffect(() => {
    const id = sectionFromHash(hash, idsRef.current);
    if (!id) {
      if (hash) otherRef.current?.(hash);
      return;
    }
    setActive(id);
    const timer = window.setTimeout(() => scrollToSection(id), SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hash]);

  const select = useCallback(
    (id: T) => {
      setActive(id);
      scrollToSection(id, { focus: true });
      void navigate({ hash: `#${id}` }, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );

  return { active, select };
}
