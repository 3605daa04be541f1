import { currentLocale } from '../lib/locale';
import { m } from '../paraglide/messages.js';

/**
 * An embedded map of the host town, its labels in the page's language. The frame's size follows the
 * viewport (see .map-embed in styles.css): 250x350 from 1px, 350x450 from 420px, 450x450 from 768px,
 * 800x550 from 1200px. Offline the frame stays empty, and the link below it still works.
 */
export function MapEmbed({ place, title, linkText }: { place: string; title: string; linkText: string }) {
  const query = encodeURIComponent(place);
  const language = currentLocale() === 'nb' ? 'no' : 'en';
  return (
    <figure className="map-figure">
      <iframe
        className="map-embed"
        title={title}
        src={`https://www.google.com/maps?q=${query}&hl=${language}&output=embed`}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
      />
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
