import { readFileSync } from 'node:fs';
import { localiseWidgetImages, patchFirebaseUiJs, replaceExactly } from './vite-plugins';

describe('replaceExactly', () => {
  it('replaces the expected number of matches', () => {
    expect(replaceExactly('a1 a2', /a\d/g, 'b', 2, 'test')).toBe('b b');
  });
  it('fails loudly when the vendor code changed', () => {
    expect(() => replaceExactly('a1', /a\d/g, 'b', 2, 'test')).toThrow(/expected 2 match\(es\), found 1/);
  });
});

describe('patchFirebaseUiJs', () => {
  const patched = patchFirebaseUiJs(readFileSync('node_modules/firebaseui/dist/esm.js', 'utf8'));

  it("shows the widget's own texts for sign-in errors, never the SDK's raw message", () => {
    expect(patched).toContain(
      'case "auth/invalid-credential":case "auth/invalid-login-credentials":case "auth/wrong-password":',
    );
    expect(patched).toContain('catch(d){return Jd().toString()}}function Ql(');
    expect(patched).not.toContain('catch(d){return a.message}}function Ql(');
  });

  it("says the site's password rule and names a blocked account in the site's words", () => {
    expect(patched).not.toContain('at least 6 characters');
    expect(patched).toContain(
      'c+="Password must be 8-32 characters long and include at least 1 number, 1 capital letter, and 1 lowercase letter."',
    );
    expect(patched).not.toContain('disabled by an administrator');
    expect(patched).toContain('b+="The organisers have blocked this account."');
  });

  it('leaves no inline handler or style and names the show-password button', () => {
    expect(patched).not.toContain('onsubmit=');
    expect(patched).not.toContain('style="background-color:');
    expect(patched).toContain('<button type="button" aria-label="Show password" aria-pressed="false"');
  });

  describe('decoding of the page address (the URIError on /login#%E0%A4%A)', () => {
    const declaration = /function fuiDecode\(s,whole\)\{.*?\}\}(?=var pb=)/.exec(patched)?.[0];
    const fuiDecode = new Function(`${declaration}; return fuiDecode;`)() as (
      s: string,
      whole?: boolean,
    ) => string;

    it('sends every decodeURI/decodeURIComponent call of goog.Uri through the tolerant decoder', () => {
      expect(declaration).toBeDefined();
      const outside = patched.replace(declaration!, '');
      expect(outside).not.toMatch(/decodeURI(Component)?\(/);
      expect(outside.match(/fuiDecode\(/g)).toHaveLength(5);
    });

    it('decodes what it can and keeps a malformed escape as it is, instead of throwing', () => {
      expect(() => decodeURIComponent('%E0%A4%A')).toThrow(URIError); // what FirebaseUI did
      expect(fuiDecode('%E0%A4%A')).toBe('%E0%A4%A');
      expect(fuiDecode('%25%%')).toBe('%%%'); // the valid escape is decoded
      expect(fuiDecode('a%20b%E0%A4')).toBe('a b%E0%A4');
      expect(fuiDecode('x%C3%A6%C3%B8%C3%A5')).toBe('xæøå');
      expect(fuiDecode('%E0%A4%A', true)).toBe('%E0%A4%A');
      // goog.Uri keeps an encoded "%" in paths by doubling it before decodeURI.
      expect(fuiDecode('/a%2525b%E0', true)).toBe('/a%25b%E0');
      expect(fuiDecode('/a%2525b', true)).toBe('/a%25b');
    });
  });
});

describe('localiseWidgetImages', () => {
  it('leaves no www.gstatic.com image in firebaseui.css', () => {
    const css = readFileSync('node_modules/firebaseui/dist/firebaseui.css', 'utf8');
    expect(css).toContain('https://www.gstatic.com/');
    const local = localiseWidgetImages(css);
    expect(local).not.toContain('gstatic');
    expect(local).toContain('url("/icons/visibility.svg")');
  });
  it('refuses an image it has no local copy of', () => {
    expect(() => localiseWidgetImages('a{background:url(https://www.gstatic.com/x/new.png)}')).toThrow(
      /no local copy/,
    );
  });
});
