import { readFileSync } from 'node:fs';
import { extendCsp, localFirebaseJson } from './firebase-config';

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

describe('localFirebaseJson', () => {
  it("adds the emulators' origins to the CSP of firebase.json and changes nothing else", () => {
    const base = JSON.parse(readFileSync('firebase.json', 'utf8'));
    const local = localFirebaseJson(base, {
      auth: 'http://127.0.0.1:9099',
      storage: 'http://127.0.0.1:9199',
    });
    const csp = (json: typeof base) =>
      json.hosting.headers
        .flatMap((rule: { headers: { key: string; value: string }[] }) => rule.headers)
        .find((h: { key: string }) => h.key === 'Content-Security-Policy').value as string;
    expect(csp(local)).toContain('connect-src');
    expect(csp(local)).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:9099 http:\/\/127\.0\.0\.1:9199/);
    expect(csp(base)).not.toContain('127.0.0.1');
    expect({ ...local, hosting: { ...local.hosting, headers: [] } }).toEqual({
      ...base,
      hosting: { ...base.hosting, headers: [] },
    });
  });
});
