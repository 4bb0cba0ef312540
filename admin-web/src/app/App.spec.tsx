import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Navigation from '../lib/navigation';
import { installFakeApi } from '../testing/fake-api';
import { ADMIN, PARENT, fakeAuth, firebaseModule } from '../testing/fake-firebase';
import { installHealthyServer } from '../testing/fake-server';
import { renderApp } from '../testing/render-app';
import { leaveTo } from '../lib/navigation';

vi.mock('../lib/firebase', async () => (await import('../testing/fake-firebase')).firebaseModule);
vi.mock('../lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof Navigation>()),
  leaveTo: vi.fn(),
}));

beforeEach(() => {
  fakeAuth.reset();
  vi.mocked(leaveTo).mockReset();
  installHealthyServer(installFakeApi());
});

afterEach(() => {
  fakeAuth.reset();
});

describe('the access gate', () => {
  it("shows 'Verifying access...' while the token is checked", async () => {
    fakeAuth.checking = true;
    renderApp();
    expect(screen.getByText('Verifying access...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    fakeAuth.setUser(ADMIN);
    expect(
      await screen.findByRole('heading', { name: 'Sprout Admin — API test suite' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Verifying access...')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to the parent login, with the way back to /admin', async () => {
    renderApp();
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/parents/login?next=/admin'));
    expect(leaveTo).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('sends a signed-in user without the admin claim to /', async () => {
    fakeAuth.user = PARENT;
    renderApp();
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/'));
    expect(leaveTo).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Run all' })).not.toBeInTheDocument();
  });

  it('shows the suite to an admin, with every call of the admin test page', async () => {
    fakeAuth.user = ADMIN;
    renderApp();
    expect(
      await screen.findByRole('heading', { name: 'Sprout Admin — API test suite' }),
    ).toBeInTheDocument();
    expect(screen.getByText('admin@demo.test')).toBeInTheDocument();
    for (const label of [
      'GET /api/health-check',
      'GET /api/iap-health-check',
      'GET /api/public/synthetic-email?username=',
      'POST /api/parents/login',
      'POST /api/parents/create-portal-session',
      'POST /api/kids/login',
      'POST /api/kids/chat',
      'GET /api/kids/config',
      'PUT /api/kids/preferences',
      'GET /api/parents/children',
      'GET /api/parents/subscription',
      'GET /api/parents/keywords',
      'GET /api/parents/preferences',
      'GET /api/parents/stats/{child_id}',
      'GET /api/parents/logs/{child_id}',
    ]) {
      expect(screen.getByRole('region', { name: label })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Run ${label}` })).toBeEnabled();
    }
    expect(screen.getByLabelText('Child username')).toHaveValue('demo-kid');
    expect(screen.getByLabelText('Child password')).toHaveValue('sprout-kid');
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('sends a user whose admin claim is removed away, even after the suite showed', async () => {
    fakeAuth.user = ADMIN;
    renderApp();
    await screen.findByRole('button', { name: 'Run all' });
    fakeAuth.setUser({ ...ADMIN, isAdmin: false });
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/'));
    expect(screen.queryByRole('button', { name: 'Run all' })).not.toBeInTheDocument();
  });

  it('signs the admin and the test child out, then sends the visitor to log in', async () => {
    fakeAuth.user = ADMIN;
    const { user } = renderApp();
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/parents/login?next=/admin'));
    expect(firebaseModule.signOutKid).toHaveBeenCalled();
    expect(firebaseModule.signOutUser).toHaveBeenCalled();
  });

  it('offers a retry when the access check cannot start', async () => {
    const watch = vi.spyOn(firebaseModule, 'watchAdmin');
    watch.mockImplementationOnce((_onUser, onError) => {
      queueMicrotask(() => onError(new Error('offline')));
      return () => undefined;
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeAuth.user = ADMIN;
    const { user } = renderApp();
    expect(
      await screen.findByText('Could not verify your access. Check your connection and try again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Run all' })).toBeInTheDocument();
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('brings any other path under /admin back to the suite', async () => {
    fakeAuth.user = ADMIN;
    renderApp('/something/else');
    expect(await screen.findByRole('button', { name: 'Run all' })).toBeInTheDocument();
  });
});
