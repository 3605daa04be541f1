import { parseEnv } from './env-schema';

describe('parseEnv', () => {
  it('defaults to the offline demo project and the emulators', () => {
    const config = parseEnv({});
    expect(config.firebase.projectId).toBe('demo-reunion');
    expect(config.firebase.storageBucket).toBe('demo-reunion.firebasestorage.app');
    expect(config.emulators).toEqual({
      authUrl: 'http://127.0.0.1:9099',
      storageUrl: 'http://127.0.0.1:9199',
    });
    expect(config.contactEmail).toMatch(/@/);
  });

  it('treats blank values as unset', () => {
    expect(parseEnv({ VITE_FIREBASE_PROJECT_ID: '  ', VITE_CONTACT_EMAIL: '' }).firebase.projectId).toBe(
      'demo-reunion',
    );
  });

  it('uses a real project without emulators, and requires its API key', () => {
    expect(() => parseEnv({ VITE_FIREBASE_PROJECT_ID: 'rolette-reunion' })).toThrow(/VITE_FIREBASE_API_KEY/);
    const config = parseEnv({
      VITE_FIREBASE_PROJECT_ID: 'rolette-reunion',
      VITE_FIREBASE_API_KEY: 'AIzaXYZ',
    });
    expect(config.emulators).toBeUndefined();
    expect(config.firebase.authDomain).toBe('rolette-reunion.firebaseapp.com');
  });

  it('names the settings that are wrong', () => {
    expect(() => parseEnv({ VITE_CONTACT_EMAIL: 'not an address', VITE_SITE_URL: 'ftp://x' })).toThrow(
      /VITE_CONTACT_EMAIL.*VITE_SITE_URL|VITE_SITE_URL.*VITE_CONTACT_EMAIL/,
    );
    expect(() => parseEnv({ VITE_FIREBASE_PROJECT_ID: 'Bad_Project' })).toThrow(/VITE_FIREBASE_PROJECT_ID/);
  });

  it('drops trailing slashes from the site address', () => {
    expect(parseEnv({ VITE_SITE_URL: 'https://example.org/' }).siteUrl).toBe('https://example.org');
  });
});
