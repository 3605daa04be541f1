/** The spec's session flag: sessionStorage `logged` = `true` while a member is signed in. */
export const SESSION_KEY = 'logged';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage disabled by the browser: the flag is only a hint, the app works without it
  }
}

export function setSessionFlag(signedIn: boolean): void {
  const store = storage();
  if (!store) return;
  try {
    if (signedIn) store.setItem(SESSION_KEY, 'true');
    else store.removeItem(SESSION_KEY);
  } catch {
    // quota or privacy mode: ignore
  }
}
