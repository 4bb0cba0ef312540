import { CHILD_MODES, type KidConfigResponse } from '@sprout/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSessionState, resetSessionForTests } from '../../lib/session';
import {
  controlledStream,
  errorBody,
  installFakeApi,
  json,
  type FakeApi,
} from '../../testing/fake-api';
import { fakeAuth, firebaseModule, KID } from '../../testing/fake-firebase';
import { removeSpeechFromWindow } from '../../testing/fake-speech';
import { renderApp, resetAppForTests } from '../../testing/render-app';
import { historyKey } from './chat-history';
import { noticeKey } from './SafetyNotice';

vi.mock(
  '../../lib/firebase',
  async () => (await import('../../testing/fake-firebase')).firebaseModule,
);

const CONFIG: KidConfigResponse = {
  allowed_modes: [...CHILD_MODES],
  preferred_voice_uri: null,
  auto_read_web: false,
  auto_read_mobile: false,
};

type Stream = ReturnType<typeof controlledStream>;

describe('Kids chat (/chat)', () => {
  let api: FakeApi;
  let streams: Stream[];
  let alertSpy: ReturnType<typeof vi.spyOn>;
  let consoleError: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    removeSpeechFromWindow();
    api = installFakeApi();
    streams = [];
    api.on('GET', '/api/kids/config', () => json(200, CONFIG));
    api.on('PUT', '/api/kids/preferences', (req) =>
      json(200, { ...CONFIG, ...(req.body as object) }),
    );
    api.on('POST', '/api/kids/chat', (req) => {
      const stream = controlledStream(req.signal);
      streams.push(stream);
      return stream.response;
    });
    fakeAuth.user = KID;
    window.localStorage.setItem(noticeKey(KID.uid), 'yes');
    alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    resetAppForTests();
    vi.mocked(firebaseModule.signOutUser).mockClear();
  });

  const messageIds = () =>
    screen.getAllByTestId('message').map((node) => node.getAttribute('data-message-id'));
  const lastMessage = () => screen.getAllByTestId('message').at(-1)!;
  const modeButton = (mode: string) =>
    within(screen.getByRole('navigation', { name: 'Chat modes' })).getByRole('button', {
      name: mode,
    });
  const textbox = () => screen.getByPlaceholderText('Type your message...');

  async function openChat(path = '/chat') {
    const view = renderApp(path);
    try {
      await screen.findByText('Welcome to Learn Mode!');
    } catch (error) {
      // Say where the app went and why, not only what the page showed.
      throw new Error(
        `The chat did not open: at ${view.location()}, session ${JSON.stringify(getSessionState())}, ` +
          `signed-in user ${JSON.stringify(fakeAuth.user)}, calls ${api.calls.map((c) => `${c.method} ${c.path}`).join(', ')}`,
        { cause: error },
      );
    }
    await screen.findByRole('navigation', { name: 'Chat modes' });
    await waitFor(() =>
      expect(within(screen.getByRole('navigation')).getAllByRole('button').length).toBeGreaterThan(
        0,
      ),
    );
    return view;
  }

  async function sendAndFinish(
    user: ReturnType<typeof renderApp>['user'],
    prompt: string,
    answer: string,
  ) {
    await user.type(textbox(), `${prompt}{Enter}`);
    await waitFor(() => expect(streams.length).toBeGreaterThan(0));
    const stream = streams.at(-1)!;
    await act(async () => {
      stream.push(answer);
      stream.close();
    });
    await waitFor(() => expect(screen.queryByLabelText('Sprout is typing')).toBeNull());
  }

  describe('access and layout', () => {
    it('sends a signed-out visitor to the kids login', async () => {
      fakeAuth.user = null;
      const { location } = renderApp('/chat');
      await waitFor(() => expect(location()).toBe('/kids/login'));
    });

    it('sends a signed-in non-child to the kids login', async () => {
      fakeAuth.user = { uid: 'parent-1', isKid: false };
      const { location } = renderApp('/chat');
      await waitFor(() => expect(location()).toBe('/kids/login'));
    });

    it('shows the logo, one button per mode in its colour, Sign Out and the bottom bar', async () => {
      await openChat();
      expect(screen.getByRole('heading', { level: 1, name: /Sprout/ })).toBeInTheDocument();
      const buttons = within(screen.getByRole('navigation', { name: 'Chat modes' })).getAllByRole(
        'button',
      );
      expect(buttons).toHaveLength(5);
      expect(modeButton('Learn').style.getPropertyValue('--mode-colour')).toBe('#1e3a8a');
      expect(modeButton('Play').style.getPropertyValue('--mode-colour')).toBe('#f97316');
      expect(modeButton('Story Time').style.getPropertyValue('--mode-colour')).toBe('#eab308');
      expect(modeButton('Homework').style.getPropertyValue('--mode-colour')).toBe('#7c3aed');
      expect(modeButton('Bible').style.getPropertyValue('--mode-colour')).toBe('#0d9488');
      expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Settings/ })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Speak Prompt/ })).toBeInTheDocument();
      expect(textbox()).toHaveAttribute('rows', '2');
      expect(screen.getByRole('button', { name: /Send/ })).toBeInTheDocument();
    });

    it('shows the safety note at the first visit until the child dismisses it', async () => {
      window.localStorage.removeItem(noticeKey(KID.uid));
      const { user, unmount } = await openChat();
      const note = screen.getByRole('complementary', { name: 'Good to know' });
      expect(note).toHaveTextContent('A grown-up in your family can see your chats.');
      expect(note).toHaveTextContent('can make mistakes');
      await user.click(within(note).getByRole('button', { name: 'Got it!' }));
      expect(screen.queryByRole('complementary', { name: 'Good to know' })).toBeNull();
      unmount();
      await openChat();
      expect(screen.queryByRole('complementary', { name: 'Good to know' })).toBeNull();
    });
  });

  describe('modes and welcome messages', () => {
    it('starts in Learn with its welcome message and id', async () => {
      await openChat();
      expect(modeButton('Learn')).toHaveAttribute('aria-pressed', 'true');
      expect(modeButton('Play')).toHaveAttribute('aria-pressed', 'false');
      expect(messageIds()).toEqual(['welcome-Learn-kid-1']);
      const welcome = lastMessage();
      expect(within(welcome).getByText('Welcome to Learn Mode!').tagName).toBe('STRONG');
      expect(welcome).toHaveTextContent(
        'Ask me about anything, like planets or why the sky is blue!',
      );
      expect(welcome).toHaveTextContent('Try these:');
      expect(
        within(welcome)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['What is 10x10?', 'Tell me about dinosaurs', 'Why do we have seasons?']);
    });

    it("switching mode shows that mode's welcome message", async () => {
      const { user } = await openChat();
      for (const mode of ['Play', 'Story Time', 'Homework', 'Bible'] as const) {
        await user.click(modeButton(mode));
        expect(modeButton(mode)).toHaveAttribute('aria-pressed', 'true');
        expect(screen.getByText(`Welcome to ${mode} Mode!`)).toBeInTheDocument();
        expect(messageIds()).toEqual([`welcome-${mode}-kid-1`]);
      }
    });

    it('offers only the allowed modes and moves to the first one when Learn is not allowed', async () => {
      api.on('GET', '/api/kids/config', () =>
        json(200, { ...CONFIG, allowed_modes: ['Play', 'Bible'] }),
      );
      renderApp('/chat');
      expect(await screen.findByText('Welcome to Play Mode!')).toBeInTheDocument();
      const nav = screen.getByRole('navigation', { name: 'Chat modes' });
      expect(
        within(nav)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['✓Play', '📜Bible']);
      expect(modeButton('Play')).toHaveAttribute('aria-pressed', 'true');
      expect(messageIds()).toEqual(['welcome-Play-kid-1']);
    });

    it('stays in Learn when it is allowed', async () => {
      api.on('GET', '/api/kids/config', () =>
        json(200, { ...CONFIG, allowed_modes: ['Homework', 'Learn'] }),
      );
      await openChat();
      expect(modeButton('Learn')).toHaveAttribute('aria-pressed', 'true');
      expect(screen.queryByRole('button', { name: 'Play' })).toBeNull();
    });

    it('offers all five modes when the config cannot be loaded', async () => {
      api.on('GET', '/api/kids/config', () => errorBody(500, 'Database unavailable'));
      await openChat();
      const nav = screen.getByRole('navigation', { name: 'Chat modes' });
      await waitFor(() => expect(within(nav).getAllByRole('button')).toHaveLength(5));
      expect(modeButton('Learn')).toHaveAttribute('aria-pressed', 'true');
      expect(consoleError).toHaveBeenCalled();
    });
  });

  describe('sending', () => {
    it('sends the trimmed text, clears the box and streams the answer as it arrives', async () => {
      const { user } = await openChat();
      await user.type(textbox(), '  Why is the sky blue?  {Enter}');
      expect(textbox()).toHaveValue('');
      expect(screen.getByText('Why is the sky blue?')).toBeInTheDocument();
      await waitFor(() => expect(streams).toHaveLength(1));

      const request = api.callsTo('POST', '/api/kids/chat')[0];
      expect(request.body).toEqual({ prompt: 'Why is the sky blue?', mode: 'Learn', history: [] });
      expect(request.headers.Authorization).toBe('Bearer token-kid-1');

      const ids = messageIds();
      expect(ids[1]).toMatch(/^user-/);
      expect(ids[2]).toMatch(/^ai-(?!explain)/);
      expect(within(lastMessage()).getByLabelText('Sprout is typing')).toBeInTheDocument();
      expect(within(lastMessage()).queryByRole('button', { name: 'Read aloud' })).toBeNull();
      expect(screen.getByRole('button', { name: /Send/ })).toBeDisabled();

      await act(async () => streams[0].push('Sunlight '));
      await waitFor(() => expect(lastMessage()).toHaveTextContent('Sunlight'));
      await act(async () => streams[0].push('bounces around!'));
      await waitFor(() => expect(lastMessage()).toHaveTextContent('Sunlight bounces around!'));
      expect(within(lastMessage()).getByLabelText('Sprout is typing')).toBeInTheDocument();

      await act(async () => streams[0].close());
      await waitFor(() =>
        expect(within(lastMessage()).queryByLabelText('Sprout is typing')).toBeNull(),
      );
      expect(within(lastMessage()).getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Send/ })).toBeEnabled();
    });

    it('announces the finished reply in a live region', async () => {
      const { user } = await openChat();
      await sendAndFinish(user, 'Hi', 'Hello **friend**!');
      const live = document.querySelector('[aria-live="polite"]')!;
      expect(live).toHaveTextContent('Sprout says: Hello friend!');
    });

    it('sends with the Send button too, and Shift+Enter makes a new line instead', async () => {
      const { user } = await openChat();
      await user.type(textbox(), 'Line one{Shift>}{Enter}{/Shift}Line two');
      expect(textbox()).toHaveValue('Line one\nLine two');
      expect(api.callsTo('POST', '/api/kids/chat')).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: /Send/ }));
      await waitFor(() => expect(api.callsTo('POST', '/api/kids/chat')).toHaveLength(1));
      expect(api.callsTo('POST', '/api/kids/chat')[0].body).toMatchObject({
        prompt: 'Line one\nLine two',
      });
    });

    it('sends one message at a time', async () => {
      const { user } = await openChat();
      await user.type(textbox(), 'First{Enter}');
      await waitFor(() => expect(streams).toHaveLength(1));
      await user.type(textbox(), 'Second{Enter}');
      expect(api.callsTo('POST', '/api/kids/chat')).toHaveLength(1);
      expect(textbox()).toHaveValue('Second');
    });

    it('goes to the login when the child is signed out elsewhere', async () => {
      const { location } = await openChat();
      act(() => fakeAuth.setUser(null));
      await waitFor(() => expect(location()).toBe('/kids/login'));
    });

    it('ignores empty and whitespace-only messages', async () => {
      const { user } = await openChat();
      await user.type(textbox(), '   {Enter}');
      await user.click(screen.getByRole('button', { name: /Send/ }));
      expect(api.callsTo('POST', '/api/kids/chat')).toHaveLength(0);
      expect(messageIds()).toEqual(['welcome-Learn-kid-1']);
    });

    it('sends earlier non-welcome messages as history', async () => {
      const { user } = await openChat();
      await sendAndFinish(user, 'Hi', 'Hello!');
      await user.type(textbox(), 'Tell me more{Enter}');
      await waitFor(() => expect(api.callsTo('POST', '/api/kids/chat')).toHaveLength(2));
      expect(api.callsTo('POST', '/api/kids/chat')[1].body).toEqual({
        prompt: 'Tell me more',
        mode: 'Learn',
        history: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello!' },
        ],
      });
    });

    it("sends the current mode's name", async () => {
      const { user } = await openChat();
      await user.click(modeButton('Story Time'));
      await user.type(textbox(), 'A story please{Enter}');
      await waitFor(() => expect(api.callsTo('POST', '/api/kids/chat')).toHaveLength(1));
      expect(api.callsTo('POST', '/api/kids/chat')[0].body).toMatchObject({ mode: 'Story Time' });
    });

    it("attaches a generated image labelled 'Generated'", async () => {
      const { user } = await openChat();
      await sendAndFinish(
        user,
        'Draw a cat',
        'Here is your cat!\n\u001e{"image":"https://img.example/cat.png"}',
      );
      const message = lastMessage();
      expect(message).toHaveTextContent('Here is your cat!');
      expect(message).not.toHaveTextContent('image');
      const figure = within(message).getByRole('figure');
      expect(figure).toHaveTextContent('Generated');
      expect(within(figure).getByRole('img')).toHaveAttribute('src', 'https://img.example/cat.png');
    });
  });

  describe('errors', () => {
    async function failWith(response: () => Response) {
      api.on('POST', '/api/kids/chat', response);
      const view = await openChat();
      await view.user.type(textbox(), 'Hello{Enter}');
      await waitFor(() =>
        expect(within(lastMessage()).queryByLabelText('Sprout is typing')).toBeNull(),
      );
      return lastMessage();
    }

    it("shows the server's message", async () => {
      const bubble = await failWith(() => json(429, { message: 'Whoa, slow down a little!' }));
      expect(bubble).toHaveTextContent('Whoa, slow down a little!');
    });

    it('else the detail', async () => {
      const bubble = await failWith(() =>
        errorBody(503, { error: 'ai_unavailable', message: 'Sprout is napping. Try again soon!' }),
      );
      expect(bubble).toHaveTextContent('Sprout is napping. Try again soon!');
    });

    it("else 'Error: {status}'", async () => {
      const bubble = await failWith(() => new Response('', { status: 502 }));
      expect(bubble).toHaveTextContent('Error: 502');
    });

    it('else the friendly fallback', async () => {
      const bubble = await failWith(() => {
        throw new TypeError('Failed to fetch');
      });
      expect(bubble).toHaveTextContent('Oops, something went wrong! Try again.');
    });

    it('goes to the expired-session login on a 401', async () => {
      api.on('GET', '/api/kids/config', () => errorBody(401, 'Your session has ended.'));
      const { location } = renderApp('/chat');
      expect(
        await screen.findByText('Your session has expired. Please log in again.'),
      ).toBeInTheDocument();
      expect(firebaseModule.signOutUser).toHaveBeenCalled();
      await waitFor(() => expect(location()).toBe('/kids/login'));
    });
  });

  describe('explain links', () => {
    it('asks to explain the word and shows the answer in a new message', async () => {
      const { user } = await openChat();
      await sendAndFinish(user, 'Why do apples fall?', 'Because of [gravity](explain:gravity)!');
      await user.click(screen.getByRole('button', { name: /gravity/ }));
      await waitFor(() => expect(streams).toHaveLength(2));
      const request = api.callsTo('POST', '/api/kids/chat')[1];
      expect(request.body).toMatchObject({ mode: 'Explain', history: [] });
      expect((request.body as { prompt: string }).prompt).toContain('gravity');
      expect(messageIds().at(-1)).toMatch(/^ai-explain-/);
      expect(messageIds()).toHaveLength(4);

      await act(async () => {
        streams[1].push('Gravity pulls things down.');
        streams[1].close();
      });
      await waitFor(() => expect(lastMessage()).toHaveTextContent('Gravity pulls things down.'));
    });

    it('says sorry when the explanation fails', async () => {
      const { user } = await openChat();
      await sendAndFinish(user, 'Hi', 'A [comet](explain:comet) flew by.');
      api.on('POST', '/api/kids/chat', () => errorBody(503, 'No AI'));
      await user.click(screen.getByRole('button', { name: /comet/ }));
      await waitFor(() =>
        expect(lastMessage()).toHaveTextContent(
          'Sorry, I had a little trouble explaining "comet". Please try again.',
        ),
      );
    });

    it('ignores a blank word', async () => {
      const { user } = await openChat();
      await sendAndFinish(user, 'Hi', 'An [empty](explain:%20) link.');
      await user.click(screen.getByRole('button', { name: /empty/ }));
      expect(api.callsTo('POST', '/api/kids/chat')).toHaveLength(1);
    });

    it('renders ordinary links for a new tab and empties unsafe ones', async () => {
      const { user } = await openChat();
      await sendAndFinish(
        user,
        'Hi',
        'See [NASA](https://nasa.gov) not [this](javascript:alert(1)).',
      );
      const link = screen.getByRole('link', { name: /NASA/ });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(screen.queryByRole('link', { name: /this/ })).toBeNull();
    });
  });

  describe('saved history', () => {
    const saved = (mode = 'Learn') => {
      const raw = window.localStorage.getItem(historyKey(KID.uid, mode as 'Learn'));
      return raw === null ? null : JSON.parse(raw);
    };

    it('saves the conversation without the welcome message and restores it on return', async () => {
      const { user, unmount } = await openChat();
      expect(saved()).toBeNull();
      await sendAndFinish(user, 'Hi', 'Hello!');
      expect(saved()).toEqual([
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
      ]);
      unmount();
      resetSessionForTests();

      renderApp('/chat');
      expect(await screen.findByText('Hello!')).toBeInTheDocument();
      expect(screen.queryByText('Welcome to Learn Mode!')).toBeNull();
      expect(messageIds().every((id) => id?.startsWith('loaded-'))).toBe(true);
    });

    it('keeps each mode apart when switching', async () => {
      const { user } = await openChat();
      await sendAndFinish(user, 'Learn question', 'Learn answer');
      await user.click(modeButton('Play'));
      expect(screen.getByText('Welcome to Play Mode!')).toBeInTheDocument();
      expect(screen.queryByText('Learn answer')).toBeNull();
      await sendAndFinish(user, 'Play question', 'Play answer');
      await user.click(modeButton('Learn'));
      expect(screen.getByText('Learn answer')).toBeInTheDocument();
      expect(screen.queryByText('Play answer')).toBeNull();
      expect(saved('Play')).toEqual([
        { role: 'user', content: 'Play question' },
        { role: 'assistant', content: 'Play answer' },
      ]);
    });

    it('stops the reply on a mode change and does not mix it into the new mode', async () => {
      const { user } = await openChat();
      await user.type(textbox(), 'Hi{Enter}');
      await waitFor(() => expect(streams).toHaveLength(1));
      const signal = api.callsTo('POST', '/api/kids/chat')[0].signal!;
      await user.click(modeButton('Bible'));
      expect(signal.aborted).toBe(true);
      expect(messageIds()).toEqual(['welcome-Bible-kid-1']);
      expect(saved('Bible')).toBeNull();
      expect(saved()).toEqual([{ role: 'user', content: 'Hi' }]);
    });

    it('treats unreadable saved history as empty', async () => {
      window.localStorage.setItem(historyKey(KID.uid, 'Learn'), 'oops{');
      await openChat();
      expect(messageIds()).toEqual(['welcome-Learn-kid-1']);
      expect(consoleError).toHaveBeenCalled();
    });
  });

  describe('clearing history', () => {
    it('asks first, then removes the history, shows the welcome message and closes', async () => {
      const { user } = await openChat();
      await sendAndFinish(user, 'Hi', 'Hello!');
      await user.click(screen.getByRole('button', { name: /Settings/ }));
      const dialog = screen.getByRole('dialog', { name: 'Audio & Speech Settings' });
      expect(
        within(dialog).getByText(/permanently deletes your conversation in Learn mode/),
      ).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: /Clear Learn Chat History/ }));
      expect(
        within(dialog).getByText(
          'Are you sure you want to clear the chat history for "Learn" mode? This cannot be undone.',
        ),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.getByText('Hello!')).toBeInTheDocument();
      expect(window.localStorage.getItem(historyKey(KID.uid, 'Learn'))).not.toBeNull();

      await user.click(within(dialog).getByRole('button', { name: /Clear Learn Chat History/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Yes, Clear History' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(window.localStorage.getItem(historyKey(KID.uid, 'Learn'))).toBeNull();
      expect(messageIds()).toEqual(['welcome-Learn-kid-1']);
      expect(screen.getByRole('button', { name: /Settings/ })).toHaveFocus();
    });

    it('clears only the current mode', async () => {
      window.localStorage.setItem(
        historyKey(KID.uid, 'Play'),
        '[{"role":"user","content":"play"}]',
      );
      const { user } = await openChat();
      await sendAndFinish(user, 'Hi', 'Hello!');
      await user.click(screen.getByRole('button', { name: /Settings/ }));
      await user.click(screen.getByRole('button', { name: /Clear Learn Chat History/ }));
      await user.click(screen.getByRole('button', { name: 'Yes, Clear History' }));
      expect(window.localStorage.getItem(historyKey(KID.uid, 'Play'))).not.toBeNull();
    });
  });

  describe('sign out', () => {
    it('removes the saved history of all five modes for that user and goes to the login', async () => {
      for (const mode of CHILD_MODES) {
        window.localStorage.setItem(
          historyKey(KID.uid, mode),
          `[{"role":"user","content":"${mode}"}]`,
        );
      }
      window.localStorage.setItem(historyKey('kid-2', 'Learn'), '[{"role":"user","content":"x"}]');
      const { user, location } = renderApp('/chat');
      await screen.findByText('Learn');
      await user.click(screen.getByRole('button', { name: 'Sign Out' }));
      await waitFor(() => expect(location()).toBe('/kids/login'));
      for (const mode of CHILD_MODES) {
        expect(window.localStorage.getItem(historyKey(KID.uid, mode))).toBeNull();
      }
      expect(window.localStorage.getItem(historyKey('kid-2', 'Learn'))).not.toBeNull();
      expect(firebaseModule.signOutUser).toHaveBeenCalledTimes(1);
      expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    });

    it('stops a reply that is still streaming', async () => {
      const { user } = await openChat();
      await user.type(textbox(), 'Hi{Enter}');
      await waitFor(() => expect(streams).toHaveLength(1));
      await user.click(screen.getByRole('button', { name: 'Sign Out' }));
      expect(api.callsTo('POST', '/api/kids/chat')[0].signal!.aborted).toBe(true);
      await screen.findByRole('button', { name: 'Log In' });
      expect(window.localStorage.getItem(historyKey(KID.uid, 'Learn'))).toBeNull();
    });
  });

  describe('settings', () => {
    it('shows the toggles from the config and saves one key at a time', async () => {
      api.on('GET', '/api/kids/config', () => json(200, { ...CONFIG, auto_read_mobile: true }));
      const { user } = await openChat();
      await user.click(screen.getByRole('button', { name: /Settings/ }));
      const web = screen.getByRole('switch', { name: /Auto-read answers on Web\/Desktop/ });
      const mobile = screen.getByRole('switch', { name: /Auto-read answers on Mobile/ });
      expect(web).not.toBeChecked();
      expect(mobile).toBeChecked();

      await user.click(web);
      expect(web).toBeChecked();
      await waitFor(() => expect(api.callsTo('PUT', '/api/kids/preferences')).toHaveLength(1));
      expect(api.callsTo('PUT', '/api/kids/preferences')[0].body).toEqual({ auto_read_web: true });

      await user.click(mobile);
      await waitFor(() => expect(api.callsTo('PUT', '/api/kids/preferences')).toHaveLength(2));
      expect(api.callsTo('PUT', '/api/kids/preferences')[1].body).toEqual({
        auto_read_mobile: false,
      });
      expect(alertSpy).not.toHaveBeenCalled();
    });

    it('reverts the toggle and alerts when saving fails', async () => {
      api.on('PUT', '/api/kids/preferences', () => errorBody(500, 'Nope'));
      const { user } = await openChat();
      await user.click(screen.getByRole('button', { name: /Settings/ }));
      const web = screen.getByRole('switch', { name: /Auto-read answers on Web\/Desktop/ });
      await user.click(web);
      await waitFor(() =>
        expect(alertSpy).toHaveBeenCalledWith('Could not save your preference. Please try again.'),
      );
      expect(web).not.toBeChecked();
    });

    it('closes with Escape and gives focus back to the Settings button', async () => {
      const { user } = await openChat();
      const settings = screen.getByRole('button', { name: /Settings/ });
      await user.click(settings);
      const dialog = screen.getByRole('dialog', { name: 'Audio & Speech Settings' });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
      expect(
        within(dialog).getByText(/A grown-up in your family can see your chats/),
      ).toBeInTheDocument();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(settings).toHaveFocus();
    });

    it('says the voices cannot load when the browser has no speech', async () => {
      const { user } = await openChat();
      await user.click(screen.getByRole('button', { name: /Settings/ }));
      const select = screen.getByLabelText('Preferred voice');
      expect(select).toBeDisabled();
      expect(within(select).getByRole('option')).toHaveTextContent('Select a voice');
      expect(screen.getByText(/This browser can't read aloud/)).toBeInTheDocument();
    });
  });

  describe('without speech support', () => {
    it('still chats, and alerts when reading aloud or dictating is used', async () => {
      const { user } = await openChat();
      await user.click(screen.getByRole('button', { name: 'Read aloud' }));
      expect(alertSpy).toHaveBeenCalledWith('Speech synthesis is not supported in your browser.');
      await user.click(screen.getByRole('button', { name: /Speak Prompt/ }));
      expect(alertSpy).toHaveBeenCalledWith(
        "Sorry, your browser doesn't support voice recognition.",
      );
      await sendAndFinish(user, 'Hi', 'Hello!');
      expect(screen.getByText('Hello!')).toBeInTheDocument();
    });
  });
});
