import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firebaseModule, fakeAuth, firebaseError, KID } from '../../testing/fake-firebase';
import { errorBody, installFakeApi, json, type FakeApi } from '../../testing/fake-api';
import { deferred, renderApp, resetAppForTests } from '../../testing/render-app';

vi.mock(
  '../../lib/firebase',
  async () => (await import('../../testing/fake-firebase')).firebaseModule,
);

const EMAIL = 'emma@kids.sprout.invalid';

describe('Child login (/kids/login)', () => {
  let api: FakeApi;

  beforeEach(() => {
    api = installFakeApi();
    api.on('GET', '/api/public/synthetic-email', () => json(200, { email: EMAIL }));
    api.on('POST', '/api/kids/login', () =>
      json(200, { uid: KID.uid, username: 'emma', email: EMAIL }),
    );
    api.on('GET', '/api/kids/config', () =>
      json(200, {
        allowed_modes: ['Learn'],
        preferred_voice_uri: null,
        auto_read_web: false,
        auto_read_mobile: false,
      }),
    );
    fakeAuth.signIn.mockResolvedValue({ user: KID, token: 'fresh-token' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    resetAppForTests();
    vi.mocked(firebaseModule.signOutUser).mockClear();
  });

  async function logIn(user: ReturnType<typeof renderApp>['user'], name = 'emma', password = 'pw') {
    await user.type(await screen.findByLabelText('Username'), name);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
  }

  it('has the two required fields, the button and the parent link', async () => {
    renderApp('/kids/login');
    const username = await screen.findByLabelText('Username');
    expect(username).toBeRequired();
    expect(username).toHaveAttribute('autocapitalize', 'none');
    expect(username).toHaveAttribute('autocorrect', 'off');
    const password = screen.getByLabelText('Password');
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Parent? Log in here' })).toHaveAttribute(
      'href',
      '/parents/login',
    );
  });

  it('signs in with the synthetic email, tells the server, and goes to /chat', async () => {
    const { user, location } = renderApp('/kids/login');
    await logIn(user, '  Emma ', 'secret');
    await waitFor(() => expect(location()).toBe('/chat'));

    expect(api.callsTo('GET', '/api/public/synthetic-email')[0].query.get('username')).toBe('emma');
    expect(fakeAuth.signIn).toHaveBeenCalledWith(EMAIL, 'secret');
    const login = api.callsTo('POST', '/api/kids/login')[0];
    expect(login.body).toEqual({ email: EMAIL });
    expect(login.headers.Authorization).toBe('Bearer fresh-token');
    expect(await screen.findByText('Welcome to Learn Mode!')).toBeInTheDocument();
  });

  it("shows 'Logging In...' and disables the inputs while busy", async () => {
    const pending = deferred<Response>();
    api.on('GET', '/api/public/synthetic-email', () => pending.promise);
    const { user } = renderApp('/kids/login');
    await logIn(user);

    const button = screen.getByRole('button', { name: 'Logging In...' });
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('Username')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();

    pending.resolve(errorBody(404, 'Not found'));
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeEnabled();
    expect(screen.getByLabelText('Username')).toBeEnabled();
  });

  it('an unknown username (404) gets its own message, without signing in', async () => {
    api.on('GET', '/api/public/synthetic-email', () =>
      errorBody(404, 'No child has that username.'),
    );
    const { user, location } = renderApp('/kids/login');
    await logIn(user);
    expect(
      await screen.findByText("That username doesn't exist. Please check the spelling."),
    ).toBeInTheDocument();
    expect(fakeAuth.signIn).not.toHaveBeenCalled();
    expect(location()).toBe('/kids/login');
  });

  it('an answer without an email counts as an unknown username', async () => {
    api.on('GET', '/api/public/synthetic-email', () => json(200, {}));
    const { user } = renderApp('/kids/login');
    await logIn(user);
    expect(
      await screen.findByText("That username doesn't exist. Please check the spelling."),
    ).toBeInTheDocument();
  });

  it.each(['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials'])(
    'a wrong password (%s) says so',
    async (code) => {
      fakeAuth.signIn.mockRejectedValue(firebaseError(code));
      const { user } = renderApp('/kids/login');
      await logIn(user);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Incorrect child username or password.',
      );
      expect(api.callsTo('POST', '/api/kids/login')).toHaveLength(0);
    },
  );

  it("shows the server's detail when the kid login call fails, and signs out again", async () => {
    api.on('POST', '/api/kids/login', () =>
      errorBody(403, "This is for children's accounts. Please log in as a child."),
    );
    const { user, location } = renderApp('/kids/login');
    await logIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This is for children's accounts. Please log in as a child.",
    );
    expect(firebaseModule.signOutUser).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/kids/login');
  });

  it("shows any other error's own message", async () => {
    api.on('GET', '/api/public/synthetic-email', () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderApp('/kids/login');
    await logIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch');
  });

  it('falls back to the general message for an error without a message', async () => {
    fakeAuth.signIn.mockRejectedValue(new Error(''));
    const { user } = renderApp('/kids/login');
    await logIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login failed. Please check your details and try again.',
    );
  });

  it('shows the expired-session line and removes the flag from the address', async () => {
    const { location } = renderApp('/kids/login?sessionExpired=true');
    expect(
      await screen.findByText('Your session has expired. Please log in again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/kids/login'));
    expect(screen.getByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  });

  it('sends a child who is still signed in straight to the chat', async () => {
    fakeAuth.user = KID;
    const { location } = renderApp('/kids/login');
    await waitFor(() => expect(location()).toBe('/chat'));
  });
});
