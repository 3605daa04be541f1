/**
 * The About pages' map: its frame is not in the build-time HTML (where it would be fetched before the first
 * paint), only in <noscript> for visitors without JavaScript; the page's script brings it once hydrated, in the
 * empty box's place, without a mismatch.
 */
import { buildThenHydrate } from '../testing/test-utils';
import { MapEmbed } from './map-embed';

const AT = '2026-11-22T12:00:00-06:00';
const map = <MapEmbed place="Rolette, North Dakota" title="Map of Rolette" linkText="Open the map" />;

afterEach(() => {
  vi.useRealTimers();
});

describe('MapEmbed', () => {
  it('builds an empty box in the frame’s place, and the frame only inside <noscript>', async () => {
    const { html, unmount } = await buildThenHydrate(map, { builtAt: AT, at: AT });
    const built = document.createElement('div');
    built.innerHTML = html;
    const box = built.querySelector('figure > .map-embed');
    expect(box?.tagName).toBe('DIV');
    expect(box).toHaveClass('map-embed-waiting');
    expect(box).toHaveAttribute('aria-hidden', 'true');
    // Outside <noscript> the HTML asks nothing of Google; inside it (parsed as text where scripts run) the frame is whole.
    expect(html.replace(/<noscript>.*<\/noscript>/s, '')).not.toContain('https://www.google.com/maps?');
    expect(built.querySelector('noscript')?.innerHTML).toContain(
      '<iframe class="map-embed" title="Map of Rolette" src="https://www.google.com/maps?q=Rolette%2C%20North%20Dakota&amp;hl=en&amp;output=embed" loading="lazy"',
    );
    await unmount();
  });

  it('puts the frame in the box’s place once hydrated, without a mismatch, asking for the page’s language', async () => {
    for (const [locale, hl] of [
      ['en', 'en'],
      ['nb', 'no'],
    ] as const) {
      const { container, errors, unmount } = await buildThenHydrate(map, { builtAt: AT, at: AT, locale });
      const frame = container.querySelector('figure > iframe.map-embed');
      expect(frame).toHaveAttribute('title', 'Map of Rolette');
      expect(frame).toHaveAttribute(
        'src',
        `https://www.google.com/maps?q=Rolette%2C%20North%20Dakota&hl=${hl}&output=embed`,
      );
      expect(container.querySelector('.map-embed-waiting')).toBeNull();
      expect(container.querySelectorAll('iframe')).toHaveLength(1);
      expect(errors).toEqual([]);
      await unmount();
    }
  });
});
