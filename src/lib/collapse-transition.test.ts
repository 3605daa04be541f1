// @vitest-environment jsdom
import { collapseTransition, transitionSeconds } from './collapse-transition';

function element(): HTMLDivElement {
  const div = document.createElement('div');
  div.className = 'navbar-collapse collapse';
  document.body.append(div);
  Object.defineProperty(div, 'scrollHeight', { value: 120 });
  return div;
}

describe('collapseTransition', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('reads the transition time the stylesheet sets, 0 when there is none', () => {
    expect(transitionSeconds({ transitionDuration: '0.35s', transitionDelay: '0s' })).toBeCloseTo(0.35);
    expect(transitionSeconds({ transitionDuration: '0.35s, 0s', transitionDelay: '0.1s' })).toBeCloseTo(0.45);
    expect(transitionSeconds({ transitionDuration: '', transitionDelay: '' })).toBe(0);
  });

  it('opens and closes at once when there is no transition (reduced motion, or jsdom)', () => {
    const div = element();
    collapseTransition(div, true);
    expect(div.className).toBe('navbar-collapse collapse show');
    expect(div.style.height).toBe('');
    collapseTransition(div, false);
    expect(div.className).toBe('navbar-collapse collapse');
  });

  it('animates the height, then lands on the open state at transitionend', () => {
    vi.useFakeTimers();
    const div = element();
    div.style.transitionDuration = '0.35s';
    collapseTransition(div, true);
    expect(div.classList.contains('collapsing')).toBe(true);
    expect(div.style.height).toBe('120px');
    const end = new Event('transitionend') as TransitionEvent;
    Object.defineProperty(end, 'propertyName', { value: 'height' });
    div.dispatchEvent(end);
    expect(div.className).toBe('navbar-collapse collapse show');
    expect(div.style.height).toBe('');
  });

  it('finishes by its timer when transitionend never comes, and at once when asked', () => {
    vi.useFakeTimers();
    const div = element();
    div.style.transitionDuration = '0.35s';
    collapseTransition(div, true);
    vi.advanceTimersByTime(500);
    expect(div.className).toBe('navbar-collapse collapse show');
    const done = vi.fn();
    const finish = collapseTransition(div, false, done);
    expect(div.classList.contains('collapsing')).toBe(true);
    expect(done).not.toHaveBeenCalled();
    finish();
    expect(div.className).toBe('navbar-collapse collapse');
    expect(done).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    expect(done).toHaveBeenCalledTimes(1);
  });
});
