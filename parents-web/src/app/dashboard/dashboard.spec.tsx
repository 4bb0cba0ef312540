import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, json } from '../../testing/fake-api';
import { PARENT, fakeAuth } from '../../testing/fake-firebase';
import {
  installParentServer,
  makeChild,
  makeLog,
  makeStats,
} from '../../testing/fake-parent-server';
import { renderApp } from '../../testing/render-app';

vi.mock(
  '../../lib/firebase',
  async () => (await import('../../testing/fake-firebase')).firebaseModule,
);

const assign = vi.fn();

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.user = PARENT;
  assign.mockReset();
  vi.stubGlobal('location', {
    ...window.location,
    assign,
    reload: vi.fn(),
    pathname: '/parents/dashboard',
    href: 'http://localhost/parents/dashboard',
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openTab(user: ReturnType<typeof renderApp>['user'], name: string) {
  const nav = await screen.findByRole('navigation', { name: 'Dashboard tabs' });
  await user.click(within(nav).getByRole('button', { name }));
}

describe('dashboard shell', () => {
  it('sends a signed-out visitor to the login page', async () => {
    fakeAuth.user = null;
    installParentServer();
    const { location } = renderApp('/parents/dashboard');
    await waitFor(() => expect(location()).toBe('/parents/login'));
  });

  it('shows the sidebar tabs, links, email and the Get Started card without children', async () => {
    installParentServer({ children: [] });
    const { user } = renderApp('/parents/dashboard');
    expect(await screen.findByRole('heading', { name: 'Get Started' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Dashboard tabs' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['Stats', 'Review Items', 'Logs', 'Subscription', 'Settings', 'Keywords']);
    expect(screen.getByRole('button', { name: /Report Issue/ })).toBeVisible();
    expect(screen.getByRole('button', { name: /Suggest Feature/ })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('target', '_blank');
    expect(screen.getByText('parent@example.com')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Go to Settings' }));
    expect(await screen.findByRole('heading', { name: 'Child Account Management' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Get Started' })).toBeNull();
    // With no children the add form is open.
    expect(screen.getByLabelText('Nickname (username)')).toBeVisible();
  });

  it('opens the Subscription tab with the spec text when a subscription is required', async () => {
    const { api } = installParentServer();
    api.on('GET', '/api/parents/children', () =>
      errorBody(403, {
        error: 'subscription_required',
        message: 'An active subscription is required.',
      }),
    );
    api.on('GET', '/api/parents/subscription', () =>
      json(200, {
        status: 'canceled',
        plan_nickname: 'Sprout Family Plan',
        trial_end: null,
        current_period_end: 1767225600,
        cancel_at_period_end: false,
        canceled_at: null,
        billing: 'stripe',
      }),
    );
    renderApp('/parents/dashboard');
    expect(
      await screen.findByText(
        'Your account requires an active subscription. Please go to the subscription page to sign up or contact support if you believe this is an error.',
      ),
    ).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Subscribe to Premium' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
  });

  it('shows the generic failure for other load errors', async () => {
    const { api } = installParentServer();
    api.on('GET', '/api/parents/children', () => errorBody(500, 'Internal error'));
    renderApp('/parents/dashboard');
    expect(
      await screen.findByText('Failed to load dashboard data. Please try refreshing the page.'),
    ).toBeVisible();
  });

  it('verifies a returning checkout session and cleans the address', async () => {
    const { api } = installParentServer();
    api.on('POST', '/api/parents/verify-checkout-session', () => json(200, { status: 'active' }));
    const { location } = renderApp('/parents/dashboard?subscription_success=true&session_id=cs_42');
    await waitFor(() => expect(location()).toBe('/parents/dashboard'));
    expect(api.callsTo('POST', '/api/parents/verify-checkout-session')[0].body).toEqual({
      session_id: 'cs_42',
    });
  });

  it('says so when the checkout cannot be verified', async () => {
    const { api } = installParentServer();
    api.on('POST', '/api/parents/verify-checkout-session', () => errorBody(400, 'nope'));
    renderApp('/parents/dashboard?subscription_success=true&session_id=cs_42');
    expect(
      await screen.findByText(
        'There was an issue verifying your payment. Please contact support if the problem persists.',
      ),
    ).toBeVisible();
  });

  it('signs out from the sidebar', async () => {
    installParentServer();
    const { user, location } = renderApp('/parents/dashboard');
    await user.click(await screen.findByRole('button', { name: /Sign Out/ }));
    await waitFor(() => expect(location()).toBe('/parents/login'));
    expect(fakeAuth.user).toBeNull();
  });
});

describe('stats tab', () => {
  it('shows the key insights, the warning and drills down to flagged logs', async () => {
    const { api } = installParentServer({
      stats: makeStats({
        promptCounts: { Learn: 4, Play: 10, Imagine: 2, Homework: 1, Bible: 3 },
        flaggedCount: 6,
      }),
      logs: [makeLog({ flagged: true, prompt_text: 'a flagged one', reason: 'Keyword match: x' })],
    });
    const { user, store } = renderApp('/parents/dashboard');
    await waitFor(() => expect(screen.getByTestId('total-prompts')).toHaveTextContent('20'));
    expect(screen.getByTestId('most-used-mode')).toHaveTextContent('Play');
    expect(screen.getByTestId('flagged-summary')).toHaveTextContent('6 (30.0%)');
    expect(screen.getByText('High number of flagged items detected.')).toBeVisible();
    expect(api.callsTo('GET', '/api/parents/stats/child-1')[0].query.get('timeRange')).toBe(
      '7days',
    );
    await user.click(screen.getByRole('button', { name: 'Review logs' }));
    expect(store.getState().dashboard.logFilters).toEqual({ mode: 'all', status: 'flagged' });
    expect(await screen.findByText('a flagged one')).toBeVisible();
    expect(screen.getByLabelText('Status')).toHaveValue('flagged');
  });

  it('drills down from a mode card, mapping Imagine to Story Time', async () => {
    installParentServer({
      stats: makeStats({ promptCounts: { Learn: 1, Play: 0, Imagine: 2, Homework: 0, Bible: 0 } }),
    });
    const { user, store } = renderApp('/parents/dashboard');
    await user.click(await screen.findByRole('button', { name: /^Imagine: 2 prompts/ }));
    expect(store.getState().dashboard.tab).toBe('Logs');
    expect(store.getState().dashboard.logFilters).toEqual({ mode: 'Story Time', status: 'all' });
    expect(await screen.findByLabelText('Mode')).toHaveValue('Story Time');
  });

  it('has no warning at five flagged and says when there is no chart data', async () => {
    installParentServer({ stats: makeStats({ flaggedCount: 5 }) });
    renderApp('/parents/dashboard');
    expect(
      await screen.findByText('No prompt data available for this period to display the chart.'),
    ).toBeVisible();
    expect(screen.queryByText('High number of flagged items detected.')).toBeNull();
  });

  it('asks for the chosen time range', async () => {
    const { api } = installParentServer();
    const { user } = renderApp('/parents/dashboard');
    const select = await screen.findByLabelText('Time range');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Last 7 Days', 'Last 30 Days', 'Start Of Year']);
    await user.selectOptions(select, 'all');
    await waitFor(() =>
      expect(
        api.callsTo('GET', '/api/parents/stats/child-1').map((c) => c.query.get('timeRange')),
      ).toContain('all'),
    );
  });

  it('shows the load failure with Retry and zero counts', async () => {
    const { api } = installParentServer();
    api.on('GET', '/api/parents/stats/child-1', () => errorBody(500, 'down'));
    renderApp('/parents/dashboard');
    expect(await screen.findByText('Failed to load stats. Please try again.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(screen.getByTestId('total-prompts')).toHaveTextContent('0');
  });

  it('lets the refresh button work at most once per 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = installParentServer();
    const { user } = renderApp('/parents/dashboard', { fakeTimers: true });
    const refresh = await screen.findByRole('button', { name: 'Refresh' });
    await waitFor(() => expect(refresh).toBeEnabled());
    const before = api.callsTo('GET', '/api/parents/stats/child-1').length;
    await user.click(refresh);
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/parents/stats/child-1').length).toBe(before + 1),
    );
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(9_000);
    });
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
  });
});

describe('logs tab', () => {
  it('pages through logs, previews long prompts and shows the full text', async () => {
    const long = `${'word '.repeat(30)}end of the long prompt`;
    const logs = Array.from({ length: 12 }, (_, i) =>
      makeLog({
        prompt_text: i === 11 ? long : `Prompt ${i}`,
        response_text: i === 0 ? null : `Answer ${i}`,
      }),
    );
    installParentServer({ logs });
    const { user } = renderApp('/parents/dashboard');
    await openTab(user, 'Logs');
    expect(await screen.findByText('Page 1 of 2')).toBeVisible();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Prompt', 'Response', 'Mode', 'Status', 'Action']);
    // Newest first: the long prompt (last made) is on top, cut at 100 characters.
    expect(screen.getByText(`${long.slice(0, 100)}...`, { exact: false })).toBeVisible();
    await user.click(screen.getByRole('button', { name: '(Show More)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Full Text' });
    expect(within(dialog).getByText(/end of the long prompt/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeVisible();
    expect(await screen.findByText('N/A')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('resets to page 1 when a filter changes and uses the empty texts', async () => {
    const logs = Array.from({ length: 11 }, () => makeLog());
    const { api } = installParentServer({ logs });
    const { user } = renderApp('/parents/dashboard');
    await openTab(user, 'Logs');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Mode'), 'Bible');
    expect(await screen.findByText('No logs match the current filters for sam.')).toBeVisible();
    const last = api.callsTo('GET', '/api/parents/logs/child-1').at(-1)!;
    expect(last.query.get('page')).toBe('1');
    expect(last.query.get('mode')).toBe('Bible');
  });

  it('tells the parent how to get the first logs', async () => {
    installParentServer({ logs: [] });
    const { user } = renderApp('/parents/dashboard');
    await openTab(user, 'Logs');
    expect(
      await screen.findByText(
        'No logs available for sam. Try sending a message in the child interface.',
      ),
    ).toBeVisible();
  });

  it('reviews a flagged row and unmarks it', async () => {
    const flagged = makeLog({ flagged: true, prompt_text: 'risky words', reason: null });
    const { api, state } = installParentServer({ logs: [flagged] });
    api.on('POST', `/api/parents/logs/${flagged.id}/unmark`, (request) => {
      state.logs = [{ ...flagged, flagged: false, parent_reviewed: true }];
      return json(200, { ...flagged, child: request.body });
    });
    const { user } = renderApp('/parents/dashboard');
    await openTab(user, 'Logs');
    const row = (await screen.findByText('risky words')).closest('tr')!;
    expect(row).toHaveClass('log-row--flagged');
    await user.click(within(row).getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Flagged Prompt' });
    expect(within(dialog).getByText('Keyword match or content violation')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Unmark as Safe' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', `/api/parents/logs/${flagged.id}/unmark`)[0].body).toEqual({
      child_id: 'child-1',
    });
    expect(await screen.findByText('Safe (reviewed)')).toBeVisible();
  });

  it('alerts when unmarking fails', async () => {
    const flagged = makeLog({ flagged: true, prompt_text: 'risky words' });
    const { api } = installParentServer({ logs: [flagged] });
    api.on('POST', `/api/parents/logs/${flagged.id}/unmark`, () => errorBody(404, 'Log not found'));
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { user } = renderApp('/parents/dashboard');
    await openTab(user, 'Review Items');
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.click(await screen.findByRole('button', { name: 'Unmark as Safe' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to unmark log: Log not found'));
  });

  it('says when nothing needs review', async () => {
    installParentServer({ logs: [makeLog()] });
    const { user } = renderApp('/parents/dashboard');
    await openTab(user, 'Review Items');
    expect(await screen.findByText('No items currently require review for sam.')).toBeVisible();
  });
});

describe('settings tab', () => {
  it('adds a child, suggesting a username, and shows a taken username as-is', async () => {
    const { api, state } = installParentServer({ children: [] });
    let calls = 0;
    api.on('POST', '/api/parents/add-child', (request) => {
      calls += 1;
      if (calls === 1)
        return errorBody(409, 'The username "kid123" is already taken. Please choose another.');
      if (calls === 2) return errorBody(500, null);
      const body = request.body as { username: string; age: number | null; filter: string };
      const child = makeChild({ uid: 'new-1', username: body.username, age: body.age });
      state.children = [child];
      return json(201, child);
    });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { user } = renderApp('/parents/dashboard');
    await openTab(user, 'Settings');
    await user.click(await screen.findByRole('button', { name: 'Suggest Username' }));
    expect(screen.getByLabelText('Nickname (username)')).toHaveValue('kid550');
    await user.type(screen.getByLabelText('Password'), 'abcdef');
    await user.type(screen.getByLabelText('Age (optional)'), '7');
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    expect(
      await screen.findByText('The username "kid123" is already taken. Please choose another.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    expect(
      await screen.findByText('An unexpected error occurred. Please try again or contact support.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    expect(await screen.findByRole('button', { name: 'Delete kid550' })).toBeVisible();
    expect(api.callsTo('POST', '/api/parents/add-child')[2].body).toEqual({
      username: 'kid550',
      password: 'abcdef',
      age: 7,
      filter: 'moderate',
    });
  });

  it('deletes a child after confirmation and opens the add form when none are left', async () => {
    const { api, state } = installParentServer();
    api.on('DELETE', '/api/parents/children/child-1', () => {
      state.children = [];
      return json(200, { message: 'deleted' });
    });
    const { user } = renderApp('/parents/dashboard');
    await openTab(user, 'Settings');
    await user.click(await screen.findByRole('button', { name: 'Delete sam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(
      within(dialog).getByText(/This will erase all their data and cannot be undone\./),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByLabelText('Nickname (username)')).toBeVisible();
    expect(api.callsTo('DELETE', '/api/parents/children/child-1')).toHaveLength(1);
  });

  it('edits age and filter only, sending the child object', async () => {
    const { api } = installParentServer();
    api.on('PUT', '/api/parents/children/child-1', (request) => json(200, request.body));
    const { user } = renderApp('/parents/dashboard');
    await openTab(user, 'Settings');
    await user.click(await screen.findByRole('button', { name: 'Edit sam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Child' });
    await user.clear(within(dialog).getByLabelText('Age'));
    await user.type(within(dialog).getByLabelText('Age'), '9');
    await user.selectOptions(within(dialog).getByLabelText('Filter Level'), 'strict');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PUT', '/api/parents/children/child-1')[0].body).toEqual({
      uid: 'child-1',
      username: 'sam',
      age: 9,
      filter: 'strict',
    });
  });

  it('resets a password', async () => {
    const { api } = installParentServer();
    api.on('PUT', '/api/parents/children/child-1/reset-password', () =>
      json(200, { message: 'ok' }),
    );
    const { user } = renderApp('/parents/dashboard');
    await openTab(user, 'Settings');
    await user.click(await screen.findByRole('button', { name: 'Reset password of sam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    expect(within(dialog).getByLabelText('New Password')).toBeRequired();
    await user.type(within(dialog).getByLabelText('New Password'), 'newpass1');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PUT', '/api/parents/children/child-1/reset-password')[0].body).toEqual({
      password: 'newpass1',
    });
  });

  it('keeps at least one mode and rolls back a failed save', async () => {
    const { api } = installParentServer({ allowedModes: { 'child-1': ['Learn', 'Play'] } });
    const { user } = renderApp('/parents/dashboard');
    await openTab(user, 'Settings');
    const group = await screen.findByRole('group', { name: 'sam' });
    await waitFor(() => expect(within(group).getByLabelText('Play')).toBeChecked());
    await user.click(within(group).getByLabelText('Play'));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/parents/children/child-1/allowed-modes')[0].body).toEqual({
        modes: ['Learn'],
      }),
    );
    await user.click(within(group).getByLabelText('Learn'));
    expect(await within(group).findByText('At least one chat mode must be enabled.')).toBeVisible();
    expect(within(group).getByLabelText('Learn')).toBeChecked();
    api.on('PUT', '/api/parents/children/child-1/allowed-modes', () => errorBody(500, 'down'));
    await user.click(within(group).getByLabelText('Bible'));
    expect(
      await within(group).findByText('Failed to save mode settings. Please try again.'),
    ).toBeVisible();
    expect(within(group).getByLabelText('Bible')).not.toBeChecked();
  });

  it('offers all modes when they cannot be loaded', async () => {
    const { api } = installParentServer();
    api.on('GET', '/api/parents/children/child-1/allowed-modes', () => errorBody(500, 'down'));
    const { user } = renderApp('/parents/dashboard');
    await openTab(user, 'Settings');
    const group = await screen.findByRole('group', { name: 'sam' });
    expect(await within(group).findByText('Failed to load mode settings.')).toBeVisible();
    for (const mode of ['Learn', 'Play', 'Story Time', 'Homework', 'Bible']) {
      expect(within(group).getByLabelText(mode)).toBeChecked();
    }
  });

  it('reverts the email toggle when saving fails', async () => {
    const { api } = installParentServer();
    api.on('POST', '/api/parents/preferences', () => errorBody(500, 'down'));
    const { user } = renderApp('/parents/dashboard');
    await openTab(user, 'Settings');
    const box = await screen.findByRole('checkbox', { name: /Email notifications/ });
    await waitFor(() => expect(box).toBeChecked());
    await user.click(box);
    expect(
      await screen.findByText('Failed to update preferences. Please try again.'),
    ).toBeVisible();
    expect(box).toBeChecked();
  });
});

describe('keywords tab', () => {
  it('refuses empty and common words with the exact texts, then adds and deletes', async () => {
    const { api, state } = installParentServer({ keywords: ['bully'] });
    api.on('DELETE', '/api/parents/keywords/bad%20word', () => {
      state.keywords = state.keywords.filter((k) => k !== 'bad word');
      return json(200, { keywords: state.keywords });
    });
    const { user } = renderApp('/parents/dashboard');
    await openTab(user, 'Keywords');
    const input = await screen.findByLabelText('New keyword');
    expect(input).toBeRequired();
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Add Keyword' }));
    // The native required check passes on spaces; the keyword rule refuses them.
    expect(await screen.findByText('Keyword cannot be empty.')).toBeVisible();
    await user.clear(input);
    await user.type(input, ' The ');
    await user.click(screen.getByRole('button', { name: 'Add Keyword' }));
    expect(
      await screen.findByText('"the" is a common word and cannot be added as a keyword.'),
    ).toBeVisible();
    await user.clear(input);
    await user.type(input, ' Bad Word ');
    await user.click(screen.getByRole('button', { name: 'Add Keyword' }));
    expect(await screen.findByText('bad word')).toBeVisible();
    expect(api.callsTo('POST', '/api/parents/keywords')[0].body).toEqual({ keyword: 'bad word' });
    await user.click(screen.getByRole('button', { name: 'Delete keyword bad word' }));
    await waitFor(() => expect(screen.queryByText('bad word')).toBeNull());
    expect(screen.getByText('bully')).toBeVisible();
  });
});

describe('subscription tab', () => {
  it('says honestly that billing is not configured', async () => {
    installParentServer();
    const { user } = renderApp('/parents/dashboard');
    await openTab(user, 'Subscription');
    expect(
      await screen.findByText(
        'Billing is not configured on this server, so your family has full access at no charge. Nothing will be billed.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it('cancels an active plan and shows it as canceled', async () => {
    const { api } = installParentServer({
      subscription: {
        status: 'active',
        plan_nickname: 'Sprout Family Plan',
        trial_end: null,
        current_period_end: 1767225600,
        cancel_at_period_end: false,
        canceled_at: null,
        billing: 'stripe',
      },
    });
    api.on('POST', '/api/parents/cancel-subscription', () => json(200, {}));
    const { user } = renderApp('/parents/dashboard');
    await openTab(user, 'Subscription');
    expect(await screen.findByText('Next Billing Date')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('Canceled');
    expect(screen.getByRole('button', { name: 'Subscribe to Premium' })).toBeVisible();
  });

  it('starts checkout from the subscribe button', async () => {
    const { api } = installParentServer({
      subscription: {
        status: 'past_due',
        plan_nickname: 'Sprout Family Plan',
        trial_end: null,
        current_period_end: 1767225600,
        cancel_at_period_end: false,
        canceled_at: null,
        billing: 'stripe',
      },
    });
    api.on('POST', '/api/parents/create-checkout-session', () =>
      json(200, { sessionId: 'cs_9', url: 'https://checkout.stripe.com/c/cs_9' }),
    );
    const { user } = renderApp('/parents/dashboard');
    await openTab(user, 'Subscription');
    await user.click(await screen.findByRole('button', { name: 'Update Payment & Resubscribe' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/cs_9'));
  });
});

describe('feedback', () => {
  it('requires a description, sends the context and closes after 3 seconds', async () => {
    const { api } = installParentServer();
    api.on('POST', '/api/feedback', () => json(201, { message: 'ok' }));
    const { user } = renderApp('/parents/dashboard');
    await user.click(await screen.findByRole('button', { name: /Suggest Feature/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Suggest a Feature' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please provide a description.')).toBeVisible();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.type(within(dialog).getByLabelText('Description'), 'Dark mode please');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Your enhancement has been submitted. Thank you for your feedback!'),
    ).toBeVisible();
    const body = api.callsTo('POST', '/api/feedback')[0].body as {
      type: string;
      content: string;
      context: Record<string, unknown>;
    };
    expect(body.type).toBe('enhancement');
    expect(body.content).toBe('Dark mode please');
    expect(body.context).toMatchObject({
      parentUsername: 'parent@example.com',
      currentView: 'Stats',
      selectedChildUsername: 'sam',
    });
    expect(body.context.userAgent).toEqual(expect.any(String));
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('reports a failed submission', async () => {
    const { api } = installParentServer();
    api.on('POST', '/api/feedback', () => errorBody(500, 'down'));
    const { user } = renderApp('/parents/dashboard');
    await user.click(await screen.findByRole('button', { name: /Report Issue/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Report an Issue' });
    await user.type(within(dialog).getByLabelText('Description'), 'It broke');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await within(dialog).findByText('Failed to submit feedback. Please try again later.'),
    ).toBeVisible();
  });
});
