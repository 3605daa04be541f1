import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import NavbarContext from 'react-bootstrap/NavbarContext';

/**
 * The transition's code, loaded when the page has nothing else to do (or at the first toggle): a closed
 * menu does not need it for the page to show and work.
 */
let transitionModule: Promise<typeof import('../lib/collapse-transition')> | undefined;
function loadTransition() {
  transitionModule ??= import('../lib/collapse-transition');
  return transitionModule;
}
if (typeof window !== 'undefined') {
  const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1000));
  idle(() => void loadTransition().catch(() => undefined));
}

interface NavbarProps {
  expanded: boolean;
  onToggle: (expanded: boolean) => void;
  className?: string;
  'aria-label'?: string;
  'data-bs-theme'?: 'dark' | 'light';
  children: ReactNode;
}

/**
 * Bootstrap's responsive navbar (`navbar navbar-expand-md`), collapsed below the md breakpoint. The
 * public pages load this instead of react-bootstrap's <Navbar>, <Nav> and friends, which carry the
 * offcanvas and modal machinery and keyboard navigation for tab lists into every page (about 4 KB
 * gzipped) whether or not a page uses them. It still provides react-bootstrap's NavbarContext, so the
 * react-bootstrap parts that load later inside it (the members menu's dropdown) lay out as in a navbar.
 */
export function CollapsibleNavbar({ expanded, onToggle, className, children, ...rest }: NavbarProps) {
  const context = useMemo(
    () => ({ onToggle: () => onToggle(!expanded), bsPrefix: 'navbar', expanded, expand: 'md' as const }),
    [expanded, onToggle],
  );
  return (
    <NavbarContext.Provider value={context}>
      <nav className={`navbar navbar-expand-md ${className ?? ''}`} {...rest}>
        {children}
      </nav>
    </NavbarContext.Provider>
  );
}

interface TogglerProps {
  controls: string;
  expanded: boolean;
  onToggle: (expanded: boolean) => void;
  label: string;
  className?: string;
  /** The button's text; Bootstrap's "hamburger" icon without. */
  children?: ReactNode;
}

/** The button that opens and closes the collapsed part of a navbar on small screens. */
export function NavbarToggler({ controls, expanded, onToggle, label, className, children }: TogglerProps) {
  return (
    <button
      type="button"
      aria-controls={controls}
      aria-expanded={expanded}
      aria-label={label}
      className={`${className ? `${className} ` : ''}navbar-toggler${expanded ? '' : ' collapsed'}`}
      onClick={() => onToggle(!expanded)}
    >
      {children ?? <span className="navbar-toggler-icon" />}
    </button>
  );
}

/**
 * The part of a navbar that collapses below the md breakpoint, with Bootstrap's height transition. React
 * renders its class once ("navbar-collapse collapse", as in the build-time HTML); the transition then owns
 * the collapse classes (see ./collapse-transition).
 */
export function NavbarCollapse({
  id,
  expanded,
  onClosed,
  children,
}: {
  id: string;
  expanded: boolean;
  /** Called when it has finished closing (the page below it is where it will stay). */
  onClosed?: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef(false);
  const onClosedRef = useRef(onClosed);
  useLayoutEffect(() => {
    onClosedRef.current = onClosed;
  });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || shown.current === expanded) return;
    shown.current = expanded;
    let finish: (() => void) | undefined;
    let cancelled = false;
    const done = () => {
      if (!expanded) onClosedRef.current?.();
    };
    loadTransition()
      .then(({ collapseTransition }) => {
        if (!cancelled) finish = collapseTransition(element, expanded, done);
      })
      // Without the transition's code (offline): show or hide at once.
      .catch(() => {
        if (cancelled) return;
        element.classList.toggle('show', expanded);
        done();
      });
    return () => {
      cancelled = true;
      finish?.();
    };
  }, [expanded]);
  return (
    <div ref={ref} id={id} className="navbar-collapse collapse">
      {children}
    </div>
  );
}
