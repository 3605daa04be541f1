import { readFileSync } from 'node:fs';
import { localiseWidgetImages, replaceExactly } from './vite-plugins';

describe('replaceExactly', () => {
  it('replaces the expected number of matches', () => {
    expect(replaceExactly('a1 a2', /a\d/g, 'b', 2, 'test')).toBe('b b');
  });
  it('fails loudly when the vendor code changed', () => {
    expect(() => replaceExactly('a1', /a\d/g, 'b', 2, 'test')).toThrow(/expected 2 match\(es\), found 1/);
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
