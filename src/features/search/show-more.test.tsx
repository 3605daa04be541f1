import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShowMoreButton, useShowMore } from './show-more';

function List({ items, atOnce }: { items: string[]; atOnce?: number }) {
  const { shown, list, more, showAll } = useShowMore(items, 2, atOnce);
  return (
    <>
      <ul ref={list}>
        {shown.map((item) => (
          <li key={item}>
            <button type="button">{item}</button>
          </li>
        ))}
      </ul>
      <ShowMoreButton more={more} label={`Show ${more} more`} onClick={showAll} />
    </>
  );
}

describe('a list shown short, with Show more', () => {
  it('shows the first items, then the rest with the focus on the first of them; a new list starts short', () => {
    const { rerender } = render(<List items={['a', 'b', 'c', 'd']} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Show 2 more' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'c' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
    rerender(<List items={['e', 'f', 'g']} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Show 1 more' })).toBeVisible();
  });

  it('has no button when everything fits', () => {
    render(<List items={['a', 'b']} />);
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
  });

  it('drawn in two steps: first the few at once with no button, then the first part with it', () => {
    const items = ['a', 'b', 'c', 'd'];
    const { rerender } = render(<List items={items} atOnce={1} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
    rerender(<List items={items} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Show 2 more' })).toBeVisible();
  });
});
