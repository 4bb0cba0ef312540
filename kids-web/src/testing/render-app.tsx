import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { AppRoutes } from '../app/App';
import { resetSessionForTests } from '../lib/session';
import { fakeAuth } from './fake-firebase';

let currentLocation = '';

function LocationProbe() {
  const location = useLocation();
  currentLocation = `${location.pathname}${location.search}`;
  return null;
}

/** Renders the whole app at a path; `location()` reads where the router is now. */
export function renderApp(path: string, options: { fakeTimers?: boolean } = {}) {
  const user = options.fakeTimers
    ? userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    : userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...view, user, location: () => currentLocation };
}

/**
 * Ends a test of the app: unmounts it first, then forgets the session and the signed-in user.
 * In that order: unmounting runs the effects React still has pending, and one of them may start
 * the session's watcher, which after a reset would report "signed out" into the next test.
 */
export function resetAppForTests(): void {
  cleanup();
  resetSessionForTests();
  fakeAuth.reset();
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
