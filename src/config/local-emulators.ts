/**
 * The local emulators' addresses, read from firebase.json (the one place the ports are written, where the
 * Firebase CLI reads them too). Used at build time (the demo site's default emulator URLs), by the local stack
 * and by the organiser commands' emulator target; never in a page (the build inlines what the page needs).
 */
import firebaseJson from '../../firebase.json' with { type: 'json' };

type EmulatorName = 'auth' | 'storage' | 'hosting' | 'hub' | 'logging';

const emulators: Record<EmulatorName, { host: string; port: number }> = firebaseJson.emulators;

/** 127.0.0.1: every emulator listens on the loopback address only. */
export const EMULATOR_HOST = emulators.hosting.host;

export const EMULATOR_PORTS: Record<EmulatorName, number> = {
  auth: emulators.auth.port,
  storage: emulators.storage.port,
  hosting: emulators.hosting.port,
  hub: emulators.hub.port,
  logging: emulators.logging.port,
};

/** e.g. http://127.0.0.1:9099 */
export function emulatorUrl(name: EmulatorName): string {
  return `http://${emulators[name].host}:${emulators[name].port}`;
}
