/** The access gate of spec §6, then the suite. */
import { useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { SproutLogo } from '../components/SproutLogo';
import { SuitePage } from '../features/suite/SuitePage';
import type { SuiteClients } from '../features/suite/calls';
import { adminApi, kidApi } from '../lib/api';
import {
  signInKid,
  signOutKid,
  signOutUser,
  watchAdmin,
  type AdminSessionUser,
} from '../lib/firebase';
import { leaveTo, NON_ADMIN_PATH, SIGN_IN_PATH } from '../lib/navigation';

export const VERIFYING_TEXT = 'Verifying access...';

const clients: SuiteClients = { admin: adminApi, kid: kidApi, signInKid };

type Access =
  | { status: 'checking' }
  | { status: 'leaving' }
  | { status: 'admin'; user: AdminSessionUser }
  | { status: 'error' };

function StatusScreen({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <main className="status-screen" aria-busy={busy}>
      <SproutLogo size={56} />
      {children}
    </main>
  );
}

export function AdminGate() {
  const [access, setAccess] = useState<Access>({ status: 'checking' });
  const [attempt, setAttempt] = useState(0);
  const [signingOut, setSigningOut] = useState(false);

  useEffect(
    () =>
      watchAdmin(
        (user) => {
          if (!user) {
            setAccess({ status: 'leaving' });
            leaveTo(SIGN_IN_PATH);
          } else if (!user.isAdmin) {
            setAccess({ status: 'leaving' });
            leaveTo(NON_ADMIN_PATH);
          } else {
            setAccess({ status: 'admin', user });
          }
        },
        (error) => {
          console.error('Could not verify access', error);
          setAccess({ status: 'error' });
        },
      ),
    [attempt],
  );

  async function signOut() {
    setSigningOut(true);
    try {
      await signOutKid().catch(() => undefined);
      await signOutUser();
    } catch (error) {
      console.error('Sign-out failed', error);
      setSigningOut(false);
    }
  }

  if (access.status === 'admin') {
    return (
      <SuitePage
        adminEmail={access.user.email ?? access.user.uid}
        clients={clients}
        onSignOut={() => void signOut()}
        signingOut={signingOut}
      />
    );
  }
  if (access.status === 'error') {
    return (
      <StatusScreen>
        <p className="status-screen__message" role="alert">
          Could not verify your access. Check your connection and try again.
        </p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setAccess({ status: 'checking' });
            setAttempt((value) => value + 1);
          }}
        >
          Try Again
        </button>
      </StatusScreen>
    );
  }
  return (
    <StatusScreen busy>
      <p className="status-screen__message" role="status">
        {VERIFYING_TEXT}
      </p>
    </StatusScreen>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<AdminGate />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

export function App() {
  return (
    <BrowserRouter basename="/admin">
      <AppRoutes />
    </BrowserRouter>
  );
}
