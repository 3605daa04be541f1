import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Col, Row, Spinner } from 'react-bootstrap';
import { useLocation, useNavigate } from 'react-router';
import { ErrorBoundary, LoadFailure } from '../../components/error-boundary';
import { MessageModal } from '../../components/message-modal';
import { PageMeta } from '../../components/page-meta';
import { useClientReady } from '../../components/use-client-ready';
import { isAuthServiceReachable } from '../../firebase/auth-service';
import { useAuth } from './auth-context';
import type { LoginRedirectState } from './login-redirect';
import { PASSWORD_TITLE, SIGN_IN_FAILED, VERIFICATION_TEXT, VERIFICATION_TITLE } from './messages';
import { PASSWORD_REQUIREMENTS_MESSAGE } from './password-policy';
import type { SignInWidgetProps } from './sign-in-widget';

const SignInWidget = lazy(() => import('./sign-in-widget'));

function Loading() {
  return (
    <div className="d-flex align-items-center gap-2 py-3" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>Loading the sign-in form…</span>
    </div>
  );
}

/** Where a member goes after signing in: the page they asked for (with its hash), else /members. */
function destination(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  return from?.pathname === '/members' ? `/members${from.hash}` : '/members';
}

/**
 * The sign-in page. Part of the first bundle (small: FirebaseUI and Firebase load behind it), so the
 * page's build-time HTML hydrates without waiting for a chunk.
 */
export function LoginPage() {
  const { member, connect } = useAuth();
  const clientReady = useClientReady();
  const navigate = useNavigate();
  const location = useLocation();
  const [shown, setShown] = useState(false);
  const [failed, setFailed] = useState(false);
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

  // A verified member (just signed in, or already signed in) goes on to the members area.
  useEffect(() => {
    if (member) void navigate(destination(location.state), { replace: true });
  }, [member, navigate, location.state]);

  const onSignedIn = useCallback<SignInWidgetProps['onSignedIn']>(async (user) => {
    setFailed(false);
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
    console.warn('Sign-in failed', error);
    setFailed(true);
  }, []);
  const onShown = useCallback(() => setShown(true), []);
  const onWeakPassword = useCallback(() => setWeakPassword(true), []);

  return (
    <>
      <PageMeta page="/login" />
      <Row className="justify-content-center">
        <Col md={10} lg={8} xl={7}>
          <h1>Members Login</h1>
          <p>
            Sign in to download historical documents, photos and seminar material. New here? Choose{' '}
            <strong>Sign in with email</strong> and create an account: we send you a link to verify your
            e-mail address before the members area opens.
          </p>
          {unreachable && (
            <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2">
              <span className="me-auto">
                The sign-in service cannot be reached right now. Please check your internet connection.
              </span>
              <Button variant="outline-dark" size="sm" onClick={probe}>
                Try again
              </Button>
            </Alert>
          )}
          {failed && (
            <Alert variant="danger" dismissible onClose={() => setFailed(false)} className="sign-in-alert">
              {SIGN_IN_FAILED}
            </Alert>
          )}
          <ErrorBoundary
            fallback={
              <LoadFailure heading="The sign-in form could not be loaded">
                Please check your internet connection and reload the page.
              </LoadFailure>
            }
          >
            <div className="sign-in-area">
              {!shown && <Loading />}
              {/* The widget runs in the browser only; the page's build-time HTML shows the loading message. */}
              {clientReady && (
                <Suspense fallback={null}>
                  <SignInWidget
                    key={restarts}
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
      <MessageModal show={verifyNeeded} title={VERIFICATION_TITLE} onClose={() => setVerifyNeeded(false)}>
        {VERIFICATION_TEXT}
      </MessageModal>
      <MessageModal show={weakPassword} title={PASSWORD_TITLE} onClose={() => setWeakPassword(false)}>
        {PASSWORD_REQUIREMENTS_MESSAGE}
      </MessageModal>
    </>
  );
}
