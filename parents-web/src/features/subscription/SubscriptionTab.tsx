import { useState } from 'react';
import { FAMILY_PLAN_NICKNAME, PLAN_PRICE_LABEL, type SubscriptionResponse } from '@sprout/shared';
import { Modal } from '../../components/Modal';
import {
  useCancelSubscriptionMutation,
  useCreateCheckoutSessionMutation,
  useCreatePortalSessionMutation,
  useGetSubscriptionQuery,
} from './subscription-api';
import { subscriptionView } from './subscription-view';
import './subscription.css';

export const SUBSCRIPTION_TEXT = {
  complimentary:
    'Billing is not configured on this server, so your family has full access at no charge. Nothing will be billed.',
  loadFailed: 'Failed to load your subscription. Please try again.',
  checkoutFailed: 'Failed to redirect to payment. Please try again.',
  portalFailed: 'Failed to open the billing portal. Please try again.',
  cancelConfirm:
    'Your plan stays active until the end of the current billing period, then it ends. You can resubscribe at any time.',
} as const;

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past Due',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  inactive: 'Inactive',
  missing: 'No Subscription',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  paused: 'Paused',
};

export function SubscriptionTab() {
  const { data, error, isLoading, refetch } = useGetSubscriptionQuery();
  const [cancel, cancelState] = useCancelSubscriptionMutation();
  const [checkout, checkoutState] = useCreateCheckoutSessionMutation();
  const [portal, portalState] = useCreatePortalSessionMutation();
  // Spec §4: after a successful cancel the local status becomes canceled.
  const [localStatus, setLocalStatus] = useState<Partial<SubscriptionResponse> | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (isLoading) return <p role="status">Loading your subscription...</p>;
  if (error && !data) {
    return (
      <div className="alert alert--error" role="alert">
        {SUBSCRIPTION_TEXT.loadFailed}{' '}
        <button type="button" className="button button--link" onClick={() => void refetch()}>
          Retry
        </button>
      </div>
    );
  }
  const subscription = data ? { ...data, ...localStatus } : undefined;
  const complimentary = subscription?.billing === 'complimentary';
  const view = subscriptionView(subscription);

  async function onCancel() {
    setConfirming(false);
    const result = await cancel();
    if ('error' in result) {
      console.error('Cancelling the subscription failed', result.error);
      return;
    }
    setLocalStatus({ status: 'canceled' });
  }

  async function onSubscribe() {
    setProblem(null);
    const result = await checkout();
    if ('error' in result || !result.data.url) {
      setProblem(SUBSCRIPTION_TEXT.checkoutFailed);
      return;
    }
    window.location.assign(result.data.url);
  }

  async function onPortal() {
    setProblem(null);
    const result = await portal();
    if ('error' in result) {
      setProblem(SUBSCRIPTION_TEXT.portalFailed);
      return;
    }
    window.location.assign(result.data.url);
  }

  return (
    <div className="tab subscription-tab">
      <section className="card subscription-card" aria-labelledby="subscription-heading">
        <div className="subscription-card__head">
          <h3 id="subscription-heading">{subscription?.plan_nickname || FAMILY_PLAN_NICKNAME}</h3>
          <span className={`badge badge--${view.statusClass}`} data-testid="subscription-status">
            {STATUS_LABELS[view.status] ?? view.status}
          </span>
        </div>
        {complimentary ? (
          <p className="subscription-card__note">{SUBSCRIPTION_TEXT.complimentary}</p>
        ) : (
          <>
            <p className="subscription-card__note">
              One plan for the whole family: {PLAN_PRICE_LABEL}.
            </p>
            {view.dates.length > 0 && (
              <dl className="subscription-dates">
                {view.dates.map((date) => (
                  <div key={date.label}>
                    <dt>{date.label}</dt>
                    <dd>{date.value}</dd>
                  </div>
                ))}
              </dl>
            )}
            <div className="subscription-card__actions">
              {view.subscribeLabel && (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={checkoutState.isLoading}
                  onClick={() => void onSubscribe()}
                >
                  {view.subscribeLabel}
                </button>
              )}
              {view.canCancel && (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={cancelState.isLoading}
                  onClick={() => setConfirming(true)}
                >
                  Cancel Subscription
                </button>
              )}
              {subscription &&
                subscription.status !== 'missing' &&
                subscription.status !== 'inactive' && (
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={portalState.isLoading}
                    onClick={() => void onPortal()}
                  >
                    Manage Billing
                  </button>
                )}
            </div>
            {problem && (
              <p className="alert alert--error" role="alert">
                {problem}
              </p>
            )}
          </>
        )}
      </section>
      {confirming && (
        <Modal title="Cancel Subscription?" onClose={() => setConfirming(false)}>
          <p>{SUBSCRIPTION_TEXT.cancelConfirm}</p>
          <div className="modal__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setConfirming(false)}
            >
              Keep My Plan
            </button>
            <button type="button" className="button button--danger" onClick={() => void onCancel()}>
              Cancel Subscription
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
