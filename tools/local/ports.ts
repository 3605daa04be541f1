import { createServer, type AddressInfo } from 'node:net';

/** A port nothing listens on right now, chosen by the system (never one of the local stack's fixed ports). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves true when nothing listens on host:port (we could bind it ourselves). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.once('listening', () => server.close(() => resolve(true)));
    server.listen(port, host);
  });
}

/** Throws one clear message naming every port in use, and what needs it. */
export async function assertPortsFree(ports: Record<string, number>, host = '127.0.0.1'): Promise<void> {
  const busy: string[] = [];
  for (const [name, port] of Object.entries(ports)) {
    if (!(await isPortFree(port, host))) busy.push(`port ${port} (${name})`);
  }
  if (busy.length) {
    throw new Error(
      `Cannot start: ${busy.join(', ')} ${busy.length > 1 ? 'are' : 'is'} already in use on ${host}. ` +
        'Stop the program using it (is the site already running in another terminal?) and try again.',
    );
  }
}
