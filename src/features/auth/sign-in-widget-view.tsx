import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { authLanguageCodeOf } from '../../firebase/auth-language';
import { PROVIDERS, type CompatUser, type GetAuthUI } from '../../firebase/auth-ui';
import { PasswordRequirements } from './password-requirements';
import { isValidPassword } from '../../domain/password-policy';
import { m } from '../../paraglide/messages.js';
import type { Locale } from '../../lib/locale-path';
import type { SignInWidgetProps } from './sign-in-widget';
import '../../styles/bootstrap-lazy.scss';
import './sign-in-widget.css';

/**
 * The accessible name of FirebaseUI's show/hide-password button, which the CSP patch makes a real button
 * (tools/build/vite-plugins.ts; the Norwegian build names it "Vis passord", tools/build/firebaseui-nb.ts) and
 * this code relabels as the field flips between hidden and shown (messages login_show/hide_password).
 */
function passwordToggleLabels(): { show: string; hide: string } {
  return { show: m.login_show_password(), hide: m.login_hide_password() };
}

const NEW_PASSWORD_SELECTOR = 'input[name="newPassword"]';
const PANEL_ID = 'password-requirements';

interface FieldHandlers {
  onInput: (password: string) => void;
  onWeakPassword: () => void;
  toggleLabels: { show: string; hide: string };
}

/**
 * Enforces the password rules on FirebaseUI's sign-up form: the field is required, Enter in it does not
 * submit, leaving it with a failing password disables the submit button and reports it, and the button
 * is enabled again as soon as the password passes. Adds a slot for the requirements panel right under
 * the field. Returns the slot and a function that undoes it all.
 */
function enhancePasswordField(field: HTMLInputElement, handlers: FieldHandlers) {
  const form = field.closest('form');
  const submit = form?.querySelector<HTMLButtonElement>('.firebaseui-id-submit') ?? null;
  const toggle = form?.querySelector<HTMLElement>('.firebaseui-id-password-toggle') ?? null;
  field.required = true;
  field.setAttribute('aria-required', 'true');
  field.setAttribute('aria-describedby', PANEL_ID);

  const slot = document.createElement('div');
  (field.closest('.firebaseui-textfield') ?? field).after(slot);

  const onInput = () => {
    handlers.onInput(field.value);
    if (submit && isValidPassword(field.value)) submit.disabled = false;
  };
  const onBlur = (event: FocusEvent) => {
    // Moving between the field and its show/hide button is not leaving the field.
    if (event.relatedTarget === field || (toggle && event.relatedTarget === toggle)) return;
    if (isValidPassword(field.value)) return;
    if (submit) submit.disabled = true;
    handlers.onWeakPassword();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.target === field && event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
    }
  };
  // FirebaseUI submits on Enter through its own key handlers on the field: catch the key on the way
  // down (capture phase on an ancestor), so it never reaches them.
  const keyScope: HTMLElement = form ?? field.parentElement ?? field;
  // FirebaseUI flips the field between password and text: say so on the toggle.
  const onToggle = () =>
    queueMicrotask(() => {
      const shown = field.type === 'text';
      toggle?.setAttribute('aria-label', shown ? handlers.toggleLabels.hide : handlers.toggleLabels.show);
      toggle?.setAttribute('aria-pressed', String(shown));
    });
  toggle?.addEventListener('click', onToggle);
  toggle?.addEventListener('blur', onBlur);
  keyScope.addEventListener('keydown', onKey, true);
  keyScope.addEventListener('keypress', onKey, true);
  field.addEventListener('input', onInput);
  field.addEventListener('blur', onBlur);
  const undo = () => {
    keyScope.removeEventListener('keydown', onKey, true);
    keyScope.removeEventListener('keypress', onKey, true);
    field.removeEventListener('input', onInput);
    field.removeEventListener('blur', onBlur);
    toggle?.removeEventListener('click', onToggle);
    toggle?.removeEventListener('blur', onBlur);
    slot.remove();
  };
  return { slot, undo };
}

/**
 * Follows the sign-up form's new-password field, which FirebaseUI creates and destroys as the visitor
 * moves between its pages, and enhances it while it exists. Returns the panel's slot and the password.
 */
function usePasswordRules(container: HTMLElement | null, onWeakPassword: () => void, locale: Locale) {
  const [state, setState] = useState<{ slot: HTMLElement; password: string } | null>(null);
  const weakRef = useRef(onWeakPassword);
  useEffect(() => {
    weakRef.current = onWeakPassword;
  });

  useEffect(() => {
    if (!container) return;
    let current: { field: HTMLInputElement; undo: () => void } | undefined;
    const sync = () => {
      const field = container.querySelector<HTMLInputElement>(NEW_PASSWORD_SELECTOR);
      if (field === (current?.field ?? null)) return;
      current?.undo();
      current = undefined;
      if (!field) {
        setState(null);
        return;
      }
      const { slot, undo } = enhancePasswordField(field, {
        onInput: (password) => setState({ slot, password }),
        onWeakPassword: () => weakRef.current(),
        toggleLabels: passwordToggleLabels(),
      });
      current = { field, undo };
      setState({ slot, password: field.value });
    };
    const observer = new MutationObserver(sync);
    observer.observe(container, { childList: true, subtree: true });
    queueMicrotask(sync);
    return () => {
      observer.disconnect();
      current?.undo();
    };
  }, [container, locale]);

  return state;
}

export interface SignInWidgetViewProps extends SignInWidgetProps {
  locale: Locale;
  /** The AuthUI of the FirebaseUI build in the widget's language (src/firebase/auth-ui-<locale>.ts). */
  getAuthUI: GetAuthUI;
}

/** FirebaseUI's widget on our page, in the language of the FirebaseUI build it is given. */
export function SignInWidgetView({
  locale,
  getAuthUI,
  onShown,
  onSignedIn,
  onFailure,
  onWeakPassword,
}: SignInWidgetViewProps) {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const callbacks = useRef({ onShown, onSignedIn, onFailure });
  useEffect(() => {
    callbacks.current = { onShown, onSignedIn, onFailure };
  });

  useEffect(() => {
    if (!container) return;
    const ui = getAuthUI((error) => callbacks.current.onFailure(error));
    if (!ui) return; // the page is loading again, in the other language
    // FirebaseUI's forms relied on inline onsubmit="return false;" (removed for our CSP): a form must
    // never submit itself and reload the page; FirebaseUI acts on its buttons' click handlers.
    const preventSubmit = (event: Event) => event.preventDefault();
    container.addEventListener('submit', preventSubmit, true);
    // One AuthUI per Auth: reset and start it on every mount (StrictMode mounts twice), never delete it.
    ui.reset();
    // Starting draws FirebaseUI's first page, a long piece of work of its own: run it in a task apart from
    // React's commit and the creation of the AuthUI above, so neither blocks the page for the sum.
    const timer = window.setTimeout(() =>
      ui.start(container, {
        signInFlow: 'popup',
        credentialHelper: 'none',
        signInOptions: [
          {
            provider: PROVIDERS.google,
            iconUrl: '/icons/google.svg',
            // Google's sign-in page in the page's language. (Firebase Auth 12 keeps auth.languageCode out
            // of the popup's address, so Google would otherwise pick a language itself.)
            customParameters: { hl: authLanguageCodeOf(locale) },
          },
          { provider: PROVIDERS.password, requireDisplayName: true, iconUrl: '/icons/mail.svg' },
        ],
        callbacks: {
          uiShown: () => callbacks.current.onShown(),
          signInSuccessWithAuthResult: (result: { user: CompatUser }) => {
            callbacks.current.onSignedIn(result.user);
            return false; // the page decides where to go
          },
        },
      }),
    );
    return () => {
      window.clearTimeout(timer);
      container.removeEventListener('submit', preventSubmit, true);
      ui.reset();
    };
  }, [container, getAuthUI, locale]);

  const passwordField = usePasswordRules(container, onWeakPassword, locale);

  return (
    <>
      <div ref={setContainer} className="sign-in-widget" />
      {passwordField &&
        createPortal(
          <PasswordRequirements id={PANEL_ID} password={passwordField.password} />,
          passwordField.slot,
        )}
    </>
  );
}
