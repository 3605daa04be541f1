/** The sign-in widget in English (loaded lazily by ./sign-in-widget). */
import { getAuthUI } from '../../firebase/auth-ui-en';
import type { SignInWidgetProps } from './sign-in-widget';
import { SignInWidgetView } from './sign-in-widget-view';

export default function SignInWidgetEn(props: SignInWidgetProps) {
  return <SignInWidgetView {...props} locale="en" getAuthUI={getAuthUI} />;
}
