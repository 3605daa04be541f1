// @vitest-environment jsdom
import { gzipSync } from 'node:zlib';
import type { SearchTexts } from '../domain/search';
import { readSearchTexts } from './search';

vi.mock('./auth', () => ({ idToken: () => Promise.resolve('token') }));

const TEXTS: SearchTexts = {
  version: 1,
  files: [
    {
      id: 'genealogy-book-1986',
      md5: 'x',
      unit: 'page',
      parts: [{ n: 3, text: 'Øystein Sæther', method: 'text-layer' }],
      unread: [],
    },
  ],
};

/** Storage's answers by object path (the part after /o/), 404 for any other. */
function storage(objects: Record<string, Uint8Array>) {
  const fetchMock = vi.fn<typeof fetch>((input) => {
    const path = decodeURIComponent(String(input).split('/o/')[1]!.split('?')[0]!);
    const bytes = objects[path];
    return Promise.resolve(
      bytes
        ? new Response(bytes as Uint8Array<ArrayBuffer>, {
            headers: { 'Content-Length': String(bytes.byteLength) },
          })
        : new Response('{"error":{"code":404}}', { status: 404 }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('readSearchTexts', () => {
  afterEach(() => vi.unstubAllGlobals());
  const signal = new AbortController().signal;

  it('reads the gzipped texts', async () => {
    const fetchMock = storage({ 'members/search/verified.json.gz': gzipSync(JSON.stringify(TEXTS)) });
    expect(await readSearchTexts('verified', signal)).toEqual(TEXTS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads the uncompressed texts an older upload stored while no gzipped ones exist, and none: undefined', async () => {
    storage({ 'members/search/approved.json': new TextEncoder().encode(JSON.stringify(TEXTS)) });
    expect(await readSearchTexts('approved', signal)).toEqual(TEXTS);
    storage({});
    expect(await readSearchTexts('approved', signal)).toBeUndefined();
  });

  it('texts that are no texts (another format) read as none; a refusal is an error', async () => {
    storage({ 'members/search/verified.json.gz': gzipSync('{"version":2}') });
    expect(await readSearchTexts('verified', signal)).toBeUndefined();
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 403 })));
    await expect(readSearchTexts('verified', signal)).rejects.toMatchObject({ status: 403 });
  });
});
