import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SproutLogo } from '../../components/SproutLogo';
import './auth.css';

/** The centred card every account screen sits in. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth-page">
      <header className="auth-page__brand">
        <Link to="/" className="auth-page__home">
          <SproutLogo size={36} />
          <span>Sprout</span>
        </Link>
      </header>
      <main className="auth-card card">
        <h1 className="auth-card__title">{title}</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
      </main>
      {footer && <footer className="auth-page__footer">{footer}</footer>}
    </div>
  );
}

/** Where to go after a login: a same-origin path from `?next=`, else the dashboard. */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) {
    return '/parents/dashboard';
  }
  return next;
}

/** Paths served by another build (kids app, admin page) need a full page load. */
export function isOtherApp(path: string): boolean {
  return /^\/(admin|kids|chat)(\/|\?|$)/.test(path);
}
