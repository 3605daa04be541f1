/**
 * The Firebase Storage REST multipart upload the JS SDK's uploadBytes sends (a client write, checked by the rules),
 * for tests: a boundary that cannot occur in the data (the emulator splits on it without reading lengths).
 */
import { randomBytes } from 'node:crypto';

export function clientUploadRequest(
  storageUrl: string,
  bucket: string,
  path: string,
  data: Buffer,
  contentType: string,
  authorization: string | null,
  customMetadata?: Record<string, string>,
  /** Other fields of the object's resource, e.g. cacheControl or contentDisposition. */
  fields?: Record<string, string>,
): { url: string; init: RequestInit } {
  let boundary: string;
  do boundary = `client-${randomBytes(16).toString('hex')}`;
  while (data.includes(boundary));
  const resource = {
    name: path,
    contentType,
    ...fields,
    ...(customMetadata ? { metadata: customMetadata } : {}),
  };
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n` +
        `${JSON.stringify(resource)}\r\n`,
    ),
    Buffer.from(`--${boundary}\r\nContent-Type: ${contentType}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers: Record<string, string> = {
    'Content-Type': `multipart/related; boundary=${boundary}`,
    'X-Goog-Upload-Protocol': 'multipart',
  };
  if (authorization) headers.Authorization = authorization;
  const url = `${storageUrl}/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(path)}`;
  return { url, init: { method: 'POST', headers, body } };
}
