import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ERROR_CODES } from '@sprout/shared';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { FeedbackModal } from '../../features/feedback/FeedbackModal';
import { KeywordsTab } from '../../features/keywords/KeywordsTab';
import { LogsTab } from '../../features/logs/LogsTab';
import { ReviewTab } from '../../features/logs/ReviewTab';
import { SettingsTab } from '../../features/settings/SettingsTab';
import { StatsTab } from '../../features/stats/StatsTab';
import { SubscriptionTab } from '../../features/subscription/SubscriptionTab';
import { api } from '../../lib/api';
import { signOutUser, type SessionUser } from '../../lib/firebase';
import { useSession } from '../../lib/use-session';
import { baseApi, toApiFailure, type ApiFailure } from '../base-api';
import { useGetChildrenQuery } from '../children-api';
import { tabSelected, type DashboardTab } from '../dashboard-slice';
import { useAppDispatch, useAppSelector } from '../store';
import { useSelectedChild } from '../use-selected-child';
import { Sidebar } from './Sidebar';
import './dashboard.css';

export const DASHBOARD_TEXT = {
  subscriptionRequired:
    'Your account requires an active subscription. Please go to the subscription page to sign up or contact support if you believe this is an error.',
  loadFailed: 'Failed to load dashboard data. Please try refreshing the page.',
  verifyFailed:
    'There was an issue verifying your payment. Please contact support if the problem persists.',
  getStartedTitle: 'Get Started',
  getStarted:
    'Add your first child in Settings: choose a username and password for them, their age and a filter level. Then they can log in at /kids/login.',
} as const;

/** Spec §8 "Initial load": what the first failure of the dashboard's data means. */
export function initialLoadMessage(failure: ApiFailure | undefined): string | null {
  if (!failure || failure.status === 401) return null;
  if (failure.status === 403 && failure.code === ERROR_CODES.subscriptionRequired) {
    return DASHBOARD_TEXT.subscriptionRequired;
  }
  return DASHBOARD_TEXT.loadFailed;
}

export function DashboardPage() {
  const session = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (session.status === 'signedOut') navigate('/parents/login', { replace: true });
  }, [session.status, navigate]);
  if (session.status === 'error') return <FullScreenLoader label={DASHBOARD_TEXT.loadFailed} />;
  if (session.status !== 'signedIn') return <FullScreenLoader />;
  return <Dashboard user={session.user} />;
}

/** After Stripe Checkout: verify the session, then clean the address (spec §4). */
function useCheckoutReturn(): { verifying: boolean; error: string | null } {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const sessionId = params.get('subscription_success') === 'true' ? params.get('session_id') : null;
  const [state, setState] = useState({
    verifying: Boolean(sessionId),
    error: null as string | null,
  });
  const started = useRef(false);
  useEffect(() => {
    if (!sessionId || started.current) return;
    started.current = true;
    api
      .verifyCheckoutSession(sessionId)
      .then(
        () => setState({ verifying: false, error: null }),
        () => setState({ verifying: false, error: DASHBOARD_TEXT.verifyFailed }),
      )
      .finally(() => {
        dispatch(baseApi.util.invalidateTags(['Subscription', 'Children']));
        navigate('/parents/dashboard', { replace: true });
      });
  }, [sessionId, navigate, dispatch]);
  return state;
}

function TabPanel({ tab }: { tab: DashboardTab }) {
  switch (tab) {
    case 'Stats':
      return <StatsTab />;
    case 'Review Items':
      return <ReviewTab />;
    case 'Logs':
      return <LogsTab />;
    case 'Subscription':
      return <SubscriptionTab />;
    case 'Settings':
      return <SettingsTab />;
    case 'Keywords':
      return <KeywordsTab />;
  }
}

function Dashboard({ user }: { user: SessionUser }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const tab = useAppSelector((state) => state.dashboard.tab);
  const checkout = useCheckoutReturn();
  const childrenQuery = useGetChildrenQuery(undefined, { skip: checkout.verifying });
  const { children, child } = useSelectedChild();
  const [feedback, setFeedback] = useState<'issue' | 'enhancement' | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  const failure = childrenQuery.error ? (childrenQuery.error as ApiFailure) : undefined;
  const loadMessage = initialLoadMessage(failure);
  const needsSubscription = failure?.code === ERROR_CODES.subscriptionRequired;
  useEffect(() => {
    if (needsSubscription) dispatch(tabSelected('Subscription'));
  }, [needsSubscription, dispatch]);

  if (checkout.verifying || (childrenQuery.isLoading && !childrenQuery.data)) {
    return <FullScreenLoader />;
  }

  async function onSignOut() {
    try {
      await signOutUser();
    } catch (error) {
      console.error('Sign-out failed', toApiFailure(error));
    }
    dispatch(baseApi.util.resetApiState());
    navigate('/parents/login', { replace: true });
  }

  const showGetStarted = childrenQuery.isSuccess && children.length === 0 && tab !== 'Settings';

  return (
    <div className="dashboard">
      <Sidebar
        email={user.email}
        isAdmin={user.isAdmin}
        menuOpen={menuOpen}
        onNavigate={() => setMenuOpen(false)}
        onFeedback={setFeedback}
        onSignOut={() => void onSignOut()}
      />
      <div className="dashboard__main">
        <header className="dashboard__header">
          <button
            type="button"
            className="button button--secondary dashboard__menu"
            aria-expanded={menuOpen}
            aria-controls="dashboard-sidebar"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
          <h1 className="dashboard__title">{tab}</h1>
        </header>
        <main className="dashboard__content" id="dashboard-content">
          {checkout.error && (
            <p className="alert alert--error" role="alert">
              {checkout.error}
            </p>
          )}
          {loadMessage && (
            <p
              className={needsSubscription ? 'alert alert--warning' : 'alert alert--error'}
              role="alert"
            >
              {loadMessage}
            </p>
          )}
          {showGetStarted ? (
            <section className="card get-started" aria-labelledby="get-started-heading">
              <h2 id="get-started-heading">{DASHBOARD_TEXT.getStartedTitle}</h2>
              <p>{DASHBOARD_TEXT.getStarted}</p>
              <button
                type="button"
                className="button button--primary"
                onClick={() => dispatch(tabSelected('Settings'))}
              >
                Go to Settings
              </button>
            </section>
          ) : (
            (!failure || tab === 'Subscription' || tab === 'Settings') && <TabPanel tab={tab} />
          )}
        </main>
      </div>
      {feedback && (
        <FeedbackModal
          type={feedback}
          context={{
            parentUsername: user.email,
            currentView: tab,
            selectedChildUsername: child?.username ?? null,
          }}
          onClose={() => setFeedback(null)}
        />
      )}
    </div>
  );
}
