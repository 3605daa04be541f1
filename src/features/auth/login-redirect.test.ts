import { destinationAfterSignIn } from './login-redirect';

describe('where a member goes after signing in', () => {
  const from = (pathname: string, hash = '') => ({ from: { pathname, hash } });

  it('goes back to the members-only page asked for, with its hash', () => {
    expect(destinationAfterSignIn(from('/members/photos', '#mine'))).toBe('/members/photos#mine');
    expect(destinationAfterSignIn(from('/members/who-is-who/group-photo-1976'))).toBe(
      '/members/who-is-who/group-photo-1976',
    );
  });

  it('goes to the members area for anything else', () => {
    expect(destinationAfterSignIn(undefined)).toBe('/members');
    expect(destinationAfterSignIn(from('/home'))).toBe('/members');
    expect(destinationAfterSignIn(from('/members/who-is-who/Not_An_Id'))).toBe('/members');
    expect(destinationAfterSignIn(from('https://elsewhere.example/members'))).toBe('/members');
  });
});
