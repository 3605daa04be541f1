import { checkPassword, isValidPassword } from './password-policy';

describe('password policy', () => {
  it('accepts 8 and 32 characters, refuses 7 and 33', () => {
    expect(isValidPassword('Abcdef1x')).toBe(true); // 8
    expect(isValidPassword('Abcdef1')).toBe(false); // 7
    expect(isValidPassword(`Ab1${'x'.repeat(29)}`)).toBe(true); // 32
    expect(isValidPassword(`Ab1${'x'.repeat(30)}`)).toBe(false); // 33
    expect(checkPassword('Abcdef1').length).toBe(false);
    expect(checkPassword(`Ab1${'x'.repeat(30)}`).length).toBe(false);
  });

  it('needs each character class', () => {
    expect(checkPassword('abcdefg1')).toEqual({
      length: true,
      digit: true,
      lowercase: true,
      uppercase: false,
    });
    expect(checkPassword('ABCDEFG1')).toEqual({
      length: true,
      digit: true,
      lowercase: false,
      uppercase: true,
    });
    expect(checkPassword('Abcdefgh')).toEqual({
      length: true,
      digit: false,
      lowercase: true,
      uppercase: true,
    });
    expect(isValidPassword('Reunion1976')).toBe(true);
  });

  it('reports every rule for an empty password', () => {
    expect(checkPassword('')).toEqual({ length: false, digit: false, lowercase: false, uppercase: false });
  });

  it('counts only ASCII letters and digits for the classes, like the Firebase policy', () => {
    expect(checkPassword('ÆØÅæøå12')).toEqual({
      length: true,
      digit: true,
      lowercase: false,
      uppercase: false,
    });
    expect(checkPassword('Øygarden٣٤')).toMatchObject({ digit: false, lowercase: true, uppercase: false });
    expect(isValidPassword('Blåbærsyltetøy1')).toBe(true);
  });

  it('counts length in UTF-16 code units, like the Firebase policy', () => {
    expect('Ab1😀😀x'.length).toBe(8);
    expect(isValidPassword('Ab1😀😀x')).toBe(true);
  });
});
