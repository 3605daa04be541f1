/**
 * npm run organiser:auth-settings -- [--project <alias|id>] [--dry-run]
 *
 * What it does is in HELP below (and the handbook, organiser/README.md). The Auth emulator cannot take the
 * SDK's request: it stores the settings but answers without the config's `name`, which firebase-admin requires,
 * and it never enforces a password policy; locally the command turns the protection off through the emulator's
 * own config endpoint and prints the policy a real project gets.
 */
import type { PasswordPolicyConfig, ProjectConfig, UpdateProjectConfigRequest } from 'firebase-admin/auth';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../src/domain/password-policy.ts';
import { emulatorConfig, updateEmulatorConfig } from '../../admin/auth-emulator.ts';
import { authFailure } from '../core/admin.ts';
import { defineCommand, runIfMain, type Io } from '../core/cli.ts';
import { CommandError, EXIT_OK } from '../core/errors.ts';
import { PROJECT_OPTION, TARGET_HELP, type EmulatorTarget } from '../core/target.ts';

const NAME = 'organiser:auth-settings';

export const HELP = `Usage: npm run ${NAME} -- [--project <alias|id>] [--dry-run]

Sets the project's Authentication settings that the site needs, with the Admin SDK:
  - password policy ENFORCED: ${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH} characters with at least one digit, one lowercase and one
    uppercase letter (the rule the sign-up page checks). Existing users keep their passwords.
  - e-mail enumeration protection OFF: with it on, the sign-in widget cannot tell that an address already
    has an account and sends existing members to sign-up. (The trade-off: anyone can then find out
    whether an address has an account here: docs/security.md.)
Then prints the settings the project reports. organiser:check checks both.

Without --project (the local emulators): turns the protection off in the Auth emulator and prints the
password policy; the Auth emulator does not enforce password policies.

Options:
${TARGET_HELP}
  --dry-run             print the settings, change nothing
  -h, --help            this help

Exit codes: 0 settings applied (or printed); 1 the update failed or the project reports other settings;
2 usage error.`;

/** The site's password rule as a firebase-admin password policy. */
export function passwordPolicy(): PasswordPolicyConfig {
  return {
    // Enforced: sign-up, password reset and password change refuse a password that breaks the rule.
    enforcementState: 'ENFORCE',
    // Existing accounts keep signing in with their current password.
    forceUpgradeOnSignin: false,
    constraints: {
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: PASSWORD_MAX_LENGTH,
      requireLowercase: true,
      requireUppercase: true,
      requireNumeric: true,
      requireNonAlphanumeric: false,
    },
  };
}

/** Everything the command sets (one updateProjectConfig request). */
export function authSettingsRequest(): UpdateProjectConfigRequest {
  return {
    passwordPolicyConfig: passwordPolicy(),
    emailPrivacyConfig: { enableImprovedEmailPrivacy: false },
  };
}

export type AuthSettings = Pick<ProjectConfig, 'passwordPolicyConfig' | 'emailPrivacyConfig'>;

/** Why the project's settings do not suit the site (empty: they do). The API leaves out false values. */
export function authSettingsProblems(config: AuthSettings | undefined): string[] {
  const problems: string[] = [];
  const policy = config?.passwordPolicyConfig;
  const want = passwordPolicy();
  if (policy?.enforcementState !== 'ENFORCE') {
    problems.push(`the password policy is not enforced (${policy?.enforcementState ?? 'not set'})`);
  } else {
    const differing = (
      Object.keys(want.constraints!) as (keyof NonNullable<PasswordPolicyConfig['constraints']>)[]
    ).filter((key) => {
      const fallback = typeof want.constraints![key] === 'boolean' ? false : undefined;
      return (policy.constraints?.[key] ?? fallback) !== want.constraints![key];
    });
    if (differing.length)
      problems.push(`the password policy differs from the site's rule (${differing.join(', ')})`);
  }
  if (config?.emailPrivacyConfig?.enableImprovedEmailPrivacy) {
    problems.push('e-mail enumeration protection is on (existing members would be sent to sign-up)');
  }
  return problems;
}

/** The settings in words; unknown values show as "?". */
export function describeAuthSettings(config: AuthSettings | undefined): string[] {
  const policy = config?.passwordPolicyConfig;
  const c = policy?.constraints;
  const yesNo = (value: boolean | undefined) => (value ? 'yes' : 'no');
  return [
    `  password policy:           ${policy?.enforcementState ?? 'not set'}`,
    `    length:                  ${c?.minLength ?? '?'}-${c?.maxLength ?? '?'} characters`,
    `    needs a lowercase letter: ${yesNo(c?.requireLowercase)}`,
    `    needs an uppercase letter: ${yesNo(c?.requireUppercase)}`,
    `    needs a digit:           ${yesNo(c?.requireNumeric)}`,
    `    needs a symbol:          ${yesNo(c?.requireNonAlphanumeric)}`,
    `    existing users must change a non-compliant password at sign-in: ${yesNo(policy?.forceUpgradeOnSignin)}`,
    `  e-mail enumeration protection: ${config?.emailPrivacyConfig?.enableImprovedEmailPrivacy ? 'ON' : 'off'}`,
  ];
}

function printRequest(io: Io): void {
  io.out('updateProjectConfig(');
  for (const line of JSON.stringify(authSettingsRequest(), null, 2).split('\n')) io.out(`  ${line}`);
  io.out(')');
}

/** The local Auth emulator: its own config endpoint for the protection; no password policy. */
async function applyLocally(target: EmulatorTarget, io: Io, dryRun: boolean): Promise<void> {
  const emulator = { url: target.authUrl, projectId: target.projectId };
  const what = 'Auth emulator settings';
  try {
    const config = dryRun
      ? await emulatorConfig(emulator)
      : await updateEmulatorConfig(emulator, { emailPrivacyConfig: { enableImprovedEmailPrivacy: false } });
    const on = config.emailPrivacyConfig?.enableImprovedEmailPrivacy === true;
    io.out(
      `E-mail enumeration protection in the Auth emulator: ${on ? 'ON' : 'off'}${dryRun ? ' (unchanged: dry run)' : ''}.`,
    );
    if (!dryRun && on) throw new CommandError('The Auth emulator kept e-mail enumeration protection on.');
  } catch (err) {
    if (err instanceof CommandError) throw err;
    throw authFailure(`Reading the ${what}`, err, target);
  }
  io.out('The Auth emulator does not enforce password policies (it accepts any password of 6 or more');
  io.out('characters), so none is set here. For a real project (--project <alias>) the command sends:');
  io.out('');
  printRequest(io);
}

export const main = defineCommand({
  name: NAME,
  help: HELP,
  options: { ...PROJECT_OPTION, 'dry-run': { type: 'boolean' } },
  describe: 'project',
  async run({ ctx, values, target, admin }) {
    const dryRun = values['dry-run'] === true;
    if (target.kind === 'emulator') {
      await applyLocally(target, ctx.io, dryRun);
      return EXIT_OK;
    }
    if (dryRun) {
      ctx.io.out('Dry run: the Admin SDK would send (nothing was sent):');
      ctx.io.out('');
      printRequest(ctx.io);
      return EXIT_OK;
    }
    const { auth } = await admin();
    let config: ProjectConfig;
    try {
      config = await auth.projectConfigManager().updateProjectConfig(authSettingsRequest());
    } catch (err) {
      throw authFailure('Updating the Authentication settings', err, target);
    }
    ctx.io.out(`Authentication settings of ${target.projectId} now:`);
    for (const line of describeAuthSettings(config)) ctx.io.out(line);
    const problems = authSettingsProblems(config);
    if (problems.length) {
      throw new CommandError(`The project reports other settings than were sent: ${problems.join('; ')}.`);
    }
    ctx.io.out(
      'Applied: new passwords must follow the sign-up page rule, and the sign-in widget can recognise existing members.',
    );
    return EXIT_OK;
  },
});

runIfMain(import.meta.url, main);
