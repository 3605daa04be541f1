import { m } from '../../paraglide/messages.js';

/**
 * Who sent something an organiser reviews (a photo, a suggested name): the account's verified e-mail address first,
 * labelled as the address it signs in with, then the name on the account, which its owner typed and could make look
 * like anything (an organiser's name and address, say). Both as isolated text (<bdi>): whatever direction a name's
 * letters run, it cannot reorder the address beside it. The name comes cleaned (cleanText) by whoever read it.
 */
export function Sender({ email, name, className }: { email: string; name?: string; className?: string }) {
  return (
    <span className={`d-block small text-body-secondary text-break sender ${className ?? ''}`.trim()}>
      <span className="sender-email">
        {m.review_sign_in_address()} <bdi>{email}</bdi>
      </span>
      {name && (
        <span className="d-block sender-name">
          {m.review_account_name()} <bdi>{name}</bdi>
        </span>
      )}
    </span>
  );
}
