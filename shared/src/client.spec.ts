import {
  ApiError,
  NotSignedInError,
  createApiClient,
  readChatStream,
  sessionExpiredPath,
} from './client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('api client', () => {
  it('attaches a fresh bearer token and JSON body', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const client = createApiClient({
      getToken: async () => 'tok-1',
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        return jsonResponse(200, { keywords: ['x'] });
      },
    });
    await expect(client.addKeyword('x')).resolves.toEqual({ keywords: ['x'] });
    expect(calls[0].url).toBe('/api/parents/keywords');
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
    expect(calls[0].init.body).toBe('{"keyword":"x"}');
  });

  it('rejects when no token can be fetched', async () => {
    const client = createApiClient({
      getToken: async () => null,
      fetch: async () => jsonResponse(200, {}),
    });
    await expect(client.children()).rejects.toBeInstanceOf(NotSignedInError);
  });

  it('reports a 401 as an expired session, except for login', async () => {
    const expired = jest.fn();
    const client = createApiClient({
      getToken: async () => 't',
      onSessionExpired: expired,
      fetch: async () => jsonResponse(401, { statusCode: 401, detail: 'Invalid token' }),
    });
    await expect(client.children()).rejects.toMatchObject({ status: 401, detail: 'Invalid token' });
    expect(expired).toHaveBeenCalledTimes(1);
    await expect(client.parentLogin('a@b.c', 't')).rejects.toBeInstanceOf(ApiError);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('reads error codes and messages from detail objects', async () => {
    const client = createApiClient({
      getToken: async () => 't',
      fetch: async () =>
        jsonResponse(403, {
          statusCode: 403,
          detail: { error: 'subscription_required', message: 'Pay first.' },
        }),
    });
    const error = (await client.subscription().catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('subscription_required');
    expect(error.detail).toBe('Pay first.');
    expect(error.message).toBe('Pay first.');
  });

  it('sends public calls without a token and encodes path parts', async () => {
    const urls: string[] = [];
    const client = createApiClient({
      getToken: async () => null,
      fetch: async (url, init) => {
        urls.push(String(url));
        expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
        return jsonResponse(200, { email: 'sam@x' });
      },
    });
    await client.syntheticEmail('sam smith');
    expect(urls[0]).toBe('/api/public/synthetic-email?username=sam+smith');
  });

  it('maps the session-expiry redirect by path', () => {
    expect(sessionExpiredPath('/kids/login')).toBe('/kids/login?sessionExpired=true');
    expect(sessionExpiredPath('/chat')).toBe('/kids/login?sessionExpired=true');
    expect(sessionExpiredPath('/parents/dashboard')).toBe('/parents/login?sessionExpired=true');
  });
});

describe('chat stream', () => {
  function streamOf(chunks: string[]): Response {
    const encoder = new TextEncoder();
    return new Response(
      new ReadableStream({
        start(controller) {
          for (const c of chunks) controller.enqueue(encoder.encode(c));
          controller.close();
        },
      }),
    );
  }

  it('passes chunks through as they arrive', async () => {
    const seen: string[] = [];
    const result = await readChatStream(streamOf(['Hel', 'lo ', 'there']), (c) => seen.push(c));
    expect(seen).toEqual(['Hel', 'lo ', 'there']);
    expect(result).toEqual({ text: 'Hello there', image: null });
  });

  it('holds back a trailing image line', async () => {
    const seen: string[] = [];
    const result = await readChatStream(
      streamOf(['A cat\n', '\u001e{"ima', 'ge":"/img/cat.png"}']),
      (c) => seen.push(c),
    );
    expect(seen.join('')).toBe('A cat\n');
    expect(result).toEqual({ text: 'A cat', image: '/img/cat.png' });
  });
});
