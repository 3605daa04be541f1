import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  authDomainOrigin,
  cspDirective,
  cspValues,
  deployFirebaseJson,
  extendCsp,
  type FirebaseJson,
} from './hosting-config.ts';

const ROOT = resolve(import.meta.dirname, '..');

const committed = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as FirebaseJson;

describe('extendCsp', () => {
  it('adds sources to existing directives once, and new directives at the end', () => {
    expect(
      extendCsp("default-src 'self'; connect-src 'self' https://a", {
        'connect-src': ['https://a', 'http://b'],
        'worker-src': ["'none'"],
      }),
    ).toBe("default-src 'self'; connect-src 'self' https://a http://b; worker-src 'none'");
  });
});

describe('the committed firebase.json', () => {
  it("frames no Firebase site by wildcard (the deploy adds the project's own auth domain)", () => {
    const [csp = ''] = cspValues(committed);
    expect(cspValues(committed)).toHaveLength(1);
    expect(cspDirective(csp, 'frame-src')).toEqual(['https://www.google.com']);
    expect(csp).not.toMatch(/\*/);
  });

  it('keeps source maps and dot files (.vite/manifest.json) out of a deploy', () => {
    expect(committed.hosting.ignore).toEqual(expect.arrayContaining(['**/*.map', '**/.*', '**/.*/**']));
  });
});

describe('deployFirebaseJson', () => {
  it("adds the project's own auth domain to frame-src, exactly, and changes nothing else", () => {
    const deployed = deployFirebaseJson(committed, { authDomain: 'my-reunion.firebaseapp.com' });
    const [csp = ''] = cspValues(deployed);
    expect(cspDirective(csp, 'frame-src')).toEqual([
      'https://www.google.com',
      'https://my-reunion.firebaseapp.com',
    ]);
    expect(csp.replace(' https://my-reunion.firebaseapp.com', '')).toBe(cspValues(committed)[0]);
    expect({ ...deployed, hosting: { ...deployed.hosting, headers: [] } }).toEqual({
      ...committed,
      hosting: { ...committed.hosting, headers: [] },
    });
    // Another project, its own domain; a custom auth domain as given.
    expect(
      cspDirective(
        cspValues(deployFirebaseJson(committed, { authDomain: 'other-reunion.firebaseapp.com' }))[0]!,
        'frame-src',
      ),
    ).toContain('https://other-reunion.firebaseapp.com');
    expect(
      cspDirective(
        cspValues(deployFirebaseJson(committed, { authDomain: 'Login.Example.org' }))[0]!,
        'frame-src',
      ),
    ).toContain('https://login.example.org');
  });
});

describe('authDomainOrigin', () => {
  it('refuses what is not a plain host name', () => {
    for (const bad of [
      '',
      'https://my-reunion.firebaseapp.com',
      '*.firebaseapp.com',
      'a.b/c',
      'a.b; script-src *',
      'localhost',
    ]) {
      expect(() => authDomainOrigin(bad), bad).toThrow(/is not a host name/);
    }
    expect(authDomainOrigin(' my-reunion.web.app ')).toBe('https://my-reunion.web.app');
  });
});
