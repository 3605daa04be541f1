import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';

/**
 * The first `first` items of a list and how many more there are; `showAll` shows the rest and moves the focus to
 * the first of them (the button that had it goes), to its first link or button. A new list (the next query's)
 * starts short again. `atOnce`: a list drawn in two steps shows this many at first, with no more to show until its
 * `first` are drawn (undefined: drawn whole).
 */
export function useShowMore<T>(items: readonly T[], first: number, atOnce?: number) {
  const [allOf, setAllOf] = useState<readonly T[] | undefined>();
  const all = allOf === items;
  const list = useRef<HTMLUListElement>(null);
  const focusAt = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!all || focusAt.current === undefined) return;
    list.current?.children[focusAt.current]?.querySelector<HTMLElement>('a, button')?.focus();
    focusAt.current = undefined;
  }, [all]);
  return {
    shown: all ? items : items.slice(0, atOnce ?? first),
    list,
    more: all || atOnce !== undefined ? 0 : Math.max(0, items.length - first),
    showAll: () => {
      focusAt.current = first;
      setAllOf(items);
    },
  };
}

/** The button under a list that shows the rest of it (nothing when all is shown). */
export function ShowMoreButton({
  more,
  label,
  onClick,
}: {
  more: number;
  label: string;
  onClick: () => void;
}) {
  if (!more) return null;
  return (
    <Button variant="outline-secondary" size="sm" className="mt-1" onClick={onClick}>
      {label}
    </Button>
  );
}
