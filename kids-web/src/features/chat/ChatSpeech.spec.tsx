/** The chat screen's speech: read-aloud buttons, auto-read, voices and dictation (spec §4, §9). */
import { CHILD_MODES, SPEECH, type KidConfigResponse } from '@sprout/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  controlledStream,
  errorBody,
  installFakeApi,
  json,
  type FakeApi,
} from '../../testing/fake-api';
import { fakeAuth, KID } from '../../testing/fake-firebase';
import {
  FakeRecognition,
  installSpeechOnWindow,
  makeVoice,
  removeSpeechFromWindow,
  type FakeSynthesis,
} from '../../testing/fake-speech';
import { renderApp, resetAppForTests } from '../../testing/render-app';
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

describe('Kids chat speech', () => {
  let api: FakeApi;
  let synthesis: FakeSynthesis;
  let streams: ReturnType<typeof controlledStream>[];
  let alertSpy: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    synthesis = installSpeechOnWindow();
    api = installFakeApi();
    streams = [];
    api.on('GET', '/api/kids/config', () => json(200, CONFIG));
    api.on('PUT', '/api/kids/preferences', () => json(200, CONFIG));
    api.on('POST', '/api/kids/chat', (req) => {
      const stream = controlledStream(req.signal);
      streams.push(stream);
      return stream.response;
    });
    fakeAuth.user = KID;
    window.localStorage.setItem(noticeKey(KID.uid), 'yes');
    alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.useRealTimers();
    removeSpeechFromWindow();
    resetAppForTests();
  });

  const lastMessage = () => screen.getAllByTestId('message').at(-1)!;
  const textbox = () => screen.getByPlaceholderText('Type your message...');
  const modeButton = (mode: string) =>
    within(screen.getByRole('navigation', { name: 'Chat modes' })).getByRole('button', {
      name: mode,
    });
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  async function openChat(config: Partial<KidConfigResponse> = {}) {
    api.on('GET', '/api/kids/config', () => json(200, { ...CONFIG, ...config }));
    const view = renderApp('/chat', { fakeTimers: true });
    await vi.waitFor(() => expect(screen.getByText('Welcome to Learn Mode!')).toBeInTheDocument());
    await vi.waitFor(() => expect(modeButton('Learn')).toBeInTheDocument());
    return view;
  }

  async function reply(prompt: string, answer: string) {
    fireEvent.change(textbox(), { target: { value: prompt } });
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    await vi.waitFor(() => expect(streams.length).toBeGreaterThan(0));
    const stream = streams.at(-1)!;
    await act(async () => {
      stream.push(answer);
      stream.close();
    });
    await vi.waitFor(() =>
      expect(within(lastMessage()).queryByLabelText('Sprout is typing')).toBeNull(),
    );
  }

  describe('read-aloud button', () => {
    it('reads a message, shows Stop reading, and stops on a second press', async () => {
      await openChat();
      const welcome = lastMessage();
      fireEvent.click(within(welcome).getByRole('button', { name: 'Read aloud' }));
      expect(within(welcome).getByRole('button', { name: 'Stop reading' })).toBeInTheDocument();
      expect(synthesis.spoken).toHaveLength(0);

      advance(SPEECH.startDelayMs);
      expect(synthesis.spoken).toHaveLength(1);
      expect(synthesis.spoken[0].text).toBe(
        'Welcome to Learn Mode! Ask me about anything, like planets or why the sky is blue! Try these: What is 10x10? Tell me about dinosaurs Why do we have seasons?',
      );
      act(() => synthesis.startSpeaking());
      expect(within(welcome).getByRole('button', { name: 'Stop reading' })).toBeInTheDocument();

      advance(SPEECH.manualDebounceMs);
      fireEvent.click(within(welcome).getByRole('button', { name: 'Stop reading' }));
      expect(within(welcome).getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
      expect(synthesis.queue).toHaveLength(0);
    });

    it('ignores a quick second press (300 ms debounce)', async () => {
      await openChat();
      fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
      advance(SPEECH.manualDebounceMs - 1);
      fireEvent.click(screen.getByRole('button', { name: 'Stop reading' }));
      expect(screen.getByRole('button', { name: 'Stop reading' })).toBeInTheDocument();
    });

    it('returns to Read aloud when the reading ends', async () => {
      await openChat();
      fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
      advance(SPEECH.startDelayMs);
      act(() => {
        synthesis.startSpeaking();
        synthesis.finishSpeaking();
      });
      expect(screen.getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
    });

    it('alerts on a speech error', async () => {
      await openChat();
      fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
      advance(SPEECH.startDelayMs);
      act(() => synthesis.failSpeaking('audio-hardware'));
      expect(alertSpy).toHaveBeenCalledWith(
        'Manual speech error: audio-hardware. Please try again.',
      );
      expect(screen.getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
    });
  });

  describe('auto-read', () => {
    it('reads a finished reply aloud, markdown stripped, when auto_read_web is on (desktop)', async () => {
      await openChat({ auto_read_web: true });
      await reply('Hi', '**Hello** there!\n\n- one [word](explain:word)');
      advance(SPEECH.startDelayMs);
      expect(synthesis.spoken.map((u) => u.text)).toEqual(['Hello there! one word']);
      // The reply's own button can stop the auto-read.
      const stop = within(lastMessage()).getByRole('button', { name: 'Stop reading' });
      fireEvent.click(stop);
      expect(synthesis.queue).toHaveLength(0);
      expect(within(lastMessage()).getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
    });

    it('reads the error text too when a reply fails', async () => {
      api.on('POST', '/api/kids/chat', () => errorBody(503, 'Sprout is napping.'));
      await openChat({ auto_read_web: true });
      fireEvent.change(textbox(), { target: { value: 'Hi' } });
      fireEvent.keyDown(textbox(), { key: 'Enter' });
      await vi.waitFor(() => expect(lastMessage()).toHaveTextContent('Sprout is napping.'));
      advance(SPEECH.startDelayMs);
      expect(synthesis.spoken.map((u) => u.text)).toEqual(['Sprout is napping.']);
    });

    it('uses the mobile toggle on a phone, not the web one', async () => {
      vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      );
      await openChat({ auto_read_web: true, auto_read_mobile: false });
      await reply('Hi', 'Hello!');
      advance(SPEECH.startDelayMs * 5);
      expect(synthesis.spoken).toHaveLength(0);
    });

    it('reads on a phone when the mobile toggle is on', async () => {
      vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36',
      );
      await openChat({ auto_read_web: false, auto_read_mobile: true });
      await reply('Hi', 'Hello!');
      advance(SPEECH.startDelayMs);
      expect(synthesis.spoken.map((u) => u.text)).toEqual(['Hello!']);
    });

    it('does nothing when the toggle is off', async () => {
      await openChat({ auto_read_mobile: true });
      await reply('Hi', 'Hello!');
      advance(SPEECH.startDelayMs * 5);
      expect(synthesis.spoken).toHaveLength(0);
    });

    it('is skipped while manual reading is active', async () => {
      await openChat({ auto_read_web: true });
      fireEvent.change(textbox(), { target: { value: 'Hi' } });
      fireEvent.keyDown(textbox(), { key: 'Enter' });
      await vi.waitFor(() => expect(streams).toHaveLength(1));
      fireEvent.click(
        within(screen.getAllByTestId('message')[0]).getByRole('button', { name: 'Read aloud' }),
      );
      advance(SPEECH.startDelayMs);
      act(() => synthesis.startSpeaking());
      await act(async () => {
        streams[0].push('Hello!');
        streams[0].close();
      });
      await vi.waitFor(() => expect(lastMessage()).toHaveTextContent('Hello!'));
      advance(SPEECH.startDelayMs * 5);
      expect(synthesis.spoken).toHaveLength(1);
      expect(synthesis.spoken[0].text).toContain('Welcome to Learn Mode!');
    });
  });

  describe('cancelling', () => {
    it('cancels speech when the mode changes', async () => {
      await openChat();
      fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
      advance(SPEECH.startDelayMs);
      act(() => synthesis.startSpeaking());
      fireEvent.click(modeButton('Play'));
      expect(synthesis.queue).toHaveLength(0);
      expect(within(lastMessage()).getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
    });

    it('cancels speech on sign-out', async () => {
      await openChat();
      fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
      advance(SPEECH.startDelayMs);
      fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
      expect(synthesis.queue).toHaveLength(0);
      await vi.waitFor(() =>
        expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument(),
      );
    });

    it('cancels speech and a pending start when the screen is left', async () => {
      const { unmount } = await openChat();
      fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
      const cancels = synthesis.cancelCount;
      unmount();
      expect(synthesis.cancelCount).toBe(cancels + 1);
      advance(SPEECH.startDelayMs * 5);
      expect(synthesis.spoken).toHaveLength(0);
    });
  });

  describe('voices', () => {
    it("shows 'Loading voices...' until the voices appear, then the English list", async () => {
      await openChat();
      fireEvent.click(screen.getByRole('button', { name: /Settings/ }));
      const select = screen.getByLabelText('Preferred voice');
      expect(select).toBeDisabled();
      expect(within(select).getByRole('option')).toHaveTextContent('Loading voices...');

      synthesis.loadVoicesQuietly([
        makeVoice({ name: 'Samantha', voiceURI: 'com.apple.samantha' }),
        makeVoice({ name: 'Google US English', voiceURI: 'google-us', localService: false }),
        makeVoice({ name: 'Thomas', lang: 'fr-FR' }),
      ]);
      advance(SPEECH.voicePollMs);
      expect(select).toBeEnabled();
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Select a voice', 'Google US English (en-US)', 'Samantha (en-US)']);
    });

    it('saves the chosen voice and reads with it', async () => {
      synthesis.loadVoicesQuietly([
        makeVoice({ name: 'Samantha', voiceURI: 'com.apple.samantha' }),
        makeVoice({ name: 'Google US English', voiceURI: 'google-us', localService: false }),
      ]);
      await openChat();
      fireEvent.click(screen.getByRole('button', { name: /Settings/ }));
      const select = screen.getByLabelText('Preferred voice');
      fireEvent.change(select, { target: { value: 'com.apple.samantha' } });
      expect(select).toHaveValue('com.apple.samantha');
      await vi.waitFor(() => expect(api.callsTo('PUT', '/api/kids/preferences')).toHaveLength(1));
      expect(api.callsTo('PUT', '/api/kids/preferences')[0].body).toEqual({
        preferred_voice_uri: 'com.apple.samantha',
      });
      fireEvent.click(screen.getByRole('button', { name: 'Done' }));

      fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
      advance(SPEECH.startDelayMs);
      expect(synthesis.spoken[0].voice?.voiceURI).toBe('com.apple.samantha');
    });

    it('reads with a non-local Google voice when no voice was chosen', async () => {
      synthesis.loadVoicesQuietly([
        makeVoice({ name: 'Samantha', voiceURI: 'com.apple.samantha' }),
        makeVoice({
          name: 'Google UK English Female',
          voiceURI: 'google-uk',
          lang: 'en-GB',
          localService: false,
        }),
      ]);
      await openChat();
      fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
      advance(SPEECH.startDelayMs);
      expect(synthesis.spoken[0].voice?.voiceURI).toBe('google-uk');
      expect(synthesis.spoken[0].lang).toBe('en-GB');
    });
  });

  describe('dictation', () => {
    it('appends what the child says to the text box with a space', async () => {
      await openChat();
      fireEvent.change(textbox(), { target: { value: 'Tell me' } });
      const speak = screen.getByRole('button', { name: /Speak Prompt/ });
      fireEvent.click(speak);
      expect(speak).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByText(/Listening/)).toBeInTheDocument();
      const recognition = FakeRecognition.last!;
      expect(recognition.lang).toBe('en-US');
      expect(recognition.interimResults).toBe(false);
      act(() => recognition.say('a joke about cats'));
      expect(textbox()).toHaveValue('Tell me a joke about cats');
      expect(speak).toHaveAttribute('aria-pressed', 'false');
    });

    it('alerts on a recognition error and stops listening', async () => {
      await openChat();
      const speak = screen.getByRole('button', { name: /Speak Prompt/ });
      fireEvent.click(speak);
      act(() => FakeRecognition.last!.fail('not-allowed'));
      expect(alertSpy).toHaveBeenCalledWith('Voice recognition error: not-allowed');
      expect(speak).toHaveAttribute('aria-pressed', 'false');
    });
  });
});
