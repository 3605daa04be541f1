import { localizePath } from './locale';
import {
  chosenOnArrival,
  delocalizePath,
  localeOfPath,
  preferredLocale,
  rememberChoice,
  rememberedChoice,
  startLocale,
} from './locale-path';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
    clear: () => data.clear(),
    key: () => null,
    get length() {
      return data.size;
    },
  };
}

describe('locale', () => {
  it('reads the language from the path: /nb and below is Norwegian, case-sensitive', () => {
    expect(localeOfPath('/nb')).toBe('nb');
    expect(localeOfPath('/nb/home')).toBe('nb');
    expect(localeOfPath('/home')).toBe('en');
    expect(localeOfPath('/nbx/home')).toBe('en');
    expect(localeOfPath('/NB/home')).toBe('en');
    expect(localeOfPath('/')).toBe('en');
  });

  it('maps paths between the languages', () => {
    expect(localizePath('/members', 'nb')).toBe('/nb/members');
    expect(localizePath('/members', 'en')).toBe('/members');
    expect(delocalizePath('/nb/members')).toBe('/members');
    expect(delocalizePath('/nb')).toBe('/');
    expect(delocalizePath('/news')).toBe('/news');
  });

  it('prefers Norwegian when the browser puts nb, nn or no first', () => {
    for (const first of ['nb', 'nb-NO', 'nn', 'nn-NO', 'no', 'NO', 'nb_NO'])
      expect(preferredLocale([first, 'en-US'])).toBe('nb');
    expect(preferredLocale(['en-US', 'nb'])).toBe('en');
    expect(preferredLocale(['sv-SE'])).toBe('en');
    expect(preferredLocale([])).toBe('en');
  });

  it('starts / in the language last chosen, else the browser preference, and any other path in its own', () => {
    const storage = memoryStorage();
    expect(startLocale('/', ['nb-NO'], storage)).toBe('nb');
    expect(startLocale('/', ['en-US'], storage)).toBe('en');
    rememberChoice('nb', storage);
    expect(rememberedChoice(storage)).toBe('nb');
    expect(startLocale('/', ['en-US'], storage)).toBe('nb');
    rememberChoice('en', storage);
    expect(startLocale('/', ['nb'], storage)).toBe('en');
    expect(startLocale('/nb/news', ['en-US'], storage)).toBe('nb');
    expect(startLocale('/news', ['nb'], storage)).toBe('en');
  });

  it('ignores a stored choice it does not know, and storage that throws', () => {
    const storage = memoryStorage();
    storage.setItem('reunion-language', 'de');
    expect(rememberedChoice(storage)).toBeUndefined();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(rememberedChoice(broken)).toBeUndefined();
    expect(() => rememberChoice('nb', broken)).not.toThrow();
    expect(startLocale('/', ['nb'], broken)).toBe('nb');
  });
});

describe('chosenOnArrival', () => {
  const here = (pathname: string) => ({ pathname, origin: 'https://reunion.example' });
  it.each([
    ['/nb/about', 'https://reunion.example/about', 'nb'],
    ['/about', 'https://reunion.example/nb/about', 'en'],
    ['/nb/home', 'https://reunion.example/home#planning-committee', 'nb'],
    ['/nb', 'https://reunion.example/', 'nb'],
    ['/nb/news/thank-you', 'https://reunion.example/news/thank-you?x=1', 'nb'],
  ])('%s from %s: %s was chosen', (path, referrer, chosen) => {
    expect(chosenOnArrival(here(path), referrer)).toBe(chosen);
  });

  it.each([
    ['/nb/about', ''],
    ['/nb/about', 'not an address'],
    ['/nb/about', 'https://www.google.com/about'],
    ['/nb/about', 'https://reunion.example/nb/home'],
    ['/nb/about', 'https://reunion.example/contact'],
    ['/about', 'https://reunion.example/about'],
  ])('%s from %j: no choice', (path, referrer) => {
    expect(chosenOnArrival(here(path), referrer)).toBeUndefined();
  });
});
