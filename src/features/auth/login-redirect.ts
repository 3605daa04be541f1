/** State passed to /login by the members guard so it can send the member back where they were going. */
export interface LoginRedirectState {
  from?: { pathname: string; hash: string };
}
