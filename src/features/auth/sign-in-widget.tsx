import { lazy, type ComponentType } from 'react';
import type { CompatUser } from '../../firebase/auth-ui';
import type { Locale } from '../../lib/locale-path';

export interface SignInWidgetProps {
  /** The widget has drawn its first page. */
  onShown: () => void;
  /** A sign-in or sign-up succeeded. */
  onSignedIn: (user: CompatUser) => void;
  /** A sign-in call failed for a reason the widget does not explain itself. */
  onFailure: (error: unknown) => void;
  /** The new password failed the rules when the visitor left the field. */
  onWeakPassword: () => void;
}

/** A macrotask boundary: what comes after it runs in a task of its own. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The widget of a language, loaded in two steps so that the browser evaluates them in separate tasks
 * (one long task would block the page for their sum): first the compat SDK, our Auth and the widget's own
 * code (./sign-in-widget-view), then the language's FirebaseUI. The login page's HTML preloads both
 * (tools/build/prerender.ts), so neither step waits for the network.
 */
function staged(load: () => Promise<{ default: ComponentType<SignInWidgetProps> }>) {
  return lazy(async () => {
    await import('./sign-in-widget-view');
    await nextTask();
    return load();
  });
}

/**
 * One lazily loaded widget per language, each with its own FirebaseUI build (English: `firebaseui`,
 * Norwegian: `firebaseui/nb`), so a page downloads only its own language's FirebaseUI. What they share
 * (the widget code, the compat SDK, the stylesheet) is one chunk both load.
 */
const WIDGETS = {
  en: staged(() => import('./sign-in-widget-en')),
  nb: staged(() => import('./sign-in-widget-nb')),
} satisfies Record<Locale, unknown>;

/**
 * The FirebaseUI sign-in widget in the page's language, loaded on first render (put it under
 * <Suspense>). A document uses one language: the site changes language with a full page load.
 */
export function SignInWidget({ locale, ...props }: SignInWidgetProps & { locale: Locale }) {
  const Widget = WIDGETS[locale];
  return <Widget {...props} />;
}
