import { Alert } from 'react-bootstrap';
import { RichText } from '../../components/rich-text';
import { config } from '../../config/env';
import { m } from '../../paraglide/messages.js';

/**
 * A blocked account tried to sign in (auth/user-disabled). Loaded only when that happens, so the login page's
 * first load does not carry it.
 */
export default function BlockedAlert({ onClose }: { onClose: () => void }) {
  return (
    <Alert
      variant="danger"
      dismissible
      closeLabel={m.common_close()}
      onClose={onClose}
      className="sign-in-alert"
    >
      <RichText
        message={m.login_blocked}
        inputs={{ email: config.contactEmail }}
        tags={{ link: (children) => <a href={`mailto:${config.contactEmail}`}>{children}</a> }}
      />
    </Alert>
  );
}
