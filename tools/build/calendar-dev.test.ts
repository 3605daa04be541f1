import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer, type ViteDevServer } from 'vite';
import { parseEnv } from '../../src/config/env-schema.ts';
import { calendarFilesWhileServing } from './calendar-dev.ts';

describe('calendarFilesWhileServing', () => {
  let vite: ViteDevServer;
  let http: Server;
  let base: string;

  beforeAll(async () => {
    vite = await createServer({
      configFile: false,
      logLevel: 'silent',
      define: { __APP_CONFIG__: JSON.stringify(parseEnv({})) },
      plugins: [calendarFilesWhileServing()],
      server: { middlewareMode: true, hmr: false, watch: null },
      appType: 'custom',
    });
    http = createHttpServer(vite.middlewares);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve)); // any free port
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => http.close(resolve));
    await vite.close();
  });

  it('serves each language’s calendar file as text/calendar, as the build writes it', async () => {
    for (const [path, summary] of [
      ['/calendar/rolette-reunion-2026.ics', 'SUMMARY;LANGUAGE=en:Rolette Family Reunion 2026'],
      ['/nb/calendar/rolette-reunion-2026.ics', 'SUMMARY;LANGUAGE=nb:Slektstreff i Rolette 2026'],
    ]) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const text = await response.text();
      expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(text).toContain(`\r\n${summary}\r\n`);
    }
  });

  it('leaves other addresses to the rest of the server', async () => {
    expect((await fetch(`${base}/calendar/other.ics`)).status).toBe(404);
    expect((await fetch(`${base}/nb/calendar/rolette-reunion-2026.ics/x`)).status).toBe(404);
  });
});
