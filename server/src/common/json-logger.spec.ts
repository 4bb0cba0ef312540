import { JsonLogger } from './json-logger';
import { requestContext } from './request-context';

describe('JsonLogger', () => {
  const capture = (level: 'debug' | 'info' = 'info') => {
    const lines: Record<string, unknown>[] = [];
    return { logger: new JsonLogger(level, (l) => lines.push(JSON.parse(l))), lines };
  };

  it('writes one JSON object per line with the request id', () => {
    const { logger, lines } = capture();
    requestContext.run({ requestId: 'req-1' }, () => logger.log({ msg: 'hello', n: 1 }, 'Ctx'));
    expect(lines).toEqual([
      {
        time: expect.any(String),
        level: 'info',
        context: 'Ctx',
        requestId: 'req-1',
        msg: 'hello',
        n: 1,
      },
    ]);
  });

  it('never writes secrets', () => {
    const { logger, lines } = capture();
    logger.warn({ msg: 'x', authorization: 'Bearer abc', apiKey: 'sk-1', password: 'p' });
    expect(lines[0]).toMatchObject({
      authorization: '[redacted]',
      apiKey: '[redacted]',
      password: '[redacted]',
    });
  });

  it("keeps Nest's start-up chatter for debug level", () => {
    const { logger, lines } = capture();
    logger.log('AppModule dependencies initialized', 'InstanceLoader');
    logger.error('boom', 'InstanceLoader');
    expect(lines.map((l) => l.level)).toEqual(['error']);
  });
});
