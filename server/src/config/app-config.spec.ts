import { AppConfig, ConfigError } from './app-config';

describe('AppConfig', () => {
  it('runs the embedded default with no variables', () => {
    const config = new AppConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseType).toBe('sqlite');
    expect(config.billingMode).toBe('complimentary');
    expect(config.kidsEmailDomain).toBe('kids.sprout.invalid');
    expect(config.firebaseProjectId).toBe('demo-sprout');
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('names the variable that is malformed', () => {
    expect(() => new AppConfig({ PORT: 'eighty' })).toThrow(
      'Configuration error: PORT must be a whole number from 1 to 65535 (got "eighty")',
    );
    expect(() => new AppConfig({ MYSQL_URL: 'postgres://x' })).toThrow(
      /MYSQL_URL must start with mysql:\/\//,
    );
    expect(() => new AppConfig({ AI_PROVIDER: 'magic' })).toThrow(
      /AI_PROVIDER must be one of auto, openai, local, scripted/,
    );
    expect(() => new AppConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_PRICE_ID is required/,
    );
    expect(() => new AppConfig({ AI_PROVIDER: 'openai' })).toThrow(ConfigError);
  });

  it('refuses the Auth emulator in production', () => {
    expect(
      () =>
        new AppConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
    ).toThrow(
      'Configuration error: FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production',
    );
  });

  it('switches to MySQL and Stripe when configured', () => {
    const config = new AppConfig({
      MYSQL_URL: 'mysql://root@127.0.0.1:3306/sprout',
      STRIPE_SECRET_KEY: 'sk',
      STRIPE_PRICE_ID: 'price',
    });
    expect(config.databaseType).toBe('mysql');
    expect(config.billingMode).toBe('stripe');
  });
});
