import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** True when the module at moduleUrl is the script node/tsx was started with. */
export function isMainModule(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return moduleUrl === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}
