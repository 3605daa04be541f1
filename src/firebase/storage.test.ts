import { mediaUrl } from './media-url';
import { StorageRequestError, isPermissionDenied } from './storage';

vi.mock('./auth', () => ({ idToken: () => Promise.resolve('token') }));

describe('isPermissionDenied', () => {
  it('tells a 403 from storage.rules apart from other failures', () => {
    expect(isPermissionDenied(new StorageRequestError(403))).toBe(true);
    expect(new StorageRequestError(403).status).toBe(403);
    expect(isPermissionDenied(new StorageRequestError(404))).toBe(false);
    expect(isPermissionDenied(new StorageRequestError(500))).toBe(false);
    expect(isPermissionDenied(new Error('Network error while downloading'))).toBe(false);
    expect(isPermissionDenied({ status: 403 })).toBe(false);
  });
});

describe('mediaUrl', () => {
  it('encodes the bucket and the whole object path', () => {
    expect(mediaUrl('http://127.0.0.1:9199', 'demo-reunion.firebasestorage.app', 'members/a b/c.pdf')).toBe(
      'http://127.0.0.1:9199/v0/b/demo-reunion.firebasestorage.app/o/members%2Fa%20b%2Fc.pdf?alt=media',
    );
  });
});
