import { useState } from 'react';
import { Card, Nav, Navbar } from 'react-bootstrap';

export interface SectionLink<T extends string> {
  id: T;
  label: string;
}

interface Props<T extends string> {
  title: string;
  /** Names the navigation landmark for screen readers. */
  label: string;
  sections: readonly SectionLink<T>[];
  active: T;
  onSelect: (id: T) => void;
}

/**
 * The sidebar card of a page's sections. From the md breakpoint it is always shown; below it, it
 * collapses behind a "Navigation" button.
 */
export function SectionNav<T extends string>({ title, label, sections, active, onSelect }: Props<T>) {
  const collapseId = `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-sections`;
  const [expanded, setExpanded] = useState(false);
  return (
    <Navbar
      expand="md"
      className="section-nav p-0"
      aria-label={label}
      expanded={expanded}
      onToggle={setExpanded}
    >
      <Navbar.Toggle
        aria-controls={collapseId}
        label="Navigation"
        aria-expanded={expanded}
        className="w-100 mb-3 section-nav-toggle"
      >
        Navigation
      </Navbar.Toggle>
      <Navbar.Collapse id={collapseId}>
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
      </Navbar.Collapse>
    </Navbar>
  );
}
