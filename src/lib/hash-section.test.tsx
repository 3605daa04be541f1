import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SCROLL_DELAY_MS, sectionFromHash, useHashSection } from './hash-section';

const IDS = ['documents', 'images', 'links'] as const;

describe('sectionFromHash', () => {
  it('accepts an exact known id, with or without #', () => {
    expect(sectionFromHash('#images', IDS)).toBe('images');
    expect(sectionFromHash('links', IDS)).toBe('links');
    expect(sectionFromHash('#%6Cinks', IDS)).toBe('links');
  });

  it('ignores anything else', () => {
    for (const hash of [
      '',
      '#',
      '#Images',
      '#images ',
      '#<script>alert(1)</script>',
      '#%E0%A4%A',
      '#%',
      `#${'a'.repeat(10_000)}`,
      '#constructor',
      '#__proto__',
    ]) {
      expect(sectionFromHash(hash, IDS)).toBeUndefined();
    }
  });
});

function Probe({ onOther }: { onOther?: (hash: string) => void }) {
  const { active, select } = useHashSection(IDS, 'documents', onOther);
  const location = useLocation();
  return (
    <div>
      <p>active: {active}</p>
      <p>hash: {location.hash}</p>
      {IDS.map((id) => (
        <button key={id} type="button" onClick={() => select(id)}>
          {id}
        </button>
      ))}
      {IDS.map((id) => (
        <section key={id} id={id} />
      ))}
    </div>
  );
}

function renderAt(url: string, onOther?: (hash: string) => void) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/page" element={<Probe onOther={onOther} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('useHashSection', () => {
  let scrolled: string[];
  beforeEach(() => {
    scrolled = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.id);
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts on the initial section without scrolling', () => {
    vi.useFakeTimers();
    renderAt('/page');
    expect(screen.getByText('active: documents')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(scrolled).toEqual([]);
  });

  it('activates the hash section at once and scrolls to it after 100 ms', () => {
    vi.useFakeTimers();
    renderAt('/page#images');
    expect(screen.getByText('active: images')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SCROLL_DELAY_MS - 1));
    expect(scrolled).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(scrolled).toEqual(['images']);
  });

  it('hands unknown hashes to onOtherHash and keeps the initial section', () => {
    const other = vi.fn();
    renderAt('/page#educational-materials', other);
    expect(screen.getByText('active: documents')).toBeInTheDocument();
    expect(other).toHaveBeenCalledWith('#educational-materials');
  });

  it('selects a section on click: active, scrolled, focused and in the URL', async () => {
    renderAt('/page');
    await userEvent.click(screen.getByRole('button', { name: 'links' }));
    expect(screen.getByText('active: links')).toBeInTheDocument();
    expect(screen.getByText('hash: #links')).toBeInTheDocument();
    expect(scrolled[0]).toBe('links');
    expect(document.activeElement?.id).toBe('links');
  });
});
