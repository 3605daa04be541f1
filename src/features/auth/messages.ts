/** The sign-in messages of the spec's error catalogue (section 8). */
export const SIGN_IN_FAILED = 'An error occurred while signing in. Please try again.';
export const VERIFICATION_TITLE = 'Email verification needed';
export const VERIFICATION_TEXT =
  "We've sent a verification link to your email address. Please click the link to verify your address.";
export const PASSWORD_TITLE = 'Please check password requirements';
