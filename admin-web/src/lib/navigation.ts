/**
 * Full-page navigation to the other apps (the parents app and the landing page are other builds
 * on the same origin). A module of its own so tests can replace it.
 */
export function leaveTo(path: string): void {
  window.location.assign(path);
}

/** Where a signed-out visitor signs in; the parents app sends an admin back here afterwards. */
export const SIGN_IN_PATH = '/parents/login?next=/admin';
/** Where a signed-in user without the admin claim goes (spec §6). */
export const NON_ADMIN_PATH = '/';
