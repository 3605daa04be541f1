/**
 * A tiny client for the Google Cloud Storage JSON API, the same for both targets:
 *   - the local Storage emulator (it serves the GCS JSON API too, without rules checks), with the emulator's
 *     admin credential `Authorization: Bearer owner`;
 *   - a real bucket at https://storage.googleapis.com, with an OAuth access token from the Application Default
 *     Credentials.
 * Endpoints: list  GET  /storage/v1/b/<bucket>/o?prefix=...&pageToken=...
 *            put   POST /upload/storage/v1/b/<bucket>/o?uploadType=multipart   (JSON metadata + bytes)
 */
import { randomBytes } from 'node:crypto';

import type { CommandContext } from './cli.ts';
import { CommandError } from './cli.ts';
import type { Target } from './target.ts';

export const GCS_API_URL = 'https://storage.googleapis.com';
/** The Storage emulator's admin credential: skips the security rules (like the Admin SDK). */
export const EMULATOR_AUTHORIZATION = 'Bearer owner';

export interface StorageObject {
  name: string;
  contentType?: string;
  contentDisposition?: string;
  /** Bytes. */
  size: number;
}

export interface ObjectMetadata {
  contentType: string;
  contentDisposition?: string;
}

/** A request the Storage API answered with an error status. */
export class StorageApiError extends CommandError {
  override name = 'StorageApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface GcsObjectResource {
  name: string;
  contentType?: string;
  contentDisposition?: string;
  size?: string | number;
}

interface GcsListResponse {
  items?: GcsObjectResource[];
  nextPageToken?: string;
}

function toStorageObject(resource: GcsObjectResource): StorageObject {
  return {
    name: resource.name,
    ...(resource.contentType ? { contentType: resource.contentType } : {}),
    ...(resource.contentDisposition ? { contentDisposition: resource.contentDisposition } : {}),
    size: Number(resource.size ?? 0),
  };
}

/**
 * The body of a multipart upload (RFC 2387 multipart/related): the JSON metadata, then the bytes. Each part has
 * exactly one header (Content-Type), which is all the emulator's parser accepts. The emulator splits on the
 * boundary without reading lengths, so the boundary is chosen to not occur in the data.
 */
export function multipartBody(
  metadata: Record<string, unknown> & { contentType: string },
  data: Uint8Array,
): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let boundary: string;
  do boundary = `organiser-${randomBytes(16).toString('hex')}`;
  while (bytes.includes(boundary));
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(metadata)}\r\n`,
    ),
    Buffer.from(`--${boundary}\r\nContent-Type: ${metadata.contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/related; boundary=${boundary}` };
}

export interface BucketClientOptions {
  fetch: CommandContext['fetch'];
  getAccessToken: CommandContext['getAccessToken'];
}

export class BucketClient {
  /** https://storage.googleapis.com or the emulator's base URL. */
  readonly apiUrl: string;
  readonly bucket: string;

  constructor(
    private readonly target: Target,
    private readonly opts: BucketClientOptions,
  ) {
    this.apiUrl = target.kind === 'emulator' ? target.storageUrl : GCS_API_URL;
    this.bucket = target.bucket;
  }

  private async authorization(): Promise<string> {
    if (this.target.kind === 'emulator') return EMULATOR_AUTHORIZATION;
    return `Bearer ${await this.opts.getAccessToken()}`;
  }

  private async request(what: string, url: string, init: RequestInit): Promise<unknown> {
    const headers = new Headers(init.headers);
    headers.set('Authorization', await this.authorization());
    let response: Response;
    try {
      response = await this.opts.fetch(url, { ...init, headers });
    } catch (err) {
      const cause =
        err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
      throw new CommandError(
        this.target.kind === 'emulator'
          ? `${what}: cannot reach the Storage emulator at ${this.apiUrl} (${cause}). ` +
              'Is the local stack running (npm start)? Or pass --project to act on a real project.'
          : `${what}: cannot reach ${this.apiUrl} (${cause}).`,
        { cause: err },
      );
    }
    const text = await response.text();
    if (!response.ok) throw new StorageApiError(response.status, this.errorMessage(what, response, text));
    if (!text) return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new StorageApiError(
        response.status,
        `${what}: the Storage API answered with something not JSON.`,
      );
    }
  }

  private errorMessage(what: string, response: Response, text: string): string {
    let detail = text.trim();
    try {
      const parsed = JSON.parse(text) as { error?: { message?: string } | string };
      const error = parsed.error;
      detail = typeof error === 'string' ? error : (error?.message ?? detail);
    } catch {
      // not JSON: keep the text
    }
    if (detail.length > 300) detail = `${detail.slice(0, 300)}…`;
    let hint = '';
    if (this.target.kind === 'project') {
      if (response.status === 401 || response.status === 403) {
        hint =
          ' Log in with `gcloud auth application-default login` as an account that may write to the bucket ' +
          '(project Owner or Editor, or the Storage Admin role).';
      } else if (response.status === 404 && /bucket/i.test(detail)) {
        hint =
          ` Is gs://${this.bucket} the project's bucket? Check Firebase console > Storage; projects created ` +
          `before November 2024 use ${this.target.projectId}.appspot.com: pass --bucket.`;
      }
    }
    const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    return `${what}: ${status}${detail ? `: ${detail}` : ''}.${hint}`;
  }

  private objectsUrl(upload = false): string {
    return `${this.apiUrl}/${upload ? 'upload/' : ''}storage/v1/b/${encodeURIComponent(this.bucket)}/o`;
  }

  /**
   * Every object whose name starts with prefix, following nextPageToken; with `limit`, stops once it has that
   * many (a cheap "can I reach the bucket?" probe).
   */
  async listObjects(
    prefix: string,
    { pageSize = 1000, limit = Infinity }: { pageSize?: number; limit?: number } = {},
  ): Promise<StorageObject[]> {
    const objects: StorageObject[] = [];
    let pageToken: string | undefined;
    const seen = new Set<string>();
    do {
      const query = new URLSearchParams({ prefix, maxResults: String(pageSize) });
      if (pageToken) query.set('pageToken', pageToken);
      const page = (await this.request(
        `Listing gs://${this.bucket}/${prefix}`,
        `${this.objectsUrl()}?${query}`,
        {
          method: 'GET',
        },
      )) as GcsListResponse;
      objects.push(...(page.items ?? []).map(toStorageObject));
      pageToken = page.nextPageToken || undefined;
      if (pageToken && seen.has(pageToken)) throw new CommandError('The Storage API repeated a page token.');
      if (pageToken) seen.add(pageToken);
    } while (pageToken && objects.length < limit);
    return objects;
  }

  /** Uploads (or replaces) one object in a single multipart request. */
  async uploadObject(path: string, data: Uint8Array, metadata: ObjectMetadata): Promise<StorageObject> {
    const { body, contentType } = multipartBody({ name: path, ...metadata }, data);
    const resource = (await this.request(
      `Uploading gs://${this.bucket}/${path}`,
      `${this.objectsUrl(true)}?uploadType=multipart`,
      { method: 'POST', headers: { 'Content-Type': contentType }, body },
    )) as GcsObjectResource;
    return toStorageObject(resource);
  }
}

export function bucketClient(target: Target, ctx: BucketClientOptions): BucketClient {
  return new BucketClient(target, ctx);
}
