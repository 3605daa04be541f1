import { readFileSync, writeFileSync } from 'node:fs';

interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}
interface FirebaseJson {
  hosting: { headers?: HeaderRule[] } & Record<string, unknown>;
  [key: string]: unknown;
}

/** Adds sources to CSP directives, e.g. { 'connect-src': ['http://127.0.0.1:9099'] }. */
export function extendCsp(policy: string, additions: Record<string, string[]>): string {
  const directives = policy
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  const seen = new Set<string>();
  const out = directives.map((directive) => {
    const [name = '', ...values] = directive.split(/\s+/);
    seen.add(name);
    const extra = additions[name] ?? [];
    return [name, ...values, ...extra.filter((value) => !values.includes(value))].join(' ');
  });
  for (const [name, values] of Object.entries(additions))
    if (!seen.has(name)) out.push([name, ...values].join(' '));
  return out.join('; ');
}

/**
 * firebase.json as the local stack serves it: the production headers, with the emulators' origins
 * added to the CSP so the page may talk to them. Production never sees these origins.
 */
export function localFirebaseJson(
  base: FirebaseJson,
  emulatorOrigins: { auth: string; storage: string },
): FirebaseJson {
  const copy = structuredClone(base);
  for (const rule of copy.hosting.headers ?? []) {
    for (const header of rule.headers) {
      if (header.key.toLowerCase() !== 'content-security-policy') continue;
      header.value = extendCsp(header.value, {
        'connect-src': [emulatorOrigins.auth, emulatorOrigins.storage],
        'frame-src': [emulatorOrigins.auth],
      });
    }
  }
  return copy;
}

export function writeLocalFirebaseJson(
  basePath: string,
  outPath: string,
  emulatorOrigins: { auth: string; storage: string },
): void {
  const base = JSON.parse(readFileSync(basePath, 'utf8')) as FirebaseJson;
  writeFileSync(outPath, `${JSON.stringify(localFirebaseJson(base, emulatorOrigins), null, 2)}\n`);
}
