import { FAMILY_PLAN_NICKNAME } from '@sprout/shared';
import type { Subscription } from './entities/subscription.entity';
import type { StripeSubscription } from './stripe.gateway';
import { stateFromStripe, supersedes } from './subscription-state';

function stripeSub(overrides: Record<string, unknown> = {}): StripeSubscription {
  return {
    id: 'sub_1',
    object: 'subscription',
    status: 'active',
    customer: 'cus_1',
    metadata: {},
    items: {
      object: 'list',
      data: [
        { id: 'si_1', price: { id: 'price_1', nickname: 'Family' }, current_period_end: 2000 },
      ],
    },
    trial_end: null,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ...overrides,
  } as unknown as StripeSubscription;
}

function record(overrides: Partial<Subscription> = {}): Subscription {
  return {
    parentUid: 'p1',
    status: 'active',
    planNickname: 'Family',
    trialEnd: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    canceledAt: null,
    stripeSubscriptionId: 'sub_1',
    stripeEventCreated: 100,
    updatedAt: new Date(0),
    ...overrides,
  };
}

describe('stateFromStripe', () => {
  it('reads the billing period from the items and the plan name from the price', () => {
    expect(stateFromStripe(stripeSub({ trial_end: 1500, canceled_at: 1200 }))).toEqual({
      status: 'active',
      planNickname: 'Family',
      trialEnd: new Date(1_500_000),
      currentPeriodEnd: new Date(2_000_000),
      cancelAtPeriodEnd: false,
      canceledAt: new Date(1_200_000),
      stripeSubscriptionId: 'sub_1',
    });
  });

  it('names the family plan when the price has no nickname', () => {
    const sub = stripeSub({
      items: { object: 'list', data: [{ price: { nickname: null }, current_period_end: 1 }] },
    });
    expect(stateFromStripe(sub).planNickname).toBe(FAMILY_PLAN_NICKNAME);
  });

  it('treats a cancellation scheduled with cancel_at as cancelling, until the plan has ended', () => {
    expect(stateFromStripe(stripeSub({ cancel_at: 3000 })).cancelAtPeriodEnd).toBe(true);
    const ended = stripeSub({ status: 'canceled', cancel_at_period_end: true, cancel_at: 3000 });
    expect(stateFromStripe(ended).cancelAtPeriodEnd).toBe(false);
  });
});

describe('supersedes', () => {
  it('applies a newer or same-time state of the same subscription, never an older one', () => {
    expect(supersedes(record(), stripeSub({ status: 'past_due' }), 101)).toBe(true);
    expect(supersedes(record(), stripeSub({ status: 'past_due' }), 100)).toBe(true);
    expect(supersedes(record(), stripeSub({ status: 'past_due' }), 99)).toBe(false);
  });

  it('never revives a subscription that has ended', () => {
    const ended = record({ status: 'canceled' });
    expect(supersedes(ended, stripeSub({ status: 'active' }), 500)).toBe(false);
    expect(supersedes(ended, stripeSub({ status: 'canceled' }), 500)).toBe(true);
  });

  it('lets a new subscription replace an ended or missing one, whatever the clock says', () => {
    const next = stripeSub({ id: 'sub_2' });
    expect(supersedes(record({ status: 'canceled' }), next, 50)).toBe(true);
    expect(supersedes(record({ stripeSubscriptionId: null, status: 'inactive' }), next, 50)).toBe(
      true,
    );
  });

  it('ignores a stray event of an old plan while the current one is good', () => {
    expect(supersedes(record(), stripeSub({ id: 'sub_0', status: 'canceled' }), 500)).toBe(false);
    expect(supersedes(record(), stripeSub({ id: 'sub_0', status: 'past_due' }), 500)).toBe(false);
  });

  it('lets a good new plan replace a lapsed one when it is newer', () => {
    const lapsed = record({ status: 'past_due' });
    expect(supersedes(lapsed, stripeSub({ id: 'sub_2', status: 'active' }), 200)).toBe(true);
  });
});
