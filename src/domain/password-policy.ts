/**
 * The new-account password rule (spec section 5): 8-32 characters with at least one digit, one
 * lowercase and one uppercase letter. It mirrors the Firebase password policy that the organisers'
 * command enforces in production (organiser/commands/auth-settings.ts), which counts UTF-16 code
 * units and accepts only ASCII a-z, A-Z and 0-9 for the character classes, so the page never accepts a
 * password the server would refuse, nor the reverse.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 32;

export interface PasswordChecks {
  length: boolean;
  digit: boolean;
  lowercase: boolean;
  uppercase: boolean;
}

export function checkPassword(password: string): PasswordChecks {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    digit: /[0-9]/.test(password),
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
  };
}

export function isValidPassword(password: string): boolean {
  return Object.values(checkPassword(password)).every(Boolean);
}
