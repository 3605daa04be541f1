/**
 * zod for the site's code (src/, which the browser runs): zod/mini, the same parsers in less code (the search's
 * chunk went from 36 to 18 KB gzipped with it). The site's Content-Security-Policy has no 'unsafe-eval': zod would
 * compile its object parsers with `new Function`, and its probe of whether it may (a caught `new Function("")`) is
 * itself reported as a violation (Firefox logs it as an error on the search page). `jitless` skips the probe and the
 * compiling; the parsers are the ones zod uses wherever eval is refused.
 */
import * as z from 'zod/mini';

z.config({ jitless: true });

export { z };
