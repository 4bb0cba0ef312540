import { ApiError } from '@sprout/shared';
import { describe, expect, it } from 'vitest';
import { firebaseError } from '../../testing/fake-firebase';
import { LOGIN_MESSAGES, NoEmailError, loginErrorText } from './login-errors';

describe('loginErrorText (spec §8 "Child login", in order)', () => {
  it.each([
    'auth/wrong-password',
    'auth/user-not-found',
    'auth/invalid-credential',
    'auth/invalid-login-credentials',
  ])('%s → wrong username or password', (code) => {
    expect(loginErrorText(firebaseError(code))).toBe('Incorrect child username or password.');
  });

  it('a 404 from the server, or no email → unknown username', () => {
    expect(loginErrorText(new ApiError(404, { statusCode: 404, detail: 'No such child' }))).toBe(
      "That username doesn't exist. Please check the spelling.",
    );
    expect(loginErrorText(new NoEmailError())).toBe(
      "That username doesn't exist. Please check the spelling.",
    );
  });

  it('another server error with a detail → the detail', () => {
    expect(
      loginErrorText(
        new ApiError(403, { statusCode: 403, detail: "This is for children's accounts." }),
      ),
    ).toBe("This is for children's accounts.");
    expect(
      loginErrorText(
        new ApiError(503, { statusCode: 503, detail: { error: 'x', message: 'Back soon!' } }),
      ),
    ).toBe('Back soon!');
  });

  it("any other error → the error's own message", () => {
    expect(loginErrorText(firebaseError('auth/too-many-requests'))).toBe(
      'Firebase: Error (auth/too-many-requests).',
    );
    expect(loginErrorText(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(loginErrorText(new ApiError(500, null))).toBe('Error: 500');
  });

  it('fallback', () => {
    expect(loginErrorText(new Error(''))).toBe(
      'Login failed. Please check your details and try again.',
    );
    expect(loginErrorText('something odd')).toBe(LOGIN_MESSAGES.fallback);
    expect(loginErrorText(undefined)).toBe(LOGIN_MESSAGES.fallback);
  });
});
