import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Col, Row, Spinner } from 'react-bootstrap';
import { useLocation, useNavigate } from 'react-router';
import { ErrorBoundary, LoadFailure } from '../../components/error-boundary';
import { MessageModal } from '../../components/message-modal';
import { PageMeta, type PageMetaMessages } from '../../components/page-meta';
import { useClientReady } from '../../lib/use-client-ready';
import { isAccountBlocked } from '../../firebase/auth-errors';
import { takeBlockedFlag } from '../../firebase/ended-session';
import { isAuthServiceReachable } from '../../firebase/auth-service';
import { useAuth } from '../../lib/auth-context';
import { RichText } from '../../components/rich-text';
import { formatNumber } from '../../lib/format';
import { currentLocale } from '../../lib/locale';
import { m } from '../../paraglide/messages.js';
import { destinationAfterSignIn } from './login-redirect';
import { passwordRequirementsMessage } from './password-requirements';
import { SignInWidget, type SignInWidgetProps } from './sign-in-widget';

const BlockedAlert = lazy(() => import('./blocked-alert'));

function Loading() {
  return (
    <div className="d-flex align-items-center gap-2 py-3" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{m.login_loading()}</span>
    </div>
  );
}

export const meta: PageMetaMessages = { title: m.page_login_title, description: m.page_login_description };

/**
 * The sign-in page. Part of the first bundle (small: FirebaseUI and Firebase load behind it), so the
 * page's build-time HTML hydrates without waiting for a chunk.
 */
export default function LoginPage() {
  const { user, member, connect } = useAuth();
  const clientReady = useClientReady();
  const navigate = useNavigate();
  const location = useLocation();
  const [shown, setShown] = useState(false);
  const [failed, setFailed] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [verifyNeeded, setVerifyNeeded] = useState(false);
  const [weakPassword, setWeakPassword] = useState(false);
  const [restarts, setRestarts] = useState(0);
  const checking = useRef(false);
  const [unreachable, setUnreachable] = useState(false);

  // Tell the visitor up front when the sign-in service cannot be reached (offline, or service down).
  const probe = useCallback(() => {
    void isAuthServiceReachable().then((reachable) => setUnreachable(!reachable));
  }, []);
  useEffect(() => {
    probe();
    window.addEventListener('online', probe);
    return () => window.removeEventListener('online', probe);
  }, [probe]);

  useEffect(connect, [connect]);

  // A page whose session ended because an organiser blocked the account sent the visitor here: say why (its saved
  // session forgotten at a reload, or a download, a preview or Check again refused a new ID token).
  // (The flag is in sessionStorage, set before the signed-out state reached this page: read it after commit.)
  useEffect(() => {
    if (user !== null) return;
    let active = true;
    void Promise.resolve().then(() => {
      if (active && takeBlockedFlag()) setBlocked(true);
    });
    return () => {
      active = false;
    };
  }, [user]);

  // A verified member (just signed in, or already signed in) goes on to the members area.
  useEffect(() => {
    if (member) void navigate(destinationAfterSignIn(location.state), { replace: true });
  }, [member, navigate, location.state]);

  const onSignedIn = useCallback<SignInWidgetProps['onSignedIn']>(async (user) => {
    setFailed(false);
    setBlocked(false);
    if (user.emailVerified || checking.current) return; // the effect above takes a verified member on
    checking.current = true;
    try {
      // Firebase Auth is loaded by now (the widget signed in with it).
      const { verifyCurrentUserAndSignOut } = await import('../../firebase/auth');
      await verifyCurrentUserAndSignOut();
      setVerifyNeeded(true);
    } catch (error) {
      console.warn('Could not send the verification e-mail', error);
      setFailed(true);
    } finally {
      checking.current = false;
      setShown(false);
      setRestarts((count) => count + 1); // start the widget afresh
    }
  }, []);

  const onFailure = useCallback((error: unknown) => {
    // An account the organisers blocked gets its own message, not the generic one.
    if (isAccountBlocked(error)) {
      setFailed(false);
      setBlocked(true);
      return;
    }
    console.warn('Sign-in failed', error);
    setBlocked(false);
    setFailed(true);
  }, []);
  const onShown = useCallback(() => setShown(true), []);
  // Just come from "Delete my account" in the members area: it says so once (loaded apart, as it seldom is).
  const [deleted, setDeleted] = useState<{ photos: number } | undefined>();
  useEffect(() => {
    let active = true;
    import('../../lib/account-deleted')
      .then(({ accountDeleted, forgetAccountDeleted }) => {
        const news = accountDeleted();
        forgetAccountDeleted();
        if (active && news) setDeleted(news);
      })
      .catch(() => {});
    return () => {
      active = false;
    };
  }, []);
  const onWeakPassword = useCallback(() => setWeakPassword(true), []);

  return (
    <>
      <PageMeta meta={meta} />
      <Row className="justify-content-center">
        <Col md={10} lg={8} xl={7}>
          <h1>{m.login_heading()}</h1>
          <p>
            <RichText
              message={m.login_intro}
              inputs={{}}
              tags={{ strong: (children) => <strong>{children}</strong> }}
            />
          </p>
          {deleted && (
            <Alert variant="success" className="account-deleted" role="status">
              {deleted.photos > 0
                ? m.login_account_deleted_photos({ count: deleted.photos, n: formatNumber(deleted.photos) })
                : m.login_account_deleted()}
            </Alert>
          )}
          {unreachable && (
            <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2">
              <span className="me-auto">{m.login_unreachable()}</span>
              <Button variant="outline-dark" size="sm" onClick={probe}>
                {m.common_try_again()}
              </Button>
            </Alert>
          )}
          {failed && (
            <Alert
              variant="danger"
              dismissible
              closeLabel={m.common_close()}
              onClose={() => setFailed(false)}
              className="sign-in-alert"
            >
              {m.login_failed()}
            </Alert>
          )}
          {blocked && (
            <Suspense fallback={null}>
              <BlockedAlert onClose={() => setBlocked(false)} />
            </Suspense>
          )}
          <ErrorBoundary
            fallback={
              <LoadFailure heading={m.login_widget_failed_heading()}>
                {m.login_widget_failed_text()}
              </LoadFailure>
            }
          >
            {/* With our own message for a blocked account, FirebaseUI's generic one ("Something went wrong")
                is not shown too (sign-in-widget.css). */}
            <div className={blocked ? 'sign-in-area own-message-shown' : 'sign-in-area'}>
              {!shown && <Loading />}
              {/* The widget runs in the browser only; the page's build-time HTML shows the loading message. */}
              {clientReady && (
                <Suspense fallback={null}>
                  <SignInWidget
                    key={restarts}
                    locale={currentLocale()}
                    onShown={onShown}
                    onSignedIn={onSignedIn}
                    onFailure={onFailure}
                    onWeakPassword={onWeakPassword}
                  />
                </Suspense>
              )}
            </div>
          </ErrorBoundary>
        </Col>
      </Row>
      <MessageModal
        show={verifyNeeded}
        id="verification-needed"
        title={m.login_verify_title()}
        onClose={() => setVerifyNeeded(false)}
      >
        {m.login_verify_text()}
      </MessageModal>
      <MessageModal
        show={weakPassword}
        id="password-requirements-modal"
        title={m.login_password_title()}
        onClose={() => setWeakPassword(false)}
      >
        {passwordRequirementsMessage()}
      </MessageModal>
    </>
  );
}
