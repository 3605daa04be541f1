import { useRef, useState, type ReactNode } from 'react';
import { CollapsibleNavbar, NavbarCollapse, NavbarToggler } from './collapsible-navbar';
import { m } from '../paraglide/messages.js';

export interface SectionLink<T extends string> {
  id: T;
  /** Phrasing content: a text, or one in the reunion's tense. */
  label: ReactNode;
}

/** The card titled Sections (spec section 2), behind a Navigation button on small screens. */
interface Props<T extends string> {
  /** Unique on the page: names the collapsible part. */
  id: string;
  /** Names the navigation landmark for screen readers. */
  label: string;
  sections: readonly SectionLink<T>[];
  active: T;
  onSelect: (id: T) => void;
}

/**
 * The sidebar card of a page's sections. From the md breakpoint it is always shown; below it, it
 * collapses behind a "Navigation" button (in the page's language).
 */
export function SectionNav<T extends string>({ id, label, sections, active, onSelect }: Props<T>) {
  const collapseId = `${id}-sections`;
  const [expanded, setExpanded] = useState(false);
  // On a small screen the list closes first and the page then goes to the section: scrolling while the
  // list above the content shrinks would land that much too far.
  const chosen = useRef<T | null>(null);
  const onClosed = () => {
    const section = chosen.current;
    chosen.current = null;
    if (section) onSelect(section);
  };
  return (
    <CollapsibleNavbar
      className="section-nav p-0 navbar-light"
      aria-label={label}
      expanded={expanded}
      onToggle={setExpanded}
    >
      <NavbarToggler
        controls={collapseId}
        expanded={expanded}
        onToggle={setExpanded}
        label={m.common_navigation()}
        className="w-100 mb-3 section-nav-toggle"
      >
        {m.common_navigation()}
      </NavbarToggler>
      <NavbarCollapse id={collapseId} expanded={expanded} onClosed={onClosed}>
        <div className="w-100 shadow-sm card">
          <h2 className="h5 mb-0 card-header">{m.common_sections()}</h2>
          <ul className="flex-column p-2 navbar-nav nav-pills">
            {sections.map((section) => (
              <li className="nav-item" key={section.id}>
                <a
                  href={`#${section.id}`}
                  aria-current={section.id === active ? 'location' : undefined}
                  className={`nav-link${section.id === active ? ' active' : ''}`}
                  onClick={(event) => {
                    event.preventDefault();
                    if (expanded) {
                      chosen.current = section.id;
                      setExpanded(false);
                    } else {
                      onSelect(section.id);
                    }
                  }}
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </NavbarCollapse>
    </CollapsibleNavbar>
  );
}
