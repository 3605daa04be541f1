import { setDocumentLocale } from '../../lib/locale';
import { altTextOf, removalRequest } from './photo-text';

const ID = '20260711T190322Z_k3J9xQ2mPa';
const META = {
  takenAt: '2026-07-11T19:03:22Z',
  width: '2560',
  height: '1920',
  uploaderUid: 'u1',
  uploaderName: 'Kari',
};

afterEach(() => setDocumentLocale('en'));

describe('altTextOf', () => {
  // Every time of a photo says it is Rolette's: a relative in Norway reads it seven hours off their own clock.
  it('is the caption, else who shared it and when, else when (from the id) while the metadata loads', () => {
    expect(altTextOf(ID, { ...META, caption: 'The capsule opened' })).toBe('The capsule opened');
    expect(altTextOf(ID, META)).toBe(
      'Photo shared by Kari, taken July 11th, 2026, 2:03 PM, Rolette time (Central Time)',
    );
    expect(altTextOf(ID, { ...META, uploaderName: undefined })).toBe(
      'Photo shared by a relative, taken July 11th, 2026, 2:03 PM, Rolette time (Central Time)',
    );
    expect(altTextOf(ID, undefined)).toBe(
      'Photo taken July 11th, 2026, 2:03 PM, Rolette time (Central Time)',
    );
    expect(altTextOf('not-a-new-id', undefined)).toBe('Photo');
  });

  it('in Norwegian', () => {
    setDocumentLocale('nb');
    expect(altTextOf(ID, META)).toBe(
      'Bilde delt av Kari, tatt 11. juli 2026 kl. 14.03, lokal tid i Rolette (sentraltid i USA)',
    );
  });
});

describe('removalRequest', () => {
  it('names the photo and its date, in the page’s language', () => {
    const en = removalRequest(ID, { ...META, caption: 'At the church' });
    expect(en.subject).toContain(ID);
    expect(en.body).toContain(`Photo: ${ID}`);
    expect(en.body).toContain('Taken: July 11th, 2026, 2:03 PM, Rolette time (Central Time)');
    expect(en.body).toContain('Caption: At the church');
    setDocumentLocale('nb');
    const nb = removalRequest(ID, META);
    expect(nb.body).toContain(`Bilde: ${ID}`);
    expect(nb.body).toContain('Tatt: 11. juli 2026 kl. 14.03, lokal tid i Rolette (sentraltid i USA)');
  });
});
