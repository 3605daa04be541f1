/**
 * organiser:password-policy: the request it sends (method, URL, body) from the shared constants, what it does
 * for the emulators and for a real project (fake fetch, no Google), and what the real Auth emulator (firebase-tools,
 * in-process on a random port) answers to the same request.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  isValidPassword,
} from '../../src/domain/password-policy.ts';
import type { CommandContext } from './cli.ts';
import { main, passwordPolicyRequest, policyDifferences } from './password-policy.ts';
import { captureIo, noCredentials } from './test-support.ts';

const EXPECTED_BODY = {
  passwordPolicyConfig: {
    passwordPolicyEnforcementState: 'ENFORCE',
    forceUpgradeOnSignin: false,
    passwordPolicyVersions: [
      {
        customStrengthOptions: {
          minPasswordLength: 8,
          maxPasswordLength: 32,
          containsLowercaseCharacter: true,
          containsUppercaseCharacter: true,
          containsNumericCharacter: true,
          containsNonAlphanumericCharacter: false,
        },
      },
    ],
  },
};

describe('passwordPolicyRequest', () => {
  it('is the Identity Toolkit admin v2 updateConfig request for the spec rule (8-32, digit, lower, upper)', () => {
    expect(passwordPolicyRequest('my-reunion')).toEqual({
      method: 'PATCH',
      url: 'https://identitytoolkit.googleapis.com/admin/v2/projects/my-reunion/config?updateMask=passwordPolicyConfig',
      body: EXPECTED_BODY,
    });
  });

  it('takes its numbers from the constants the sign-up page uses', () => {
    const options =
      passwordPolicyRequest('my-reunion').body.passwordPolicyConfig.passwordPolicyVersions[0]!
        .customStrengthOptions;
    expect(options.minPasswordLength).toBe(PASSWORD_MIN_LENGTH);
    expect(options.maxPasswordLength).toBe(PASSWORD_MAX_LENGTH);
    // The page's rule and the policy agree at the edges.
    expect(isValidPassword('Abcdefg1'.slice(0, options.minPasswordLength))).toBe(true);
    expect(isValidPassword('Abcdef1')).toBe(false);
    expect(isValidPassword(`Ab1${'x'.repeat(options.maxPasswordLength - 3)}`)).toBe(true);
    expect(isValidPassword(`Ab1${'x'.repeat(options.maxPasswordLength - 2)}`)).toBe(false);
  });
});

describe('policyDifferences', () => {
  const sent = passwordPolicyRequest('x').body.passwordPolicyConfig;
  it('accepts the answer with false booleans omitted, as Google answers', () => {
    expect(
      policyDifferences(sent, {
        passwordPolicyEnforcementState: 'ENFORCE',
        passwordPolicyVersions: [
          {
            customStrengthOptions: {
              minPasswordLength: 8,
              maxPasswordLength: 32,
              containsLowercaseCharacter: true,
              containsUppercaseCharacter: true,
              containsNumericCharacter: true,
            } as never,
          },
        ],
      }),
    ).toEqual([]);
  });
  it('names what differs', () => {
    expect(policyDifferences(sent, { passwordPolicyEnforcementState: 'OFF' })).toEqual([
      'passwordPolicyEnforcementState',
      'customStrengthOptions.minPasswordLength',
      'customStrengthOptions.maxPasswordLength',
      'customStrengthOptions.containsLowercaseCharacter',
      'customStrengthOptions.containsUppercaseCharacter',
      'customStrengthOptions.containsNumericCharacter',
    ]);
  });
});

describe('organiser:password-policy', () => {
  const root = mkdtempSync(join(tmpdir(), 'organiser-password-policy-'));
  writeFileSync(
    join(root, '.firebaserc'),
    JSON.stringify({ projects: { default: 'demo-reunion', production: 'my-reunion' } }),
  );
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const failingFetch: typeof fetch = () => Promise.reject(new Error('test: no request may be sent here'));

  function context(overrides: Partial<CommandContext> = {}) {
    const io = captureIo();
    return {
      io,
      ctx: { env: {}, io, rootDir: root, fetch: failingFetch, getAccessToken: noCredentials, ...overrides },
    };
  }

  it('without --project: prints the request and says the emulator does not enforce it; sends nothing', async () => {
    const { io, ctx } = context();
    expect(await main([], ctx)).toBe(0);
    expect(io.stdout[0]).toBe('Target: local emulators (demo-reunion)');
    expect(io.text()).toContain('The Auth emulator does not enforce password policies');
    const request = passwordPolicyRequest('demo-reunion');
    expect(io.text()).toContain(`PATCH ${request.url}\n${JSON.stringify(EXPECTED_BODY, null, 2)}`);
  });

  it('--project production: sends the PATCH with the access token and prints the policy', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const fakeFetch: typeof fetch = (input, init) => {
      sent.push({ url: String(input), init: init ?? {} });
      const answered = structuredClone(EXPECTED_BODY.passwordPolicyConfig) as Record<string, unknown>;
      delete answered.forceUpgradeOnSignin; // Google omits false
      return Promise.resolve(
        Response.json({
          name: 'projects/my-reunion/config',
          passwordPolicyConfig: { ...answered, lastUpdateTime: '2026-05-01T10:00:00Z' },
        }),
      );
    };
    const { io, ctx } = context({ fetch: fakeFetch, getAccessToken: () => Promise.resolve('test-token') });
    expect(await main(['--project', 'production'], ctx), io.text()).toBe(0);

    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(
      'https://identitytoolkit.googleapis.com/admin/v2/projects/my-reunion/config?updateMask=passwordPolicyConfig',
    );
    expect(sent[0]!.init.method).toBe('PATCH');
    expect(sent[0]!.init.headers).toEqual({
      Authorization: 'Bearer test-token',
      'Content-Type': 'application/json',
      'x-goog-user-project': 'my-reunion',
    });
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual(EXPECTED_BODY);

    expect(io.stdout[0]).toBe('Target: Firebase project my-reunion (alias production)');
    expect(io.text()).toMatch(/enforcement:\s+ENFORCE/);
    expect(io.text()).toMatch(/length:\s+8-32 characters/);
    expect(io.text()).toMatch(/last updated:\s+2026-05-01T10:00:00Z/);
    expect(io.stdout.at(-1)).toBe('Applied: new passwords must follow the same rule as the sign-up page.');
  });

  it('--project with --dry-run prints the request and sends nothing', async () => {
    const { io, ctx } = context();
    expect(await main(['--project', 'my-reunion', '--dry-run'], ctx)).toBe(0);
    expect(io.text()).toContain(`PATCH ${passwordPolicyRequest('my-reunion').url}`);
  });

  it('an error answer or another policy exits 1 with the message', async () => {
    const denied = context({
      fetch: () =>
        Promise.resolve(
          Response.json(
            { error: { code: 403, message: 'The caller does not have permission' } },
            { status: 403 },
          ),
        ),
      getAccessToken: () => Promise.resolve('t'),
    });
    expect(await main(['--project', 'production'], denied.ctx)).toBe(1);
    expect(denied.io.stderr[0]).toMatch(
      /^organiser:password-policy failed: Identity Toolkit answered 403: The caller does not have permission\. The account/,
    );

    const other = context({
      fetch: () =>
        Promise.resolve(Response.json({ passwordPolicyConfig: { passwordPolicyEnforcementState: 'OFF' } })),
      getAccessToken: () => Promise.resolve('t'),
    });
    expect(await main(['--project', 'production'], other.ctx)).toBe(1);
    expect(other.io.stderr[0]).toMatch(
      /answered with another policy than was sent \(passwordPolicyEnforcementState,/,
    );

    const noLogin = context({
      getAccessToken: () => Promise.reject(new Error('Could not load the default credentials')),
    });
    expect(await main(['--project', 'production'], noLogin.ctx)).toBe(1);
  });

  it('usage errors exit 2', async () => {
    const { io, ctx } = context();
    expect(await main(['--bucket', 'x'], ctx)).toBe(2);
    expect(io.stderr[0]).toMatch(/Unknown option '--bucket'/);
  });
});

/** firebase-tools' Auth emulator app (lib/emulator/auth/server.js), the same one `firebase emulators:start` runs. */
describe('the Auth emulator and the policy request', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const require = createRequire(import.meta.url);
    const { createApp } = require('firebase-tools/lib/emulator/auth/server.js') as {
      createApp(projectId: string): Promise<Parameters<typeof createServer>[1]>;
    };
    server = createServer(await createApp('demo-reunion'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  async function send(request: { method: string; url: string; body: unknown }) {
    const response = await fetch(request.url, {
      method: request.method,
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify(request.body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  it('has no /admin/v2 route (404), and accepts the same body on its /v2 route, validated against the API schema', async () => {
    const production = passwordPolicyRequest(
      'demo-reunion',
      `${url}/identitytoolkit.googleapis.com/admin/v2`,
    );
    expect((await send(production)).status).toBe(404);

    const request = passwordPolicyRequest('demo-reunion', `${url}/identitytoolkit.googleapis.com/v2`);
    const answer = await send(request);
    expect(answer.status).toBe(200);
    expect(answer.json.passwordPolicyConfig).toEqual(EXPECTED_BODY.passwordPolicyConfig);

    // Its schema check catches a wrong enum value or type in the body.
    const bad = structuredClone(request);
    (
      bad.body.passwordPolicyConfig as { passwordPolicyEnforcementState: string }
    ).passwordPolicyEnforcementState = 'ENFORCED';
    expect(await send(bad)).toMatchObject({ status: 400 });
  });

  it('but does not enforce it: sign-up with a 6-character lowercase password still succeeds', async () => {
    await send(passwordPolicyRequest('demo-reunion', `${url}/identitytoolkit.googleapis.com/v2`));
    const response = await fetch(
      `${url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'weak@example.com', password: 'abcdef', returnSecureToken: true }),
      },
    );
    expect(response.status).toBe(200);
    const policy = await fetch(`${url}/identitytoolkit.googleapis.com/v2/passwordPolicy?key=demo-api-key`);
    expect(policy.status).toBe(501); // "getPasswordPolicy is not implemented in the Auth Emulator"
  });
});
