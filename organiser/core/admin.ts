/**
 * The organiser commands' side of the Admin SDK: connecting to a target (emulators or a real project, with a clear
 * message when the Google credentials are missing), reading a bucket's objects, and turning the SDK's errors into
 * messages an organiser can act on.
 */
import {
  connectAdmin,
  hostOf,
  statusOf,
  type AdminConnection,
  type Bucket,
} from '../../admin/firebase-admin.ts';
import { CommandError } from './errors.ts';
import type { Target } from './target.ts';

export { statusOf };

export const LOGIN_HINT =
  'Log in once with `gcloud auth application-default login` (as a Firebase project owner or editor), or set ' +
  'GOOGLE_APPLICATION_CREDENTIALS to a service account key file.';

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
}

/** The Admin SDK for the target; for a real project the credentials are tried first. */
export async function connectTarget(target: Target): Promise<AdminConnection> {
  const admin = connectAdmin(
    target.kind === 'emulator'
      ? {
          projectId: target.projectId,
          emulators: { auth: hostOf(target.authUrl), storage: hostOf(target.storageUrl) },
        }
      : { projectId: target.projectId },
  );
  if (target.kind === 'project') {
    try {
      await admin.accessToken();
    } catch (err) {
      await admin.close().catch(() => undefined);
      throw new CommandError(
        `No Google credentials for the real project ${target.projectId}. ${LOGIN_HINT} (${firstLine(err)})`,
        {
          cause: err,
        },
      );
    }
  }
  return admin;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);

/** True when the request never got an answer (nothing listening, no network). */
export function isUnreachable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    const errno = (e as { errno?: unknown }).errno;
    if (typeof errno === 'string' && NETWORK_CODES.has(errno)) return true;
    if (
      e instanceof Error &&
      /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|EHOSTUNREACH)\b/.test(e.message)
    ) {
      return true;
    }
  }
  return false;
}

/**
 * A Storage failure as one sentence: `<what>: <why>.` with what to do about it, e.g. start the local stack, log
 * in, or pass --bucket for a project created before November 2024.
 */
export function storageFailure(what: string, err: unknown, target: Target): CommandError {
  if (err instanceof CommandError) return err;
  if (isUnreachable(err)) {
    return new CommandError(
      target.kind === 'emulator'
        ? `${what}: cannot reach the Storage emulator at ${target.storageUrl} (${firstLine(err)}). ` +
            'Is the local stack running (npm start)? Or pass --project to act on a real project.'
        : `${what}: cannot reach Cloud Storage (${firstLine(err)}).`,
      { cause: err },
    );
  }
  const status = statusOf(err);
  let detail = firstLine(err);
  if (detail.length > 300) detail = `${detail.slice(0, 300)}…`;
  let hint = '';
  if (target.kind === 'project') {
    if (status === 401 || status === 403) {
      hint =
        ' Log in with `gcloud auth application-default login` as an account that may write to the bucket ' +
        '(project Owner or Editor, or the Storage Admin role).';
    } else if (status === 404 && /bucket/i.test(detail)) {
      hint =
        ` Is gs://${target.bucket} the project's bucket? Check Firebase console > Storage; projects created ` +
        `before November 2024 use ${target.projectId}.appspot.com: pass --bucket.`;
    }
  }
  return new CommandError(`${what}: ${status ? `${status}: ` : ''}${detail}.${hint}`, { cause: err });
}

/** An Auth failure, worded like storageFailure(). */
export function authFailure(what: string, err: unknown, target: Target): CommandError {
  if (err instanceof CommandError) return err;
  if (isUnreachable(err)) {
    return new CommandError(
      target.kind === 'emulator'
        ? `${what}: cannot reach the Auth emulator at ${target.authUrl} (${firstLine(err)}). ` +
            'Is the local stack running (npm start)? Or pass --project to act on a real project.'
        : `${what}: cannot reach Firebase Authentication (${firstLine(err)}).`,
      { cause: err },
    );
  }
  const code = (err as { code?: unknown } | null)?.code;
  const permission =
    code === 'auth/insufficient-permission' || /PERMISSION_DENIED|permission/i.test(firstLine(err));
  const hint =
    target.kind === 'project' && permission
      ? ' The account of the Application Default Credentials needs the Owner, Editor or Firebase ' +
        'Authentication Admin role on the project.'
      : '';
  return new CommandError(
    `${what}: ${firstLine(err)}${typeof code === 'string' ? ` (${code})` : ''}.${hint}`,
    {
      cause: err,
    },
  );
}

export interface StoredObject {
  name: string;
  contentType?: string;
  contentDisposition?: string;
  /** Bytes. */
  size: number;
  /** Base64 MD5 of the content, as Cloud Storage reports it. */
  md5Hash?: string;
  /** Custom metadata. */
  metadata: Record<string, string>;
  /** When the object was made (ISO 8601), when the listing says. */
  created?: string;
}

/** Every object whose name starts with prefix (the SDK follows the pages); with `limit`, at most that many. */
export async function listObjects(
  bucket: Bucket,
  prefix: string,
  { limit }: { limit?: number } = {},
): Promise<StoredObject[]> {
  const [files] = await bucket.getFiles(
    limit === undefined ? { prefix, autoPaginate: true } : { prefix, maxResults: limit, autoPaginate: false },
  );
  return files.map((file) => {
    const m = file.metadata;
    const custom: Record<string, string> = {};
    for (const [key, value] of Object.entries(m.metadata ?? {})) {
      if (value !== null && value !== undefined) custom[key] = String(value);
    }
    return {
      name: file.name,
      ...(m.contentType ? { contentType: m.contentType } : {}),
      ...(m.contentDisposition ? { contentDisposition: m.contentDisposition } : {}),
      size: Number(m.size ?? 0),
      ...(m.md5Hash ? { md5Hash: m.md5Hash } : {}),
      metadata: custom,
      ...(m.timeCreated ? { created: String(m.timeCreated) } : {}),
    };
  });
}
