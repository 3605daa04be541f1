import { useState } from 'react';
import { Card, Nav } from 'react-bootstrap';
import NavbarCollapse from 'react-bootstrap/NavbarCollapse';
import NavbarToggle from 'react-bootstrap/NavbarToggle';
import { CollapsibleNavbar } from './collapsible-navbar';
import { m } from '../paraglide/messages.js';

export interface SectionLink<T extends string> {
  id: T;
  label: string;
}

interface Props<T extends string> {
  /** Unique on the page: names the collapsible part. */
  id: string;
  title: string;
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
export function SectionNav<T extends string>({ id, title, label, sections, active, onSelect }: Props<T>) {
  const collapseId = `${id}-sections`;
  const [expanded, setExpanded] = useState(false);
  return (
    <CollapsibleNavbar
      className="section-nav p-0 navbar-light"
      aria-label={label}
      expanded={expanded}
      onToggle={setExpanded}
    >
      <NavbarToggle
        aria-controls={collapseId}
        label={m.common_navigation()}
        aria-expanded={expanded}
        className="w-100 mb-3 section-nav-toggle"
      >
        {m.common_navigation()}
      </NavbarToggle>
      <NavbarCollapse id={collapseId}>
        <Card className="w-100 shadow-sm">
          <Card.Header as="h2" className="h5 mb-0">
            {title}
          </Card.Header>
          <Nav as="ul" variant="pills" className="flex-column p-2" activeKey={active}>
            {sections.map((section) => (
              <Nav.Item as="li" key={section.id}>
                <Nav.Link
                  eventKey={section.id}
                  href={`#${section.id}`}
                  aria-current={section.id === active ? 'location' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    setExpanded(false);
                    onSelect(section.id);
                  }}
                >
                  {section.label}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
        </Card>
      </NavbarCollapse>
    </CollapsibleNavbar>
  );
}
