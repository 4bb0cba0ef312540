export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'inactive',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number] | 'missing';

/** Colour class of a status badge (spec §4). */
export type StatusClass = 'good' | 'warning' | 'bad';

export function subscriptionStatusClass(status: string | null | undefined): StatusClass {
  if (status === 'active' || status === 'trialing') return 'good';
  if (status === 'past_due' || status === 'unpaid') return 'warning';
  return 'bad';
}

/** Login and the dashboard need one of these. */
export function isSubscriptionActive(status: string | null | undefined): boolean {
  return status === 'active' || status === 'trialing';
}

export function canCancelSubscription(
  status: string | null | undefined,
  cancelAtPeriodEnd: boolean,
): boolean {
  return isSubscriptionActive(status) && !cancelAtPeriodEnd;
}

const SUBSCRIBE_STATUSES = new Set(['canceled', 'inactive', 'past_due', 'unpaid', 'missing']);

export function canSubscribe(status: string | null | undefined): boolean {
  return SUBSCRIBE_STATUSES.has(status ?? 'missing');
}

export function subscribeButtonLabel(status: string | null | undefined): string {
  return status === 'past_due' || status === 'unpaid'
    ? 'Update Payment & Resubscribe'
    : 'Subscribe to Premium';
}

/** Plan nickname when billing runs without Stripe (ARCHITECTURE §8). */
export const COMPLIMENTARY_PLAN_NICKNAME = 'Complimentary (billing is not configured)';
export const FAMILY_PLAN_NICKNAME = 'Sprout Family Plan';
