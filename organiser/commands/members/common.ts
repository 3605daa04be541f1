/** What the subcommands of organiser:members share: the group's options, the addresses typed, the claims read. */
import type { UserRecord } from 'firebase-admin/auth';

import { APPROVED_CLAIM } from '../../../admin/bucket/member-files.ts';
import { ORGANISER_CLAIM } from '../../../src/domain/access.ts';
import { YES_OPTION, type CommandRun } from '../../core/cli.ts';
import { UsageError } from '../../core/errors.ts';
import { subcommandOf } from '../../core/subcommands.ts';
import { TARGET_OPTIONS } from '../../core/target.ts';

export const NAME = 'organiser:members';

/** The options every subcommand takes. */
export const OPTIONS = { ...TARGET_OPTIONS, ...YES_OPTION } as const;
export type MembersRun = CommandRun<typeof OPTIONS>;

/** Defines one subcommand of organiser:members (../../core/subcommands.ts). */
export const membersSubcommand = subcommandOf<typeof OPTIONS>();

/** Loose on purpose: Firebase decides what an address is; this only catches slips like a missing @. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The addresses a subcommand was given, each once, in lower case; a usage error for none or a slip. */
export function emailsOf(command: string, rest: readonly string[]): string[] {
  if (!rest.length) throw new UsageError(`${command} needs at least one e-mail address.`);
  const invalid = rest.filter((email) => !EMAIL_PATTERN.test(email.trim()));
  if (invalid.length) throw new UsageError(`Not an e-mail address: ${invalid.join(', ')}`);
  return [...new Set(rest.map(normaliseEmail))];
}

export function isApproved(user: Pick<UserRecord, 'customClaims'>): boolean {
  return user.customClaims?.[APPROVED_CLAIM] === true;
}

export function isOrganiser(user: Pick<UserRecord, 'customClaims'>): boolean {
  return user.customClaims?.[ORGANISER_CLAIM] === true;
}
