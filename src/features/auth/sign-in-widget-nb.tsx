/** The sign-in widget in Norwegian Bokmål (loaded lazily by ./sign-in-widget). */
import { getAuthUI } from '../../firebase/auth-ui-nb';
import type { SignInWidgetProps } from './sign-in-widget';
import { SignInWidgetView } from './sign-in-widget-view';

export default function SignInWidgetNb(props: SignInWidgetProps) {
  return <SignInWidgetView {...props} locale="nb" getAuthUI={getAuthUI} />;
}
