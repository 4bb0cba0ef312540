import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { SignupPage } from '../features/auth/SignupPage';
import { SubscriptionRenewalPage } from '../features/auth/SubscriptionRenewalPage';
import { LandingPage } from '../features/landing/LandingPage';
import { AccountDeletionPage } from '../features/legal/AccountDeletionPage';
import { PrivacyPage } from '../features/legal/PrivacyPage';
import { TermsPage } from '../features/legal/TermsPage';
import { NotFoundPage } from '../components/NotFoundPage';
import { logEvent } from '../lib/analytics';
import { setSessionExpiredNavigator } from '../lib/api';

// The dashboard carries the charts: the public pages load without them.
const DashboardPage = lazy(() =>
  import('./dashboard/DashboardPage').then((module) => ({ default: module.DashboardPage })),
);

function useRouterIntegration() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    setSessionExpiredNavigator({
      navigate: (path) => navigate(path, { replace: true }),
      pathname: () => window.location.pathname,
    });
  }, [navigate]);
  useEffect(() => {
    logEvent({ name: 'page_view', params: { page_path: location.pathname } });
  }, [location.pathname]);
}

export function App() {
  useRouterIntegration();
  return (
    <ErrorBoundary>
      <Suspense fallback={<FullScreenLoader label="Loading..." />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/parents" element={<Navigate to="/parents/dashboard" replace />} />
          <Route path="/parents/login" element={<LoginPage />} />
          <Route path="/parents/signup" element={<SignupPage />} />
          <Route path="/parents/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/parents/subscription-renewal" element={<SubscriptionRenewalPage />} />
          <Route path="/parents/dashboard" element={<DashboardPage />} />
          <Route path="/Terms" element={<TermsPage />} caseSensitive />
          <Route path="/terms" element={<TermsPage />} caseSensitive />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/account-deletion" element={<AccountDeletionPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
