import { currentLocale } from '../lib/locale';
import { m } from '../paraglide/messages.js';
import { useClientReady } from '../lib/use-client-ready';

/**
 * An embedded map of the host town, its labels in the page's language. The frame's size follows the
 * viewport (see .map-embed in styles.css): 250x350 from 1px, 350x450 from 420px, 450x450 from 768px,
 * 800x550 from 1200px. Offline the frame stays empty, and the link below it still works.
 *
 * The frame is Google's page, on an origin of its own: in the build-time HTML it would be fetched while the page
 * is still on its way to its first paint (a new connection on a phone's line: Lighthouse put the About pages'
 * first paint 0.4 s later for it). So the HTML holds an empty box of the frame's size in its place, and the frame
 * comes once the page has started (after the first paint); without JavaScript the frame is in a <noscript>, and
 * the empty box is not shown (`@media (scripting: none)` in styles.css).
 */
export function MapEmbed({ place, title, linkText }: { place: string; title: string; linkText: string }) {
  const clientReady = useClientReady();
  const query = encodeURIComponent(place);
  const language = currentLocale() === 'nb' ? 'no' : 'en';
  const frame = (
    <iframe
      className="map-embed"
      title={title}
      src={`https://www.google.com/maps?q=${query}&hl=${language}&output=embed`}
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
    />
  );
  return (
    <figure className="map-figure">
      {clientReady ? frame : <div className="map-embed map-embed-waiting" aria-hidden="true" />}
      <noscript>{frame}</noscript>
      <figcaption className="small mt-2">
        <a
          href={`https://www.google.com/maps/search/?api=1&query=${query}&hl=${language}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {linkText}
          <span className="visually-hidden"> {m.common_new_tab()}</span>
        </a>
      </figcaption>
    </figure>
  );
}
