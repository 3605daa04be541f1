/**
 * What the page uploads for who is who: each file as src/domain builds it (the organisers' commands store the same,
 * admin/bucket/faces.ts), through the Storage SDK, which is replaced here by a recorder.
 */
import { facesFilePathOf, suggestionPathOf, type FacesFile } from '../domain/faces';
import { parseVersionPath } from '../domain/keeping';
import { saveFaces, sendSuggestion } from './faces';

const uploads = vi.hoisted(() => [] as { path: string; text: Promise<string>; settings: unknown }[]);
vi.mock('firebase/storage', () => ({
  uploadBytes: (path: string, blob: Blob, settings: unknown) => {
    uploads.push({ path, text: blob.text(), settings });
    return Promise.resolve();
  },
  deleteObject: vi.fn(),
  getMetadata: vi.fn(),
}));
vi.mock('./storage-sdk', () => ({
  objectRef: (path: string) => path,
  listFolder: vi.fn(),
  listNames: vi.fn(),
}));
vi.mock('./storage', () => ({ fetchMemberFile: vi.fn(), STORAGE_HOST: 'http://storage' }));
vi.mock('./auth', () => ({ idToken: vi.fn() }));
vi.mock('./deletion-markers', () => ({ leaveWithdrawalMarker: vi.fn() }));

const NOW = new Date('2026-07-11T19:03:22.456Z');

beforeEach(() => {
  uploads.length = 0;
});

describe('sendSuggestion', () => {
  it('uploads the suggestion as JSON in the relative’s folder, with who made it as custom metadata', async () => {
    const sent = await sendSuggestion(
      'group-photo-1976',
      { uid: 'uid-1', email: 'kari@example.com', name: 'Kari' },
      { face: 3, name: ' Ola\u200B ', note: 'Onkel' },
      NOW,
    );
    expect(sent.path).toBe(suggestionPathOf('group-photo-1976', 'uid-1', sent.suggestion.id));
    expect(sent.suggestion).toMatchObject({
      face: 3,
      name: 'Ola',
      note: 'Onkel',
      createdAt: NOW.toISOString(),
    });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.path).toBe(sent.path);
    expect(JSON.parse(await uploads[0]!.text)).toEqual(sent.suggestion);
    expect(uploads[0]!.settings).toEqual({
      contentType: 'application/json',
      customMetadata: { suggesterUid: 'uid-1', suggesterEmail: 'kari@example.com', suggesterName: 'Kari' },
    });
  });

  it('an account without a name sends no name (storage.rules compare one sent with the token’s)', async () => {
    await sendSuggestion(
      'group-photo-1976',
      { uid: 'uid-1', email: 'kari@example.com', name: '' },
      { face: 1, name: 'Per' },
      NOW,
    );
    expect(uploads[0]!.settings).toEqual({
      contentType: 'application/json',
      customMetadata: { suggesterUid: 'uid-1', suggesterEmail: 'kari@example.com' },
    });
  });
});

describe('saveFaces', () => {
  it('keeps the file replaced as a version with who and what, then saves the new one without custom metadata', async () => {
    const before: FacesFile = { fileId: 'group-photo-1976', width: 10, height: 10, faces: [{ number: 1 }] };
    const after: FacesFile = { ...before, faces: [{ number: 1, name: 'Ole' }] };
    await saveFaces(
      after,
      { file: before, by: { uid: 'uid-o', email: 'o@example.com' }, change: 'face 1\nnamed' },
      NOW,
    );
    expect(parseVersionPath(uploads[0]!.path)).toEqual({
      fileId: 'group-photo-1976',
      versionId: expect.stringMatching(/^20260711T190322Z_/),
    });
    expect(uploads[1]!.path).toBe(facesFilePathOf('group-photo-1976'));
    expect(JSON.parse(await uploads[0]!.text)).toEqual(before);
    expect(uploads[0]!.settings).toEqual({
      contentType: 'application/json',
      customMetadata: { organiserUid: 'uid-o', organiserEmail: 'o@example.com', change: 'face 1 named' },
    });
    expect(JSON.parse(await uploads[1]!.text)).toEqual(after);
    // No customMetadata field at all: the SDK would send an empty map.
    expect(uploads[1]!.settings).toEqual({ contentType: 'application/json' });
  });
});
