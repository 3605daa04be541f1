import { useLocation } from 'react-router';
import { useClientReady } from '../lib/use-client-ready';
import { currentLocale, LOCALE_FACTS, localizePath } from '../lib/locale';
import { delocalizePath, otherLocale, rememberChoice } from '../lib/locale-path';
import { m } from '../paraglide/messages.js';

/**
 * The link to this page in the other language, named in that language ("Norsk" on English pages,
 * "English" on Norwegian ones). It keeps the section the visitor is looking at (the hash) and is a full page
 * load (each language is its own set of pages). The choice for the next visit to / is recorded by the page it
 * leads to (src/main.tsx), whenever the link was tapped; here too, for a browser that sends no referrer.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { pathname, hash } = useLocation();
  // The hash is unknown at build time: add it once the page has hydrated, so the HTML matches.
  const clientReady = useClientReady();
  const other = otherLocale(currentLocale());
  const href = `${localizePath(delocalizePath(pathname), other)}${clientReady ? hash : ''}`;
  // In a .navbar-nav, so the link takes the navbar's colours (light on the dark bar); a lone .nav-link has the
  // page's dark text colour, invisible on the bar.
  return (
    <div className={`navbar-nav ${className ?? ''}`}>
      <a
        className="nav-link language-switch"
        href={href}
        hrefLang={LOCALE_FACTS[other].tag}
        lang={LOCALE_FACTS[other].tag}
        onClick={() => rememberChoice(other)}
      >
        {m.language_switch_label()}
      </a>
    </div>
  );
}
