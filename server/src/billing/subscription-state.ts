import { FAMILY_PLAN_NICKNAME, isSubscriptionActive } from '@sprout/shared';
import type { Subscription } from './entities/subscription.entity';
import type { StripeSubscription } from './stripe.gateway';

/** A Stripe subscription in these states has ended for good; the same id never comes back. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

export const hasEnded = (status: string | null | undefined) => ENDED.has(status ?? '');

const date = (epochSeconds: number | null | undefined) =>
  epochSeconds ? new Date(epochSeconds * 1000) : null;

/** The columns of our `subscriptions` row that mirror a Stripe subscription. */
export function stateFromStripe(
  s: StripeSubscription,
): Pick<
  Subscription,
  | 'status'
  | 'planNickname'
  | 'trialEnd'
  | 'currentPeriodEnd'
  | 'cancelAtPeriodEnd'
  | 'canceledAt'
  | 'stripeSubscriptionId'
> {
  const items = s.items?.data ?? [];
  // Since API version 2025-03-31 the billing period lives on the items, not the subscription.
  const periodEnds = items.map((i) => i.current_period_end).filter((n) => Number.isFinite(n));
  return {
    status: s.status,
    planNickname: items[0]?.price?.nickname || FAMILY_PLAN_NICKNAME,
    trialEnd: date(s.trial_end),
    currentPeriodEnd: date(periodEnds.length ? Math.max(...periodEnds) : null),
    // A cancellation scheduled from the customer portal may come as cancel_at instead.
    cancelAtPeriodEnd: !hasEnded(s.status) && (s.cancel_at_period_end || Boolean(s.cancel_at)),
    canceledAt: date(s.canceled_at),
    stripeSubscriptionId: s.id,
  };
}

/**
 * Whether Stripe's state of `incoming` (as of `created`, epoch seconds) should replace what we
 * hold. Webhooks arrive in any order and may repeat, so:
 * - for the subscription we follow, the newer state wins, and an ended one never revives;
 * - another subscription (a family that subscribed again) replaces ours unless it has already
 *   ended, or ours is still good and the other one is not (a stray late event of an old plan).
 */
export function supersedes(
  current: Subscription,
  incoming: StripeSubscription,
  created: number,
): boolean {
  const newer = created >= (current.stripeEventCreated ?? 0);
  if (current.stripeSubscriptionId === incoming.id) {
    if (hasEnded(current.status) && !hasEnded(incoming.status)) return false;
    return newer;
  }
  if (hasEnded(incoming.status)) return false;
  if (!current.stripeSubscriptionId || hasEnded(current.status)) return true;
  if (isSubscriptionActive(current.status) && !isSubscriptionActive(incoming.status)) return false;
  return newer;
}
