/** What the Subscription tab shows for a subscription (spec §4 "Subscription statuses"). */
import {
  canCancelSubscription,
  canSubscribe,
  formatApiDate,
  isSubscriptionActive,
  subscribeButtonLabel,
  subscriptionStatusClass,
  type StatusClass,
  type SubscriptionResponse,
} from '@sprout/shared';

export interface SubscriptionView {
  status: string;
  statusClass: StatusClass;
  dates: { label: string; value: string }[];
  canCancel: boolean;
  subscribeLabel: string | null;
}

export function subscriptionView(subscription: SubscriptionResponse | undefined): SubscriptionView {
  const status = subscription?.status || 'missing';
  const cancelling = Boolean(subscription?.cancel_at_period_end);
  const dates: SubscriptionView['dates'] = [];
  if (subscription) {
    if (status === 'trialing') {
      dates.push({ label: 'Trial Ends', value: formatApiDate(subscription.trial_end) });
    }
    if (isSubscriptionActive(status) && !cancelling) {
      dates.push({
        label: 'Next Billing Date',
        value: formatApiDate(subscription.current_period_end),
      });
    }
    if (cancelling) {
      dates.push({
        label: 'Subscription Cancels On',
        value: formatApiDate(subscription.current_period_end),
      });
    }
    if (subscription.canceled_at) {
      dates.push({ label: 'Canceled On', value: formatApiDate(subscription.canceled_at) });
    } else if (status === 'canceled') {
      dates.push({ label: 'Ended On', value: formatApiDate(subscription.current_period_end) });
    }
  }
  return {
    status,
    statusClass: subscriptionStatusClass(status),
    dates,
    canCancel: canCancelSubscription(status, cancelling),
    subscribeLabel: canSubscribe(status) ? subscribeButtonLabel(status) : null,
  };
}
