/**
 * npm run organiser:password-policy -- [--project <alias|id>] [--dry-run]
 *
 * Makes the Firebase project enforce the site's password rule for new passwords (sign-up, reset, change):
 * PASSWORD_MIN_LENGTH-PASSWORD_MAX_LENGTH characters with a digit, a lowercase and an uppercase letter, from the
 * same constants the sign-up page checks (src/domain/password-policy.ts). It sends the Identity Toolkit
 * admin API request
 *   PATCH https://identitytoolkit.googleapis.com/admin/v2/projects/<id>/config?updateMask=passwordPolicyConfig
 * (https://cloud.google.com/identity-platform/docs/reference/rest/v2/projects/updateConfig).
 *
 * The Auth emulator does not enforce password policies (it stores the setting when sent to its
 * /identitytoolkit.googleapis.com/v2/... route, but sign-up still accepts any password of 6 or more characters),
 * so against the emulators the command only prints the request.
 */

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../src/domain/password-policy.ts';
import {
  CommandError,
  EXIT_OK,
  UsageError,
  defaultContext,
  parseCommandLine,
  runCommand,
  runIfMain,
  type CommandContext,
} from './cli.ts';
import { TARGET_HELP, describeTarget, readFirebaserc, resolveTarget } from './target.ts';

const NAME = 'organiser:password-policy';

export const IDENTITY_TOOLKIT_ADMIN_URL = 'https://identitytoolkit.googleapis.com/admin/v2';

export const HELP = `Usage: npm run ${NAME} -- [--project <alias|id>] [--dry-run]

Makes the Firebase project enforce the site's password rule for new passwords: ${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH} characters
with at least one digit, one lowercase and one uppercase letter (the rule the sign-up page checks, from
src/domain/password-policy.ts). Sends the Identity Toolkit admin request (PATCH .../config) with the
Application Default Credentials and prints the policy the project then has.

Without --project (the local emulators) it only prints the request: the Auth emulator does not enforce
password policies.

Options:
${TARGET_HELP}
  --dry-run             print the request, send nothing
  -h, --help            this help

Exit codes: 0 policy applied (or printed); 1 the request failed or the project answered with another policy;
2 usage error.`;

export interface CustomStrengthOptions {
  minPasswordLength: number;
  maxPasswordLength: number;
  containsLowercaseCharacter: boolean;
  containsUppercaseCharacter: boolean;
  containsNumericCharacter: boolean;
  containsNonAlphanumericCharacter: boolean;
}

export interface PasswordPolicyConfig {
  passwordPolicyEnforcementState: 'ENFORCE' | 'OFF' | 'PASSWORD_POLICY_ENFORCEMENT_STATE_UNSPECIFIED';
  forceUpgradeOnSignin: boolean;
  passwordPolicyVersions: { customStrengthOptions: CustomStrengthOptions }[];
  lastUpdateTime?: string;
}

export interface PasswordPolicyRequest {
  method: 'PATCH';
  url: string;
  body: { passwordPolicyConfig: PasswordPolicyConfig };
}

/** The site's rule as Identity Toolkit custom strength options. */
export function customStrengthOptions(): CustomStrengthOptions {
  return {
    minPasswordLength: PASSWORD_MIN_LENGTH,
    maxPasswordLength: PASSWORD_MAX_LENGTH,
    containsLowercaseCharacter: true,
    containsUppercaseCharacter: true,
    containsNumericCharacter: true,
    containsNonAlphanumericCharacter: false,
  };
}

/**
 * The request that applies the rule to a project. `adminApiUrl` is for tests against the Auth emulator, which
 * serves the same operation at <emulator>/identitytoolkit.googleapis.com/v2.
 */
export function passwordPolicyRequest(
  projectId: string,
  adminApiUrl: string = IDENTITY_TOOLKIT_ADMIN_URL,
): PasswordPolicyRequest {
  return {
    method: 'PATCH',
    url: `${adminApiUrl}/projects/${encodeURIComponent(projectId)}/config?updateMask=passwordPolicyConfig`,
    body: {
      passwordPolicyConfig: {
        // Enforced: sign-up, password reset and password change refuse a password that breaks the rule.
        passwordPolicyEnforcementState: 'ENFORCE',
        // Existing accounts keep signing in with their current password.
        forceUpgradeOnSignin: false,
        passwordPolicyVersions: [{ customStrengthOptions: customStrengthOptions() }],
      },
    },
  };
}

/** What the project reports after the update, in words; undefined fields show as "?". */
export function describePolicy(config: Partial<PasswordPolicyConfig> | undefined): string[] {
  const options = config?.passwordPolicyVersions?.[0]?.customStrengthOptions;
  const yesNo = (value: boolean | undefined) => (value === undefined ? '?' : value ? 'yes' : 'no');
  return [
    `  enforcement:               ${config?.passwordPolicyEnforcementState ?? '?'}`,
    `  length:                    ${options?.minPasswordLength ?? '?'}-${options?.maxPasswordLength ?? '?'} characters`,
    `  needs a lowercase letter:  ${yesNo(options?.containsLowercaseCharacter)}`,
    `  needs an uppercase letter: ${yesNo(options?.containsUppercaseCharacter)}`,
    `  needs a digit:             ${yesNo(options?.containsNumericCharacter)}`,
    `  needs a symbol:            ${yesNo(options?.containsNonAlphanumericCharacter)}`,
    `  existing users must change a non-compliant password at sign-in: ${yesNo(config?.forceUpgradeOnSignin)}`,
    ...(config?.lastUpdateTime ? [`  last updated:              ${config.lastUpdateTime}`] : []),
  ];
}

/** The fields the project answered differently from what was sent (empty: applied as sent). */
export function policyDifferences(
  sent: PasswordPolicyConfig,
  answered: Partial<PasswordPolicyConfig> | undefined,
) {
  const differences: string[] = [];
  if (answered?.passwordPolicyEnforcementState !== sent.passwordPolicyEnforcementState) {
    differences.push('passwordPolicyEnforcementState');
  }
  // The API omits false booleans from its answers.
  if ((answered?.forceUpgradeOnSignin ?? false) !== sent.forceUpgradeOnSignin)
    differences.push('forceUpgradeOnSignin');
  const want = sent.passwordPolicyVersions[0]!.customStrengthOptions;
  const got: Partial<CustomStrengthOptions> =
    answered?.passwordPolicyVersions?.[0]?.customStrengthOptions ?? {};
  for (const field of Object.keys(want) as (keyof CustomStrengthOptions)[]) {
    const fallback = typeof want[field] === 'boolean' ? false : undefined;
    if ((got[field] ?? fallback) !== want[field]) differences.push(`customStrengthOptions.${field}`);
  }
  return differences;
}

function printRequest(request: PasswordPolicyRequest, io: CommandContext['io']): void {
  io.out(`${request.method} ${request.url}`);
  io.out(JSON.stringify(request.body, null, 2));
}

export async function main(argv: string[], overrides: Partial<CommandContext> = {}): Promise<number> {
  const ctx = defaultContext(overrides);
  return runCommand(NAME, ctx, async () => {
    const { values, positionals } = parseCommandLine(argv, {
      project: { type: 'string' },
      'dry-run': { type: 'boolean' },
    });
    if (values.help) {
      ctx.io.out(HELP);
      return EXIT_OK;
    }
    if (positionals.length) throw new UsageError(`Unexpected argument: ${positionals.join(' ')}`);
    const target = resolveTarget(
      { project: values.project },
      { env: ctx.env, firebaserc: readFirebaserc(ctx.rootDir) },
    );
    ctx.io.out(describeTarget(target, 'project'));
    const request = passwordPolicyRequest(target.projectId);

    if (target.kind === 'emulator') {
      ctx.io.out(
        'The Auth emulator does not enforce password policies (it accepts any password of 6 or more',
      );
      ctx.io.out(
        'characters), so nothing is sent. For a real project (--project <alias>) the command sends:',
      );
      ctx.io.out('');
      printRequest(request, ctx.io);
      return EXIT_OK;
    }
    if (values['dry-run']) {
      ctx.io.out('Dry run: this request would be sent (nothing was sent):');
      ctx.io.out('');
      printRequest(request, ctx.io);
      return EXIT_OK;
    }

    const token = await ctx.getAccessToken();
    let response: Response;
    try {
      response = await ctx.fetch(request.url, {
        method: request.method,
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          // Credentials from `gcloud auth application-default login` need a project to bill the API call to.
          'x-goog-user-project': target.projectId,
        },
        body: JSON.stringify(request.body),
      });
    } catch (err) {
      throw new CommandError(
        `Cannot reach identitytoolkit.googleapis.com (${err instanceof Error ? err.message : String(err)}).`,
        { cause: err },
      );
    }
    const text = await response.text();
    if (!response.ok) {
      let detail = text.trim().slice(0, 400);
      try {
        detail = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? detail;
      } catch {
        // not JSON: keep the text
      }
      const hint =
        response.status === 401 || response.status === 403
          ? ' The account of the Application Default Credentials needs the Owner, Editor or Firebase ' +
            'Authentication Admin role on the project, and the Identity Toolkit API enabled ' +
            '(it is, once Authentication is set up in the Firebase console).'
          : '';
      throw new CommandError(`Identity Toolkit answered ${response.status}: ${detail}.${hint}`);
    }
    let answered: Partial<PasswordPolicyConfig> | undefined;
    try {
      answered = (JSON.parse(text) as { passwordPolicyConfig?: Partial<PasswordPolicyConfig> })
        .passwordPolicyConfig;
    } catch {
      throw new CommandError('Identity Toolkit answered with something not JSON.');
    }
    ctx.io.out(`Password policy of ${target.projectId} now:`);
    for (const line of describePolicy(answered)) ctx.io.out(line);
    const differences = policyDifferences(request.body.passwordPolicyConfig, answered);
    if (differences.length) {
      throw new CommandError(
        `The project answered with another policy than was sent (${differences.join(', ')}).`,
      );
    }
    ctx.io.out('Applied: new passwords must follow the same rule as the sign-up page.');
    return EXIT_OK;
  });
}

runIfMain(import.meta.url, main);
