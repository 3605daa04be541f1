/**
 * The organiser commands' exit codes and the two errors that choose between them. A module of its own, so that
 * the command skeleton (cli.ts), the target (target.ts) and the Admin SDK helpers (admin.ts) share them without
 * importing one another.
 *   0  done
 *   1  the command ran and something failed or is missing (the message says what), a folder or an address it
 *      names included
 *   2  usage error: a wrong or missing argument, or a target the command refuses
 */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** A wrong or missing argument, or a target the command refuses: exit 2, with a pointer to --help. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The command cannot do its job (unreachable emulator, no credentials, a refused setting): exit 1. */
export class CommandError extends Error {
  override name = 'CommandError';
}
