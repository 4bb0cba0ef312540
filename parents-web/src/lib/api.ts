/** The app's API client: a fresh ID token on every call, and a 401 ends the session (spec §4). */
import { createApiClient, sessionExpiredPath } from '@sprout/shared';
import { getIdToken, signOutUser } from './firebase';

export interface Navigator {
  navigate: (path: string) => void;
  pathname: () => string;
}

let navigator: Navigator = {
  navigate: (path) => window.location.assign(path),
  pathname: () => window.location.pathname,
};

/** The router registers itself so a 401 does not reload the page. */
export function setSessionExpiredNavigator(next: Navigator): void {
  navigator = next;
}

let expiring = false;

export async function handleSessionExpired(): Promise<void> {
  if (expiring) return;
  expiring = true;
  const path = sessionExpiredPath(navigator.pathname());
  try {
    await signOutUser();
  } catch (error) {
    console.error('Sign-out after an expired session failed', error);
  } finally {
    expiring = false;
    navigator.navigate(path);
  }
}

export const api = createApiClient({
  getToken: getIdToken,
  onSessionExpired: () => {
    void handleSessionExpired();
  },
});
