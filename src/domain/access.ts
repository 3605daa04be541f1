/**
 * Who may read a member file. Every signed-in account with a verified e-mail address reads the historical
 * papers; the catalogue's approvalOnly files (lists of living people) also need this custom claim on the
 * account's ID token, set by an organiser (npm run organiser:members -- approve <email>) and checked by
 * storage.rules.
 */
export const APPROVED_CLAIM = 'approved';

/**
 * The custom claim of the organisers (npm run organiser:members -- organiser <email>): they see the photos
 * waiting for approval, approve or reject them, and remove shared ones (storage.rules checks it on its own, not
 * together with `approved`).
 */
export const ORGANISER_CLAIM = 'organiser';
