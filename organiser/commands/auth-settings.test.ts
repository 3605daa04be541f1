/**
 * organiser:auth-settings. What the Admin SDK sends for a real project is checked against a small local HTTP server
 * standing in for Identity Toolkit (firebase-admin is pointed at it with FIREBASE_AUTH_EMULATOR_HOST, which changes
 * only the host part of the URL: https://identitytoolkit.googleapis.com/v2/projects/<id>/config becomes
 * http://<stand-in>/identitytoolkit.googleapis.com/v2/projects/<id>/config). No request reaches Google here.
 * The local path runs against firebase-tools' Auth emulator in-process, which also shows the trade-off: with
 * e-mail enumeration protection on, it no longer tells the sign-in widget that an address has an account.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  isValidPassword,
} from '../../src/domain/password-policy.ts';
import { emulatorConfig, updateEmulatorConfig } from '../../admin/auth-emulator.ts';
import { startAuthEmulator, type RunningAuthEmulator } from '../../tools/local/auth/emulator.ts';
import { connectAdmin, hostOf } from '../../admin/firebase-admin.ts';
import { authSettingsProblems, authSettingsRequest, main, passwordPolicy } from './auth-settings.ts';
import type { CommandContext } from '../core/cli.ts';
import { captureIo, noConnection } from '../core/test-support.ts';

/** What Identity Toolkit receives: the REST form firebase-admin builds from authSettingsRequest(). */
const EXPECTED_BODY = {
  passwordPolicyConfig: {
    passwordPolicyEnforcementState: 'ENFORCE',
    forceUpgradeOnSignin: false,
    passwordPolicyVersions: [
      {
        customStrengthOptions: {
          containsUppercaseCharacter: true,
          containsLowercaseCharacter: true,
          containsNonAlphanumericCharacter: false,
          containsNumericCharacter: true,
          minPasswordLength: 8,
          maxPasswordLength: 32,
        },
      },
    ],
  },
  emailPrivacyConfig: { enableImprovedEmailPrivacy: false },
};

/** How Google answers: the config's name, false booleans left out. */
function googleAnswer(changes: { enforcement?: string; privacy?: boolean } = {}) {
  const options = { ...EXPECTED_BODY.passwordPolicyConfig.passwordPolicyVersions[0]!.customStrengthOptions };
  delete (options as Partial<typeof options>).containsNonAlphanumericCharacter;
  return {
    name: 'projects/my-reunion/config',
    passwordPolicyConfig: {
      passwordPolicyEnforcementState: changes.enforcement ?? 'ENFORCE',
      passwordPolicyVersions: [{ customStrengthOptions: options }],
      lastUpdateTime: '2026-05-01T10:00:00Z',
    },
    emailPrivacyConfig: changes.privacy ? { enableImprovedEmailPrivacy: true } : {},
  };
}

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

/** The stand-in for identitytoolkit.googleapis.com: records requests, answers with `answer`. */
class FakeIdentityToolkit {
  received: Received[] = [];
  answer: { status: number; body: unknown } = { status: 200, body: googleAnswer() };
  private server?: Server;
  host = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      void readBody(req).then((text) => {
        this.received.push({
          method: req.method ?? '',
          url: req.url ?? '',
          authorization: req.headers.authorization,
          body: text ? JSON.parse(text) : undefined,
        });
        res.writeHead(this.answer.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(this.answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.host = `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });
}

const root = mkdtempSync(join(tmpdir(), 'organiser-auth-settings-'));
writeFileSync(
  join(root, '.firebaserc'),
  JSON.stringify({ projects: { default: 'demo-reunion', production: 'my-reunion' } }),
);
const google = new FakeIdentityToolkit();
let emulator: RunningAuthEmulator;

beforeAll(async () => {
  await google.start();
  emulator = await startAuthEmulator({ projectId: 'demo-reunion' });
});
afterAll(async () => {
  await google.stop();
  await emulator?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** A real project's command, its Admin SDK pointed at the stand-in. */
function projectContext(): Partial<CommandContext> & { io: ReturnType<typeof captureIo> } {
  return {
    env: {},
    io: captureIo(),
    rootDir: root,
    connect: (target) =>
      Promise.resolve(connectAdmin({ projectId: target.projectId, emulators: { auth: google.host } })),
  };
}

describe('the settings', () => {
  it('the password policy takes its numbers from the constants the sign-up page uses', () => {
    const constraints = passwordPolicy().constraints!;
    expect(constraints).toEqual({
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: PASSWORD_MAX_LENGTH,
      requireLowercase: true,
      requireUppercase: true,
      requireNumeric: true,
      requireNonAlphanumeric: false,
    });
    // The page's rule and the policy agree at the edges.
    expect(isValidPassword('Abcdefg1'.slice(0, constraints.minLength))).toBe(true);
    expect(isValidPassword('Abcdef1')).toBe(false);
    expect(isValidPassword(`Ab1${'x'.repeat(constraints.maxLength! - 3)}`)).toBe(true);
    expect(isValidPassword(`Ab1${'x'.repeat(constraints.maxLength! - 2)}`)).toBe(false);
  });

  it('one request: the policy enforced, the enumeration protection off', () => {
    expect(authSettingsRequest()).toEqual({
      passwordPolicyConfig: passwordPolicy(),
      emailPrivacyConfig: { enableImprovedEmailPrivacy: false },
    });
    expect(passwordPolicy()).toMatchObject({ enforcementState: 'ENFORCE', forceUpgradeOnSignin: false });
  });

  it('authSettingsProblems: names what does not suit the site', () => {
    expect(authSettingsProblems({ passwordPolicyConfig: passwordPolicy(), emailPrivacyConfig: {} })).toEqual(
      [],
    );
    expect(authSettingsProblems({})).toEqual(['the password policy is not enforced (not set)']);
    expect(
      authSettingsProblems({
        passwordPolicyConfig: { ...passwordPolicy(), constraints: { minLength: 6, requireUppercase: true } },
        emailPrivacyConfig: { enableImprovedEmailPrivacy: true },
      }),
    ).toEqual([
      "the password policy differs from the site's rule (minLength, maxLength, requireLowercase, requireNumeric)",
      'e-mail enumeration protection is on (existing members would be sent to sign-up)',
    ]);
  });
});

describe('organiser:auth-settings on a real project (Identity Toolkit stand-in)', () => {
  it('sends one updateConfig PATCH with both settings, prints what the project reports, exit 0', async () => {
    google.received = [];
    google.answer = { status: 200, body: googleAnswer() };
    const ctx = projectContext();
    expect(await main(['--project', 'production'], ctx), ctx.io.text()).toBe(0);

    expect(google.received).toHaveLength(1);
    const [request] = google.received;
    expect(request!.method).toBe('PATCH');
    const url = new URL(request!.url, 'http://stand-in');
    expect(url.pathname).toBe('/identitytoolkit.googleapis.com/v2/projects/my-reunion/config');
    expect(url.searchParams.get('updateMask')!.split(',').sort()).toEqual(
      [
        'emailPrivacyConfig.enableImprovedEmailPrivacy',
        'passwordPolicyConfig.forceUpgradeOnSignin',
        'passwordPolicyConfig.passwordPolicyEnforcementState',
        'passwordPolicyConfig.passwordPolicyVersions',
      ].sort(),
    );
    expect(request!.body).toEqual(EXPECTED_BODY);

    expect(ctx.io.stdout[0]).toBe('Target: Firebase project my-reunion (alias production)');
    expect(ctx.io.text()).toMatch(/password policy:\s+ENFORCE/);
    expect(ctx.io.text()).toMatch(/length:\s+8-32 characters/);
    expect(ctx.io.text()).toMatch(/e-mail enumeration protection: off/);
    expect(ctx.io.stdout.at(-1)).toMatch(/^Applied: new passwords must follow the sign-up page rule/);
  });

  it('a refusal, or an answer with other settings, exits 1 with the reason', async () => {
    google.answer = {
      status: 403,
      body: { error: { code: 403, message: 'PERMISSION_DENIED: The caller does not have permission' } },
    };
    const denied = projectContext();
    expect(await main(['--project', 'production'], denied)).toBe(1);
    expect(denied.io.stderr[0]).toMatch(
      /^organiser:auth-settings failed: Updating the Authentication settings: .*permission.* The account of the Application Default Credentials needs the Owner, Editor or Firebase Authentication Admin role/,
    );

    google.answer = { status: 200, body: googleAnswer({ privacy: true }) };
    const other = projectContext();
    expect(await main(['--project', 'production'], other)).toBe(1);
    expect(other.io.text()).toMatch(/e-mail enumeration protection: ON/);
    expect(other.io.stderr[0]).toMatch(
      /reports other settings than were sent: e-mail enumeration protection is on/,
    );
  });

  it('--dry-run prints the request and connects to nothing', async () => {
    const ctx = { ...projectContext(), connect: noConnection };
    expect(await main(['--project', 'my-reunion', '--dry-run'], ctx)).toBe(0);
    expect(ctx.io.text()).toContain('Dry run: the Admin SDK would send (nothing was sent):');
    expect(ctx.io.text()).toContain('"enableImprovedEmailPrivacy": false');
  });

  it('without credentials: a clear message, exit 1', async () => {
    const ctx = projectContext();
    ctx.connect = () => Promise.reject(new Error('test: no credentials'));
    expect(await main(['--project', 'production'], ctx)).toBe(1);
    expect(ctx.io.stderr[0]).toBe('organiser:auth-settings failed: test: no credentials');
  });
});

describe('organiser:auth-settings on the local emulators', () => {
  const local = { url: '', projectId: 'demo-reunion' };
  beforeAll(() => {
    local.url = emulator.url;
  });

  /** What FirebaseUI's first step (fetchSignInMethodsForEmail) learns about an address. */
  async function signInMethods(email: string): Promise<string[] | undefined> {
    const response = await fetch(
      `${emulator.url}/identitytoolkit.googleapis.com/v1/accounts:createAuthUri?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identifier: email, continueUri: 'http://127.0.0.1:5000/login' }),
      },
    );
    return ((await response.json()) as { signinMethods?: string[] }).signinMethods;
  }

  it('turns the protection off in the Auth emulator, so existing members are recognised again', async () => {
    const admin = connectAdmin({ projectId: 'demo-reunion', emulators: { auth: hostOf(emulator.url) } });
    await admin.auth.createUser({ email: 'ola@example.org', password: 'Reunion1976', emailVerified: true });
    await admin.close();
    await updateEmulatorConfig(local, { emailPrivacyConfig: { enableImprovedEmailPrivacy: true } });
    // The trade-off: with the protection on, the answer says nothing, and FirebaseUI offers sign-up.
    expect(await signInMethods('ola@example.org')).toBeUndefined();

    const ctx = {
      env: { AUTH_EMULATOR_URL: emulator.url },
      io: captureIo(),
      rootDir: root,
      connect: noConnection,
    };
    expect(await main([], ctx), ctx.io.text()).toBe(0);
    expect(ctx.io.stdout[0]).toBe('Target: local emulators (demo-reunion)');
    expect(ctx.io.text()).toContain('E-mail enumeration protection in the Auth emulator: off.');
    expect(ctx.io.text()).toContain('The Auth emulator does not enforce password policies');
    expect(ctx.io.text()).toContain('"enforcementState": "ENFORCE"');
    expect((await emulatorConfig(local)).emailPrivacyConfig?.enableImprovedEmailPrivacy).toBe(false);
    expect(await signInMethods('ola@example.org')).toEqual(['password']);
  });

  it('--dry-run reports and changes nothing', async () => {
    await updateEmulatorConfig(local, { emailPrivacyConfig: { enableImprovedEmailPrivacy: true } });
    const ctx = {
      env: { AUTH_EMULATOR_URL: emulator.url },
      io: captureIo(),
      rootDir: root,
      connect: noConnection,
    };
    expect(await main(['--dry-run'], ctx)).toBe(0);
    expect(ctx.io.text()).toContain(
      'E-mail enumeration protection in the Auth emulator: ON (unchanged: dry run).',
    );
    expect((await emulatorConfig(local)).emailPrivacyConfig?.enableImprovedEmailPrivacy).toBe(true);
    await updateEmulatorConfig(local, { emailPrivacyConfig: { enableImprovedEmailPrivacy: false } });
  });

  it('why the command does not use the Admin SDK locally: the emulator answers without the name it requires', async () => {
    // If a firebase-tools upgrade makes this pass, the local path can use updateProjectConfig like a real project.
    const admin = connectAdmin({ projectId: 'demo-reunion', emulators: { auth: hostOf(emulator.url) } });
    try {
      await expect(
        admin.auth.projectConfigManager().updateProjectConfig(authSettingsRequest()),
      ).rejects.toThrow('INTERNAL ASSERT FAILED: Unable to update project config');
      await expect(admin.auth.projectConfigManager().getProjectConfig()).rejects.toThrow(
        'INTERNAL ASSERT FAILED: Unable to get project config',
      );
    } finally {
      await admin.close();
    }
  });

  it('usage errors exit 2', async () => {
    const ctx = { env: {}, io: captureIo(), rootDir: root, connect: noConnection };
    expect(await main(['--bucket', 'x'], ctx)).toBe(2);
    expect(ctx.io.stderr[0]).toMatch(/Unknown option '--bucket'/);
  });
});
