import {
  delocalizePath,
  localeOfPath,
  localizePath,
  preferredLocale,
  rememberChoice,
  rememberedChoice,
  startLocale,
} from './locale';

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
