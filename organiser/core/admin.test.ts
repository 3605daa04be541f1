/** The organiser commands' wording of Admin SDK failures, with stand-in errors shaped like the SDK's. */
import { describe, expect, it } from 'vitest';

import { authFailure, isUnreachable, storageFailure } from './admin.ts';
import { CommandError } from './errors.ts';
import { resolveTarget } from './target.ts';

const local = resolveTarget(
  {},
  {
    env: { STORAGE_EMULATOR_URL: 'http://127.0.0.1:9', AUTH_EMULATOR_URL: 'http://127.0.0.1:8' },
    firebaserc: {},
  },
);
const real = resolveTarget({ project: 'my-reunion' }, { env: {}, firebaserc: {} });

/** Like @google-cloud/storage's ApiError: the HTTP status in `code`. */
function apiError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** Like node-fetch / undici when nothing listens. */
function refused(): Error {
  const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
  return new TypeError('fetch failed', { cause });
}

describe('isUnreachable', () => {
  it('recognises a refused connection in the error or its causes, and nothing else', () => {
    expect(isUnreachable(refused())).toBe(true);
    expect(
      isUnreachable(new Error('request to http://x failed, reason: connect ECONNREFUSED 127.0.0.1:9')),
    ).toBe(true);
    expect(isUnreachable(Object.assign(new Error('x'), { code: 'ENOTFOUND' }))).toBe(true);
    expect(isUnreachable(apiError(403, 'Forbidden'))).toBe(false);
    expect(isUnreachable(undefined)).toBe(false);
  });
});

describe('storageFailure', () => {
  it('the emulator not running: says to start the stack', () => {
    expect(storageFailure('Listing gs://b/members/', refused(), local).message).toBe(
      'Listing gs://b/members/: cannot reach the Storage emulator at http://127.0.0.1:9 (fetch failed). ' +
        'Is the local stack running (npm start)? Or pass --project to act on a real project.',
    );
  });

  it('a real project: 403 says how to log in; a missing bucket points at --bucket for old projects', () => {
    expect(
      storageFailure(
        'Uploading gs://b/x',
        apiError(403, 'x does not have storage.objects.create access'),
        real,
      ).message,
    ).toMatch(
      /^Uploading gs:\/\/b\/x: 403: x does not have storage\.objects\.create access\. Log in with `gcloud auth application-default login`/,
    );
    expect(
      storageFailure('Listing', apiError(404, 'The specified bucket does not exist.'), real).message,
    ).toBe(
      'Listing: 404: The specified bucket does not exist.. Is gs://my-reunion.firebasestorage.app the ' +
        "project's bucket? Check Firebase console > Storage; projects created before November 2024 use " +
        'my-reunion.appspot.com: pass --bucket.',
    );
  });

  it('keeps a CommandError as it is (e.g. the credentials message)', () => {
    const original = new CommandError('No Google credentials for the real project.');
    expect(storageFailure('Listing', original, real)).toBe(original);
  });
});

describe('authFailure', () => {
  it('the emulator not running; a permission problem on a real project', () => {
    expect(authFailure('Listing the accounts', refused(), local).message).toMatch(
      /^Listing the accounts: cannot reach the Auth emulator at http:\/\/127\.0\.0\.1:8 .*Is the local stack running/,
    );
    const denied = Object.assign(new Error('Insufficient permission to access the requested resource.'), {
      code: 'auth/insufficient-permission',
    });
    expect(authFailure('Listing the accounts', denied, real).message).toBe(
      'Listing the accounts: Insufficient permission to access the requested resource. ' +
        '(auth/insufficient-permission). The account of the Application Default Credentials needs the Owner, ' +
        'Editor or Firebase Authentication Admin role on the project.',
    );
  });
});
