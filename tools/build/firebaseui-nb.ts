/**
 * FirebaseUI 6.1.0 in Norwegian Bokmål, made at build time from the pinned English `dist/esm.js` (the npm
 * package is English only; Google's localised builds come from its CDN or a Closure build from source).
 *
 * Each row names an exact fragment of the pinned code: the English text with enough of what surrounds it
 * (quotes, tags, the expression around it) to hit that text only, never an identifier, a CSS class or a
 * key. `count` is how often the fragment occurs at the moment the row applies (rows apply in order, so a
 * longer fragment that contains a shorter one comes first); the build fails when a count differs, i.e.
 * when FirebaseUI's code changed. Non-ASCII characters are written as \u escapes into the code.
 *
 * Covered: every screen of the site's configuration (Google + e-mail/password, popup flow, sign-up with
 * name, no credential helper): provider choice, e-mail entry, password sign-in, sign-up, password
 * recovery and "check your e-mail", the account-linking screens (e-mail already used with Google or with
 * a password), the info bar, progress dialogs, the error pages, every inline and info-bar error message
 * these flows can show (also the Firebase Auth error texts FirebaseUI maps), the buttons and the
 * accessible name of the show-password button (created by the CSP patch in vite-plugins.ts).
 *
 * Left in English on purpose (see LEFT_IN_ENGLISH): the flows the site does not offer.
 */

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../src/domain/password-policy.ts';
import { WIDGET_ACCOUNT_BLOCKED, WIDGET_PASSWORD_RULE } from './firebaseui-texts.ts';

export interface Translation {
  /** The fragment as it is in the pinned esm.js (after the CSP patches). */
  en: string;
  /** The fragment with the Bokmål text. */
  nb: string;
  /** How many times `en` occurs in the pinned code when the row applies. */
  count: number;
}

/** Rows in the order they apply. Terms: logge inn, e-post(adresse), passord, konto, tilbakestille. */
export const NB_TRANSLATIONS: readonly Translation[] = [
  // The widget's language: FirebaseUI sets it on the Auth instances while it runs (so the e-mails Firebase
  // sends and Google's popup follow it; Firebase and FirebaseUI call Norwegian Bokmål "no") and on its
  // container's lang attribute (HTML: "nb").
  {
    en: 'var e="en".replace(/_/g,"-");a.a.languageCode=e',
    nb: 'var e="no";a.a.languageCode=e',
    count: 1,
  },
  { en: 'c.setAttribute("lang","en".replace(/_/g,"-"))', nb: 'c.setAttribute("lang","nb")', count: 1 },

  // Provider choice: "Sign in with Google" is "Sign in with " + the provider's name.
  { en: '"Sign in with "', nb: '"Logg inn med "', count: 5 },
  { en: 'k+="Sign in with email"', nb: 'k+="Logg inn med e-post"', count: 1 },
  { en: 'k+"Email"', nb: 'k+"E-post"', count: 1 }, // the button's short text on narrow screens

  // E-mail entry (shared e-mail field, Next and Cancel buttons).
  {
    en: '<h1 class="firebaseui-title">Sign in with email</h1>',
    nb: '<h1 class="firebaseui-title">Logg inn med e-post</h1>',
    count: 1,
  },
  {
    en: 'd=a.wc?d+"Enter new email address":d+"Email"',
    nb: 'd=a.wc?d+"Ny e-postadresse":d+"E-postadresse"',
    count: 1,
  },
  { en: 'b=a?b+A(a):b+"Next"', nb: 'b=a?b+A(a):b+"Neste"', count: 1 },
  { en: 'b=a?b+A(a):b+"Cancel"', nb: 'b=a?b+A(a):b+"Avbryt"', count: 1 },
  // Terms of service and privacy policy links (shown only when the site configures their addresses).
  {
    en: 'firebaseui-tospp-full-message">By continuing, you are indicating that you accept our <a',
    nb: 'firebaseui-tospp-full-message">Ved å fortsette godtar du <a',
    count: 1,
  },
  {
    en: 'target="_blank">Terms of Service</a> and <a href="javascript:void(0)" class="firebaseui-link firebaseui-pp-link" target="_blank">Privacy Policy</a>.</p>',
    nb: 'target="_blank">vilkårene for bruk</a> og <a href="javascript:void(0)" class="firebaseui-link firebaseui-pp-link" target="_blank">personvernerklæringen</a>.</p>',
    count: 1,
  },
  {
    en: 'target="_blank">Terms of Service</a></li>',
    nb: 'target="_blank">Vilkår for bruk</a></li>',
    count: 1,
  },
  {
    en: 'target="_blank">Privacy Policy</a></li>',
    nb: 'target="_blank">Personvernerklæring</a></li>',
    count: 1,
  },

  // Info bar (errors that belong to no field) and its close link.
  {
    en: 'firebaseui-id-dismiss-info-bar">Dismiss</a>',
    nb: 'firebaseui-id-dismiss-info-bar">Lukk</a>',
    count: 1,
  },

  // Password sign-in; "Sign in" is also the title of the account-linking screens.
  {
    en: '<h1 class="firebaseui-title">Sign in</h1>',
    nb: '<h1 class="firebaseui-title">Logg inn</h1>',
    count: 8,
  },
  {
    en: 'b=a.current?b+"Current password":b+"Password"',
    nb: 'b=a.current?b+"Nåværende passord":b+"Passord"',
    count: 1,
  },
  {
    en: 'href="javascript:void(0)">Trouble signing in?</a>',
    nb: 'href="javascript:void(0)">Problemer med å logge inn?</a>',
    count: 1,
  },
  { en: '{label:D("Sign In")}', nb: '{label:D("Logg inn")}', count: 1 },

  // Sign-up with name and password.
  {
    en: '<h1 class="firebaseui-title">Create account</h1>',
    nb: '<h1 class="firebaseui-title">Opprett konto</h1>',
    count: 1,
  },
  {
    en: '>First &amp; last name</label>',
    nb: '>Fornavn og etternavn</label>',
    count: 1,
  },
  { en: 'b=a?b+A(a):b+"Choose password"', nb: 'b=a?b+A(a):b+"Velg passord"', count: 1 },
  { en: '{label:D("Save")}', nb: '{label:D("Lagre")}', count: 1 },
  // The show/hide-password button (made a named button by the CSP patch; the widget code flips it).
  { en: 'aria-label="Show password"', nb: 'aria-label="Vis passord"', count: 1 },

  // Password recovery and "Check your email".
  {
    en: '<h1 class="firebaseui-title">Recover password</h1>',
    nb: '<h1 class="firebaseui-title">Tilbakestill passord</h1>',
    count: 1,
  },
  {
    en: '<p class="firebaseui-text">Get instructions sent to this email that explain how to reset your password</p>',
    nb: '<p class="firebaseui-text">Vi sender deg en e-post med instruksjoner for å tilbakestille passordet ditt.</p>',
    count: 1,
  },
  { en: '{label:D("Send")}', nb: '{label:D("Send")}', count: 1 }, // the same word in Bokmål
  {
    en: '<h1 class="firebaseui-title">Check your email</h1>',
    nb: '<h1 class="firebaseui-title">Sjekk e-posten din</h1>',
    count: 1,
  },
  {
    en: '"Follow the instructions sent to <strong>"',
    nb: '"Følg instruksjonene vi har sendt til <strong>"',
    count: 1,
  },
  {
    en: '"</strong> to recover your password"',
    nb: '"</strong> for å tilbakestille passordet ditt."',
    count: 1,
  },
  { en: '{label:D("Done")}', nb: '{label:D("Ferdig")}', count: 1 },

  // Account linking: the e-mail address is already used with a password, or with Google.
  {
    en: '<h2 class="firebaseui-subtitle">You already have an account</h2>',
    nb: '<h2 class="firebaseui-subtitle">Du har allerede en konto</h2>',
    count: 3,
  },
  {
    en: '"You\\u2019ve already used <strong>"',
    nb: '"Du har allerede brukt <strong>"',
    count: 3,
  },
  {
    en: '"</strong> to sign in. Enter your password for that account."',
    nb: '"</strong> til å logge inn. Skriv inn passordet for den kontoen."',
    count: 1,
  },
  { en: '"</strong>. Sign in with "', nb: '"</strong>. Logg inn med "', count: 1 },
  { en: '" to continue."', nb: '" for å fortsette."', count: 1 },
  // An account whose only sign-in method the site does not offer: recover the password.
  {
    en: '"To continue sign in with <strong>"',
    nb: '"For å fortsette å logge inn med <strong>"',
    count: 1,
  },
  {
    en: '"</strong> on this device, you have to recover the password."',
    nb: '"</strong> på denne enheten må du tilbakestille passordet."',
    count: 1,
  },
  { en: '{label:D("Recover password")}', nb: '{label:D("Tilbakestill passord")}', count: 1 },
  { en: '{label:D("Continue")}', nb: '{label:D("Fortsett")}', count: 3 },
  // A different e-mail address than the one the sign-in started with.
  { en: '"Continue with "', nb: '"Vil du fortsette med "', count: 1 },
  {
    en: '"You originally wanted to sign in with "',
    nb: '"Du ville opprinnelig logge inn med "',
    count: 1,
  },
  { en: '{label:D("Back")}', nb: '{label:D("Tilbake")}', count: 3 },
  { en: '{label:D("Dismiss")}', nb: '{label:D("Lukk")}', count: 2 },

  // Error pages.
  {
    en: '<h1 class="firebaseui-title">Error encountered</h1>',
    nb: '<h1 class="firebaseui-title">Det oppstod en feil</h1>',
    count: 2,
  },
  { en: '{label:D("Retry")}', nb: '{label:D("Prøv igjen")}', count: 1 },

  // Progress dialogs.
  { en: 'C("Signing in...")', nb: 'C("Logger inn …")', count: 1 },
  { en: 'C("Signed in!")', nb: 'C("Logget inn!")', count: 1 },

  // Field errors.
  {
    en: 'C("Enter your email address to continue")',
    nb: 'C("Skriv inn e-postadressen din for å fortsette")',
    count: 1,
  },
  {
    en: 'C("That email address isn\'t correct")',
    nb: 'C("Denne e-postadressen er ikke gyldig")',
    count: 1,
  },
  { en: 'C("Enter your password")', nb: 'C("Skriv inn passordet ditt")', count: 2 },
  { en: 'C("Enter your account name")', nb: 'C("Skriv inn fornavn og etternavn")', count: 1 },
  {
    en: 'C("Too many account requests are coming from your IP address. Try again in a few minutes.")',
    nb: 'C("Det kommer for mange forespørsler om nye kontoer fra IP-adressen din. Prøv igjen om noen minutter.")',
    count: 1,
  },

  // Firebase Auth errors as FirebaseUI explains them (inline or in the info bar).
  {
    en: 'c+="The email address is already used by another account"',
    nb: 'c+="E-postadressen brukes allerede av en annen konto"',
    count: 1,
  },
  {
    en: 'c+="You have entered an incorrect password too many times. Please try again in a few minutes."',
    nb: 'c+="Du har skrevet feil passord for mange ganger. Prøv igjen om noen minutter."',
    count: 1,
  },
  {
    en: 'c+="Please authorize the required permissions to sign in to the application"',
    nb: 'c+="Du må gi de nødvendige tillatelsene for å kunne logge inn"',
    count: 1,
  },
  {
    en: 'c+="That email address doesn\'t match an existing account"',
    nb: 'c+="Vi finner ingen konto med denne e-postadressen"',
    count: 1,
  },
  {
    en: `c+="${WIDGET_PASSWORD_RULE}"`,
    nb: `c+="Passordet må ha ${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} tegn og minst ett tall, én stor bokstav og én liten bokstav."`,
    count: 1,
  },
  {
    en: 'c+="The email and password you entered don\'t match"',
    nb: 'c+="E-postadressen og passordet stemmer ikke overens"',
    count: 1,
  },
  { en: 'c+="A network error has occurred"', nb: 'c+="Det oppstod en nettverksfeil"', count: 1 },
  {
    en: 'C("Please login again to perform this operation")',
    nb: 'C("Logg inn på nytt for å gjøre dette")',
    count: 1,
  },
  { en: 'C("Something went wrong. Please try again.")', nb: 'C("Noe gikk galt. Prøv igjen.")', count: 1 },
  {
    en: 'C("Unable to send password reset code to specified email")',
    nb: 'C("Vi kunne ikke sende e-post om tilbakestilling av passord til denne adressen")',
    count: 1,
  },
  {
    en: 'C("This email already exists without any means of sign-in. Please reset the password to recover.")',
    nb: 'C("Denne e-postadressen er registrert, men uten noen måte å logge inn på. Tilbakestill passordet for å få tilgang igjen.")',
    count: 1,
  },
  {
    en: 'C("Your sign-in session has expired. Please try again.")',
    nb: 'C("Innloggingsøkten er utløpt. Prøv igjen.")',
    count: 1,
  },
  {
    en: 'C("The selected credential for the authentication provider is not supported!")',
    nb: 'C("Innloggingsinformasjonen fra denne tjenesten støttes ikke.")',
    count: 1,
  },
  {
    en: 'C("The email provided does not match the current sign-in session.")',
    nb: 'C("E-postadressen stemmer ikke med den pågående innloggingen.")',
    count: 1,
  },
  {
    en: 'C("The browser you are using does not support Web Storage. Please try again in a different browser.")',
    nb: 'C("Nettleseren din støtter ikke nettlagring. Prøv igjen i en annen nettleser.")',
    count: 1,
  },

  // Firebase Auth and service errors as FirebaseUI's error mapper words them (user disabled, timeout,
  // too many requests, quota, network, server errors). Where a relative can do nothing about it (a malformed
  // request, a server fault), the Norwegian says only that: something went wrong, try again later.
  {
    en: 'b+="Client specified an invalid argument."',
    nb: 'b+="Noe gikk galt. Prøv igjen senere."',
    count: 1,
  },
  {
    en: 'b+="Client specified an invalid project configuration."',
    nb: 'b+="Noe gikk galt. Prøv igjen senere."',
    count: 1,
  },
  {
    en: 'b+="Request can not be executed in the current system state."',
    nb: 'b+="Noe gikk galt. Prøv igjen senere."',
    count: 1,
  },
  {
    en: 'b+="Client specified an invalid range."',
    nb: 'b+="Noe gikk galt. Prøv igjen senere."',
    count: 1,
  },
  {
    en: 'b+="Request not authenticated due to missing, invalid, or expired OAuth token."',
    nb: 'b+="Noe gikk galt. Prøv igjen senere."',
    count: 1,
  },
  {
    en: 'b+="Client does not have sufficient permission."',
    nb: 'b+="Noe gikk galt. Prøv igjen senere."',
    count: 1,
  },
  { en: 'b+="Specified resource is not found."', nb: 'b+="Noe gikk galt. Prøv igjen senere."', count: 1 },
  {
    en: 'b+="Concurrency conflict, such as read-modify-write conflict."',
    nb: 'b+="Noe gikk galt. Prøv igjen senere."',
    count: 1,
  },
  {
    en: 'b+="The resource that a client tried to create already exists."',
    nb: 'b+="Noe gikk galt. Prøv igjen senere."',
    count: 1,
  },
  {
    en: 'b+="Either out of resource quota or reaching rate limiting."',
    nb: 'b+="Ressurskvoten er brukt opp, eller grensen for antall forespørsler er nådd."',
    count: 1,
  },
  {
    en: 'b+="Request cancelled by the client."',
    nb: 'b+="Noe gikk galt. Prøv igjen senere."',
    count: 1,
  },
  {
    en: 'b+="Unrecoverable data loss or data corruption."',
    nb: 'b+="Noe gikk galt. Prøv igjen senere."',
    count: 1,
  },
  { en: 'b+="Unknown server error."', nb: 'b+="Noe gikk galt. Prøv igjen senere."', count: 1 },
  { en: 'b+="Internal server error."', nb: 'b+="Noe gikk galt. Prøv igjen senere."', count: 1 },
  {
    en: 'b+="API method not implemented by the server."',
    nb: 'b+="Noe gikk galt. Prøv igjen senere."',
    count: 1,
  },
  { en: 'b+="Service unavailable."', nb: 'b+="Noe gikk galt. Prøv igjen senere."', count: 1 },
  {
    en: 'b+="Request deadline exceeded."',
    nb: 'b+="Noe gikk galt. Prøv igjen senere."',
    count: 1,
  },
  { en: `b+="${WIDGET_ACCOUNT_BLOCKED}"`, nb: 'b+="Arrangørene har sperret denne kontoen."', count: 1 },
  {
    en: 'b+="The operation has timed out."',
    nb: 'b+="Handlingen tok for lang tid og ble avbrutt."',
    count: 1,
  },
  {
    en: 'b+="We have blocked all requests from this device due to unusual activity. Try again later."',
    nb: 'b+="Vi har sperret alle forespørsler fra denne enheten på grunn av uvanlig aktivitet. Prøv igjen senere."',
    count: 1,
  },
  {
    en: 'b+="The quota for this operation has been exceeded. Try again later."',
    nb: 'b+="Kvoten for denne handlingen er brukt opp. Prøv igjen senere."',
    count: 1,
  },
  {
    en: 'b+="A network error has occurred. Try again later."',
    nb: 'b+="Det oppstod en nettverksfeil. Prøv igjen senere."',
    count: 1,
  },
  {
    en: 'b+="An issue was encountered when authenticating your request. Please visit the URL that redirected you to this page again to restart the authentication process."',
    nb: 'b+="Det oppstod et problem da forespørselen din skulle autentiseres. Gå tilbake til adressen som sendte deg hit, og start autentiseringen på nytt."',
    count: 1,
  },
  {
    en: 'b+="No sign-in provider is available for the given email, please try with a different email."',
    nb: 'b+="Denne e-postadressen har ingen tilgjengelig innloggingsmetode. Prøv en annen e-postadresse."',
    count: 1,
  },
];

/**
 * The English text the Norwegian build keeps, by reason: it belongs to flows the site does not offer (and
 * the country names of phone sign-in, not listed). The unit test finds every user-visible text left in the
 * Norwegian build and requires this list to match it exactly.
 */
export const LEFT_IN_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  'the same in Bokmål, or names': [
    'Send',
    'Google',
    'GitHub',
    'Facebook',
    'Twitter',
    'Microsoft',
    'Yahoo',
    'Apple',
  ],
  'provider names shown only for providers the site does not offer': ['Password', 'Phone', 'Guest'],
  'phone sign-in': [
    'Enter a valid phone number',
    'Sign in with phone',
    'Phone number',
    'Enter your phone number',
    'Verify',
    'By tapping Verify, you are indicating that you accept our',
    'Terms of Service',
    'and',
    'Privacy Policy',
    '. An SMS may be sent. Message & data rates may apply.',
    'By tapping Verify, an SMS may be sent. Message & data rates may apply.',
    'Enter the 6-digit code we sent to',
    '6-digit code',
    'Verify your phone number',
    'Wrong code. Try again.',
    'This code is no longer valid',
    'Resend code in',
    'Verifying...',
    'Verified!',
    'The country code provided is not supported.',
    'Code sent!',
    'This phone number has been used too many times',
    'Solve the reCAPTCHA',
  ],
  'e-mail link sign-in': [
    'A sign-in email with additional instructions was sent to',
    '. Check your email to complete sign-in.',
    'Trouble getting email?',
    'Sign-in email sent',
    'Try these common fixes:',
    'Check if the email was marked as spam or filtered.',
    'Check your internet connection.',
    'Check that you did not misspell your email.',
    'Check that your inbox space is not running out or other inbox settings related issues.',
    "If the steps above didn't work, you can resend the email. Note that this will deactivate the link in the older email.",
    'Resend',
    'Confirm email',
    'Confirm your email to complete sign in',
    'New device or browser detected',
    'Try opening the link using the same device or browser where you started the sign-in process.',
    '. You can connect your',
    'account with',
    'by signing in with email link below.',
    'For this flow to successfully connect your',
    'account with this email, you have to open the link on the same device or browser.',
    'You originally intended to connect',
    'to your email account but have opened the link on a different device where you are not signed in.',
    'If you still want to connect your',
    'account, open the link on the same device where you started sign-in. Otherwise, tap Continue to sign-in on this device.',
  ],
  'anonymous sign-in and its upgrade': [
    'Continue as guest',
    'The current anonymous user failed to upgrade. The non-anonymous credential is already associated with a different user account.',
    'Session ended',
    'The session associated with this sign-in request has either expired or was cleared.',
  ],
  "FirebaseUI's own e-mail action pages (the site's e-mails link to Firebase's hosted handler)": [
    'New password',
    'for',
    'Reset your password',
    'Password changed',
    'You can now sign in with your new password',
    'Try resetting your password again',
    'Your request to reset your password has expired or the link has already been used',
    'Your sign-in email address has been changed back to',
    'Updated email address',
    'If you didn\u2019t ask to change your sign-in email, it\u2019s possible someone is trying to access your account and you should',
    'change your password right away',
    'Unable to update your email address',
    'There was a problem changing your sign-in email back.',
    'If you try again and still can\u2019t reset your email, try asking your administrator for help.',
    'Your email has been verified',
    'You can now sign in with your new account',
    'Try verifying your email again',
    'Your request to verify your email has expired or the link has already been used',
    'You can now sign in with your new email',
    'Your email has been verified and changed',
    'Try updating your email again',
    'Your request to verify and update your email has expired or the link has already been used.',
    'Removed second factor',
    'The',
    'was removed as a second authentication step.',
    'The device or app was removed as a second authentication step.',
    "If you don't recognize this device, someone might be trying to access your account. Consider",
    'changing your password right away',
    "Couldn't remove your second factor",
    'Something went wrong removing your second factor.',
    "Try removing it again. If that doesn't work, contact support for assistance.",
    'This code has expired.',
    'The action code is invalid. This can happen if the code is malformed, expired, or has already been used.',
  ],
  'tenant selection and access control (Cloud IAP)': [
    'Sign in to',
    'Not Authorized',
    'is not authorized to view the requested page.',
    'User is not authorized to view the requested page.',
    'Please contact',
    'for authorization.',
    'Learn More',
    'Sign Out',
    'You are now successfully signed out.',
  ],
  'a developer log message': ['Internal error:'],
};

const nonAscii = /[\u0080-\uffff]/g;

/** A fragment of JavaScript with its non-ASCII characters written as \u escapes (FirebaseUI's style). */
export function asciiOnly(fragment: string): string {
  return fragment.replace(nonAscii, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function occurrences(code: string, fragment: string): number {
  return code.split(fragment).length - 1;
}

/** FirebaseUI's esm.js (already CSP-patched) with the Bokmål texts; throws when a row does not fit. */
export function translateFirebaseUiToNorwegian(code: string): string {
  let out = code;
  for (const row of NB_TRANSLATIONS) {
    const found = occurrences(out, row.en);
    if (found !== row.count) {
      throw new Error(
        `firebaseui Norwegian text ${JSON.stringify(row.en)}: expected ${row.count} occurrence(s), found ${found}. ` +
          'firebaseui changed: review tools/build/firebaseui-nb.ts before upgrading it.',
      );
    }
    out = out.split(row.en).join(asciiOnly(row.nb));
  }
  return out;
}
