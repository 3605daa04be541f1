// @vitest-environment jsdom
import { forgetPhoto, rememberedPhotos, rememberPhoto } from './my-photos-store';

describe('the photos an account sent from this browser', () => {
  beforeEach(() => localStorage.clear());

  it('remembers ids per account, once each, and forgets them', () => {
    rememberPhoto('u1', 'a1234567');
    rememberPhoto('u1', 'b1234567');
    rememberPhoto('u1', 'a1234567');
    rememberPhoto('u2', 'c1234567');
    expect(rememberedPhotos('u1')).toEqual(['b1234567', 'a1234567']);
    forgetPhoto('u1', 'b1234567');
    expect(rememberedPhotos('u1')).toEqual(['a1234567']);
    forgetPhoto('u1', 'a1234567');
    expect(localStorage.getItem('reunion-photos-sent:u1')).toBeNull();
    expect(rememberedPhotos('u2')).toEqual(['c1234567']);
  });

  it('survives a damaged entry', () => {
    localStorage.setItem('reunion-photos-sent:u1', '{not json');
    expect(rememberedPhotos('u1')).toEqual([]);
    localStorage.setItem('reunion-photos-sent:u1', '[1, "a1234567"]');
    expect(rememberedPhotos('u1')).toEqual(['a1234567']);
  });
});
