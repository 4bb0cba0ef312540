import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, installFakeApi, json, type FakeApi } from '../../testing/fake-api';
import { PARENT, fakeAuth, firebaseError, signedIn } from '../../testing/fake-firebase';
import { renderApp } from '../../testing/render-app';

vi.mock(
  '../../lib/firebase',
  async () => (await import('../../testing/fake-firebase')).firebaseModule,
);

let api: FakeApi;
const assign = vi.fn();

beforeEach(() => {
  fakeAuth.reset();
  api = installFakeApi();
  assign.mockReset();
  vi.stubGlobal('location', {
    ...window.location,
    assign,
    pathname: '/parents/login',
    href: 'http://localhost/parents/login',
  });
  window.dataLayer = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillLogin(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText('Parent Email'), 'parent@example.com');
  await user.type(screen.getByLabelText('Parent Password'), 'secret-pass');
}

describe('parent login', () => {
  it('shows the expiry message and removes the flag from the address', async () => {
    const { location } = renderApp('/parents/login?sessionExpired=true');
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeVisible();
    await waitFor(() => expect(location()).toBe('/parents/login'));
  });

  it('has the fields, buttons and links of the spec', () => {
    renderApp('/parents/login');
    expect(screen.getByLabelText('Parent Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Parent Email')).toBeRequired();
    expect(screen.getByLabelText('Parent Password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Log In with Email' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Log in with Google' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/parents/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/parents/signup',
    );
    expect(screen.getByRole('link', { name: 'Kid? Log in here' })).toHaveAttribute(
      'href',
      '/kids/login',
    );
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(screen.queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
  });

  it('logs in, sends the token, logs the event and opens the dashboard', async () => {
    fakeAuth.signInEmail.mockResolvedValue(signedIn());
    api.on('POST', '/api/parents/login', () => json(200, { uid: PARENT.uid }));
    api.on('GET', '/api/parents/children', () => json(200, { children: [] }));
    const { user, location } = renderApp('/parents/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Log In with Email' }));
    await waitFor(() => expect(location()).toBe('/parents/dashboard'));
    const login = api.callsTo('POST', '/api/parents/login')[0];
    expect(login.body).toEqual({ email: 'parent@example.com' });
    expect(login.headers.Authorization).toBe('Bearer token-of-parent-1');
    expect(window.dataLayer).toContainEqual({ event: 'login', method: 'email' });
  });

  it('says the password is wrong when the identity service refuses', async () => {
    fakeAuth.signInEmail.mockRejectedValue(firebaseError('auth/invalid-credential'));
    const { user } = renderApp('/parents/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Log In with Email' }));
    expect(await screen.findByText('Incorrect email or password. Please try again.')).toBeVisible();
  });

  it('reveals Manage Subscription after subscription_required', async () => {
    fakeAuth.signInEmail.mockResolvedValue(signedIn());
    api.on('POST', '/api/parents/login', () =>
      errorBody(403, { error: 'subscription_required', message: 'Please renew your plan.' }),
    );
    const { user, location } = renderApp('/parents/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Log In with Email' }));
    expect(await screen.findByText('Please renew your plan.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    expect(location()).toBe('/parents/subscription-renewal');
  });

  it('falls back to the default subscription text', async () => {
    fakeAuth.signInEmail.mockResolvedValue(signedIn());
    api.on('POST', '/api/parents/login', () =>
      json(403, { detail: { error: 'subscription_required' } }),
    );
    const { user } = renderApp('/parents/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Log In with Email' }));
    expect(await screen.findByText('An active subscription is required to log in.')).toBeVisible();
  });

  it('maps a 403 to the wrong-credentials text and other failures to try later', async () => {
    fakeAuth.signInEmail.mockResolvedValue(signedIn());
    api.on('POST', '/api/parents/login', () => errorBody(403, 'No parent account'));
    const { user } = renderApp('/parents/login');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Log In with Email' }));
    expect(await screen.findByText('Incorrect email or password. Please try again.')).toBeVisible();
    api.on('POST', '/api/parents/login', () => errorBody(500, 'boom'));
    fakeAuth.signInEmail.mockResolvedValue(signedIn());
    await user.click(screen.getByRole('button', { name: 'Log In with Email' }));
    expect(await screen.findByText('Login failed. Please try again later.')).toBeVisible();
  });

  it('reports a failed Google popup', async () => {
    fakeAuth.signInGoogle.mockRejectedValue(firebaseError('auth/popup-closed-by-user'));
    const { user } = renderApp('/parents/login');
    await user.click(screen.getByRole('button', { name: 'Log in with Google' }));
    expect(
      await screen.findByText('Failed to log in with Google. Please try again.'),
    ).toBeVisible();
  });

  it('logs a google login event', async () => {
    fakeAuth.signInGoogle.mockResolvedValue(signedIn());
    api.on('POST', '/api/parents/login', () => json(200, { uid: PARENT.uid }));
    api.on('GET', '/api/parents/children', () => json(200, { children: [] }));
    const { user, location } = renderApp('/parents/login');
    await user.click(screen.getByRole('button', { name: 'Log in with Google' }));
    await waitFor(() => expect(location()).toBe('/parents/dashboard'));
    expect(window.dataLayer).toContainEqual({ event: 'login', method: 'google' });
  });

  it('goes back to the admin page after login when asked to', async () => {
    fakeAuth.signInEmail.mockResolvedValue(signedIn({ ...PARENT, isAdmin: true }));
    api.on('POST', '/api/parents/login', () => json(200, { uid: PARENT.uid }));
    const { user } = renderApp('/parents/login?next=/admin');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Log In with Email' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin'));
  });

  it('ignores a next address on another site', async () => {
    fakeAuth.signInEmail.mockResolvedValue(signedIn());
    api.on('POST', '/api/parents/login', () => json(200, { uid: PARENT.uid }));
    api.on('GET', '/api/parents/children', () => json(200, { children: [] }));
    const { user, location } = renderApp('/parents/login?next=//evil.example/x');
    await fillLogin(user);
    await user.click(screen.getByRole('button', { name: 'Log In with Email' }));
    await waitFor(() => expect(location()).toBe('/parents/dashboard'));
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('parent signup', () => {
  async function fillSignup(user: ReturnType<typeof renderApp>['user'], accept = true) {
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    if (accept) await user.click(screen.getByRole('checkbox'));
  }

  it('requires the terms checkbox', async () => {
    const { user } = renderApp('/parents/signup');
    await fillSignup(user, false);
    await user.click(screen.getByRole('button', { name: 'Sign Up with Email' }));
    expect(
      await screen.findByText('You must accept the Terms and Conditions to sign up.'),
    ).toBeVisible();
    expect(fakeAuth.signUpEmail).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(fakeAuth.signInGoogle).not.toHaveBeenCalled();
  });

  it('records the parent and opens the dashboard when no payment is needed', async () => {
    fakeAuth.signUpEmail.mockResolvedValue(signedIn({ ...PARENT, email: 'new@example.com' }));
    api.on('POST', '/api/parents/signup', () => json(201, { uid: 'p', email: 'new@example.com' }));
    api.on('GET', '/api/parents/children', () => json(200, { children: [] }));
    const { user, location } = renderApp('/parents/signup');
    await fillSignup(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up with Email' }));
    await waitFor(() => expect(location()).toBe('/parents/dashboard'));
    expect(api.callsTo('POST', '/api/parents/signup')[0].body).toEqual({
      email: 'new@example.com',
      acceptTerms: true,
    });
    expect(window.dataLayer).toContainEqual({ event: 'sign_up', method: 'email' });
  });

  it('goes to checkout when the server starts one', async () => {
    fakeAuth.signUpEmail.mockResolvedValue(signedIn());
    api.on('POST', '/api/parents/signup', () =>
      json(201, { checkoutSessionId: 'cs_1', checkoutUrl: 'https://checkout.stripe.com/c/cs_1' }),
    );
    const { user } = renderApp('/parents/signup');
    await fillSignup(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up with Email' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/cs_1'));
  });

  it('says so when the payment redirect fails, then opens the dashboard', async () => {
    fakeAuth.signUpEmail.mockResolvedValue(signedIn());
    api.on('POST', '/api/parents/signup', () => json(201, { checkoutSessionId: 'cs_1' }));
    api.on('GET', '/api/parents/children', () => json(200, { children: [] }));
    const { user, location } = renderApp('/parents/signup');
    await fillSignup(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up with Email' }));
    await waitFor(() => expect(location()).toBe('/parents/dashboard'));
  });

  it('shows the server detail, else the generic signup failure', async () => {
    fakeAuth.signUpEmail.mockResolvedValue(signedIn());
    api.on('POST', '/api/parents/signup', () => errorBody(400, 'acceptTerms must be true'));
    const { user } = renderApp('/parents/signup');
    await fillSignup(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up with Email' }));
    expect(await screen.findByText('acceptTerms must be true')).toBeVisible();
    api.on('POST', '/api/parents/signup', () => json(500, null));
    await user.click(screen.getByRole('button', { name: 'Sign Up with Email' }));
    expect(await screen.findByText('Failed to sign up. Please try again.')).toBeVisible();
  });

  it('reports identity-service failures per method', async () => {
    fakeAuth.signUpEmail.mockRejectedValue(firebaseError('auth/email-already-in-use'));
    fakeAuth.signInGoogle.mockRejectedValue(firebaseError('auth/popup-blocked'));
    const { user } = renderApp('/parents/signup');
    await fillSignup(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up with Email' }));
    expect(
      await screen.findByText('Failed to sign up with email. Please try again.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(
      await screen.findByText('Failed to sign up with Google. Please try again.'),
    ).toBeVisible();
  });
});

describe('forgot password', () => {
  it('confirms the email was sent', async () => {
    fakeAuth.sendReset.mockResolvedValue();
    const { user } = renderApp('/parents/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'parent@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(
      await screen.findByText(
        'Password reset email sent! Please check your inbox (and spam folder).',
      ),
    ).toBeVisible();
    expect(fakeAuth.sendReset).toHaveBeenCalledWith('parent@example.com');
  });

  it('names an unknown address, and any other failure', async () => {
    fakeAuth.sendReset.mockRejectedValueOnce(firebaseError('auth/user-not-found'));
    fakeAuth.sendReset.mockRejectedValueOnce(firebaseError('auth/network-request-failed'));
    const { user } = renderApp('/parents/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('No account found with that email address.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(
      await screen.findByText('Failed to send password reset email. Please try again.'),
    ).toBeVisible();
  });
});

describe('subscription renewal', () => {
  it('shows the server message or the default one', async () => {
    api.on('POST', '/api/parents/initiate-subscription-management', () =>
      json(200, { message: '' }),
    );
    const { user } = renderApp('/parents/subscription-renewal');
    await user.type(screen.getByLabelText('Email'), 'parent@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue to Subscription Management' }));
    expect(
      await screen.findByText(
        "If your email is registered, you'll receive a link to manage your subscription.",
      ),
    ).toBeVisible();
    const call = api.callsTo('POST', '/api/parents/initiate-subscription-management')[0];
    expect(call.body).toEqual({ email: 'parent@example.com' });
    expect(call.headers.Authorization).toBeUndefined();
  });

  it('shows the first detail of a failure, else the fallback', async () => {
    api.on('POST', '/api/parents/initiate-subscription-management', () =>
      errorBody(400, 'email must be an email'),
    );
    const { user } = renderApp('/parents/subscription-renewal');
    await user.type(screen.getByLabelText('Email'), 'x@y.z');
    await user.click(screen.getByRole('button', { name: 'Continue to Subscription Management' }));
    expect(await screen.findByText('email must be an email')).toBeVisible();
    api.on('POST', '/api/parents/initiate-subscription-management', () => json(502, null));
    await user.click(screen.getByRole('button', { name: 'Continue to Subscription Management' }));
    expect(
      await screen.findByText('An error occurred. Please check the email and try again.'),
    ).toBeVisible();
  });
});
