import {
  canCancelSubscription,
  canSubscribe,
  isSubscriptionActive,
  subscribeButtonLabel,
  subscriptionStatusClass,
} from './subscription';

describe('subscription statuses', () => {
  it('classes statuses green, yellow and red', () => {
    expect(subscriptionStatusClass('active')).toBe('good');
    expect(subscriptionStatusClass('trialing')).toBe('good');
    expect(subscriptionStatusClass('past_due')).toBe('warning');
    expect(subscriptionStatusClass('unpaid')).toBe('warning');
    expect(subscriptionStatusClass('canceled')).toBe('bad');
    expect(subscriptionStatusClass('inactive')).toBe('bad');
    expect(subscriptionStatusClass(undefined)).toBe('bad');
  });

  it('offers cancel only when active or trialing and not already cancelling', () => {
    expect(canCancelSubscription('active', false)).toBe(true);
    expect(canCancelSubscription('trialing', true)).toBe(false);
    expect(canCancelSubscription('past_due', false)).toBe(false);
    expect(isSubscriptionActive('trialing')).toBe(true);
  });

  it('offers subscribe with the right label', () => {
    expect(canSubscribe('missing')).toBe(true);
    expect(canSubscribe(null)).toBe(true);
    expect(canSubscribe('active')).toBe(false);
    expect(subscribeButtonLabel('past_due')).toBe('Update Payment & Resubscribe');
    expect(subscribeButtonLabel('unpaid')).toBe('Update Payment & Resubscribe');
    expect(subscribeButtonLabel('canceled')).toBe('Subscribe to Premium');
  });
});
