/** Codes carried in `detail.error`; clients switch on these, never on text. */
export const ERROR_CODES = {
  subscriptionRequired: 'subscription_required',
  usernameTaken: 'username_taken',
  modeNotAllowed: 'mode_not_allowed',
  aiUnavailable: 'ai_unavailable',
  rateLimited: 'rate_limited',
  notFound: 'not_found',
  forbidden: 'forbidden',
  unauthorized: 'unauthorized',
  validation: 'validation_failed',
  keywordLimit: 'keyword_limit',
  billingNotConfigured: 'billing_not_configured',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Body of every error response (ARCHITECTURE §3). */
export interface ErrorBody {
  statusCode: number;
  detail: string | { error: string; message: string };
}

export const SUBSCRIPTION_REQUIRED_MESSAGE = 'An active subscription is required to log in.';
export const SUBSCRIPTION_MANAGEMENT_MESSAGE =
  "If your email is registered, you'll receive a link to manage your subscription.";
export const AT_LEAST_ONE_MODE_MESSAGE = 'At least one chat mode must be enabled.';
export const FEEDBACK_DESCRIPTION_REQUIRED = 'Please provide a description.';
