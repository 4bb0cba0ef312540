import { connectionOptions } from './stripe.gateway';

describe('connectionOptions', () => {
  it("leaves the SDK on Stripe's own API when no base is set", () => {
    expect(connectionOptions(null)).toEqual({});
  });

  it('points the SDK at another base URL (the tests use a local server)', () => {
    expect(connectionOptions('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: '12111',
      protocol: 'http',
    });
    expect(connectionOptions('https://stripe-proxy.example.com')).toEqual({
      host: 'stripe-proxy.example.com',
      port: 443,
      protocol: 'https',
    });
  });
});
