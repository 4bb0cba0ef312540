import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../testing/fake-api';
import { renderApp, resetAppForTests } from '../testing/render-app';

vi.mock('../lib/firebase', async () => (await import('../testing/fake-firebase')).firebaseModule);

describe('routes', () => {
  beforeEach(() => {
    installFakeApi();
  });

  afterEach(() => {
    resetAppForTests();
  });

  it.each(['/kids', '/kids/', '/kids/something-else', '/kids/login/extra'])(
    '%s goes to the kids login',
    async (path) => {
      const { location } = renderApp(path);
      await waitFor(() => expect(location()).toBe('/kids/login'));
      expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    },
  );

  it('serves the login at /kids/login', async () => {
    const { location } = renderApp('/kids/login');
    expect(await screen.findByRole('heading', { name: 'Welcome to Sprout!' })).toBeInTheDocument();
    expect(location()).toBe('/kids/login');
  });

  it('shows a friendly screen with a retry button when the sign-in service cannot start', async () => {
    const firebase = await import('../lib/firebase');
    const watch = vi.spyOn(firebase, 'watchUser').mockImplementation((_onUser, onError) => {
      queueMicrotask(() => onError(new TypeError('Failed to fetch')));
      return () => undefined;
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/chat');
    expect(
      await screen.findByText(
        "We couldn't reach Sprout. Please check the internet connection and try again.",
      ),
    ).toBeInTheDocument();
    watch.mockRestore();
    screen.getByRole('button', { name: 'Try Again' }).click();
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
  });
});
