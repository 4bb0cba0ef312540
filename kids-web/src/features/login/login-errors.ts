/** The child login's error line, in the order of precedence of spec §8 "Child login". */
import { ApiError } from '@sprout/shared';

export const LOGIN_MESSAGES = {
  wrongCredentials: 'Incorrect child username or password.',
  unknownUsername: "That username doesn't exist. Please check the spelling.",
  fallback: 'Login failed. Please check your details and try again.',
  sessionExpired: 'Your session has expired. Please log in again.',
} as const;

/** Identity-service codes for a wrong password, an unknown user or an invalid credential. */
const WRONG_CREDENTIAL_CODES = new Set([
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
]);

/** The server found the username but returned no email. */
export class NoEmailError extends Error {
  constructor() {
    super(LOGIN_MESSAGES.unknownUsername);
    this.name = 'NoEmailError';
  }
}

function errorCode(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
}

export function loginErrorText(error: unknown): string {
  const code = errorCode(error);
  if (code && WRONG_CREDENTIAL_CODES.has(code)) return LOGIN_MESSAGES.wrongCredentials;
  if ((error instanceof ApiError && error.status === 404) || error instanceof NoEmailError) {
    return LOGIN_MESSAGES.unknownUsername;
  }
  if (error instanceof ApiError && error.detail) return error.detail;
  if (error instanceof Error && error.message) return error.message;
  return LOGIN_MESSAGES.fallback;
}
