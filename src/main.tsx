/**
 * The site's entry: its stylesheet, and a few lines that start the app once the page has been painted. The
 * build-time HTML already shows the page (tools/build/prerender.ts), so nothing the visitor sees waits for the
 * JavaScript: React, the router and the page's code are fetched and run after the first paint (src/app/start.tsx),
 * and a button clicked before then is clicked again once they have taken over. A link works without them: the
 * language a visitor picks with the switch is recorded by the page it leads to, at once.
 */
import './styles/bootstrap.scss';
import './styles.css';
import { captureEarlyClicks } from './lib/early-clicks';
import { afterFirstPaint } from './lib/first-paint';
import { chosenOnArrival, rememberChoice } from './lib/locale-path';

// Arrived by the language switch (tapped perhaps before that page's scripts ran): / opens this language from now on.
const chosen = chosenOnArrival(window.location, document.referrer);
if (chosen) rememberChoice(chosen);
captureEarlyClicks();
// A page without build-time content (the members area, /) has nothing to paint before the app: it starts at once.
const painting = document.getElementById('root')?.hasChildNodes() ? afterFirstPaint() : Promise.resolve();
painting
  .then(() => import('./app/start'))
  .then(({ start }) => start())
  .catch((error: unknown) => {
    // The build-time HTML stays, with working links; a start-up failure is only logged (spec section 8).
    console.error('The site could not start', error);
  });
