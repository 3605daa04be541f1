import { useMemo, type ReactNode } from 'react';
import NavbarContext from 'react-bootstrap/NavbarContext';

interface Props {
  expanded: boolean;
  onToggle: (expanded: boolean) => void;
  className?: string;
  'aria-label'?: string;
  'data-bs-theme'?: 'dark' | 'light';
  children: ReactNode;
}

/**
 * Bootstrap's responsive navbar (`navbar navbar-expand-md`) for react-bootstrap's NavbarToggle and
 * NavbarCollapse, which read their state from NavbarContext. React-bootstrap's own <Navbar> carries
 * Navbar.Offcanvas (and with it the modal machinery, about 4 KB gzipped) into every page that uses it,
 * whether or not the page opens an offcanvas; the public pages load this instead.
 */
export function CollapsibleNavbar({ expanded, onToggle, className, children, ...rest }: Props) {
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
