/**
 * firebase.json's Hosting part as the deploy and the local stack write it. The committed firebase.json holds the
 * headers every copy of the site shares; what depends on where it runs is added to its Content-Security-Policy:
 *   - organiser:deploy: the project's own auth domain in frame-src (the sign-in helper frame,
 *     https://<project>.firebaseapp.com/__/auth/iframe, or a custom domain), so that no other Firebase site may be
 *     framed (firebase.deploy.json, generated, never committed);
 *   - the local stack: the emulators' origins (tools/local/firebase-config.ts writes firebase.local.json).
 * Pure.
 */

export interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

export interface FirebaseJson {
  hosting: { public?: string; ignore?: string[]; headers?: HeaderRule[] } & Record<string, unknown>;
  [key: string]: unknown;
}

/** The generated configuration organiser:deploy hands to `firebase deploy --config` (in the repository folder). */
export const DEPLOY_CONFIG = 'firebase.deploy.json';

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

/** A copy of firebase.json with sources added to every Content-Security-Policy header. */
export function withCspAdditions(base: FirebaseJson, additions: Record<string, string[]>): FirebaseJson {
  const copy = structuredClone(base);
  for (const rule of copy.hosting.headers ?? []) {
    for (const header of rule.headers) {
      if (header.key.toLowerCase() === 'content-security-policy') {
        header.value = extendCsp(header.value, additions);
      }
    }
  }
  return copy;
}

/** The Content-Security-Policy values of firebase.json, one per header rule that sets one. */
export function cspValues(json: FirebaseJson): string[] {
  return (json.hosting.headers ?? []).flatMap((rule) =>
    rule.headers
      .filter((header) => header.key.toLowerCase() === 'content-security-policy')
      .map((h) => h.value),
  );
}

/** One directive's sources in a policy, e.g. frame-src -> ['https://www.google.com']; [] when absent. */
export function cspDirective(policy: string, name: string): string[] {
  for (const part of policy.split(';')) {
    const [directive, ...values] = part.trim().split(/\s+/);
    if (directive === name) return values;
  }
  return [];
}

/** A host name: letters, digits and hyphens in dot-separated labels (my-reunion.firebaseapp.com, reunion.example.org). */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/**
 * The origin of the web app's auth domain (VITE_FIREBASE_AUTH_DOMAIN), e.g. https://my-reunion.firebaseapp.com;
 * throws for anything that is not a plain host name (a scheme, a path, a wildcard, a ';' would change the policy).
 */
export function authDomainOrigin(authDomain: string): string {
  const host = authDomain.trim();
  if (!HOST_NAME.test(host)) {
    throw new Error(
      `The auth domain "${authDomain}" is not a host name (e.g. my-reunion.firebaseapp.com, without https://).`,
    );
  }
  return `https://${host.toLowerCase()}`;
}

/** firebase.json as organiser:deploy deploys it: the project's own auth domain in frame-src, nothing wider. */
export function deployFirebaseJson(base: FirebaseJson, { authDomain }: { authDomain: string }): FirebaseJson {
  return withCspAdditions(base, { 'frame-src': [authDomainOrigin(authDomain)] });
}
