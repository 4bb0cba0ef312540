import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Navigation from '../../lib/navigation';
import {
  controlledStream,
  errorBody,
  installFakeApi,
  json,
  type FakeApi,
} from '../../testing/fake-api';
import { ADMIN, ADMIN_TOKEN, KID_TOKEN, fakeAuth } from '../../testing/fake-firebase';
import { SYNTHETIC_EMAIL, installHealthyServer } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

vi.mock(
  '../../lib/firebase',
  async () => (await import('../../testing/fake-firebase')).firebaseModule,
);
vi.mock('../../lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof Navigation>()),
  leaveTo: vi.fn(),
}));

let api: FakeApi;

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.user = ADMIN;
  api = installFakeApi();
  installHealthyServer(api);
});

afterEach(() => {
  fakeAuth.reset();
});

const row = (label: string) => screen.getByRole('region', { name: label });

async function openSuite() {
  const view = renderApp();
  await screen.findByRole('button', { name: 'Run all' });
  return view;
}

async function runRow(user: ReturnType<typeof renderApp>['user'], label: string) {
  await user.click(screen.getByRole('button', { name: `Run ${label}` }));
  await waitFor(() => expect(within(row(label)).queryByText('Running...')).not.toBeInTheDocument());
  return row(label);
}

describe('one row', () => {
  it('runs its call and shows the status, the latency and the pretty body', async () => {
    const { user } = await openSuite();
    expect(within(row('GET /api/health-check')).getByText('Not run')).toBeInTheDocument();

    const health = await runRow(user, 'GET /api/health-check');

    expect(within(health).getByText('Pass · HTTP 200')).toBeInTheDocument();
    expect(within(health).getByText(/^\d+ ms$/)).toBeInTheDocument();
    const body = within(health).getByLabelText('Response body');
    expect(body.textContent).toContain('"status": "ok"');
    expect(body.textContent).toContain('\n  "checks": {');
    expect(api.callsTo('GET', '/api/health-check')).toHaveLength(1);
    expect(api.calls[api.calls.length - 1].headers.Authorization).toBeUndefined();
  });

  it("fails with the HTTP code and the server's detail on an unexpected answer", async () => {
    api.on('POST', '/api/parents/login', () =>
      errorBody(403, {
        error: 'subscription_required',
        message: 'An active subscription is required to log in.',
      }),
    );
    const { user } = await openSuite();
    const login = await runRow(user, 'POST /api/parents/login');
    expect(within(login).getByText('Fail · HTTP 403')).toBeInTheDocument();
    expect(
      within(login).getByText('An active subscription is required to log in.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/parents/login')[0]).toMatchObject({
      body: { email: 'admin@demo.test' },
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
  });

  it('sends what the row inputs say', async () => {
    const { user } = await openSuite();
    const login = row('POST /api/parents/login');
    const email = within(login).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'other@demo.test');
    await runRow(user, 'POST /api/parents/login');
    expect(api.callsTo('POST', '/api/parents/login')[0].body).toEqual({ email: 'other@demo.test' });
  });

  it('reports a call that got no answer', async () => {
    api.on('GET', '/api/iap-health-check', () => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = await openSuite();
    const iap = await runRow(user, 'GET /api/iap-health-check');
    expect(within(iap).getByText('Fail · no answer')).toBeInTheDocument();
    expect(within(iap).getByText('No answer: Failed to fetch')).toBeInTheDocument();
  });

  it('counts the portal 400 of complimentary billing as a pass, and only then', async () => {
    const { user } = await openSuite();
    const portal = await runRow(user, 'POST /api/parents/create-portal-session');
    expect(within(portal).getByText('Pass · HTTP 400')).toBeInTheDocument();
    expect(
      within(portal).getByText('Complimentary billing: no portal to open, as the server says.'),
    ).toBeInTheDocument();

    api.on('GET', '/api/public/client-config', () =>
      json(200, { firebase: { projectId: 'p', apiKey: 'k', authDomain: 'd' }, billing: 'stripe' }),
    );
    await user.click(screen.getByRole('button', { name: 'Run all' }));
    await screen.findByTestId('summary');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run all' })).toBeEnabled());
    expect(
      within(row('POST /api/parents/create-portal-session')).getByText('Fail · HTTP 400'),
    ).toBeInTheDocument();
  });

  it('folds a long body and expands it on request', async () => {
    api.on('GET', '/api/parents/keywords', () =>
      json(200, { keywords: Array.from({ length: 200 }, (_, i) => `keyword-${i}`) }),
    );
    const { user } = await openSuite();
    const keywords = await runRow(user, 'GET /api/parents/keywords');
    const body = within(keywords).getByLabelText('Response body');
    expect(body.textContent).not.toContain('keyword-199');
    const expand = within(keywords).getByRole('button', { name: /^Show all [\d,]+ characters$/ });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    expect(body.textContent).toContain('keyword-199');
    expect(within(keywords).getByRole('button', { name: 'Show less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});

describe('the kid session', () => {
  it('signs the test child in on the second session after the synthetic email, and uses its token for kid calls only', async () => {
    const { user } = await openSuite();

    const early = await runRow(user, 'POST /api/kids/login');
    expect(within(early).getByText('Fail · no answer')).toBeInTheDocument();
    expect(
      within(early).getByText(
        'Run GET /api/public/synthetic-email first: the child signs in with the email it returns.',
      ),
    ).toBeInTheDocument();
    expect(fakeAuth.signInKid).not.toHaveBeenCalled();

    await runRow(user, 'GET /api/public/synthetic-email?username=');
    expect(api.callsTo('GET', '/api/public/synthetic-email')[0].query.get('username')).toBe(
      'demo-kid',
    );
    const login = await runRow(user, 'POST /api/kids/login');

    expect(fakeAuth.signInKid).toHaveBeenCalledWith(SYNTHETIC_EMAIL, 'sprout-kid');
    expect(within(login).getByText('Pass · HTTP 200')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/kids/login')[0]).toMatchObject({
      body: { username: 'demo-kid', password: 'sprout-kid' },
      headers: { Authorization: `Bearer ${KID_TOKEN}` },
    });

    await runRow(user, 'GET /api/kids/config');
    await runRow(user, 'GET /api/parents/children');
    expect(api.callsTo('GET', '/api/kids/config')[0].headers.Authorization).toBe(
      `Bearer ${KID_TOKEN}`,
    );
    expect(api.callsTo('GET', '/api/parents/children')[0].headers.Authorization).toBe(
      `Bearer ${ADMIN_TOKEN}`,
    );
    // The admin's own session is untouched.
    expect(fakeAuth.user).toEqual(ADMIN);
    expect(
      screen.getByRole('heading', { name: 'Sprout Admin — API test suite' }),
    ).toBeInTheDocument();
  });

  it('reports a wrong child password from the identity service without calling the server', async () => {
    fakeAuth.signInKid.mockRejectedValue(
      Object.assign(new Error('Firebase: Error (auth/invalid-credential).'), {
        code: 'auth/invalid-credential',
      }),
    );
    const { user } = await openSuite();
    await user.clear(screen.getByLabelText('Child password'));
    await user.type(screen.getByLabelText('Child password'), 'wrong-one');
    await runRow(user, 'GET /api/public/synthetic-email?username=');
    const login = await runRow(user, 'POST /api/kids/login');
    expect(fakeAuth.signInKid).toHaveBeenCalledWith(SYNTHETIC_EMAIL, 'wrong-one');
    expect(
      within(login).getByText('Firebase sign-in failed: auth/invalid-credential'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/kids/login')).toHaveLength(0);

    const config = await runRow(user, 'GET /api/kids/config');
    expect(
      within(config).getByText('No kid session: run POST /api/kids/login first.'),
    ).toBeInTheDocument();
  });

  it('writes back the current preference unless told a value, and checks the echo', async () => {
    const { user } = await openSuite();
    await runRow(user, 'GET /api/public/synthetic-email?username=');
    await runRow(user, 'POST /api/kids/login');
    await runRow(user, 'GET /api/kids/config');
    const prefs = await runRow(user, 'PUT /api/kids/preferences');
    expect(within(prefs).getByText('Pass · HTTP 200')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/kids/preferences')[0].body).toEqual({ auto_read_web: false });

    await user.selectOptions(within(prefs).getByLabelText('Key'), 'preferred_voice_uri');
    await user.type(within(prefs).getByLabelText('Value (JSON)'), '"uri:Test Voice"');
    await runRow(user, 'PUT /api/kids/preferences');
    expect(api.callsTo('PUT', '/api/kids/preferences')[1].body).toEqual({
      preferred_voice_uri: 'uri:Test Voice',
    });
    expect(
      within(row('PUT /api/kids/preferences')).getByText('Pass · HTTP 200'),
    ).toBeInTheDocument();
  });
});

describe('the chat stream', () => {
  it('shows the streamed answer live, as it arrives', async () => {
    let stream!: ReturnType<typeof controlledStream>;
    api.on('POST', '/api/kids/chat', (request) => {
      stream = controlledStream(request.signal);
      return stream.response;
    });
    const { user } = await openSuite();
    await runRow(user, 'GET /api/public/synthetic-email?username=');
    await runRow(user, 'POST /api/kids/login');

    const chat = row('POST /api/kids/chat');
    await user.clear(within(chat).getByLabelText('Prompt'));
    await user.type(within(chat).getByLabelText('Prompt'), 'Tell me a joke');
    await user.selectOptions(within(chat).getByLabelText('Mode'), 'Play');
    await user.click(screen.getByRole('button', { name: 'Run POST /api/kids/chat' }));

    const live = await within(chat).findByRole('log', { name: 'Streamed answer' });
    expect(live).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(api.callsTo('POST', '/api/kids/chat')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/kids/chat')[0]).toMatchObject({
      body: { prompt: 'Tell me a joke', mode: 'Play', history: [] },
      headers: { Authorization: `Bearer ${KID_TOKEN}` },
    });

    stream.push('Why did the ');
    await waitFor(() => expect(live).toHaveTextContent('Why did the'));
    expect(within(chat).getByText('Running...')).toBeInTheDocument();
    stream.push('cow cross the road?');
    await waitFor(() => expect(live).toHaveTextContent('Why did the cow cross the road?'));
    expect(within(chat).getByText('Running...')).toBeInTheDocument();

    stream.close();
    expect(await within(chat).findByText('Pass · HTTP 200')).toBeInTheDocument();
    expect(within(chat).getByRole('log', { name: 'Streamed answer' })).toHaveTextContent(
      'Why did the cow cross the road?',
    );
    expect(within(chat).getByText(/^First text after \d+ ms\.$/)).toBeInTheDocument();
  });

  it('fails on a chat error with the server detail, and refuses a malformed history', async () => {
    api.on('POST', '/api/kids/chat', () =>
      errorBody(429, 'Too many messages. Please wait a minute.'),
    );
    const { user } = await openSuite();
    const chat = row('POST /api/kids/chat');
    const history = within(chat).getByLabelText('History (JSON)');
    await user.clear(history);
    await user.type(history, 'not json');
    await runRow(user, 'POST /api/kids/chat');
    expect(
      within(chat).getByText('History must be a JSON list of {"role", "content"} items.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/kids/chat')).toHaveLength(0);

    await user.clear(history);
    await runRow(user, 'GET /api/public/synthetic-email?username=');
    await runRow(user, 'POST /api/kids/login');
    await runRow(user, 'POST /api/kids/chat');
    expect(within(chat).getByText('Fail · HTTP 429')).toBeInTheDocument();
    expect(within(chat).getByText('Too many messages. Please wait a minute.')).toBeInTheDocument();
  });
});

describe('Run all', () => {
  it('runs every call in dependency order and sums up the results', async () => {
    const { user } = await openSuite();
    await user.click(screen.getByRole('button', { name: 'Run all' }));
    expect(await screen.findByText('16 passed, 0 failed')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('16 passed, 0 failed');

    const order = api.calls.map((call) => `${call.method} ${call.path}`);
    expect(order).toEqual([
      'GET /api/health-check',
      'GET /api/iap-health-check',
      'GET /api/public/client-config',
      'GET /api/public/synthetic-email',
      'POST /api/parents/login',
      'POST /api/parents/create-portal-session',
      'GET /api/parents/children',
      'GET /api/parents/subscription',
      'GET /api/parents/keywords',
      'GET /api/parents/preferences',
      'POST /api/kids/login',
      'GET /api/kids/config',
      'PUT /api/kids/preferences',
      'POST /api/kids/chat',
      'GET /api/parents/stats/kid-1',
      'GET /api/parents/logs/kid-1',
    ]);
    expect(api.callsTo('GET', '/api/parents/stats/kid-1')[0].query.get('timeRange')).toBe('7days');
    const stats = row('GET /api/parents/stats/{child_id}');
    expect(within(stats).getByText('Pass · HTTP 404')).toBeInTheDocument();
    expect(
      within(stats).getByText(
        'The child belongs to another family: the server refused it with 404, as it must.',
      ),
    ).toBeInTheDocument();
  });

  it('counts failures, and a dashboard read of the admin’s own child must answer 200', async () => {
    api.on('GET', '/api/parents/children', () =>
      json(200, { children: [{ uid: 'kid-1', username: 'demo-kid', age: 8, filter: 'moderate' }] }),
    );
    api.on('GET', '/api/iap-health-check', () => errorBody(500, 'Internal server error'));
    const { user } = await openSuite();
    await user.click(screen.getByRole('button', { name: 'Run all' }));
    expect(await screen.findByText('13 passed, 3 failed')).toBeInTheDocument();
    expect(
      within(row('GET /api/iap-health-check')).getByText('Fail · HTTP 500'),
    ).toBeInTheDocument();
    expect(
      within(row('GET /api/parents/stats/{child_id}')).getByText('Fail · HTTP 404'),
    ).toBeInTheDocument();
    expect(
      within(row('GET /api/parents/logs/{child_id}')).getByText('Fail · HTTP 404'),
    ).toBeInTheDocument();
  });

  it('disables every Run button while it runs', async () => {
    let stream!: ReturnType<typeof controlledStream>;
    api.on('POST', '/api/kids/chat', (request) => {
      stream = controlledStream(request.signal);
      return stream.response;
    });
    const { user } = await openSuite();
    await user.click(screen.getByRole('button', { name: 'Run all' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/kids/chat')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Running...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Run GET /api/health-check' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Running 14 of 16: POST /api/kids/chat');
    stream.push('Hello!');
    stream.close();
    expect(await screen.findByText('16 passed, 0 failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run GET /api/health-check' })).toBeEnabled();
  });
});

describe('Copy report', () => {
  it('copies a plain-text report with every row', async () => {
    api.on('GET', '/api/parents/keywords', () => errorBody(500, 'Internal server error'));
    const { user } = await openSuite();
    // After user-event's setup, which installs a clipboard of its own.
    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await runRow(user, 'GET /api/health-check');
    await runRow(user, 'GET /api/parents/keywords');
    await user.click(screen.getByRole('button', { name: 'Copy report' }));

    expect(await screen.findByText('Report copied to the clipboard.')).toBeInTheDocument();
    const report = writeText.mock.calls[0][0];
    expect(report).toMatch(/^Sprout Admin — API test suite report\n/);
    expect(report).toContain('Admin: admin@demo.test\n');
    expect(report).toContain('Test child: demo-kid\n');
    expect(report).toContain('Summary: 1 passed, 1 failed, 14 not run\n');
    expect(report).toMatch(/\nPASS {5}GET \/api\/health-check \(HTTP 200, \d+ ms\)\n/);
    expect(report).toMatch(
      /\nFAIL {5}GET \/api\/parents\/keywords \(HTTP 500, \d+ ms\)\n {4}Internal server error\n/,
    );
    expect(report).toContain('\nNOT RUN  POST /api/kids/chat\n');
  });

  it('falls back to a selection copy without the Clipboard API, and shows the text when both fail', async () => {
    const execCommand = vi.fn((_command: string) => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    try {
      const { user } = await openSuite();
      vi.stubGlobal('navigator', { clipboard: undefined });
      await user.click(screen.getByRole('button', { name: 'Copy report' }));
      expect(await screen.findByText('Report copied to the clipboard.')).toBeInTheDocument();
      expect(execCommand).toHaveBeenCalledWith('copy');

      execCommand.mockReturnValue(false);
      await user.click(screen.getByRole('button', { name: 'Copy report' }));
      const text = await screen.findByLabelText(
        'Could not copy. Select the report below and copy it.',
      );
      expect((text as HTMLTextAreaElement).value).toContain(
        'Summary: 0 passed, 0 failed, 16 not run',
      );
    } finally {
      delete (document as { execCommand?: unknown }).execCommand;
    }
  });
});
