import { mediaUrl, objectUrl } from './media-url';
import {
  StorageRequestError,
  fetchMemberFileInfo,
  isPermissionDenied,
  openMemberFileStream,
} from './storage';

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
    expect(objectUrl('https://firebasestorage.googleapis.com', 'b', 'members/x.pdf')).toBe(
      'https://firebasestorage.googleapis.com/v0/b/b/o/members%2Fx.pdf',
    );
  });
});

describe('rules-checked fetches (metadata and streams)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it("reads a file's size with the ID token, never a token link", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ size: '1234', updated: '2026-01-01T00:00:00Z' }), { status: 200 }),
    );
    expect(await fetchMemberFileInfo('members/documents/a b.pdf')).toEqual({
      size: 1234,
      updated: '2026-01-01T00:00:00Z',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toMatch(/\/o\/members%2Fdocuments%2Fa%20b\.pdf$/);
    expect(init?.headers).toEqual({ Authorization: 'Firebase token' });
  });

  it('turns a refusal into StorageRequestError and a network failure into an Error', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"error":{"code":403}}', { status: 403 }));
    const refused = await fetchMemberFileInfo('members/x.pdf').catch((error: unknown) => error);
    expect(isPermissionDenied(refused)).toBe(true);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(openMemberFileStream('members/x.pdf')).rejects.toThrow('Failed to fetch');
  });

  it("gives the file's bytes as a stream", async () => {
    fetchMock.mockResolvedValue(new Response(new Uint8Array([1, 2, 3]), { status: 200 }));
    const stream = await openMemberFileStream('members/x.pdf');
    expect(new Uint8Array(await new Response(stream).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(fetchMock.mock.calls[0]![0]).toMatch(/\/o\/members%2Fx\.pdf\?alt=media$/);
  });

  it('an abort rejects with the reason given', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))),
        ),
    );
    const pending = openMemberFileStream('members/x.pdf', controller.signal);
    const reason = new Error('stalled');
    await Promise.resolve();
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});
