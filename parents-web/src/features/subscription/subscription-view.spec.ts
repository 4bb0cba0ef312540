import { describe, expect, it } from 'vitest';
import type { SubscriptionResponse } from '@sprout/shared';
import { subscriptionView } from './subscription-view';

const PERIOD_END = Date.UTC(2026, 11, 15, 12) / 1000;
const TRIAL_END = Date.UTC(2026, 11, 1, 12) / 1000;
const CANCELED = Date.UTC(2026, 10, 20, 12) / 1000;

function sub(overrides: Partial<SubscriptionResponse>): SubscriptionResponse {
  return {
    status: 'active',
    plan_nickname: 'Sprout Family Plan',
    trial_end: null,
    current_period_end: PERIOD_END,
    cancel_at_period_end: false,
    canceled_at: null,
    billing: 'stripe',
    ...overrides,
  };
}

const labels = (s: SubscriptionResponse | undefined) =>
  subscriptionView(s).dates.map((d) => d.label);

describe('subscription rules (spec §4)', () => {
  it('classes statuses as good, warning or bad', () => {
    expect(subscriptionView(sub({ status: 'active' })).statusClass).toBe('good');
    expect(subscriptionView(sub({ status: 'trialing' })).statusClass).toBe('good');
    expect(subscriptionView(sub({ status: 'past_due' })).statusClass).toBe('warning');
    expect(subscriptionView(sub({ status: 'unpaid' })).statusClass).toBe('warning');
    expect(subscriptionView(sub({ status: 'canceled' })).statusClass).toBe('bad');
    expect(subscriptionView(sub({ status: 'inactive' })).statusClass).toBe('bad');
    expect(subscriptionView(undefined).statusClass).toBe('bad');
    expect(subscriptionView(undefined).status).toBe('missing');
  });

  it('offers Cancel only when active or trialing and not already cancelling', () => {
    expect(subscriptionView(sub({ status: 'active' })).canCancel).toBe(true);
    expect(subscriptionView(sub({ status: 'trialing' })).canCancel).toBe(true);
    expect(subscriptionView(sub({ cancel_at_period_end: true })).canCancel).toBe(false);
    expect(subscriptionView(sub({ status: 'past_due' })).canCancel).toBe(false);
  });

  it('labels the subscribe button by status', () => {
    expect(subscriptionView(sub({ status: 'past_due' })).subscribeLabel).toBe(
      'Update Payment & Resubscribe',
    );
    expect(subscriptionView(sub({ status: 'unpaid' })).subscribeLabel).toBe(
      'Update Payment & Resubscribe',
    );
    expect(subscriptionView(sub({ status: 'canceled' })).subscribeLabel).toBe(
      'Subscribe to Premium',
    );
    expect(subscriptionView(sub({ status: 'inactive' })).subscribeLabel).toBe(
      'Subscribe to Premium',
    );
    expect(subscriptionView(undefined).subscribeLabel).toBe('Subscribe to Premium');
    expect(subscriptionView(sub({ status: 'active' })).subscribeLabel).toBeNull();
  });

  it('shows the trial end only while trialing', () => {
    expect(labels(sub({ status: 'trialing', trial_end: TRIAL_END }))).toEqual([
      'Trial Ends',
      'Next Billing Date',
    ]);
    expect(labels(sub({ status: 'active', trial_end: TRIAL_END }))).toEqual(['Next Billing Date']);
  });

  it('shows when a cancelling plan ends instead of the next billing date', () => {
    expect(labels(sub({ cancel_at_period_end: true }))).toEqual(['Subscription Cancels On']);
  });

  it('uses canceled_at for Canceled On, else the period end for Ended On', () => {
    expect(labels(sub({ status: 'canceled', canceled_at: CANCELED }))).toEqual(['Canceled On']);
    expect(labels(sub({ status: 'canceled' }))).toEqual(['Ended On']);
  });

  it('shows N/A for an invalid date', () => {
    const view = subscriptionView(sub({ current_period_end: 'not a date' }));
    expect(view.dates).toEqual([{ label: 'Next Billing Date', value: 'N/A' }]);
  });

  it('reads dates given as strings', () => {
    const view = subscriptionView(sub({ current_period_end: '2026-12-15T12:00:00Z' }));
    expect(view.dates[0].value).toBe(
      new Date('2026-12-15T12:00:00Z').toLocaleDateString(undefined, {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      }),
    );
  });
});
