import type { ReactNode } from 'react';
import { config } from '../../config/env';

/** A mailto: link to the organisers' address (config.contactEmail), with an optional subject and body. */
export function MailLink({
  children,
  alertLink = false,
  subject,
  body,
  className,
}: {
  children: ReactNode;
  alertLink?: boolean;
  subject?: string;
  body?: string;
  className?: string;
}) {
  return (
    <a
      href={mailtoHref(config.contactEmail, { subject, body })}
      className={alertLink ? 'alert-link' : className}
    >
      {children}
    </a>
  );
}

/**
 * mailto:address?subject=...&body=... with every part percent-encoded (spaces as %20: some mail programs show a
 * '+' as it is).
 */
export function mailtoHref(
  address: string,
  { subject, body }: { subject?: string; body?: string } = {},
): string {
  const query = [
    ...(subject ? [`subject=${encodeURIComponent(subject)}`] : []),
    ...(body ? [`body=${encodeURIComponent(body)}`] : []),
  ];
  return `mailto:${address}${query.length ? `?${query.join('&')}` : ''}`;
}
