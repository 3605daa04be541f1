import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';
import { config } from '../../config/env';
import type { MemberAccess } from '../../firebase/member-access';
import { m } from '../../paraglide/messages.js';
import { PageLoading } from '../page-loading';
import { RichText } from '../rich-text';
import { CheckAgain } from './check-again';
import { MailLink } from './mail-link';
import { useMemberAccess } from './use-member-access';

/** A page's words on why it needs approval, with the organisers' address ({email}) and a link to write to them. */
export type ApprovalText = typeof m.photos_approval_text;

/**
 * The one gate of the pages that need an approved account (the photos, who is who): the account's access read from
 * its ID token; an approved relative or an organiser gets the page (`children`); a verified relative who is not
 * approved gets the page's own words on why, whom to write to, and Check again (approved now: the page follows at
 * once), then whatever the page still offers them (`notApproved`); an access that cannot be read says so.
 */
export function ApprovalGate({
  text,
  className,
  children,
  notApproved,
}: {
  text: ApprovalText;
  /** The notice's class (the page's styles and tests find it by it). */
  className: string;
  children: (access: MemberAccess) => ReactNode;
  notApproved?: (access: MemberAccess) => ReactNode;
}) {
  const { access, checkAgain } = useMemberAccess();
  if (access === undefined) return <PageLoading />;
  if (access === null) return <Alert variant="warning">{m.access_failed()}</Alert>;
  if (access.approved || access.organiser) return children(access);
  return (
    <>
      <Alert variant="info" className={className}>
        <p>
          <RichText
            message={text}
            inputs={{ email: config.contactEmail }}
            tags={{ link: (content) => <MailLink alertLink>{content}</MailLink> }}
          />
        </p>
        {/* Approved now: the gate renders the page with the new access from the same hook. */}
        <CheckAgain checkAgain={checkAgain} onApproved={() => {}} />
      </Alert>
      {notApproved?.(access)}
    </>
  );
}
