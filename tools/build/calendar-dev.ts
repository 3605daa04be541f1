import type { Plugin } from 'vite';
import type { Locale } from '../../src/lib/locale-path.ts';

const CALENDAR_PATH = /^(?:\/nb)?\/calendar\/[^/]+\.ics$/;

interface CalendarFileModule {
  calendarFile: (locale: Locale) => { path: string; content: string };
}

/**
 * While Vite serves (npm run dev), answers the calendar files the build writes (dist/calendar/*.ics,
 * dist/nb/calendar/*.ics, see tools/build/prerender.ts) from the same code, as text/calendar like Hosting does
 * (firebase.json). `vite preview` and the Hosting emulator serve the built files themselves.
 */
export function calendarFilesWhileServing(): Plugin {
  return {
    name: 'calendar-files-while-serving',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0]!;
        if (!CALENDAR_PATH.test(path)) return next();
        server
          .ssrLoadModule('/src/domain/reunion/calendar-file.ts')
          .then((module) => {
            const { calendarFile } = module as CalendarFileModule;
            const file = [calendarFile('en'), calendarFile('nb')].find(
              (candidate) => candidate.path === path,
            );
            if (!file) return next();
            response.setHeader('Content-Type', 'text/calendar; charset=utf-8');
            response.setHeader('Cache-Control', 'no-cache');
            response.end(file.content);
          })
          .catch(next);
      });
    },
  };
}
